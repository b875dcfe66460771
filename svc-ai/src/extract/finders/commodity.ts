import { cleanCommodity } from '../text-values.js';
import { COMMODITY_LABELS, ITEM_COLUMN_HEADS, labelPattern, phraseSource } from '../vocabulary.js';
import type { Finder } from './finder.js';

export const COMMODITY_LABEL = new RegExp(String.raw`\b(?:${phraseSource(COMMODITY_LABELS)})\b\s*(?:\([^)]{0,60}\)\s*)?[:\-–]\s*(.+)`, 'i');
const COMMODITY_PROSE =
  /\b(?:lbs?|pounds)\s+of\s+([a-z][a-z &\-/]{2,60}?)(?=\s*(?:[,.;(]|\s(?:floor|on|in|palletized|loaded|shipped|going|from|to|and\s+needs)\b|$))/i;
const COMMODITY_PACKAGES =
  /\b\d+\s+(?:pallets?|plts?|skids?|cases|cartons|drums|bags|boxes|crates|totes|pieces|bundles|rolls)\s+of\s+([a-z][a-z &\-/]{2,60}?)(?=\s*(?:[,.;(]|\s(?:floor|on|in|palletized|loaded|shipped|going|from|to|weighing|at)\b|$))/i;
const COMMODITY_HAULING = /\b(?:hauling|loaded\s+with|carrying|shipment\s+of)\s+([a-z][a-z &\-/]{2,60}?)(?=\s*(?:[,.;(]|\s(?:from|to|weighing|on)\b|$))/i;
/**
 * A label and its value as cells of a form's line, without a colon ('Commodity      Frozen chicken      Weight ...').
 * The label starts a cell: after a line's start or a wide gap (two fixed-length lookbehinds, so a run of spaces is not
 * tried from each of its spaces).
 */
const COMMODITY_BESIDE = new RegExp(String.raw`(?<!\S)(?<!\S[ ])(?:${phraseSource(COMMODITY_LABELS)})[^\S\n]{2,}(\S+(?:[ ]\S+)*)`, 'i');
const ITEM_COLUMN_HEAD = labelPattern(ITEM_COLUMN_HEADS);

/**
 * The commodity: a labelled one, else one named in prose ('40,000 lbs of paper'), else the item table's, else the
 * cell beside a commodity label (unless that cell is another column's head).
 */
export const commodityFinder: Finder = ({ text, itemTable }) => {
  const commodity = findCommodity(text) ?? itemTable?.commodity ?? besideLabel(text);
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

function besideLabel(text: string): { value: string; confidence: number } | undefined {
  const beside = COMMODITY_BESIDE.exec(text);
  const value = beside && !ITEM_COLUMN_HEAD.test(beside[1]) ? cleanCommodity(beside[1]) : undefined;
  return value ? { value, confidence: 0.7 } : undefined;
}
