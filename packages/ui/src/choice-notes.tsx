import { driverNotes, truckNotes, type Driver, type Truck } from '@tms/contracts';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import { DAY_FORMAT } from './form-values.js';

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
