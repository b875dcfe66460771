import type { ExtractedLoad } from '@tms/contracts';

/** The fields with one right value that a benchmark or test scores exactly (notes are scored by what they contain). */
export const SCORED_FIELDS = ['loadNumber', 'pickupLocation', 'pickupDate', 'deliveryLocation', 'deliveryDate', 'rate', 'weight', 'commodity'] as const;

/** An expected answer: the scored fields, and the instruction texts the notes must contain. */
export type ExpectedLoad = Partial<Record<(typeof SCORED_FIELDS)[number], unknown>> & { notes?: string | string[] };

const place = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .replace(/\s+\d{5}(-\d{4})?$/, '')
    .replace(/[^a-z,]/g, '');

/**
 * Whether an extracted field is right, as the sample documents' README says: locations by city and state, dates by
 * calendar day, rate by cents, weight in lbs exactly, load number exactly, commodity ignoring case.
 */
export function fieldMatches(field: (typeof SCORED_FIELDS)[number], got: ExtractedLoad[keyof ExtractedLoad], want: unknown): boolean {
  if (got === undefined || want === undefined) return got === want;
  switch (field) {
    case 'pickupLocation':
    case 'deliveryLocation':
      return place(got) === place(want);
    case 'rate':
      return Math.round(Number(got) * 100) === Math.round(Number(want) * 100);
    case 'weight':
      return Number(got) === Number(want);
    case 'commodity':
      return String(got).trim().toLowerCase() === String(want).trim().toLowerCase();
    default:
      return String(got).slice(0, 10) === String(want).slice(0, 10);
  }
}

/** Words only: how a note is joined (line breaks, bullets, '. ' or '; ') is no part of what it says. */
const words = (text: string) => text.toLowerCase().replace(/[^a-z0-9$%]+/g, ' ').trim();

/** Whether the notes carry each of the document's instructions (their words in order, however they are joined). */
export function notesMatch(got: string | undefined, want: string | string[]): boolean {
  const notes = ` ${words(got ?? '')} `;
  return [want].flat().every((instruction) => notes.includes(` ${words(instruction)} `));
}

/** The fields of an expected answer an extraction got wrong, each as 'field: got …, want …'. */
export function wrongFields(got: ExtractedLoad, want: ExpectedLoad): string[] {
  const wrong = SCORED_FIELDS.filter((field) => want[field] !== undefined && !fieldMatches(field, got[field], want[field])).map(
    (field) => `${field}: got ${JSON.stringify(got[field])}, want ${JSON.stringify(want[field])}`,
  );
  if (want.notes !== undefined && !notesMatch(got.notes, want.notes)) wrong.push(`notes: got ${JSON.stringify(got.notes)}, want ${JSON.stringify(want.notes)}`);
  return wrong;
}

/** How many fields an expected answer scores (its notes count as one). */
export const scoredCount = (want: ExpectedLoad) => SCORED_FIELDS.filter((field) => want[field] !== undefined).length + (want.notes === undefined ? 0 : 1);
