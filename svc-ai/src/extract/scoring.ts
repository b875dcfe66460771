import type { ExtractedLoad } from '@tms/contracts';

/** The fields a benchmark or test scores (notes are free text, not scored). */
export const SCORED_FIELDS = ['loadNumber', 'pickupLocation', 'pickupDate', 'deliveryLocation', 'deliveryDate', 'rate', 'weight', 'commodity'] as const;

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
