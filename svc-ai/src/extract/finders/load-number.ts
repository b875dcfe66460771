import { valuesBesideLabels } from '../stacked-labels.js';
import { LOAD_NUMBER_LABELS, NUMBER_WORDS, phraseSource, type LabelForm } from '../vocabulary.js';
import type { Finder } from './finder.js';

// How each form of label (vocabulary.ts) stands before its value: each [^\S\n]* follows a character the pattern
// needs, so a run of spaces is tried one way only.
const NUMBER_WORD = phraseSource(NUMBER_WORDS);
const CODE = '([A-Z0-9][A-Z0-9-]{2,})';
const FORMS: Record<LabelForm, string> = {
  numbered: String.raw`[^\S\n]*(?:${NUMBER_WORD})[^\S\n]*(?:[:#.][^\S\n]*)?(?:#[^\S\n]*)?${CODE}`,
  colon: String.raw`[^\S\n]*(?:(?:${NUMBER_WORD})[^\S\n]*)?[:#][^\S\n]*(?:#[^\S\n]*)?${CODE}`,
  spaced: String.raw`\s+(?:#\s*)?([A-Z]{0,5}-?\d[A-Z0-9-]{3,})\b`,
  beside: String.raw`[^\S\n]{2,}([A-Z]{0,5}-?\d[A-Z0-9-]{3,})\b`,
};
// A possessive label ('Shipper's No.') ends in an apostrophe: no word boundary after it.
const PATTERNS = LOAD_NUMBER_LABELS.map(({ phrases, form, confidence }) => ({
  pattern: new RegExp(String.raw`\b(?:${phraseSource(phrases)})${FORMS[form]}`, 'gi'),
  confidence,
}));

/** The load number: the first value with a digit (and no year) of the labels of vocabulary.ts, tried in their order. */
export const loadNumberFinder: Finder = ({ text }) => {
  const loadNumber = findLoadNumber(valuesBesideLabels(text));
  return loadNumber ? { loadNumber } : {};
};

function findLoadNumber(text: string): { value: string; confidence: number } | undefined {
  for (const { pattern, confidence } of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const value = match[1].replace(/-+$/, '');
      if (/\d/.test(value) && !/^(?:19|20)\d{2}$/.test(value)) return { value, confidence };
    }
  }
  return undefined;
}
