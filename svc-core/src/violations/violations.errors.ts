import { VIOLATION_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The violations table's constraints, as a user reads them (names from the migration). */
export const VIOLATION_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  // Only when the driver or truck is deleted between our check and the write.
  violations_driver_id_fkey: { field: 'driverId', message: VIOLATION_MESSAGES.driverNotFound },
  violations_truck_id_fkey: { field: 'truckId', message: VIOLATION_MESSAGES.truckNotFound },
};
