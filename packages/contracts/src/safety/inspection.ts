import { z } from 'zod';
import { choice, optionalFreeText, optionalText, requiredDate, requiredReference } from '../fields.js';
import { SHARED_MESSAGES } from '../messages.js';
import { SAFETY_MESSAGES } from './safety.js';

/** Spec 9's options; the type is stored as shown. */
export const INSPECTION_TYPES = ['Pre-Trip', 'Post-Trip', 'Annual', 'DOT', 'Roadside'] as const;
export type InspectionType = (typeof INSPECTION_TYPES)[number];

/** Spec 4: the statuses are stored as the spec spells them, and read the same. */
export const INSPECTION_STATUSES = ['Passed', 'Failed', 'Pending'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];
export const INSPECTION_STATUS_LABELS: Record<InspectionStatus, string> = {
  Passed: 'Passed',
  Failed: 'Failed',
  Pending: 'Pending',
};
export const DEFAULT_INSPECTION_STATUS: InspectionStatus = 'Pending';

export const INSPECTION_MESSAGES = {
  truckId: SAFETY_MESSAGES.truckId,
  driverId: SAFETY_MESSAGES.driverId,
  inspectionType: 'Inspection type is required',
  inspectionDate: 'Inspection date is required',
  status: SHARED_MESSAGES.status,
  truckNotFound: SAFETY_MESSAGES.truckNotFound,
  driverNotFound: SAFETY_MESSAGES.driverNotFound,
} as const;

/** What a create (and, field by field, an update) may carry: the form's fields. Dates travel as 'YYYY-MM-DD'. */
export const inspectionInputSchema = z.object({
  truckId: requiredReference(INSPECTION_MESSAGES.truckId, INSPECTION_MESSAGES.truckNotFound),
  driverId: requiredReference(INSPECTION_MESSAGES.driverId, INSPECTION_MESSAGES.driverNotFound),
  inspectionType: choice(INSPECTION_TYPES, INSPECTION_MESSAGES.inspectionType),
  inspectionDate: requiredDate(INSPECTION_MESSAGES.inspectionDate),
  status: choice(INSPECTION_STATUSES, INSPECTION_MESSAGES.status),
  defects: optionalFreeText,
  notes: optionalFreeText,
  performedBy: optionalText,
});
export type InspectionInput = z.input<typeof inspectionInputSchema>;
export type InspectionFields = z.output<typeof inspectionInputSchema>;

export interface Inspection extends InspectionFields {
  id: string;
}
