import { z } from 'zod';
import {
  choice,
  FIELD_MESSAGES,
  optionalFreeText,
  optionalInteger,
  optionalMoney,
  optionalReference,
  optionalText,
  requiredDate,
  requiredMoney,
  requiredReference,
  requiredText,
  trimmed,
  withFieldJsonSchema,
} from '../fields.js';
import { centsToMoney, formatDollars } from '../money.js';
import { SAFETY_MESSAGES } from '../safety/safety.js';
import { ODOMETER_MILES } from './maintenance.js';

/** Spec 9's options, in order; stored as shown. */
export const FUEL_TYPES = ['Diesel', 'Gas', 'DEF'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

/**
 * Spec 2.13 and 9: seven fuel retailers and Other, in this order (the form's choices). The vendor is stored as text:
 * one recorded before the list changed still shows, in the Other colour.
 */
export const FUEL_VENDORS = ['Pilot', "Love's", 'Shell', 'TA', 'Petro', 'Flying J', 'Speedway', 'Other'] as const;
export type FuelVendor = (typeof FUEL_VENDORS)[number];

export const FUEL_MESSAGES = {
  truckId: SAFETY_MESSAGES.truckId,
  driverId: SAFETY_MESSAGES.driverId,
  transactionDate: 'Transaction date is required',
  vendor: 'Vendor is required',
  location: SAFETY_MESSAGES.location,
  gallons: 'Gallons is required',
  pricePerGallon: 'Price per gallon is required',
  totalCost: 'Total cost is required',
  fuelType: 'Fuel type is required',
  quantity: 'Enter a number like 125.500',
  cardNumber: 'Enter at most the last 4 digits of the card',
  odometerReading: 'Odometer reading must be a whole number of miles',
  truckNotFound: SAFETY_MESSAGES.truckNotFound,
  driverNotFound: SAFETY_MESSAGES.driverNotFound,
  loadNotFound: SAFETY_MESSAGES.loadNotFound,
  /** A total that is not gallons × price per gallon, to the cent. */
  totalCostDisagrees: (expected: string) => `Total cost must be gallons × price per gallon: ${formatDollars(expected)}`,
  /** The refusal of a truck's or driver's delete when the database, not the count, found purchases (one saved meanwhile). */
  truckStillHasPurchases: 'This truck still has fuel purchases. Its history is kept, so it cannot be deleted.',
  driverStillHasPurchases: 'This driver still has fuel purchases. Its history is kept, so it cannot be deleted.',
} as const;

/** How a refused delete counts them: 'This driver has 12 fuel purchases. ...'. */
export const FUEL_PURCHASE_NAME = { one: 'fuel purchase', many: 'fuel purchases' } as const;

/**
 * Gallons and price per gallon: thousandths (spec 9: 3 decimals), as text. No truck takes ten thousand gallons, and
 * at these limits any purchase's total stays within what numeric(10,2) money holds.
 */
export const FUEL_QUANTITY_RANGE = { min: '0.001', max: '9999.999' } as const;

/** Digits with at most 3 decimals: '125.5', '.125', '3'. */
const THOUSANDTHS_TEXT = /^(\d*)(?:\.(\d{0,3}))?$/;
/** Longer text is no quantity within range; refusing it first keeps BigInt from reading megabytes of digits. */
const THOUSANDTHS_TEXT_MAX_LENGTH = 32;

/** A quantity in thousandths ('125.5' → 125500n), or undefined for text that is not one ('1e3', '-1', '1.2345'). */
export function parseThousandths(text: string): bigint | undefined {
  if (text.length > THOUSANDTHS_TEXT_MAX_LENGTH) return undefined;
  const [, whole, fraction = ''] = THOUSANDTHS_TEXT.exec(text) ?? [];
  if (whole === undefined || !(whole + fraction)) return undefined;
  return BigInt(whole || '0') * 1000n + BigInt(fraction.padEnd(3, '0'));
}

/** Thousandths as the API writes a quantity: 125500n → '125.500'. */
export const thousandthsToText = (thousandths: bigint) => `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`;

const [QUANTITY_MIN, QUANTITY_MAX] = [parseThousandths(FUEL_QUANTITY_RANGE.min)!, parseThousandths(FUEL_QUANTITY_RANGE.max)!];

/** A quantity within FUEL_QUANTITY_RANGE, written back as 'N.NNN'; numbers are refused (a client must not round it). */
const requiredQuantity = (message: string) =>
  withFieldJsonSchema(quantityText(message), {
    // Digits with at most 3 decimals and at most 4 whole digits (leading zeros aside), more than 0, at most 32 characters.
    input: { type: 'string', pattern: trimmed('(?=\\S{1,32}\\s*$)(?=[\\d.]*[1-9])(?=\\.?\\d)0*\\d{0,4}(?:\\.\\d{0,3})?') },
    output: { type: 'string', pattern: '^\\d{1,4}\\.\\d{3}$' },
  });

const quantityText = (message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : FUEL_MESSAGES.quantity) })
    .trim()
    .min(1, message)
    .transform((text, ctx) => {
      const thousandths = parseThousandths(text);
      if (thousandths === undefined) {
        ctx.addIssue({ code: 'custom', message: FUEL_MESSAGES.quantity });
        return z.NEVER;
      }
      if (thousandths < QUANTITY_MIN || thousandths > QUANTITY_MAX) {
        ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.outOfRange(FUEL_QUANTITY_RANGE.min, FUEL_QUANTITY_RANGE.max) });
        return z.NEVER;
      }
      return thousandthsToText(thousandths);
    });

/**
 * Spec 5: a purchase's total cost is gallons × price per gallon to 2 decimals, worked out exactly (thousandths ×
 * thousandths in BigInt, then rounded half up to the cent): '125.5' × '3.899' → '489.32'. Undefined while either is
 * empty or not a quantity (a half-typed field), so a form can leave its total empty.
 */
export function fuelTotalCost(gallons: string | null | undefined, pricePerGallon: string | null | undefined): string | undefined {
  const [g, p] = [gallons, pricePerGallon].map((text) => (text ? parseThousandths(text.trim()) : undefined));
  if (g === undefined || p === undefined) return undefined;
  // Millionths of a dollar to cents: 10,000 millionths a cent, half a cent rounds up.
  return centsToMoney((g * p + 5_000n) / 10_000n);
}

/** Spec 3 and 5: the last digits of the fuel card, at most 4 ('0042'); a whole number is taken as its digits. */
const CARD_DIGITS = /^\d{1,4}$/;
const cardNumber = z
  .union([z.number(), z.string().trim()], { error: FUEL_MESSAGES.cardNumber })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    const text = typeof value === 'number' ? (Number.isSafeInteger(value) && value >= 0 ? String(value) : '') : value;
    if (!CARD_DIGITS.test(text)) {
      ctx.addIssue({ code: 'custom', message: FUEL_MESSAGES.cardNumber });
      return z.NEVER;
    }
    return text;
  });

/**
 * What a create (and, field by field, an update) may carry: the form's fields. Gallons and price per gallon travel as
 * text with 3 decimals, the total as money text. The total may be left out (the service works it out); when it is
 * sent it must be gallons × price per gallon to the cent, or the service refuses it.
 */
export const fuelInputSchema = z.object({
  truckId: requiredReference(FUEL_MESSAGES.truckId, FUEL_MESSAGES.truckNotFound),
  driverId: requiredReference(FUEL_MESSAGES.driverId, FUEL_MESSAGES.driverNotFound),
  loadId: optionalReference(FUEL_MESSAGES.loadNotFound),
  transactionDate: requiredDate(FUEL_MESSAGES.transactionDate),
  vendor: requiredText(FUEL_MESSAGES.vendor),
  location: requiredText(FUEL_MESSAGES.location),
  gallons: requiredQuantity(FUEL_MESSAGES.gallons),
  pricePerGallon: requiredQuantity(FUEL_MESSAGES.pricePerGallon),
  totalCost: optionalMoney,
  fuelType: choice(FUEL_TYPES, FUEL_MESSAGES.fuelType),
  cardNumber,
  receiptNumber: optionalText,
  odometerReading: optionalInteger(FUEL_MESSAGES.odometerReading, ODOMETER_MILES),
  notes: optionalFreeText,
});
export type FuelInput = z.input<typeof fuelInputSchema>;
export type FuelFields = z.output<typeof fuelInputSchema>;

/** The form's own check (spec 5): the computed total must be there, 'Total cost is required' while it is not. */
export const fuelFormSchema = fuelInputSchema.extend({ totalCost: requiredMoney(FUEL_MESSAGES.totalCost) });

/** A stored purchase always has its total. */
export interface FuelPurchase extends Omit<FuelFields, 'totalCost'> {
  id: string;
  totalCost: string;
  /** Issue 48: what the GPS check found when the purchase was imported ('Far from the truck (42 mi)'); none when typed. */
  gpsWarnings?: string[];
}
