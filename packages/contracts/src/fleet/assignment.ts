import { DRIVER_STATUS_LABELS, type DriverStatus } from './driver.js';
import { TRUCK_STATUS_LABELS, type TruckStatus } from './truck.js';

/**
 * What a dispatcher should know before assigning a driver or a truck (issue 31): its status, and a driver's expired
 * CDL or medical card. The choice lists show it beside each name; choosing one that is not fit to go shows a warning
 * under the field. A warning only: the spec leaves statuses free, and a record may be fixed after the choice.
 */
export const UNFIT_DRIVER_STATUSES: readonly DriverStatus[] = ['off-duty', 'on-leave'];
export const UNFIT_TRUCK_STATUSES: readonly TruckStatus[] = ['maintenance', 'out-of-service'];

export const ASSIGNMENT_TEXTS = {
  cdlExpired: 'CDL expired',
  medicalExpired: 'Medical card expired',
  /** Under the field: 'Dana Ruiz: On Leave, CDL expired. Check before assigning.' */
  warning: (name: string, cautions: readonly string[]) => `${name}: ${cautions.join(', ')}. Check before assigning.`,
} as const;

const statusLabel = (labels: Record<string, string>, status: string) => (Object.hasOwn(labels, status) ? labels[status] : status);

/** A driver's status label and expired credentials as of `today` ('YYYY-MM-DD'): ['On Leave', 'CDL expired']. */
export function driverNotes(
  driver: { status: string; licenseExpiration?: string | null; medicalCardExpiration?: string | null },
  today: string,
): { notes: string[]; fit: boolean } {
  const expired = (day: string | null | undefined) => !!day && day.slice(0, 10) < today;
  const notes = [statusLabel(DRIVER_STATUS_LABELS, driver.status)];
  if (expired(driver.licenseExpiration)) notes.push(ASSIGNMENT_TEXTS.cdlExpired);
  if (expired(driver.medicalCardExpiration)) notes.push(ASSIGNMENT_TEXTS.medicalExpired);
  return { notes, fit: notes.length === 1 && !(UNFIT_DRIVER_STATUSES as readonly string[]).includes(driver.status) };
}

/** A truck's status label: ['Out of Service']. */
export function truckNotes(truck: { status: string }): { notes: string[]; fit: boolean } {
  return { notes: [statusLabel(TRUCK_STATUS_LABELS, truck.status)], fit: !(UNFIT_TRUCK_STATUSES as readonly string[]).includes(truck.status) };
}
