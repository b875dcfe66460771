import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Device, DeviceInput, Driver, GpsLocation, RegisteredDevice, Truck } from '@tms/contracts';
import { api, createResourceApi, resourceListQuery } from '@tms/ui';
import { useMemo } from 'react';

/** GET /api/gps/latest (spec 7): refetched with the refresh button only. */
export const latestLocationsQuery = queryOptions({ queryKey: ['/api/gps/latest'], queryFn: () => api.get<GpsLocation[]>('/api/gps/latest') });

/** Devices: registered (the answer carries the token, once), listed, revoked. */
export const devicesApi = createResourceApi<Device, DeviceInput>('devices');
export type { RegisteredDevice };

/** Drivers' names and trucks' numbers by id, for the badges and the search. */
export function useNames() {
  const drivers = useQuery(resourceListQuery<Driver>('drivers'));
  const trucks = useQuery(resourceListQuery<Truck>('trucks'));
  return useMemo(
    () => ({
      drivers: new Map((drivers.data ?? []).map((driver) => [driver.id, driver.name])),
      trucks: new Map((trucks.data ?? []).map((truck) => [truck.id, truck.truckNumber])),
    }),
    [drivers.data, trucks.data],
  );
}
