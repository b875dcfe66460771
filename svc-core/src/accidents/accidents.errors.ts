import { ACCIDENT_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The accidents table's constraints, as a user reads them (names from the migration). */
export const ACCIDENT_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  // Only when the driver, truck or load is deleted between our check and the write.
  accidents_driver_id_fkey: { field: 'driverId', message: ACCIDENT_MESSAGES.driverNotFound },
  accidents_truck_id_fkey: { field: 'truckId', message: ACCIDENT_MESSAGES.truckNotFound },
  accidents_load_id_fkey: { field: 'loadId', message: ACCIDENT_MESSAGES.loadNotFound },
};
