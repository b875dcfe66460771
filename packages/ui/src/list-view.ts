import { dayRangeParams } from '@tms/contracts';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { cellText } from './list-csv.js';
import type { ResourceColumn } from './resource-column.js';
import { filterBySearch, type SearchField } from './search.js';

/**
 * A list's order and filters as its screen's URL carries them (issue 47), so a filtered, sorted list can be
 * bookmarked and shared: `sort` (a column's key) and `order=desc`, and each filter's own parameter, the one the API
 * takes (contracts' list-query.ts: `status=assigned,in-transit`, `customerId=…`, `pickupDateFrom=…`). The database
 * sorts by a column that shows one field of the record; a column that shows another record's name (a load's
 * customer) or several fields is sorted in the browser by what it shows, the list being held whole for the search.
 */
export interface ListView<T> {
  /** The query string the list is read with ('' for the whole list in its own order). */
  apiQuery: string;
  sort?: { key: string; descending: boolean };
  /** Orders the rows in the browser, for a column the server does not sort. */
  compare?: (a: T, b: T) => number;
  setSort: (key: string | undefined, descending: boolean) => void;
  /** A parameter of the URL, as text ('' when absent). */
  param: (name: string) => string;
  /** Sets (or with '' removes) parameters of the URL, replacing the history entry. */
  setParams: (changes: Record<string, string>) => void;
}

/** The field the database sorts a column by: its `sortField`, else the one field it shows (not a reference's id). */
export function serverSortField<T>(column: ResourceColumn<T>): string | undefined {
  if (column.sortField) return column.sortField;
  return typeof column.dataIndex === 'string' && !column.dataIndex.endsWith('Id') ? column.dataIndex : undefined;
}

/** Orders two rows by what a column shows: numbers as numbers, text as people read it (numbers inside it too). */
export function browserCompare<T>(column: ResourceColumn<T>): (a: T, b: T) => number {
  const value = (row: T) => column.sortValue?.(row) ?? cellText(column, row, 0);
  return (a, b) => {
    const [left, right] = [value(a), value(b)];
    if (typeof left === 'number' && typeof right === 'number') return left - right;
    return String(left).localeCompare(String(right), undefined, { numeric: true, sensitivity: 'base' });
  };
}

/** The URL parameters a list reads: its order and its filters' (a days filter has two). */
export interface ListFilterParams {
  /** The filters' fields, as contracts' LIST_FILTERS names them; `days` those that are day ranges. */
  fields: readonly string[];
  days?: readonly string[];
}

const paramsOf = ({ fields, days = [] }: ListFilterParams) => [...fields, ...days.flatMap((field) => Object.values(dayRangeParams(field)))];

export function useListView<T>(columns: readonly ResourceColumn<T>[], filters: ListFilterParams = { fields: [] }): ListView<T> {
  const [searchParams, setSearchParams] = useSearchParams();
  const sortKey = searchParams.get('sort') ?? '';
  const descending = searchParams.get('order') === 'desc';
  const filterParams = paramsOf(filters);
  const filterText = filterParams.map((name) => `${name}=${searchParams.get(name) ?? ''}`).join('&');

  return useMemo(() => {
    const column = columns.find((candidate) => String(candidate.key) === sortKey);
    const field = column && serverSortField(column);
    const api = new URLSearchParams();
    for (const name of filterParams) {
      const value = searchParams.get(name);
      if (value) api.set(name, value);
    }
    if (field) {
      api.set('sort', field);
      if (descending) api.set('order', 'desc');
    }
    const compare = column && !field ? browserCompare(column) : undefined;
    return {
      apiQuery: api.toString(),
      sort: column ? { key: sortKey, descending } : undefined,
      compare: compare && (descending ? (a: T, b: T) => compare(b, a) : compare),
      setSort: (key, down) =>
        setSearchParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (key) next.set('sort', key);
            else next.delete('sort');
            if (key && down) next.set('order', 'desc');
            else next.delete('order');
            return next;
          },
          { replace: true },
        ),
      param: (name) => searchParams.get(name) ?? '',
      setParams: (changes) =>
        setSearchParams(
          (current) => {
            const next = new URLSearchParams(current);
            for (const [name, value] of Object.entries(changes)) {
              if (value) next.set(name, value);
              else next.delete(name);
            }
            return next;
          },
          { replace: true },
        ),
    };
    // The URL's values are what it depends on; the params object itself is new on every render.
  }, [columns, sortKey, descending, filterText, setSearchParams]);
}

/** The rows a list shows: its search applied, then the browser's order when the server does not sort that column. */
export function shownRows<T>(rows: readonly T[], search: string, searchFields: readonly SearchField<T>[], view?: Pick<ListView<T>, 'compare'>): readonly T[] {
  const found = filterBySearch(rows, search, searchFields);
  return view?.compare ? [...found].sort(view.compare) : found;
}

/** The record a screen has open, from its URL (`?open=<id>`), and how to open or close one (replacing the history entry). */
export function useOpenRecord(): [string, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('open', id);
        else next.delete('open');
        return next;
      },
      { replace: true },
    );
  return [params.get('open') ?? '', open];
}

/**
 * `?open=<id>` on a screen whose rows open no drawer of their own (a link from Needs Attention to a service or a
 * violation): the record's dialog opens once the list holds it, and the parameter is dropped.
 */
export function useOpenLinkedRecord<T extends { id: string }>(rows: readonly T[] | undefined, open: ((record: T) => void) | undefined) {
  const [openId, setOpenId] = useOpenRecord();
  const record = open && openId ? rows?.find((row) => row.id === openId) : undefined;
  useEffect(() => {
    if (!record || !open) return;
    open(record);
    setOpenId(null);
    // Once per record linked to.
  }, [record]);
}
