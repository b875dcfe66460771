import { toPounds } from '../text-values.js';
import { phraseSource, WEIGHT_LABELS } from '../vocabulary.js';
import type { Finder } from './finder.js';

// Weights: a number starts where a number does (not at every digit of a run: quadratic), bounded like the form's;
// no two optional parts are separated only by \s* (a long run of spaces would be tried every way: cubic).
const WEIGHT_UNIT = /(?<!\d|\d[,.])(\d{1,3}(?:,\d{3}){1,3}|\d{1,9})(?:\.\d{1,6})?\s*(lbs?\b\.?|pounds\b|#(?![^\S\n]*\w)|kgs?\b|kilograms?\b)/gi;
/** Thousands of pounds written short ('38k lbs', '41.5K lbs'). */
const WEIGHT_THOUSANDS = /(?<![\d.,])(\d{1,3}(?:\.\d{1,2})?)[^\S\n]?k[^\S\n]?(?:lbs?|pounds)\b/gi;
const WEIGHT_LABEL = new RegExp(
  String.raw`\b(${phraseSource(WEIGHT_LABELS)})\b\.?\s*(?:\((lbs?|pounds|kgs?)\)\s*)?(?:[:#=-]\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*(lbs?|pounds|kgs?|kilograms?)?`,
  'i',
);

/**
 * The weight in pounds: a labelled weight (gross, total or scale first), else the largest with a unit (in pounds when
 * the document gives pounds; '38k lbs' is 38,000), else the item table's.
 */
export const weightFinder: Finder = ({ text, itemTable }) => {
  const weight = findWeight(text) ?? itemTable?.weight;
  return weight ? { weight } : {};
};

function findWeight(text: string): { value: number; confidence: number } | undefined {
  const labelled = text
    .split('\n')
    .map((line) => WEIGHT_LABEL.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && Number(match[3].replace(/,/g, '')) > 0);
  const strongest = labelled.find((match) => /gross|total|scale/i.test(match[1])) ?? labelled[0];
  if (strongest) return { value: toPounds(strongest[3], strongest[4] ?? strongest[2]), confidence: 0.95 };
  const withUnit = [...text.matchAll(WEIGHT_UNIT)]
    .filter((match) => Number(match[1].replace(/,/g, '')) >= 10)
    .map((match) => ({ pounds: toPounds(match[1], match[2]), kilograms: /^k/i.test(match[2]) }));
  withUnit.push(...[...text.matchAll(WEIGHT_THOUSANDS)].map((match) => ({ pounds: Math.round(Number(match[1]) * 1000), kilograms: false })));
  // Pounds as written before kilograms converted ('21,300 lbs (9,662 kg)': the kilograms are the rounded copy).
  const inPounds = withUnit.filter(({ kilograms }) => !kilograms);
  if (withUnit.length) {
    const values = (inPounds.length ? inPounds : withUnit).map(({ pounds }) => pounds);
    return { value: values.reduce((max, value) => Math.max(max, value)), confidence: withUnit.length === 1 ? 0.85 : 0.7 };
  }
  return undefined;
}
