import { z } from 'zod';
import { choice, optionalFreeText, optionalReference, requiredHundredths, requiredMoney } from '../fields.js';
import { centsToMoney, parseCents } from '../money.js';

/**
 * What the carrier is owed beyond the rate (issue 43): a load's charge lines. The spec's `rate` stays the line haul
 * and is not a line. Kept by svc-core beside the load's stops (a detention line is drafted from a stop's times).
 *
 *   GET    /api/loads/{id}/charges               the load's lines, oldest first
 *   POST   /api/loads/{id}/charges               a line; `amount` is worked out by the server
 *   PATCH  /api/loads/{id}/charges/{chargeId}    any of its fields (approve: `{ status: 'approved' }`)
 *   DELETE /api/loads/{id}/charges/{chargeId}
 */
export const CHARGE_CODES = ['LINEHAUL', 'FUEL_SURCHARGE', 'DETENTION', 'LAYOVER', 'TONU', 'LUMPER', 'STOP_OFF', 'TARP', 'OTHER'] as const;
export type ChargeCode = (typeof CHARGE_CODES)[number];
export const CHARGE_CODE_LABELS: Record<ChargeCode, string> = {
  LINEHAUL: 'Line haul',
  FUEL_SURCHARGE: 'Fuel surcharge',
  DETENTION: 'Detention',
  LAYOVER: 'Layover',
  TONU: 'Truck ordered, not used (TONU)',
  LUMPER: 'Lumper',
  STOP_OFF: 'Stop-off',
  TARP: 'Tarp',
  OTHER: 'Other',
};

export const CHARGE_UNITS = ['hour', 'day', 'stop', 'flat', 'mile'] as const;
export type ChargeUnit = (typeof CHARGE_UNITS)[number];
export const CHARGE_UNIT_LABELS: Record<ChargeUnit, string> = { hour: 'Hour', day: 'Day', stop: 'Stop', flat: 'Flat', mile: 'Mile' };

export const CHARGE_STATUSES = ['requested', 'approved', 'denied'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = { requested: 'Requested', approved: 'Approved', denied: 'Denied' };

/** The unit a line of each code is counted in unless it says another. */
export const CHARGE_DEFAULT_UNITS: Record<ChargeCode, ChargeUnit> = {
  LINEHAUL: 'flat',
  FUEL_SURCHARGE: 'mile',
  DETENTION: 'hour',
  LAYOVER: 'day',
  TONU: 'flat',
  LUMPER: 'flat',
  STOP_OFF: 'stop',
  TARP: 'flat',
  OTHER: 'flat',
};

/** A quantity has at most 4 whole digits: 9999.99 hours, days, stops or miles. */
export const CHARGE_QUANTITY_DIGITS = 4;

export const CHARGE_MESSAGES = {
  code: `Code must be one of: ${CHARGE_CODES.join(', ')}`,
  quantity: 'Quantity is required',
  quantityFormat: 'Enter a quantity like 1.5 (at most 2 decimals, up to 9999.99)',
  unit: `Unit must be one of: ${CHARGE_UNITS.join(', ')}`,
  rate: 'Rate is required',
  status: `Status must be one of: ${CHARGE_STATUSES.join(', ')}`,
  billable: 'Billable must be true or false',
  payableToDriver: 'Payable to driver must be true or false',
  reimbursable: 'Reimbursable must be true or false',
  stopId: 'Stop not found',
  stopNotOnLoad: 'That stop is not one of this load\'s stops',
  documentId: 'Document not found',
  documentNotOnLoad: 'That document is not one of this load\'s documents',
  loadId: 'A charge stays on its load: delete it and add it to the other load',
  amountTooLarge: 'Quantity times rate is more than 99999999.99',
  /** A stop has one detention line, and one stop-off line. */
  oneDetentionPerStop: 'This stop has a detention line already: edit that one',
  oneStopOffPerStop: 'This stop has a stop-off line already: edit that one',
  notFound: 'Charge not found',
  loadNotFound: 'Load not found',
} as const;

const flag = (message: string) => z.boolean({ error: message });

/**
 * A line as a client sends it (an update: any subset). `rate` may be left out of a create for a code the terms price
 * (detention, layover, TONU, stop-off, fuel surcharge): the server fills the rate the load's customer's terms give.
 */
export const chargeInputSchema = z.object({
  code: choice(CHARGE_CODES, CHARGE_MESSAGES.code),
  description: optionalFreeText,
  quantity: requiredHundredths(CHARGE_MESSAGES.quantity, CHARGE_MESSAGES.quantityFormat, CHARGE_QUANTITY_DIGITS),
  unit: choice(CHARGE_UNITS, CHARGE_MESSAGES.unit),
  rate: requiredMoney(CHARGE_MESSAGES.rate),
  billable: flag(CHARGE_MESSAGES.billable).default(true),
  payableToDriver: flag(CHARGE_MESSAGES.payableToDriver).default(false),
  reimbursable: flag(CHARGE_MESSAGES.reimbursable).default(false),
  status: choice(CHARGE_STATUSES, CHARGE_MESSAGES.status).default('requested'),
  stopId: optionalReference(CHARGE_MESSAGES.stopId),
  documentId: optionalReference(CHARGE_MESSAGES.documentId),
});
export type ChargeInput = z.input<typeof chargeInputSchema>;
export type ChargeFields = z.output<typeof chargeInputSchema>;

/** What svc-core writes: the line and the load it is on (from the route). */
export const chargeRecordSchema = chargeInputSchema.extend({ loadId: z.uuid({ error: CHARGE_MESSAGES.loadNotFound }) });

/** A line as answered. */
export const chargeSchema = chargeRecordSchema.extend({
  id: z.uuid(),
  quantity: z.string().describe("'N.NN'"),
  rate: z.string().describe("'N.NN' dollars"),
  amount: z.string().describe("quantity x rate, rounded half up to the cent: 'N.NN' dollars"),
  drafted: z.boolean().describe('Drafted by the system (detention from the stop\'s times, a stop-off by the terms), not typed by someone'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Charge = z.infer<typeof chargeSchema>;

/**
 * A line's amount: quantity x rate, rounded half up to the cent, exactly (hundredths x cents in BigInt): '1.25' x
 * '40.00' → '50.00', '0.33' x '10.01' → '3.30'. Undefined while either is not a quantity or an amount.
 */
export function chargeAmount(quantity: string | null | undefined, rate: string | null | undefined): string | undefined {
  const hundredths = quantity ? parseCents(quantity.trim()) : undefined;
  const cents = rate ? parseCents(rate.trim()) : undefined;
  if (hundredths === undefined || cents === undefined || hundredths < 0n || cents < 0n) return undefined;
  return centsToMoney((hundredths * cents + 50n) / 100n);
}

/** svc-core's subjects: `{root}.core.charges.{list|create|update|delete}` and `{root}.core.charge-terms.{get|put|for-load}`. */
export const CHARGES_RESOURCE = 'charges';
/** `GET /api/loads/{id}/charges` → `{root}.core.charges.list` with `{ loadId }`. */
export interface ChargeListPayload {
  loadId: string;
}
/**
 * Issue 43: `{root}.core.charges.for-loads` with `{ loadIds }` (at most CHARGES_FOR_LOADS_MAX): the lines of those
 * loads, oldest first, that a driver's settlement pays from: detention billed and approved, and what the driver paid.
 */
export const CHARGES_FOR_LOADS_ACTION = 'for-loads';
export const CHARGES_FOR_LOADS_MAX = 1000;
export interface ChargesForLoadsPayload {
  loadIds: string[];
}
export interface ChargeWritePayload {
  loadId: string;
  chargeId?: string;
  changes?: unknown;
}
