import { FUEL_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The fuel_transactions table's constraints, as a user reads them (names from the migration). */
export const FUEL_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  // Only when the truck, driver or load is deleted between our check and the write.
  fuel_transactions_truck_id_fkey: { field: 'truckId', message: FUEL_MESSAGES.truckNotFound },
  fuel_transactions_driver_id_fkey: { field: 'driverId', message: FUEL_MESSAGES.driverNotFound },
  fuel_transactions_load_id_fkey: { field: 'loadId', message: FUEL_MESSAGES.loadNotFound },
};
