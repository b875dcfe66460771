import { INSPECTION_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The inspections table's constraints, as a user reads them (names from the migration). */
export const INSPECTION_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  // Only when the truck or driver is deleted between our check and the write.
  inspections_truck_id_fkey: { field: 'truckId', message: INSPECTION_MESSAGES.truckNotFound },
  inspections_driver_id_fkey: { field: 'driverId', message: INSPECTION_MESSAGES.driverNotFound },
};
