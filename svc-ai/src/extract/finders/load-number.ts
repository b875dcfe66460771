import { valuesBesideLabels } from '../stacked-labels.js';
import type { Finder } from './finder.js';

// Labels and their value: each \s* follows a character the pattern needs, so a run of spaces is tried one way only.
const LOAD_NUMBER_LABELS: { pattern: RegExp; confidence: number }[] = [
  { pattern: /\b(?:load|shipment|trip|tender|confirmation|conf|booking|agreement|contract|dispatch|manifest)[^\S\n]*(?:number|num|no\.?|#|id)[^\S\n]*(?:[:#.][^\S\n]*)?(?:#[^\S\n]*)?([A-Z0-9][A-Z0-9-]{2,})/gi, confidence: 0.95 },
  { pattern: /\b(?:bol|b\/l|bill\s+of\s+lading|bl)[^\S\n]*(?:(?:number|num|no\.?|#)[^\S\n]*)?[:#][^\S\n]*(?:#[^\S\n]*)?([A-Z0-9][A-Z0-9-]{2,})/gi, confidence: 0.9 },
  // The VICS and NMFC bills of lading's own labels, with or without a colon: 'B/L No.  PTC-00931', 'Bill of Lading No. 77'.
  { pattern: /\b(?:bol|b\/l|bill\s+of\s+lading)[^\S\n]*(?:number|num|no\.?|#)[^\S\n]*(?:[:#.][^\S\n]*)?(?:#[^\S\n]*)?([A-Z0-9][A-Z0-9-]{2,})/gi, confidence: 0.9 },
  { pattern: /\bpro[^\S\n]*(?:(?:number|num|no\.?|#)[^\S\n]*)?[:#][^\S\n]*(?:#[^\S\n]*)?([A-Z0-9][A-Z0-9-]{2,})/gi, confidence: 0.85 },
  // A carrier's PRO number in capitals without a colon ('PRO 7734410').
  { pattern: /\bPRO[^\S\n]*(?:(?:NUMBER|No\.?|NO\.?|#)[^\S\n]*)?(?:[:#][^\S\n]*)?(\d[\d-]{4,})\b/g, confidence: 0.8 },
  { pattern: /\b(?:order|reference|ref)[^\S\n]*(?:number|num|no\.?|#|id)[^\S\n]*(?:[:#.][^\S\n]*)?(?:#[^\S\n]*)?([A-Z0-9][A-Z0-9-]{2,})/gi, confidence: 0.7 },
  // The bill of lading's other references: the shipper's and the carrier's numbers.
  { pattern: /\b(?:shipper|carrier)'?s[^\S\n]+(?:number|num|no\.?|#)[^\S\n]*(?:[:#.][^\S\n]*)?([A-Z0-9][A-Z0-9-]{2,})/gi, confidence: 0.6 },
  { pattern: /\b(?:load|shipment|trip|tender|order)(?:\s+tender)?\s+(?:#\s*)?([A-Z]{0,5}-?\d[A-Z0-9-]{3,})\b/gi, confidence: 0.85 },
  { pattern: /\b(?:po|purchase\s+order|customer\s+order)[^\S\n]*(?:(?:number|no\.?|#)[^\S\n]*)?[:#][^\S\n]*([A-Z0-9][A-Z0-9-]{2,})/gi, confidence: 0.5 },
];

/** The load number: the first value with a digit (and no year) of the labels above, tried in their order. */
export const loadNumberFinder: Finder = ({ text }) => {
  const loadNumber = findLoadNumber(valuesBesideLabels(text));
  return loadNumber ? { loadNumber } : {};
};

function findLoadNumber(text: string): { value: string; confidence: number } | undefined {
  for (const { pattern, confidence } of LOAD_NUMBER_LABELS) {
    for (const match of text.matchAll(pattern)) {
      const value = match[1].replace(/-+$/, '');
      if (/\d/.test(value) && !/^(?:19|20)\d{2}$/.test(value)) return { value, confidence };
    }
  }
  return undefined;
}
