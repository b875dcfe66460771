import dayjs from 'dayjs';

/** How the screens show a calendar day: 'Mar 4, 2027'. */
export const DAY_DISPLAY_FORMAT = 'MMM D, YYYY';

/** Spec 2.10's 'MMM dd, yyyy': the day always in two digits, 'Mar 04, 2027' (the safety screens). */
export const PADDED_DAY_DISPLAY_FORMAT = 'MMM DD, YYYY';

/** A 'YYYY-MM-DD' (or ISO timestamp, cut to its day) as the screens show it ('Mar 4, 2027' unless `format` says otherwise); '' when there is none. */
export function formatDay(text: string | null | undefined, format: string = DAY_DISPLAY_FORMAT): string {
  if (!text) return '';
  const day = dayjs(text.slice(0, 10), 'YYYY-MM-DD');
  return day.isValid() ? day.format(format) : text;
}
