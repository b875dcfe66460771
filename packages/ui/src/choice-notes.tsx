import { ASSIGNMENT_TEXTS, driverNotes, truckNotes, type Driver, type Truck } from '@tms/contracts';
import { Typography, type FormRule } from 'antd';

import dayjs from 'dayjs';
import { useMemo } from 'react';
import { DAY_FORMAT } from './form-values.js';
import { RECORD_LABELS, useLookup } from './referenced-records.js';

/** Drivers and trucks: the records whose state a dispatcher must see before choosing one (issue 31). */
export type AssignedResource = 'drivers' | 'trucks';

/** A driver's or truck's status and expired credentials today, and whether it is fit to go (contracts: assignment.ts). */
export function notesOf(resource: AssignedResource, record: Driver | Truck, today = dayjs().format(DAY_FORMAT)) {
  return resource === 'drivers' ? driverNotes(record as Driver, today) : truckNotes(record as Truck);
}

/** A choice list's option with its notes beside the name, in the warning colour when it is not fit to go. */
export function renderNotedChoice(option: { label?: React.ReactNode; data: { notes?: string; fit?: boolean } }) {
  const { notes, fit } = option.data;
  return (
    <span style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{option.label}</span>
      {notes && (
        <Typography.Text type={fit ? 'secondary' : 'warning'} style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {notes}
        </Typography.Text>
      )}
    </span>
  );
}

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
