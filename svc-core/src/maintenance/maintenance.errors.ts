import { MAINTENANCE_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The maintenance_records table's constraints, as a user reads them (names from the migration). */
export const MAINTENANCE_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  // Only when the truck is deleted between our check and the write.
  maintenance_records_truck_id_fkey: { field: 'truckId', message: MAINTENANCE_MESSAGES.truckNotFound },
};
