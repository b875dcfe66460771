import { z } from 'zod';
import { choice, optionalInteger, optionalText, requiredText, type IntegerRange } from '../fields.js';
import { SHARED_MESSAGES } from '../messages.js';

export const TRUCK_TYPES = ['Dry Van', 'Refrigerated', 'Flatbed', 'Step Deck', 'Tanker', 'Box Truck'] as const;

export const TRUCK_STATUSES = ['available', 'in-use', 'maintenance', 'out-of-service'] as const;
export type TruckStatus = (typeof TRUCK_STATUSES)[number];
export const TRUCK_STATUS_LABELS: Record<TruckStatus, string> = {
  available: 'Available',
  'in-use': 'In Use',
  maintenance: 'Maintenance',
  'out-of-service': 'Out of Service',
};
export const DEFAULT_TRUCK_STATUS: TruckStatus = 'available';

export const TRUCK_MESSAGES = {
  truckNumber: 'Truck number is required',
  type: SHARED_MESSAGES.type,
  status: SHARED_MESSAGES.status,
  licensePlate: 'License plate is required',
  year: 'Year must be a whole number',
  duplicateTruckNumber: 'A truck with this truck number already exists',
} as const;

/** Model years from the oldest truck anyone still records to the models sold ahead of the calendar. */
export const TRUCK_MODEL_YEARS: IntegerRange = {
  min: 1900,
  // A getter: a service running across New Year takes the new year's models.
  get max() {
    return new Date().getFullYear() + 2;
  },
};

/** What a create (and, field by field, an update) may carry: the form's fields. */
export const truckInputSchema = z.object({
  truckNumber: requiredText(TRUCK_MESSAGES.truckNumber),
  type: requiredText(TRUCK_MESSAGES.type),
  status: choice(TRUCK_STATUSES, TRUCK_MESSAGES.status),
  licensePlate: requiredText(TRUCK_MESSAGES.licensePlate),
  vin: optionalText,
  year: optionalInteger(TRUCK_MESSAGES.year, TRUCK_MODEL_YEARS),
  make: optionalText,
  model: optionalText,
});
export type TruckInput = z.input<typeof truckInputSchema>;
export type TruckFields = z.output<typeof truckInputSchema>;

export interface Truck extends TruckFields {
  id: string;
}
