import { FUEL_MESSAGES, MAINTENANCE_MESSAGES, namedElsewhereMessage, SAFETY_MESSAGES, TRUCK_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The trucks table's constraints, as a user reads them (names from the migration). */
export const TRUCK_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  trucks_truck_number_key: { field: 'truckNumber', message: TRUCK_MESSAGES.duplicateTruckNumber },
  // Only when a safety record is saved between the count of its history and the delete.
  inspections_truck_id_fkey: { field: 'id', message: SAFETY_MESSAGES.truckStillHasRecords },
  accidents_truck_id_fkey: { field: 'id', message: SAFETY_MESSAGES.truckStillHasRecords },
  violations_truck_id_fkey: { field: 'id', message: SAFETY_MESSAGES.truckStillHasRecords },
  // Only when a maintenance record or fuel purchase is saved between the count of its history and the delete.
  maintenance_records_truck_id_fkey: { field: 'id', message: MAINTENANCE_MESSAGES.truckStillHasRecords },
  fuel_transactions_truck_id_fkey: { field: 'id', message: FUEL_MESSAGES.truckStillHasPurchases },
  // Only when another service holds it again between the check of its holds and the delete, twice.
  held_references_truck_id_fkey: { field: 'id', message: namedElsewhereMessage('truck', []) },
};
