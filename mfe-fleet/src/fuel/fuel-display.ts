import { FUEL_VENDORS, parseThousandths, type FuelType, type FuelVendor } from '@tms/contracts';
import type { BadgeColor } from '@tms/ui';

/** Spec 9: the vendors' badge colours in option order; any other vendor takes Other's. */
export const FUEL_VENDOR_COLORS: Record<FuelVendor, BadgeColor> = {
  Pilot: 'blue',
  "Love's": 'red',
  Shell: 'yellow',
  TA: 'green',
  Petro: 'purple',
  'Flying J': 'orange',
  Speedway: 'amber',
  Other: 'gray',
};

export const fuelVendorColor = (vendor: string): BadgeColor =>
  (FUEL_VENDORS as readonly string[]).includes(vendor) ? FUEL_VENDOR_COLORS[vendor as FuelVendor] : FUEL_VENDOR_COLORS.Other;

export const FUEL_TYPE_COLORS: Record<FuelType, BadgeColor> = { Diesel: 'geekblue', Gas: 'green', DEF: 'cyan' };

export const fuelTypeColor = (type: string): BadgeColor => (Object.hasOwn(FUEL_TYPE_COLORS, type) ? FUEL_TYPE_COLORS[type as FuelType] : 'gray');

/** Spec 2.13 and 9: gallons and price per gallon to 3 decimals, thousands separated ('1,250.500'), read exactly from the text. */
export function formatThousandths(text: string): string {
  const thousandths = parseThousandths(text);
  if (thousandths === undefined) return text;
  const whole = (thousandths / 1000n).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  return `${whole}.${String(thousandths % 1000n).padStart(3, '0')}`;
}
