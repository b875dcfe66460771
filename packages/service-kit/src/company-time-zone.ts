import { SettingError } from './config.js';

/** Where the company's calendar days begin and end, unless COMPANY_TIME_ZONE names another (an IANA name). */
export const DEFAULT_COMPANY_TIME_ZONE = 'America/Chicago';

/**
 * The company's time zone, which decides what "today" is for due dates (a licence expiring on the 1st is expired
 * from midnight on the 1st in that zone, an invoice dated today is dated the company's today), wherever the server
 * runs. A name Postgres and Node do not know stops the start.
 */
export function companyTimeZone(env: Record<string, string | undefined> = process.env): string {
  const zone = env.COMPANY_TIME_ZONE?.trim() || DEFAULT_COMPANY_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new SettingError(`COMPANY_TIME_ZONE must be a time zone name such as America/Chicago (got "${zone}").`);
  }
  return zone;
}

/** The day it is in `timeZone` at `now`, as 'YYYY-MM-DD'. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The calendar day `days` after `day` ('YYYY-MM-DD'). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Said once in contracts, beside the stops' text that reads company times (stops-text.ts). */
export { instantIn } from '@tms/contracts';
