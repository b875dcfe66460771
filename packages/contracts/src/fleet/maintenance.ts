import { z } from 'zod';
import {
  choice,
  dayNotBefore,
  numberNotBelow,
  optionalDate,
  optionalFreeText,
  optionalInteger,
  optionalText,
  requiredDate,
  requiredFreeText,
  requiredMoney,
  requiredReference,
  type IntegerRange,
  type RecordRules,
} from '../fields.js';
import { SHARED_MESSAGES } from '../messages.js';
import { SAFETY_MESSAGES } from '../safety/safety.js';

/** Spec 9's options, in order; the type is stored as shown. */
export const MAINTENANCE_TYPES = [
  'Oil Change',
  'Tire Rotation',
  'Brake Service',
  'Engine Repair',
  'Transmission',
  'Inspection',
  'PM Service',
  'Other',
] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];

/** Spec 4: stored as the spec spells them, shown the same. */
export const MAINTENANCE_STATUSES = ['Scheduled', 'In Progress', 'Completed', 'Cancelled'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  Scheduled: 'Scheduled',
  'In Progress': 'In Progress',
  Completed: 'Completed',
  Cancelled: 'Cancelled',
};
export const DEFAULT_MAINTENANCE_STATUS: MaintenanceStatus = 'Scheduled';

export const MAINTENANCE_MESSAGES = {
  truckId: SAFETY_MESSAGES.truckId,
  maintenanceType: 'Maintenance type is required',
  serviceDate: 'Service date is required',
  cost: 'Cost is required',
  description: SAFETY_MESSAGES.description,
  status: SHARED_MESSAGES.status,
  mileage: 'Mileage must be a whole number of miles',
  nextServiceMileage: 'Next service mileage must be a whole number of miles',
  nextServiceDateBeforeService: 'Next service date must not be before the service date',
  nextServiceMileageBelowMileage: 'Next service mileage must not be less than the mileage',
  truckNotFound: SAFETY_MESSAGES.truckNotFound,
  /** The refusal of a truck's delete when the database, not the count, found its records (one saved meanwhile). */
  truckStillHasRecords: 'This truck still has maintenance records. Its history is kept, so it cannot be deleted.',
} as const;

/** How a refused delete counts them: 'This truck has 3 maintenance records. ...'. */
export const MAINTENANCE_RECORD_NAME = { one: 'maintenance record', many: 'maintenance records' } as const;

/** An odometer, in miles: no truck has run backwards, and none has run ten million miles. */
export const ODOMETER_MILES: IntegerRange = { min: 0, max: 9_999_999 };

/**
 * What a create (and, field by field, an update) may carry: the form's fields. Cost is money as text, dates travel as
 * 'YYYY-MM-DD', mileages as whole numbers (empty ones are left out, or null).
 */
export const maintenanceInputSchema = z.object({
  truckId: requiredReference(MAINTENANCE_MESSAGES.truckId, MAINTENANCE_MESSAGES.truckNotFound),
  maintenanceType: choice(MAINTENANCE_TYPES, MAINTENANCE_MESSAGES.maintenanceType),
  serviceDate: requiredDate(MAINTENANCE_MESSAGES.serviceDate),
  mileage: optionalInteger(MAINTENANCE_MESSAGES.mileage, ODOMETER_MILES),
  cost: requiredMoney(MAINTENANCE_MESSAGES.cost),
  vendor: optionalText,
  description: requiredFreeText(MAINTENANCE_MESSAGES.description),
  nextServiceMileage: optionalInteger(MAINTENANCE_MESSAGES.nextServiceMileage, ODOMETER_MILES),
  nextServiceDate: optionalDate,
  status: choice(MAINTENANCE_STATUSES, MAINTENANCE_MESSAGES.status),
  invoiceNumber: optionalText,
  notes: optionalFreeText,
});
/** Rules across a service record's fields, checked by the form and by svc-core on every record written. */
export const MAINTENANCE_RULES: RecordRules = [
  dayNotBefore('nextServiceDate', 'serviceDate', MAINTENANCE_MESSAGES.nextServiceDateBeforeService),
  numberNotBelow('nextServiceMileage', 'mileage', MAINTENANCE_MESSAGES.nextServiceMileageBelowMileage),
];
export type MaintenanceInput = z.input<typeof maintenanceInputSchema>;
export type MaintenanceFields = z.output<typeof maintenanceInputSchema>;

export interface MaintenanceRecord extends MaintenanceFields {
  id: string;
}
