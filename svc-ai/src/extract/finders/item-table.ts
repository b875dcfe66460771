import { cellsOf } from '../stacked-labels.js';
import { cleanCommodity, toPounds } from '../text-values.js';
import { PACKAGE_TYPES, phraseSource } from '../vocabulary.js';
import type { Finding } from './finder.js';

/** A document's table of items: its weight and its commodity, each when it has one. */
export interface ItemTable {
  weight?: Finding;
  commodity?: Finding;
}

/**
 * A table of items under a header naming a weight column ('Pkgs  Description  Weight (lbs)'): the weight is the
 * TOTAL row's, else the rows' sum, each row's being the number under the weight column (not the NMFC code or class
 * beside it); the commodity is the first row's description, the cell under the description column that is not a
 * count of packages. Header lines without numbers under the header ('QTY  TYPE') belong to it. Without such a header,
 * a line of goods.
 */
export function readItemTable(text: string): ItemTable | undefined {
  const lines = text.split('\n');
  // A bill of lading's carrier table names the commodity's column; its customer order table (orders, packages and
  // weight) comes first on a VICS form but describes no goods.
  const weighs = (line: string) => /\bweight\b|\bwt\b|\blbs\b/i.test(line);
  const describing = lines.findIndex((line) => weighs(line) && /\b(?:description|commodity|product)\b/i.test(line));
  const header = describing >= 0 ? describing : lines.findIndex((line) => weighs(line) && /\b(?:pkgs?|pieces|pcs|qty|handling|items?)\b/i.test(line));
  if (header < 0) return readItemLine(text);
  const kg = /\bkgs?\b/i.test(lines[header]) && !/\blbs?\b/i.test(lines[header]);
  const weightColumn = cellAt(lines[header], /\bweight\b|\bwt\b|\blbs\b/i);
  const descriptionColumn = cellAt(lines[header], /\b(?:description|commodity|product|items?)\b/i);
  let total: number | undefined;
  let sum = 0;
  let rows = 0;
  let commodity: string | undefined;
  for (const row of lines.slice(header + 1)) {
    const line = row.replace(/\|/g, '  ');
    if (/^[\s|:+-]*$/.test(row) && /-/.test(row)) continue;
    if (!line.trim()) {
      if (sum || total) break;
      continue;
    }
    const numbers = [...line.matchAll(/(?<![\w.$,])(\d{1,3}(?:,\d{3})+|\d{3,})(?:\.\d+)?(?![\w.,])/g)].map((match) => ({ start: match.index, end: match.index + match[0].length, match }));
    const under = weightColumn && numbers.length ? nearest(numbers, weightColumn) : numbers.at(-1);
    // A row holds no amount of money and no 'Label: value' pair (unless a number stands right under the weight
    // column: OCR reads a 'PLT' as 'PET:'): such a line ends the table.
    const aligned = under && weightColumn && gapBetween(under, weightColumn) === 0;
    if (/\$/.test(line) || (LABEL_VALUE.test(line) && !aligned)) break;
    if (!under) {
      if (!rows && !/\d/.test(line)) continue;
      break;
    }
    rows += 1;
    const weight = toPounds(under.match[1], kg ? 'kg' : undefined);
    if (/\btotals?\b/i.test(line)) {
      total = weight;
      break;
    }
    sum += weight;
    commodity ??= rowDescription(line, descriptionColumn);
  }
  const value = total ?? sum;
  return {
    weight: value > 0 ? { value, confidence: total ? 0.9 : 0.8 } : undefined,
    commodity: commodity ? { value: commodity, confidence: 0.75 } : undefined,
  };
}

interface Span {
  start: number;
  end: number;
}

/** Where the cell of a header line that `pattern` finds starts and ends (its text up to a wide gap). */
function cellAt(line: string, pattern: RegExp): Span | undefined {
  const found = pattern.exec(line);
  if (!found) return undefined;
  const cell = cellsOf(line).find((candidate) => candidate.start <= found.index && found.index < candidate.start + candidate.text.length);
  return cell ? { start: cell.start, end: cell.start + cell.text.length } : undefined;
}

/** The characters between a span and a column, 0 when they overlap. */
const gapBetween = (span: Span, column: Span) => Math.max(0, span.start - column.end, column.start - span.end);

/** The span nearest to a column: one that overlaps it, else the one with the smallest gap. */
function nearest<T extends Span>(spans: T[], column: Span): T {
  return spans.reduce((best, span) => (gapBetween(span, column) < gapBetween(best, column) ? span : best));
}

const PACKAGES = /^(?:\d+\s*)?(?:pallets?|plts?|skids?|sk|cartons?|ctns?|boxes|box|bx|bags?|drums?|pcs|pieces|units?|crates?|totes?|bundles?|rolls?|cases?|pkgs?|packages?)$/i;

/** An item row's description: its cell nearest the description column, leaving out package counts, class and NMFC. */
function rowDescription(line: string, column: Span | undefined): string | undefined {
  const cells = cellsOf(line)
    .map((cell) => ({ ...cell, text: cell.text.replace(/^\s*\d+\s*(?:pallets?|plts?|skids?|cartons?|ctns?|boxes|bags|drums|pcs|pieces|units|crates|totes|bundles|rolls|cases)\b\s*/i, '') }))
    // No description is longer than a short line (cleanCommodity takes 80 characters): a longer cell is no item.
    .filter((cell) => cell.text.length <= 120 && /[a-z]{3}/i.test(cell.text) && !PACKAGES.test(cell.text) && !/^(?:class|nmfc|hm)\b/i.test(cell.text))
    .map((cell) => ({ ...cell, end: cell.start + cell.text.length }));
  if (!cells.length) return undefined;
  const cell = column ? nearest(cells, column) : cells[0];
  return cleanCommodity(cell.text.replace(/\s+\d[\d,.]*(?:\s+\d[\d,.]*)*$/, ''));
}

/**
 * 'Label: value' in a line: a run of letters and spaces from its start (so a long run is tried once, not from each
 * of its words: quadratic), its first letter then at least one more character, before ': '.
 */
const LABEL_VALUE = /(?<![A-Za-z ])[ ]*[A-Za-z][A-Za-z ]+:\s/;

/**
 * A line of goods without a table's header (a dispatch sheet's 'Kraft paper rolls   26 rolls   44,200#'): the
 * description, then the count of packages, then the weight (its unit as written, or misread), set apart by wide gaps.
 */
const ITEM_LINE = new RegExp(
  String.raw`^[^\S\n]*([A-Za-z][A-Za-z &/-]{2,60}?)[^\S\n]{2,}\d+[^\S\n]*(?:${phraseSource(PACKAGE_TYPES)})[^\S\n]{2,}(\d{1,3}(?:,\d{3})+|\d{3,6})(?![\d.,])[^\S\n]*(lbs?\b|pounds\b|kgs?\b)?`,
  'im',
);

function readItemLine(text: string): ItemTable | undefined {
  const line = ITEM_LINE.exec(text);
  if (!line) return undefined;
  const commodity = cleanCommodity(line[1]);
  return { weight: { value: toPounds(line[2], line[3]), confidence: 0.75 }, commodity: commodity ? { value: commodity, confidence: 0.75 } : undefined };
}
