import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

/**
 * Conversions between what antd inputs hold and what the API carries (spec 3: dates and money travel as text,
 * 'YYYY-MM-DD' for a day). Every form maps its values to a payload with these, so screens agree on the format.
 */
export const DAY_FORMAT = 'YYYY-MM-DD';

/**
 * The ways people type a day (issue 47), read strictly, months before days as in the US: 2026-12-01, 12/01/2026,
 * 12/1/26, 'Dec 1 2026', 'December 1, 2026'. A date field shows what it read as DAY_FORMAT.
 */
export const TYPED_DAY_FORMATS = [
  DAY_FORMAT, 'YYYY-M-D', 'MM/DD/YYYY', 'M/D/YYYY', 'MM/DD/YY', 'M/D/YY', 'MM-DD-YYYY', 'M-D-YYYY',
  'MMM D YYYY', 'MMM D, YYYY', 'MMMM D YYYY', 'MMMM D, YYYY', 'D MMM YYYY', 'D MMMM YYYY',
];
/** What a date field says of text it cannot read as a day, instead of emptying itself. */
export const unreadDayMessage = (text: string) => `"${text}" is not a date: type it like 12/01/2026 or 2026-12-01`;

/** A typed day as a DatePicker value (TYPED_DAY_FORMATS; month names in any case), or null when it is none. */
export function readTypedDay(text: string): Dayjs | null {
  const cleaned = text.trim().replace(/\s+/g, ' ').replace(/\b([a-z])([a-z]*)\b/gi, (_, first: string, rest: string) => first.toUpperCase() + rest.toLowerCase());
  if (!cleaned) return null;
  const day = dayjs(cleaned, TYPED_DAY_FORMATS, true);
  return day.isValid() ? day : null;
}

/** A 'YYYY-MM-DD' (or ISO timestamp) from the API as a DatePicker value. */
export function dayFromText(text: string | null | undefined): Dayjs | null {
  if (!text) return null;
  const day = dayjs(text.slice(0, 10), DAY_FORMAT);
  return day.isValid() ? day : null;
}

/** A DatePicker value as the API's 'YYYY-MM-DD', or null when empty. */
export function dayToText(day: Dayjs | null | undefined): string | null {
  return day && day.isValid() ? day.format(DAY_FORMAT) : null;
}

/** Text from an optional input: blank becomes null, anything else is kept as typed (trimmed). */
export function textOrNull(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/** An optional API text as an input value ('' for null, so the field shows empty). */
export function textOrEmpty(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
