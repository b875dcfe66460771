import type { Driver, Truck } from '@tms/contracts';
import { resourceListQuery } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

/** The trucks and drivers the safety records name, to show their numbers and names (spec 2.10). */
export interface SafetyLookups {
  /** False until both lists have arrived: till then a name is not known to be missing. */
  loaded: boolean;
  truckNumber: (id: string | null | undefined) => string | undefined;
  driverName: (id: string | null | undefined) => string | undefined;
}

/** Names by id, from lists the fleet screens share (one cache entry each). */
export function safetyLookups(trucks: readonly Truck[] | undefined, drivers: readonly Driver[] | undefined): SafetyLookups {
  const truckNumbers = new Map((trucks ?? []).map((truck) => [truck.id, truck.truckNumber]));
  const driverNames = new Map((drivers ?? []).map((driver) => [driver.id, driver.name]));
  return {
    loaded: trucks !== undefined && drivers !== undefined,
    truckNumber: (id) => (id ? truckNumbers.get(id) : undefined),
    driverName: (id) => (id ? driverNames.get(id) : undefined),
  };
}

export function useSafetyLookups(): SafetyLookups {
  const trucks = useQuery(resourceListQuery<Truck>('trucks'));
  const drivers = useQuery(resourceListQuery<Driver>('drivers'));
  return useMemo(() => safetyLookups(trucks.data, drivers.data), [trucks.data, drivers.data]);
}
