import { z } from 'zod';
import { choice, optionalDate, optionalReference, optionalText, requiredEmail, requiredText } from '../fields.js';
import { SHARED_MESSAGES } from '../messages.js';
import { optionalDetentionSharePercent, optionalPayRate, optionalPayType, optionalPerStopPay } from '../accounting/pay.js';

export const DRIVER_STATUSES = ['available', 'on-duty', 'off-duty', 'on-leave'] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];
export const DRIVER_STATUS_LABELS: Record<DriverStatus, string> = {
  available: 'Available',
  'on-duty': 'On Duty',
  'off-duty': 'Off Duty',
  'on-leave': 'On Leave',
};
export const DEFAULT_DRIVER_STATUS: DriverStatus = 'available';

export const DRIVER_MESSAGES = {
  name: SHARED_MESSAGES.name,
  email: SHARED_MESSAGES.email,
  phone: SHARED_MESSAGES.phone,
  licenseNumber: 'License number is required',
  status: SHARED_MESSAGES.status,
  assignedTruckId: SHARED_MESSAGES.assignedTruckNotFound,
  duplicateEmail: 'A driver with this email already exists',
  duplicateLicenseNumber: 'A driver with this license number already exists',
} as const;

export const driverInputSchema = z.object({
  name: requiredText(DRIVER_MESSAGES.name),
  email: requiredEmail(DRIVER_MESSAGES.email),
  phone: requiredText(DRIVER_MESSAGES.phone),
  licenseNumber: requiredText(DRIVER_MESSAGES.licenseNumber),
  status: choice(DRIVER_STATUSES, DRIVER_MESSAGES.status),
  licenseExpiration: optionalDate,
  medicalCardNumber: optionalText,
  medicalCardExpiration: optionalDate,
  assignedTruckId: optionalReference(DRIVER_MESSAGES.assignedTruckId),
  /** The pay rule (issue 26): both or neither; the rate's decimals are its type's (accounting/pay.ts: payRuleIssues). */
  payType: optionalPayType,
  payRate: optionalPayRate,
  /** Issue 43: pay for each stop beyond the first pickup and the last delivery, and a percent of approved detention. */
  perStopPay: optionalPerStopPay,
  detentionSharePercent: optionalDetentionSharePercent,
});
export type DriverInput = z.input<typeof driverInputSchema>;
export type DriverFields = z.output<typeof driverInputSchema>;

export interface Driver extends DriverFields {
  id: string;
}

/** Days from today until a document expires; the expiry badge turns to a warning at this many days. */
export const EXPIRY_WARNING_DAYS = 30;
