import { z } from 'zod';
import {
  choice,
  INT4_RANGE,
  optionalIntegerOrZero,
  optionalMoney,
  optionalReference,
  optionalText,
  requiredDate,
  requiredFreeText,
  requiredReference,
  requiredText,
  type IntegerRange,
} from '../fields.js';
import { SHARED_MESSAGES } from '../messages.js';
import { SAFETY_MESSAGES } from './safety.js';

/** Spec 4 and 9: stored as the spec spells them, shown the same. */
export const ACCIDENT_SEVERITIES = ['Minor', 'Moderate', 'Severe', 'Critical'] as const;
export type AccidentSeverity = (typeof ACCIDENT_SEVERITIES)[number];
export const ACCIDENT_SEVERITY_LABELS: Record<AccidentSeverity, string> = {
  Minor: 'Minor',
  Moderate: 'Moderate',
  Severe: 'Severe',
  Critical: 'Critical',
};

export const ACCIDENT_STATUSES = ['Reported', 'Under Investigation', 'Closed'] as const;
export type AccidentStatus = (typeof ACCIDENT_STATUSES)[number];
export const ACCIDENT_STATUS_LABELS: Record<AccidentStatus, string> = {
  Reported: 'Reported',
  'Under Investigation': 'Under Investigation',
  Closed: 'Closed',
};
export const DEFAULT_ACCIDENT_STATUS: AccidentStatus = 'Reported';

export const ACCIDENT_MESSAGES = {
  driverId: SAFETY_MESSAGES.driverId,
  accidentDate: 'Accident date is required',
  location: SAFETY_MESSAGES.location,
  severity: 'Severity is required',
  description: SAFETY_MESSAGES.description,
  status: SHARED_MESSAGES.status,
  injuriesReported: 'Injuries must be a whole number',
  driverNotFound: SAFETY_MESSAGES.driverNotFound,
  truckNotFound: SAFETY_MESSAGES.truckNotFound,
  loadNotFound: SAFETY_MESSAGES.loadNotFound,
} as const;

/** People injured: none is the least. */
export const INJURIES_RANGE: IntegerRange = { min: 0, max: INT4_RANGE.max };

/** What a create (and, field by field, an update) may carry. The estimated cost is money as text, or none. */
export const accidentInputSchema = z.object({
  driverId: requiredReference(ACCIDENT_MESSAGES.driverId, ACCIDENT_MESSAGES.driverNotFound),
  truckId: optionalReference(ACCIDENT_MESSAGES.truckNotFound),
  loadId: optionalReference(ACCIDENT_MESSAGES.loadNotFound),
  accidentDate: requiredDate(ACCIDENT_MESSAGES.accidentDate),
  location: requiredText(ACCIDENT_MESSAGES.location),
  severity: choice(ACCIDENT_SEVERITIES, ACCIDENT_MESSAGES.severity),
  description: requiredFreeText(ACCIDENT_MESSAGES.description),
  status: choice(ACCIDENT_STATUSES, ACCIDENT_MESSAGES.status),
  injuriesReported: optionalIntegerOrZero(ACCIDENT_MESSAGES.injuriesReported, INJURIES_RANGE),
  policeReportNumber: optionalText,
  insuranceClaimNumber: optionalText,
  estimatedCost: optionalMoney,
});
export type AccidentInput = z.input<typeof accidentInputSchema>;
export type AccidentFields = z.output<typeof accidentInputSchema>;

export interface Accident extends AccidentFields {
  id: string;
}
