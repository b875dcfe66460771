import { z } from 'zod';
import {
  choice,
  INT4_RANGE,
  optionalFreeText,
  optionalIntegerOrZero,
  optionalMoneyOrZero,
  optionalReference,
  optionalText,
  requiredDate,
  requiredMoney,
  requiredReference,
  requiredText,
  type IntegerRange,
} from '../fields.js';
import { SHARED_MESSAGES } from '../messages.js';

export const LOAD_STATUSES = ['pending', 'assigned', 'in-transit', 'delivered', 'invoiced'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];
export const LOAD_STATUS_LABELS: Record<LoadStatus, string> = {
  pending: 'Pending',
  assigned: 'Assigned',
  'in-transit': 'In Transit',
  delivered: 'Delivered',
  invoiced: 'Invoiced',
};
export const DEFAULT_LOAD_STATUS: LoadStatus = 'pending';

export const LOAD_MESSAGES = {
  loadNumber: 'Load number is required',
  customerId: 'Customer is required',
  status: SHARED_MESSAGES.status,
  pickupLocation: 'Pickup location is required',
  pickupDate: 'Pickup date is required',
  deliveryLocation: 'Delivery location is required',
  deliveryDate: 'Delivery date is required',
  rate: 'Rate is required',
  weight: 'Weight must be a whole number',
  customerNotFound: 'Customer not found',
  assignedDriverId: 'Assigned driver not found',
  assignedTruckId: SHARED_MESSAGES.assignedTruckNotFound,
  duplicateLoadNumber: 'A load with this load number already exists',
} as const;

/** Pounds: nothing weighs less than nothing. */
export const LOAD_WEIGHT_RANGE: IntegerRange = { min: 0, max: INT4_RANGE.max };

/** What a create (and, field by field, an update) may carry: the form's fields. Money and dates travel as text. */
export const loadInputSchema = z.object({
  loadNumber: requiredText(LOAD_MESSAGES.loadNumber),
  customerId: requiredReference(LOAD_MESSAGES.customerId, LOAD_MESSAGES.customerNotFound),
  status: choice(LOAD_STATUSES, LOAD_MESSAGES.status),
  pickupLocation: requiredText(LOAD_MESSAGES.pickupLocation),
  pickupDate: requiredDate(LOAD_MESSAGES.pickupDate),
  deliveryLocation: requiredText(LOAD_MESSAGES.deliveryLocation),
  deliveryDate: requiredDate(LOAD_MESSAGES.deliveryDate),
  rate: requiredMoney(LOAD_MESSAGES.rate),
  assignedDriverId: optionalReference(LOAD_MESSAGES.assignedDriverId),
  assignedTruckId: optionalReference(LOAD_MESSAGES.assignedTruckId),
  expenses: optionalMoneyOrZero,
  weight: optionalIntegerOrZero(LOAD_MESSAGES.weight, LOAD_WEIGHT_RANGE),
  commodity: optionalText,
  notes: optionalFreeText,
});
export type LoadInput = z.input<typeof loadInputSchema>;
export type LoadFields = z.output<typeof loadInputSchema>;

export interface Load extends LoadFields {
  id: string;
}
