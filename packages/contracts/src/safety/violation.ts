import { z } from 'zod';
import {
  choice,
  dayNotBefore,
  INT4_RANGE,
  optionalDate,
  optionalIntegerOrZero,
  optionalMoney,
  optionalReference,
  optionalText,
  requiredDate,
  requiredFreeText,
  requiredReference,
  requiredText,
  type IntegerRange,
  type RecordRules,
} from '../fields.js';
import { SHARED_MESSAGES } from '../messages.js';
import { SAFETY_MESSAGES } from './safety.js';

/** Spec 9's options; the type is stored as shown. */
export const VIOLATION_TYPES = ['Speeding', 'HOS', 'Equipment', 'Weight', 'DOT', 'Other'] as const;
export type ViolationType = (typeof VIOLATION_TYPES)[number];

/** Spec 4: stored as the spec spells them, shown the same. */
export const VIOLATION_STATUSES = ['Pending', 'Paid', 'Contested', 'Dismissed'] as const;
export type ViolationStatus = (typeof VIOLATION_STATUSES)[number];
export const VIOLATION_STATUS_LABELS: Record<ViolationStatus, string> = {
  Pending: 'Pending',
  Paid: 'Paid',
  Contested: 'Contested',
  Dismissed: 'Dismissed',
};
export const DEFAULT_VIOLATION_STATUS: ViolationStatus = 'Pending';

export const VIOLATION_MESSAGES = {
  driverId: SAFETY_MESSAGES.driverId,
  violationType: 'Violation type is required',
  violationDate: 'Violation date is required',
  location: SAFETY_MESSAGES.location,
  description: SAFETY_MESSAGES.description,
  status: SHARED_MESSAGES.status,
  points: 'Points must be a whole number',
  dueBeforeViolation: 'Due date must not be before the violation date',
  driverNotFound: SAFETY_MESSAGES.driverNotFound,
  truckNotFound: SAFETY_MESSAGES.truckNotFound,
} as const;

/** Points on a driver's record: none is the least. */
export const VIOLATION_POINTS_RANGE: IntegerRange = { min: 0, max: INT4_RANGE.max };

/** What a create (and, field by field, an update) may carry. The fine is money as text, or none. */
export const violationInputSchema = z.object({
  driverId: requiredReference(VIOLATION_MESSAGES.driverId, VIOLATION_MESSAGES.driverNotFound),
  truckId: optionalReference(VIOLATION_MESSAGES.truckNotFound),
  violationType: choice(VIOLATION_TYPES, VIOLATION_MESSAGES.violationType),
  violationDate: requiredDate(VIOLATION_MESSAGES.violationDate),
  location: requiredText(VIOLATION_MESSAGES.location),
  description: requiredFreeText(VIOLATION_MESSAGES.description),
  status: choice(VIOLATION_STATUSES, VIOLATION_MESSAGES.status),
  citationNumber: optionalText,
  fineAmount: optionalMoney,
  points: optionalIntegerOrZero(VIOLATION_MESSAGES.points, VIOLATION_POINTS_RANGE),
  dueDate: optionalDate,
});
/** Rules across a violation's fields, checked by the form and by svc-core on every violation written. */
export const VIOLATION_RULES: RecordRules = [dayNotBefore('dueDate', 'violationDate', VIOLATION_MESSAGES.dueBeforeViolation)];
export type ViolationInput = z.input<typeof violationInputSchema>;
export type ViolationFields = z.output<typeof violationInputSchema>;

export interface Violation extends ViolationFields {
  id: string;
}
