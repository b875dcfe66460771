import { DEVICE_MESSAGES } from '@tms/contracts';
import type { HolderOf } from '@tms/service-kit';
import { DeviceEntity } from './device.entity.js';

/** A device may be bound to a truck and a driver of svc-core, held there while it is. */
export const DEVICE_HOLDS: HolderOf<DeviceEntity> = {
  holder: 'telematics.devices',
  entity: DeviceEntity,
  references: (device) => [
    { field: 'truckId', kind: 'truck', id: device.truckId, message: DEVICE_MESSAGES.truckNotFound },
    { field: 'driverId', kind: 'driver', id: device.driverId, message: DEVICE_MESSAGES.driverNotFound },
  ],
};
