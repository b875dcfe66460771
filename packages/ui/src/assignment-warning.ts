import { ASSIGNMENT_TEXTS } from '@tms/contracts';
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { notesOf, type AssignedResource } from './choice-notes.js';
import { RECORD_LABELS, useLookup } from './referenced-records.js';

/**
 * The warning under a driver or truck field when the chosen one is not fit to go (on leave, off duty, CDL or
 * medical card expired; in maintenance, out of service): an antd rule that warns and never refuses the save.
 */
export function useAssignmentWarning(resource: AssignedResource): FormRule {
  const lookup = useLookup(resource);
  return useMemo(
    () => ({
      warningOnly: true,
      validator: async (_rule: unknown, id: unknown) => {
        const record = typeof id === 'string' ? lookup.get(id) : undefined;
        if (!record) return;
        const { notes, fit } = notesOf(resource, record);
        if (!fit) throw new Error(ASSIGNMENT_TEXTS.warning((RECORD_LABELS[resource] as (r: typeof record) => string)(record), notes));
      },
    }),
    [lookup, resource],
  );
}
