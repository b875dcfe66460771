import { LOAD_MESSAGES, namedElsewhereMessage } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The loads table's constraints, as a user reads them (names from the migration). */
export const LOAD_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  loads_load_number_key: { field: 'loadNumber', message: LOAD_MESSAGES.duplicateLoadNumber },
  // Only when the customer, driver or truck is deleted between our check and the write.
  loads_customer_id_fkey: { field: 'customerId', message: LOAD_MESSAGES.customerNotFound },
  loads_assigned_driver_id_fkey: { field: 'assignedDriverId', message: LOAD_MESSAGES.assignedDriverId },
  loads_assigned_truck_id_fkey: { field: 'assignedTruckId', message: LOAD_MESSAGES.assignedTruckId },
  // Only when another service holds it again between the check of its holds and the delete, twice.
  held_references_load_id_fkey: { field: 'id', message: namedElsewhereMessage('load', []) },
};
