import { CONFIDENCE_LEVELS, type ExtractedField, type ExtractedLoad } from '@tms/contracts';
import { DATE } from './finders/dates.js';
import { MONEY } from './finders/rate.js';
import { fieldMatches, SCORED_FIELDS } from './scoring.js';
import { parseDay } from './text-values.js';

/**
 * Whether a model's answer is what the document says: each field a model fills is looked for in the document's
 * text, as the offline extractor's fields always are (it reads nothing else). A load number, a date, an amount, a
 * weight, a city or a commodity the text does not hold is the model's invention, however plausible: its field is
 * answered with UNFOUNDED_CONFIDENCE, which the load form shows as one to check. Notes are the model's own summary
 * and are not checked.
 */
export const UNFOUNDED_CONFIDENCE = CONFIDENCE_LEVELS.check / 2;

/** Amounts summed when a total is looked for among a document's amounts (a rate may be linehaul plus charges). */
const MAX_SUMMED_AMOUNTS = 12;

/** The fields of `fields` the document's text does not hold (the offline reading of it, `offline`, counts as held). */
export function unfoundedFields(fields: ExtractedLoad, text: string, offline: ExtractedLoad): ExtractedField[] {
  const document = indexOf(text);
  const unfounded: ExtractedField[] = [];
  for (const [field, value] of Object.entries(fields) as [ExtractedField, unknown][]) {
    if (value === undefined || field === 'notes') continue;
    const scored = SCORED_FIELDS.find((name) => name === field);
    if (scored && scored !== 'loadNumber' && fieldMatches(scored, fields[scored], offline[scored])) continue;
    if (!holds(document, field, value)) unfounded.push(field);
  }
  return unfounded;
}

interface DocumentIndex {
  /** The text in lower case with only letters and digits, one space between words. */
  words: string;
  /** The text's letters and digits alone: 'RC-44871' and 'RC 44871' are both 'rc44871'. */
  compact: string;
  days: Set<string>;
  /** Every number written, in cents ('2,860.00' and '2860' are 286000; EDI's '287500' is also 2875.00 as written). */
  cents: Set<bigint>;
  /** The amounts of money written ('$1,950.00', '285.00 USD'), in cents, in text order. */
  money: bigint[];
}

function indexOf(text: string): DocumentIndex {
  const lower = text.toLowerCase();
  const years = [...text.matchAll(/\b(20\d{2})\b/g)];
  const year = years.length ? Number(years[0][1]) : new Date().getUTCFullYear();
  const days = new Set<string>();
  for (const match of text.matchAll(DATE)) {
    const day = parseDay(match, year);
    if (day) days.add(day);
  }
  // EDI's dates: 20261106.
  for (const match of text.matchAll(/\b(20\d{2})(\d{2})(\d{2})\b/g)) days.add(`${match[1]}-${match[2]}-${match[3]}`);
  const cents = new Set<bigint>();
  for (const match of text.matchAll(/(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d{1,12})(?:\.(\d{1,2}))?(?![\d,]*\d)/g)) {
    const whole = BigInt(match[1].replace(/,/g, ''));
    cents.add(whole * 100n + BigInt((match[2] ?? '0').padEnd(2, '0')));
    if (!match[2]) cents.add(whole);
  }
  const money = [...text.matchAll(MONEY)].map((match) => BigInt((match[1] ?? match[3]).replace(/,/g, '')) * 100n + BigInt(match[2] ?? match[4] ?? '0'));
  return { words: ` ${lower.replace(/[^a-z0-9]+/g, ' ').trim()} `, compact: lower.replace(/[^a-z0-9]/g, ''), days, cents, money };
}

function holds(document: DocumentIndex, field: ExtractedField, value: unknown): boolean {
  switch (field) {
    case 'loadNumber':
      return document.compact.includes(String(value).toLowerCase().replace(/[^a-z0-9]/g, ''));
    case 'pickupDate':
    case 'deliveryDate':
      return document.days.has(String(value));
    case 'rate':
      return document.cents.has(BigInt(Math.round(Number(value) * 100))) || isSumOf(BigInt(Math.round(Number(value) * 100)), document.money);
    case 'weight': {
      const pounds = Number(value);
      // As written, or converted from kilograms.
      return document.cents.has(BigInt(pounds) * 100n) || [...document.cents].some((cents) => cents % 100n === 0n && Math.round((Number(cents) / 100) * 2.20462) === pounds);
    }
    case 'pickupLocation':
    case 'deliveryLocation': {
      const city = String(value).split(',')[0];
      return document.words.includes(` ${city.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `);
    }
    default: {
      // A commodity: each of its words in the text ('Steel coils' for 'STEEL COILS'; a plural 's' either way).
      const words = String(value).toLowerCase().match(/[a-z]{3,}/g) ?? [];
      return words.every((word) => document.words.includes(` ${word} `) || document.words.includes(` ${word}s `) || document.words.includes(` ${word.replace(/s$/, '')} `));
    }
  }
}

/** Whether an amount is a sum of a few of the document's amounts (a linehaul with its fuel surcharge). */
function isSumOf(target: bigint, amounts: bigint[]): boolean {
  const candidates = amounts.filter((amount) => amount > 0n && amount < target).slice(0, MAX_SUMMED_AMOUNTS);
  let sums = new Set<bigint>([0n]);
  for (const amount of candidates) {
    const next = new Set(sums);
    for (const sum of sums) if (sum + amount <= target) next.add(sum + amount);
    sums = next;
    if (sums.has(target)) return true;
  }
  return false;
}
