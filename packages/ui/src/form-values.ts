import dayjs, { type Dayjs } from 'dayjs';

/**
 * Conversions between what antd inputs hold and what the API carries (spec 3: dates and money travel as text,
 * 'YYYY-MM-DD' for a day). Every form maps its values to a payload with these, so screens agree on the format.
 */
export const DAY_FORMAT = 'YYYY-MM-DD';

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
