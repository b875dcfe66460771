import { resourceListQuery } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

/**
 * Another resource's records by id (loads, customers, drivers of svc-core), for the columns and searches that show
 * a referenced record's number or name. Built once per fetch of the list; it shares the list's cache entry.
 */
export function useLookup<T extends { id: string }>(resource: string): ReadonlyMap<string, T> {
  const list = useQuery(resourceListQuery<T>(resource));
  return useMemo(() => new Map((list.data ?? []).map((record) => [record.id, record])), [list.data]);
}

/** Figures in columns line up digit under digit. */
export const numeric = { fontVariantNumeric: 'tabular-nums' } as const;
