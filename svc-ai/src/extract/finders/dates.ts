import { parseDay } from '../text-values.js';
import { DATE_LABELS, labelPattern } from '../vocabulary.js';
import type { Finder, Findings } from './finder.js';
import { markersOf, roleAt, type Role } from './roles.js';
import { lineStarts, type Located } from './text-positions.js';

const PICKUP_DATE_LABEL = labelPattern(DATE_LABELS.pickup, { flags: 'g', wordStart: true });
const DELIVERY_DATE_LABEL = labelPattern(DATE_LABELS.delivery, { flags: 'g', wordStart: true });
const IGNORED_DATE_LABEL = /\b(?:issued|date\s+issued|issue\s+date|tender\s+date|printed|invoice\s+date|sent|created|today|dated|expir\w*|valid\s+until)\b/gi;

const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
export const DATE = new RegExp(
  String.raw`\b(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})|(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?[^\S\n]+)?(${MONTHS})\.?[^\S\n]+(\d{1,2})(?:st|nd|rd|th)?(?:,?[^\S\n]+(\d{4}))?|(\d{1,2})(?:st|nd|rd|th)?(?:[^\S\n]+|-)(${MONTHS})\.?,?(?:[^\S\n]+|-)(\d{4})|(\d{1,2})/(\d{1,2})(?![/\d]))(?![\d:])`,
  'gi',
);


/**
 * The pickup and delivery dates: a date's role is the one a label right before it gives ('Due Date', 'no later
 * than'), else the role in force where it stands; the first pickup date and the last delivery date are taken, else the
 * earliest and latest of the dates that are no one else's (issue dates), less sure.
 */
export const datesFinder: Finder = ({ text, today, markers }) => {
  const found: Findings = {};
  const dates = findDates(text, today);
  const datesFor = (role: Role) => dates.filter((date) => (date.label ?? roleAt(markers, date.at)) === role);
  const pickupDates = datesFor('pickup');
  const deliveryDates = datesFor('delivery');
  if (pickupDates.length) found.pickupDate = { value: pickupDates[0].value, confidence: pickupDates[0].label ? 0.95 : 0.85 };
  if (deliveryDates.length) {
    const last = deliveryDates.at(-1)!;
    found.deliveryDate = { value: last.value, confidence: last.label ? 0.95 : 0.85 };
  }
  const loose = dates.filter((date) => date.label !== 'other' && roleAt(markers, date.at) !== 'other').map((date) => date.value).sort();
  if (!found.pickupDate && loose.length) found.pickupDate = { value: loose[0], confidence: 0.45 };
  if (!found.deliveryDate && loose.length >= 2) found.deliveryDate = { value: loose.at(-1), confidence: 0.45 };
  return found;
};

interface FoundDate extends Located<string> {
  /** The role a label right before the date gives it. */
  label?: Role;
}

function findDates(text: string, today: Date): FoundDate[] {
  const years = [...text.matchAll(/\b(20\d{2})\b/g)].map((match) => Number(match[1]));
  const fallbackYear = years.length ? years[0] : today.getUTCFullYear();
  const dates: FoundDate[] = [];
  const lineStartOf = lineStarts(text);
  for (const match of text.matchAll(DATE)) {
    const value = parseDay(match, fallbackYear);
    if (!value) continue;
    const before = text.slice(Math.max(lineStartOf(match.index), match.index - 40), match.index);
    dates.push({ at: match.index, value, label: dateLabel(before) });
  }
  return dates;
}

/** The role the words right before a date give it: the nearest label wins. */
function dateLabel(before: string): Role | undefined {
  return markersOf(before, [PICKUP_DATE_LABEL, DELIVERY_DATE_LABEL, IGNORED_DATE_LABEL]).sort((a, b) => b.at - a.at)[0]?.role;
}
