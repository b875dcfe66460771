import { DEFAULT_DRIVER_STATUS, PAY_RATE_DECIMALS, type Driver, type DriverInput, type PayType } from '@tms/contracts';
import { dayFromText, dayToText, resourceTexts, textOrNull } from '@tms/ui';
import type { Dayjs } from 'dayjs';

/** What the Driver Management screen and its dialog say (spec 2.4, 2.7 and 8). */
export const driverTexts = resourceTexts({ one: 'driver', many: 'drivers', title: 'Driver' });

/** The smallest step of `decimals` decimals: 2 → '0.01'. */
function stepOf(decimals: number): string {
  return decimals === 0 ? '1' : `0.${'1'.padStart(decimals, '0')}`;
}

/** The pay rate's unit, shown after it, and the step of its decimals ('28.00' %, '0.655' $/mi, '350.00' $/load). */
export const PAY_RATE_INPUTS: Record<PayType, { unit: string; step: string }> = {
  percent: { unit: '%', step: stepOf(PAY_RATE_DECIMALS.percent) },
  perMile: { unit: '$/mi', step: stepOf(PAY_RATE_DECIMALS.perMile) },
  perLoad: { unit: '$/load', step: stepOf(PAY_RATE_DECIMALS.perLoad) },
};

/** The driver dialog's fields as the inputs hold them; '' in assignedTruckId and payType is the 'None' choice. */
export interface DriverFormValues {
  name: string;
  email: string;
  phone: string;
  licenseNumber: string;
  status: string;
  licenseExpiration: Dayjs | null;
  medicalCardNumber: string;
  medicalCardExpiration: Dayjs | null;
  assignedTruckId: string;
  payType: PayType | '';
  /** As typed ('28.00', '0.655'): never a JavaScript number. */
  payRate: string | null;
  /** Issue 43: dollars per extra stop and a percent of approved detention, as typed; empty is none. */
  perStopPay: string | null;
  detentionSharePercent: string | null;
}

/** The dialog's starting values: the driver being edited, or an empty driver who is available (spec 4). */
export function driverFormValues(driver: Driver | null): DriverFormValues {
  return {
    name: driver?.name ?? '',
    email: driver?.email ?? '',
    phone: driver?.phone ?? '',
    licenseNumber: driver?.licenseNumber ?? '',
    status: driver?.status ?? DEFAULT_DRIVER_STATUS,
    licenseExpiration: dayFromText(driver?.licenseExpiration),
    medicalCardNumber: driver?.medicalCardNumber ?? '',
    medicalCardExpiration: dayFromText(driver?.medicalCardExpiration),
    assignedTruckId: driver?.assignedTruckId ?? '',
    payType: driver?.payType ?? '',
    payRate: driver?.payRate ?? null,
    perStopPay: driver?.perStopPay ?? null,
    detentionSharePercent: driver?.detentionSharePercent ?? null,
  };
}

/**
 * The body of POST/PATCH /api/drivers: dates as 'YYYY-MM-DD', empty optional fields (and 'None') as null; no pay type
 * means no pay rate.
 */
export function driverPayload(values: DriverFormValues): DriverInput {
  return {
    name: values.name ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    licenseNumber: values.licenseNumber ?? '',
    status: values.status as DriverInput['status'],
    licenseExpiration: dayToText(values.licenseExpiration),
    medicalCardNumber: textOrNull(values.medicalCardNumber),
    medicalCardExpiration: dayToText(values.medicalCardExpiration),
    assignedTruckId: values.assignedTruckId || null,
    payType: values.payType || null,
    payRate: values.payType ? textOrNull(values.payRate) : null,
    perStopPay: textOrNull(values.perStopPay),
    detentionSharePercent: textOrNull(values.detentionSharePercent),
  };
}
