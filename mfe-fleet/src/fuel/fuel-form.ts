import { fuelTotalCost, type FuelInput, type FuelPurchase } from '@tms/contracts';
import { dayFromText, dayToText, resourceTexts, textOrNull } from '@tms/ui';
import dayjs, { type Dayjs } from 'dayjs';

/** What the Fuel Management screen and its dialog say (spec 2.13 and 8). */
export const fuelTexts = resourceTexts({ one: 'fuel purchase', many: 'fuel purchases', title: 'Fuel Purchase' }, 'add', {
  searchPlaceholder: 'Search by truck, driver, vendor, or location...',
  emptyHint: 'Get started by recording your first fuel purchase',
  createDescription: 'Record a new fuel purchase',
  editDescription: 'Update fuel transaction details',
  createSubmit: 'Create',
  updateSubmit: 'Update',
  createFailed: 'Failed to record fuel purchase. Please try again.',
  updateFailed: 'Failed to update fuel purchase. Please try again.',
  created: ['Fuel purchase recorded'],
  updated: ['Fuel purchase updated'],
  deleted: ['Fuel purchase deleted'],
});

/**
 * The fuel dialog's fields as the inputs hold them: gallons, price and total as text (never JavaScript numbers), the
 * day as a picker day; '' in loadId is the 'None' choice.
 */
export interface FuelFormValues {
  truckId: string | undefined;
  driverId: string | undefined;
  loadId: string;
  transactionDate: Dayjs | null;
  vendor: string | undefined;
  location: string;
  gallons: string | null;
  pricePerGallon: string | null;
  totalCost: string | null;
  fuelType: string | undefined;
  cardNumber: string;
  receiptNumber: string;
  odometerReading: number | null;
  notes: string;
}

/** The dialog's starting values: the purchase being edited, or a new one made today (spec 5). */
export function fuelFormValues(purchase: FuelPurchase | null, now: Dayjs = dayjs()): FuelFormValues {
  return {
    truckId: purchase?.truckId ?? undefined,
    driverId: purchase?.driverId ?? undefined,
    loadId: purchase?.loadId ?? '',
    transactionDate: purchase ? dayFromText(purchase.transactionDate) : now.startOf('day'),
    vendor: purchase?.vendor ?? undefined,
    location: purchase?.location ?? '',
    gallons: purchase?.gallons ?? null,
    pricePerGallon: purchase?.pricePerGallon ?? null,
    totalCost: purchase?.totalCost ?? null,
    fuelType: purchase?.fuelType ?? undefined,
    cardNumber: purchase?.cardNumber ?? '',
    receiptNumber: purchase?.receiptNumber ?? '',
    odometerReading: purchase?.odometerReading ?? null,
    notes: purchase?.notes ?? '',
  };
}

/** Spec 5: the read-only Total Cost, gallons × price per gallon to the cent; null while either is missing. */
export const computedTotalCost = (values: Pick<FuelFormValues, 'gallons' | 'pricePerGallon'>) =>
  fuelTotalCost(values.gallons, values.pricePerGallon) ?? null;

/**
 * The body of POST/PATCH /api/fuel: quantities, money and the day as text, the odometer as a number, the total as
 * worked out from gallons and price, empty optionals (and 'None') as null (which a create leaves out, spec 5).
 */
export function fuelPayload(values: FuelFormValues): FuelInput {
  return {
    truckId: values.truckId ?? '',
    driverId: values.driverId ?? '',
    loadId: values.loadId || null,
    transactionDate: dayToText(values.transactionDate) ?? '',
    vendor: values.vendor ?? '',
    location: values.location ?? '',
    gallons: values.gallons ?? '',
    pricePerGallon: values.pricePerGallon ?? '',
    totalCost: computedTotalCost(values) ?? '',
    fuelType: (values.fuelType ?? '') as FuelInput['fuelType'],
    cardNumber: textOrNull(values.cardNumber),
    receiptNumber: textOrNull(values.receiptNumber),
    odometerReading: values.odometerReading ?? null,
    notes: textOrNull(values.notes),
  };
}
