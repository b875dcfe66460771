/** US states, DC and Canadian provinces: the two letters after a city. */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC',
  'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'DC', 'AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'ON', 'PE', 'QC', 'SK',
] as const;

/** US states written out ('Dallas, Texas'), longest first where one name starts another, with their codes. */
export const US_STATE_NAMES: Record<string, (typeof US_STATES)[number]> = {
  Alabama: 'AL', Alaska: 'AK', Arizona: 'AZ', Arkansas: 'AR', California: 'CA', Colorado: 'CO', Connecticut: 'CT', Delaware: 'DE',
  Florida: 'FL', Georgia: 'GA', Hawaii: 'HI', Idaho: 'ID', Illinois: 'IL', Indiana: 'IN', Iowa: 'IA', Kansas: 'KS', Kentucky: 'KY',
  Louisiana: 'LA', Maine: 'ME', Maryland: 'MD', Massachusetts: 'MA', Michigan: 'MI', Minnesota: 'MN', Mississippi: 'MS', Missouri: 'MO',
  Montana: 'MT', Nebraska: 'NE', Nevada: 'NV', 'New Hampshire': 'NH', 'New Jersey': 'NJ', 'New Mexico': 'NM', 'New York': 'NY',
  'North Carolina': 'NC', 'North Dakota': 'ND', Ohio: 'OH', Oklahoma: 'OK', Oregon: 'OR', Pennsylvania: 'PA', 'Rhode Island': 'RI',
  'South Carolina': 'SC', 'South Dakota': 'SD', Tennessee: 'TN', Texas: 'TX', Utah: 'UT', Vermont: 'VT', Virginia: 'VA',
  Washington: 'WA', 'West Virginia': 'WV', Wisconsin: 'WI', Wyoming: 'WY',
};

/** A place's state as its two letters: 'TX' as written, 'Texas' or 'TEXAS' by its name. */
export const stateCode = (state: string): string => US_STATE_NAMES[titleCaseCity(state)] ?? state;

const MONTH_INDEX: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO day, or undefined when the parts are no real date. */
export function isoDay(year: number, month: number, day: number): string | undefined {
  if (year < 100) year += 2000;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A match of the offline extractor's DATE pattern as an ISO day: 2026-11-09, 11/09/2026, 11-09-26, Nov 9, 2026,
 * Monday, November 9th 2026, 9 Nov 2026, 09-Nov-2026, and Nov 9 or 11/09 with the document's year.
 */
export function parseDay(match: RegExpMatchArray, fallbackYear: number): string | undefined {
  const [, y1, m1, d1, m2, d2, y2, mon3, d3, y3, d4, mon4, y4, m5, d5] = match;
  if (y1) return isoDay(Number(y1), Number(m1), Number(d1));
  if (m2) return isoDay(Number(y2), Number(m2), Number(d2));
  if (mon3) return isoDay(y3 ? Number(y3) : fallbackYear, MONTH_INDEX[mon3.slice(0, 3).toLowerCase()], Number(d3));
  if (mon4) return isoDay(Number(y4), MONTH_INDEX[mon4.slice(0, 3).toLowerCase()], Number(d4));
  if (m5) return isoDay(fallbackYear, Number(m5), Number(d5));
  return undefined;
}

/** 'SALT LAKE CITY' → 'Salt Lake City'; mixed-case names are kept as written. */
export function titleCaseCity(city: string): string {
  if (city !== city.toUpperCase()) return city;
  return city.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_all, separator: string, letter: string) => separator + letter.toUpperCase());
}

/** A weight in pounds: kilograms converted (to the pound), pounds as written. */
export function toPounds(amount: string, unit: string | undefined): number {
  const value = Number(amount.replace(/,/g, ''));
  return unit && /^kg|^kilo/i.test(unit) ? Math.round(value * 2.20462) : value;
}

/** A commodity as the form takes it: its first cell, without weight or count words after it; none without a word. */
export function cleanCommodity(value: string): string | undefined {
  const cleaned = value
    .replace(/\s{2,}.*$/, '')
    .replace(/\b(?:weight|wt|pieces|pcs|pallets|qty)\b.*$/i, '')
    .replace(/(?<![\s,;:.-])[\s,;:.-]+$/, '')
    .trim();
  if (!/[a-z]{3}/i.test(cleaned) || cleaned.length > 80) return undefined;
  return cleaned[0].toUpperCase() + cleaned.slice(1);
}
