import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { resourceListQuery } from './resource-api.js';

export interface Choice {
  value: string;
  label: string;
}

/**
 * Another resource's records as a form's choice list ('Select driver'), labelled by `label`, built once per fetch of
 * the list (never per render; `label` must keep its identity). The list shares its cache entry with that resource's
 * screen.
 */
export function useResourceChoices<T extends { id: string }>(resource: string, label: (record: T) => string): { options: Choice[]; loading: boolean } {
  const list = useQuery(resourceListQuery<T>(resource));
  const options = useMemo(() => (list.data ?? []).map((record) => ({ value: record.id, label: label(record) })), [list.data, label]);
  return { options, loading: list.isPending };
}
