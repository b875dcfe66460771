import type { Driver, Load, Truck } from '@tms/contracts';
import { useResourceChoices, type Choice } from '@tms/ui';
import { useMemo } from 'react';

const truckNumber = (truck: Truck) => truck.truckNumber;
const driverName = (driver: Driver) => driver.name;
const loadNumber = (load: Load) => load.loadNumber;

/** The 'None' choice of an optional reference; its value '' is sent as null. */
export const NONE: Choice = { value: '', label: 'None' };
// Choice lists may hold hundreds of records: antd's Select draws only the options in view, and searches their labels.
export const SEARCHABLE = { optionFilterProp: 'label' } as const;

export const useTruckChoices = () => useResourceChoices<Truck>('trucks', truckNumber);
export const useDriverChoices = () => useResourceChoices<Driver>('drivers', driverName);
export const useLoadChoices = () => useResourceChoices<Load>('loads', loadNumber);

/** An optional reference's choices: 'None' first. */
export function useWithNone(choices: { options: Choice[]; loading: boolean }) {
  const options = useMemo(() => [NONE, ...choices.options], [choices.options]);
  return { options, loading: choices.loading };
}

/** A fixed option list whose values read as they are stored ('Pre-Trip'), or through their labels. */
export const optionsOf = (values: readonly string[], labels?: Readonly<Record<string, string>>): Choice[] =>
  values.map((value) => ({ value, label: labels?.[value] ?? value }));
