import { DRIVER_STATUS_LABELS, EXPIRY_WARNING_DAYS, type DriverStatus } from './driver.js';
import { TRUCK_STATUS_LABELS, type TruckStatus } from './truck.js';

/**
 * What a dispatcher should know before assigning a driver or a truck (issue 31): its status, and a driver's expired
 * CDL or medical card. The choice lists show it beside each name; choosing one that is not fit to go shows a warning
 * under the field. A warning only: the spec leaves statuses free, and a record may be fixed after the choice.
 */
export const UNFIT_DRIVER_STATUSES: readonly DriverStatus[] = ['off-duty', 'on-leave'];
export const UNFIT_TRUCK_STATUSES: readonly TruckStatus[] = ['maintenance', 'out-of-service'];

const inDays = (days: number) => (days === 0 ? 'today' : days === 1 ? 'in 1 day' : `in ${days} days`);

export const ASSIGNMENT_TEXTS = {
  cdlExpired: 'CDL expired',
  medicalExpired: 'Medical card expired',
  /** 'CDL expires in 21 days', 'Medical card expires today'. */
  cdlExpiring: (days: number) => `CDL expires ${inDays(days)}`,
  medicalExpiring: (days: number) => `Medical card expires ${inDays(days)}`,
  /** Under the field: 'Dana Ruiz: On Leave, CDL expired. Check before assigning.' */
  warning: (name: string, cautions: readonly string[]) => `${name}: ${cautions.join(', ')}. Check before assigning.`,
} as const;

const statusLabel = (labels: Record<string, string>, status: string) => (Object.hasOwn(labels, status) ? labels[status] : status);

/**
 * A driver's status label and credentials expired or expiring within EXPIRY_WARNING_DAYS (the Drivers screen's
 * 'expiring soon') as of `today`, which warn alike (issue 47: time to renew)
 * ('YYYY-MM-DD'): ['On Leave', 'CDL expired', 'Medical card expires in 21 days'].
 */
export function driverNotes(
  driver: { status: string; licenseExpiration?: string | null; medicalCardExpiration?: string | null },
  today: string,
): { notes: string[]; fit: boolean } {
  const daysLeft = (day: string | null | undefined) => (day ? Math.round((Date.parse(day.slice(0, 10)) - Date.parse(today)) / 86_400_000) : null);
  const notes = [statusLabel(DRIVER_STATUS_LABELS, driver.status)];
  const credential = (day: string | null | undefined, expired: string, expiring: (days: number) => string) => {
    const days = daysLeft(day);
    if (days === null) return;
    if (days < 0) notes.push(expired);
    else if (days <= EXPIRY_WARNING_DAYS) notes.push(expiring(days));
  };
  credential(driver.licenseExpiration, ASSIGNMENT_TEXTS.cdlExpired, ASSIGNMENT_TEXTS.cdlExpiring);
  credential(driver.medicalCardExpiration, ASSIGNMENT_TEXTS.medicalExpired, ASSIGNMENT_TEXTS.medicalExpiring);
  return { notes, fit: notes.length === 1 && !(UNFIT_DRIVER_STATUSES as readonly string[]).includes(driver.status) };
}

/** A truck's status label: ['Out of Service']. */
export function truckNotes(truck: { status: string }): { notes: string[]; fit: boolean } {
  return { notes: [statusLabel(TRUCK_STATUS_LABELS, truck.status)], fit: !(UNFIT_TRUCK_STATUSES as readonly string[]).includes(truck.status) };
}

/**
 * The order of a choice list of drivers or trucks (issue 47): those ready to go first (on-duty and available drivers;
 * available trucks, then in use), then the rest, each by name.
 */
const READY_FIRST: Record<'drivers' | 'trucks', readonly string[]> = { drivers: ['on-duty', 'available'], trucks: ['available', 'in-use'] };
export const readiness = (resource: 'drivers' | 'trucks', status: string) => {
  const rank = READY_FIRST[resource].indexOf(status);
  return rank === -1 ? READY_FIRST[resource].length : rank;
};
