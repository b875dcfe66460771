import { cleanCommodity } from '../text-values.js';
import { PACKAGE_TYPES, phraseSource } from '../vocabulary.js';
import type { Finder } from './finder.js';

export const COMMODITY_LABEL =
  /\b(?:commodity|commodities|description\s+of\s+(?:goods|articles|commodity)|product|goods|cargo|freight\s+description|material|contents|description)\b\s*(?:\([^)]{0,60}\)\s*)?[:\-–]\s*(.+)/i;
const COMMODITY_PROSE =
  /\b(?:lbs?|pounds)\s+of\s+([a-z][a-z &\-/]{2,60}?)(?=\s*(?:[,.;(]|\s(?:floor|on|in|palletized|loaded|shipped|going|from|to|and\s+needs)\b|$))/i;
const COMMODITY_PACKAGES =
  /\b\d+\s+(?:pallets?|plts?|skids?|cases|cartons|drums|bags|boxes|crates|totes|pieces|bundles|rolls)\s+of\s+([a-z][a-z &\-/]{2,60}?)(?=\s*(?:[,.;(]|\s(?:floor|on|in|palletized|loaded|shipped|going|from|to|weighing|at)\b|$))/i;
const COMMODITY_HAULING = /\b(?:hauling|loaded\s+with|carrying|shipment\s+of)\s+([a-z][a-z &\-/]{2,60}?)(?=\s*(?:[,.;(]|\s(?:from|to|weighing|on)\b|$))/i;
/**
 * A line of goods without a table's header (a dispatch sheet's 'Kraft paper rolls   26 rolls   44,200#'): the
 * description, then the count of packages, then the weight with its unit, set apart by wide gaps.
 */
const ITEM_LINE = new RegExp(
  String.raw`^[^\S\n]*([A-Za-z][A-Za-z &/-]{2,60}?)[^\S\n]{2,}\d+[^\S\n]*(?:${phraseSource(PACKAGE_TYPES)})\b[^\S\n]{2,}[\d,]+(?:\.\d+)?[^\S\n]*(?:lbs?\b|pounds\b|#|kgs?\b)`,
  'im',
);

/** The commodity: a labelled one, else one named in prose ('40,000 lbs of paper'), else the item table's, else a line of goods. */
export const commodityFinder: Finder = ({ text, itemTable }) => {
  const itemLine = ITEM_LINE.exec(text);
  const inLine = itemLine ? cleanCommodity(itemLine[1]) : undefined;
  const commodity = findCommodity(text) ?? itemTable?.commodity ?? (inLine ? { value: inLine, confidence: 0.75 } : undefined);
  return commodity ? { commodity } : {};
};

function findCommodity(text: string): { value: string; confidence: number } | undefined {
  for (const line of text.split('\n')) {
    const match = COMMODITY_LABEL.exec(line);
    if (!match || /^\s*(?:of\s+)?(?:weight|pieces|qty)\b/i.test(match[1])) continue;
    const value = cleanCommodity(match[1]);
    if (value) return { value, confidence: /commodit|product|goods|cargo|lading/i.test(line.slice(0, match.index + 20)) ? 0.95 : 0.8 };
  }
  const prose = COMMODITY_PROSE.exec(text) ?? COMMODITY_PACKAGES.exec(text) ?? COMMODITY_HAULING.exec(text);
  const value = prose ? cleanCommodity(prose[1]) : undefined;
  return value ? { value, confidence: 0.8 } : undefined;
}
