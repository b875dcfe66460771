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

/** The offset of `timeZone` from UTC at `at`, in minutes (Chicago in winter: -360). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant the clocks of `timeZone` show `time` ('HH:MM') on `day` ('YYYY-MM-DD'). */
export function instantIn(timeZone: string, day: string, time = '00:00'): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  // The offset at the wall time read as UTC, then again at the instant it gives (right across a change of offset).
  const first = wall - offsetMinutes(timeZone, new Date(wall)) * 60_000;
  return new Date(wall - offsetMinutes(timeZone, new Date(first)) * 60_000);
}
