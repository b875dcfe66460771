import { queryOptions } from '@tanstack/react-query';
import type { Device, DeviceInput, GpsLocation, RegisteredDevice } from '@tms/contracts';
import { api, createResourceApi } from '@tms/ui';

/** GET /api/gps/latest (spec 7): refetched with the refresh button only. */
export const latestLocationsQuery = queryOptions({ queryKey: ['/api/gps/latest'], queryFn: () => api.get<GpsLocation[]>('/api/gps/latest') });

/** Devices: registered (the answer carries the token, once), listed, revoked. */
export const devicesApi = createResourceApi<Device, DeviceInput>('devices');
export type { RegisteredDevice };
