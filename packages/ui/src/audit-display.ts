import { formatDollars, type AuditEntry } from '@tms/contracts';
import dayjs from 'dayjs';
import { formatDay } from './display.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Money travels as text with two decimals ('1200.00'), and nothing else we keep looks like it. */
const MONEY = /^-?\d+\.\d{2}$/;

/** When a change was made, as the History shows it: 'Nov 26, 2026, 3:04 PM'. */
export const formatChangeTime = (at: string) => dayjs(at).format('MMM D, YYYY, h:mm A');

/** A value of the audit trail as the lists show it: days as 'Mar 4, 2027', money as '$1,200.00', nothing as '—'. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value !== 'string') return JSON.stringify(value);
  if (DAY.test(value)) return formatDay(value);
  if (INSTANT.test(value)) return formatChangeTime(value);
  if (MONEY.test(value)) return formatDollars(value);
  return value;
}

/** A field's name as a person reads it, when the dialog has no label for it: 'loadNumber' → 'Load number'. */
export const humanFieldName = (field: string) => {
  const words = field.replace(/Id$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}`;
};

const ACTION_WORDS: Record<AuditEntry['action'], string> = { create: 'Created', update: 'Changed', delete: 'Deleted', send: 'Sent by e-mail' };

export interface ChangeLine {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** How the dialog names its fields and their choices: what the History shows instead of names and raw values. */
export interface FieldDisplay {
  labels: ReadonlyMap<string, string>;
  /** A choice field's option labels by value ('shipper' → 'Shipper', a customer's id → its name). */
  options: ReadonlyMap<string, ReadonlyMap<unknown, string>>;
}

/** One entry as the History lists it: who and when, what was done, and a line per field. */
export function describeEntry(entry: AuditEntry, { labels, options }: FieldDisplay) {
  const shown = (field: string, value: unknown) => options.get(field)?.get(value) ?? formatAuditValue(value);
  const lines: ChangeLine[] = Object.entries(entry.changes).map(([field, change]) => ({
    field,
    label: labels.get(field) ?? humanFieldName(field),
    from: shown(field, change.from),
    to: shown(field, change.to),
  }));
  return {
    when: formatChangeTime(entry.at),
    who: entry.userEmail ?? 'System',
    what: ACTION_WORDS[entry.action],
    lines: entry.action === 'create' ? lines.filter((line) => line.to !== '—') : lines,
  };
}
