import { TRUCK_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The trucks table's constraints, as a user reads them (names from the migration). */
export const TRUCK_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  trucks_truck_number_key: { field: 'truckNumber', message: TRUCK_MESSAGES.duplicateTruckNumber },
};
