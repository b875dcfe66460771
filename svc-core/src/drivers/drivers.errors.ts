import { DRIVER_MESSAGES, FUEL_MESSAGES, namedElsewhereMessage, SAFETY_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The drivers table's constraints, as a user reads them (names from the migration). */
export const DRIVER_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  drivers_email_key: { field: 'email', message: DRIVER_MESSAGES.duplicateEmail },
  drivers_license_number_key: { field: 'licenseNumber', message: DRIVER_MESSAGES.duplicateLicenseNumber },
  // Only when the truck is deleted between our check and the write.
  drivers_assigned_truck_id_fkey: { field: 'assignedTruckId', message: DRIVER_MESSAGES.assignedTruckId },
  // Only when a safety record is saved between the count of their history and the delete.
  inspections_driver_id_fkey: { field: 'id', message: SAFETY_MESSAGES.driverStillHasRecords },
  accidents_driver_id_fkey: { field: 'id', message: SAFETY_MESSAGES.driverStillHasRecords },
  violations_driver_id_fkey: { field: 'id', message: SAFETY_MESSAGES.driverStillHasRecords },
  // Only when a fuel purchase is saved between the count of their purchases and the delete.
  fuel_transactions_driver_id_fkey: { field: 'id', message: FUEL_MESSAGES.driverStillHasPurchases },
  // Only when another service holds it again between the check of its holds and the delete, twice.
  held_references_driver_id_fkey: { field: 'id', message: namedElsewhereMessage('driver', []) },
};
