import { INVOICE_STATUSES } from './accounting/invoice.js';
import { LOAD_STATUSES } from './dispatch/load.js';
import { isCalendarDay, isRecordId } from './fields.js';
import type { FieldIssues } from './rpc.js';

/**
 * What a list's query string asks of the service that owns it (issue 47): its order and its filters, applied by the
 * database, so a filtered, sorted list streams page by page like the whole one. The same query string is the screen's
 * URL, so a filtered list can be bookmarked and shared.
 *
 * - `sort`: a field of the record, `order`: `asc` (the default) or `desc`; ties keep a stable order (by id).
 * - a values filter, `status=assigned,in-transit`: the field is any of them (a set's name stands for its values,
 *   `status=unpaid`); an id filter takes record ids.
 * - a days filter, `pickupDateFrom=2026-12-01&pickupDateTo=2026-12-31`: the day is in the range, both ends included.
 */
export interface ListQuery {
  sort?: { field: string; descending: boolean };
  /** Field → the values it may have. */
  values?: Record<string, string[]>;
  /** Field → the days it lies between (YYYY-MM-DD). */
  days?: Record<string, { from?: string; to?: string }>;
}

type ListFilter =
  | { kind: 'values'; values: readonly string[]; sets?: Record<string, readonly string[]> }
  | { kind: 'ids' }
  | { kind: 'days' };

/** The filters of each list that has some (a list without any still sorts). */
export const LIST_FILTERS: Record<string, Record<string, ListFilter>> = {
  loads: {
    status: { kind: 'values', values: LOAD_STATUSES },
    customerId: { kind: 'ids' },
    assignedDriverId: { kind: 'ids' },
    assignedTruckId: { kind: 'ids' },
    pickupDate: { kind: 'days' },
  },
  invoices: {
    // 'unpaid': sent and still owed, overdue or not (a draft is not billed yet, a paid or cancelled one owes nothing).
    status: { kind: 'values', values: INVOICE_STATUSES, sets: { unpaid: ['sent', 'overdue'] } },
    customerId: { kind: 'ids' },
  },
};

/** The query string's names of a days filter's ends. */
export const dayRangeParams = (field: string) => ({ from: `${field}From`, to: `${field}To` });

const FIELD_NAME = /^[a-z][A-Za-z0-9]{0,63}$/;
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDay(text);
const MAX_VALUES = 200;

export const LIST_QUERY_MESSAGES = {
  sort: 'sort must be a field of the record',
  order: "order must be 'asc' or 'desc'",
  value: (param: string, allowed: readonly string[]) => `${param} must be one or more of ${allowed.join(', ')}, separated by commas`,
  ids: (param: string) => `${param} must be one or more record ids, separated by commas`,
  day: (param: string) => `${param} must be a day as YYYY-MM-DD`,
  range: (from: string, to: string) => `${from} must not be after ${to}`,
} as const;

/**
 * Reads a list's query string (the gateway, before asking the owner): what it asks, or what is wrong with it under
 * each parameter. Parameters it does not know are left to others (`format`).
 */
export function readListQuery(resource: string, params: Record<string, unknown>): { ok: true; query: ListQuery } | { ok: false; issues: FieldIssues } {
  const issues: FieldIssues = {};
  const refuse = (param: string, message: string) => (issues[param] = [message]);
  const text = (param: string): string | undefined => {
    const value = params[param];
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    refuse(param, `${param} must be given once`);
    return undefined;
  };
  const query: ListQuery = {};

  const sort = text('sort');
  const order = text('order');
  if (sort !== undefined && !FIELD_NAME.test(sort)) refuse('sort', LIST_QUERY_MESSAGES.sort);
  if (order !== undefined && order !== 'asc' && order !== 'desc') refuse('order', LIST_QUERY_MESSAGES.order);
  if (sort && !issues.sort) query.sort = { field: sort, descending: order === 'desc' };

  for (const [field, filter] of Object.entries(LIST_FILTERS[resource] ?? {})) {
    if (filter.kind === 'days') {
      const names = dayRangeParams(field);
      const from = text(names.from);
      const to = text(names.to);
      if (from !== undefined && !isDay(from)) refuse(names.from, LIST_QUERY_MESSAGES.day(names.from));
      if (to !== undefined && !isDay(to)) refuse(names.to, LIST_QUERY_MESSAGES.day(names.to));
      if (from && to && !issues[names.from] && !issues[names.to] && from > to) refuse(names.from, LIST_QUERY_MESSAGES.range(names.from, names.to));
      if ((from || to) && !issues[names.from] && !issues[names.to]) (query.days ??= {})[field] = { ...(from && { from }), ...(to && { to }) };
      continue;
    }
    const given = text(field);
    if (given === undefined || given === '') continue;
    const parts = given.split(',').map((part) => part.trim());
    if (parts.length > MAX_VALUES) {
      refuse(field, filter.kind === 'ids' ? LIST_QUERY_MESSAGES.ids(field) : LIST_QUERY_MESSAGES.value(field, filter.values));
      continue;
    }
    if (filter.kind === 'ids') {
      if (parts.every(isRecordId)) (query.values ??= {})[field] = [...new Set(parts.map((id) => id.toLowerCase()))];
      else refuse(field, LIST_QUERY_MESSAGES.ids(field));
      continue;
    }
    const sets = filter.sets ?? {};
    const named = [...filter.values, ...Object.keys(sets)];
    if (!parts.every((part) => named.includes(part))) {
      refuse(field, LIST_QUERY_MESSAGES.value(field, named));
      continue;
    }
    (query.values ??= {})[field] = [...new Set(parts.flatMap((part) => sets[part] ?? [part]))];
  }
  return Object.keys(issues).length ? { ok: false, issues } : { ok: true, query };
}

/** Whether a list query asks for anything beyond the list's own order. */
export const isPlainListQuery = (query: ListQuery | undefined) => !query || (!query.sort && !query.values && !query.days);
