import dayjs from 'dayjs';

/** How the screens show a calendar day: 'Mar 4, 2027'. */
export const DAY_DISPLAY_FORMAT = 'MMM D, YYYY';

/** A 'YYYY-MM-DD' (or ISO timestamp, cut to its day) as the screens show it; '' when there is none. */
export function formatDay(text: string | null | undefined): string {
  if (!text) return '';
  const day = dayjs(text.slice(0, 10), 'YYYY-MM-DD');
  return day.isValid() ? day.format(DAY_DISPLAY_FORMAT) : text;
}
