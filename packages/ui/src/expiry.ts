import { EXPIRY_WARNING_DAYS } from '@tms/contracts';

/**
 * Spec 4: a document's expiry indicator. Fewer than 0 days left is 'Expired'; at most EXPIRY_WARNING_DAYS (30) is
 * 'expiring', shown as the day count followed by 'd'; anything later is 'Valid'.
 */
export type ExpiryState = 'expired' | 'expiring' | 'valid';

export interface Expiry {
  state: ExpiryState;
  /** Whole calendar days from today until the expiry day (negative once it has passed). */
  days: number;
  label: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar days from `today` (local) to the day 'YYYY-MM-DD' (a timestamp is cut to its day). */
export function daysUntil(day: string, today: Date = new Date()): number {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  const target = Date.UTC(year, month - 1, date);
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target - start) / DAY_MS);
}

/** The indicator for an expiry day, or null when the record has none (or it is not a day). */
export function expiryOf(day: string | null | undefined, today: Date = new Date()): Expiry | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}/.test(day)) return null;
  const days = daysUntil(day, today);
  if (days < 0) return { state: 'expired', days, label: 'Expired' };
  if (days <= EXPIRY_WARNING_DAYS) return { state: 'expiring', days, label: `${days}d` };
  return { state: 'valid', days, label: 'Valid' };
}
