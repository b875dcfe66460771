import { readiness, type Customer, type Driver, type Invoice, type Load, type Truck } from '@tms/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { notesOf, renderNotedChoice, type AssignedResource } from './choice-notes.js';
import { resourceListQuery } from './resource-api.js';

/**
 * The records a screen names but does not own (a load's customer, an inspection's truck): chosen in its dialogs from
 * a choice list, shown in its columns and searched by their labels. Each list is read with the query its own screen
 * uses, so they share one cache entry.
 */
export interface ReferencedRecords {
  trucks: Truck;
  drivers: Driver;
  loads: Load;
  customers: Customer;
  invoices: Invoice;
}
export type ReferencedResource = keyof ReferencedRecords;
export type RecordLabel<R extends ReferencedResource> = (record: ReferencedRecords[R]) => string;

/** How a record reads wherever another screen names it: a truck or load by its number, a driver or customer by name. */
export const RECORD_LABELS: { readonly [R in ReferencedResource]: RecordLabel<R> } = {
  trucks: (truck) => truck.truckNumber,
  drivers: (driver) => driver.name,
  loads: (load) => load.loadNumber,
  customers: (customer) => customer.name,
  invoices: (invoice) => invoice.invoiceNumber,
};

export interface Choice {
  value: string;
  label: string;
  /** A driver's or truck's status and expired credentials, shown beside its name ('On Leave, CDL expired'). */
  notes?: string;
  /** False for a driver or truck that is not fit to go: its notes are drawn as a warning. */
  fit?: boolean;
}

/** The 'None' choice of an optional reference; its value '' is sent as null. */
const NONE_CHOICE: Choice = { value: '', label: 'None' };

// Choice lists may hold hundreds of records: antd's Select draws only the options in view, and searches their labels.
export const SEARCHABLE = { optionFilterProp: 'label' } as const;

/** A fixed option list whose values read as they are stored ('Pre-Trip'), or through their labels. */
export const optionsOf = (values: readonly string[], labels?: Readonly<Record<string, string>>): Choice[] =>
  values.map((value) => ({ value, label: labels?.[value] ?? value }));

export interface ChoicesOptions<R extends ReferencedResource> {
  /** An optional reference: 'None' comes first. */
  none?: boolean;
  /** Another label than RECORD_LABELS' (Maintenance's 'number - type'); it must keep its identity across renders. */
  label?: RecordLabel<R>;
}

/**
 * A resource's records as a form's choice list ('Select driver'), as the props of an antd Select: the options, built
 * once per fetch of the list, `loading` until it has arrived, and a search over the labels.
 */
export function useChoices<R extends ReferencedResource>(resource: R, { none = false, label = RECORD_LABELS[resource] }: ChoicesOptions<R> = {}) {
  const list = useQuery(resourceListQuery<ReferencedRecords[R]>(resource));
  const noted = resource === 'drivers' || resource === 'trucks';
  const options = useMemo(() => {
    let records = (list.data ?? []).map((record): Choice => ({ value: record.id, label: label(record) }));
    if (noted) {
      // Drivers and trucks (issue 47): a truck's type beside its status, those ready to go first, then by name.
      const assigned = resource as AssignedResource;
      const ranked = ((list.data ?? []) as (Driver | Truck)[]).map((record, index) => {
        const { notes, fit } = notesOf(assigned, record);
        const shown = assigned === 'trucks' ? [(record as Truck).type, ...notes].filter(Boolean) : notes;
        return { choice: { ...records[index], notes: shown.join(', '), fit }, rank: readiness(assigned, record.status) };
      });
      records = ranked.sort((a, b) => a.rank - b.rank || a.choice.label.localeCompare(b.choice.label)).map(({ choice }) => choice);
    }
    return none ? [NONE_CHOICE, ...records] : records;
  }, [list.data, label, none, noted, resource]);
  return { options, loading: list.isPending, showSearch: SEARCHABLE, ...(noted ? { optionRender: renderNotedChoice } : {}) };
}

/** Records by id, for what a row or a dialog names. */
export interface RecordLookup<T> {
  /** False until the list has arrived: till then a record is not known to be gone. */
  readonly loaded: boolean;
  /** The record `id` names; undefined for no id, or one the list does not hold (gone, or not loaded yet). */
  get(id: string | null | undefined): T | undefined;
  /** That record's label, undefined as for get(). */
  label(id: string | null | undefined): string | undefined;
}

export function recordLookup<T extends { id: string }>(records: readonly T[] | undefined, label: (record: T) => string): RecordLookup<T> {
  const byId = new Map(records?.map((record) => [record.id, record]));
  const get = (id: string | null | undefined) => (id ? byId.get(id) : undefined);
  return {
    loaded: records !== undefined,
    get,
    label: (id) => {
      const record = get(id);
      return record && label(record);
    },
  };
}

/** A resource's records by id, labelled by RECORD_LABELS, built once per fetch of the list. */
export function useLookup<R extends ReferencedResource>(resource: R): RecordLookup<ReferencedRecords[R]> {
  const list = useQuery(resourceListQuery<ReferencedRecords[R]>(resource));
  return useMemo(() => recordLookup(list.data, RECORD_LABELS[resource]), [list.data, resource]);
}
