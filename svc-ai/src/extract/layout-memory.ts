import type { ExtractedField, ExtractedLoad, LearnedLayoutField } from '@tms/contracts';
import { DATE } from './finders/dates.js';
import { PLACE } from './finders/places.js';
import { cellsOf, type Cell } from './stacked-labels.js';
import { cleanCommodity, parseDay, stateCode, titleCaseCity, toPounds } from './text-values.js';
import { PACKAGE_TYPES, phraseSource } from './vocabulary.js';

/**
 * What svc-ai learns from a saved load (issue 49): where each of the load's values stood in the document kept with
 * it, by the label beside or above it, for the document's layout; the next document of that layout is read there
 * first. Works on the offline extractor's normalized text (normalize in offline-extractor.ts), so scans, PDFs and
 * text files of one layout read alike.
 *
 * - A layout's fingerprint is the set of its labels (what stands before a colon, and the cells of lines without a
 *   digit: headings, column heads), never its values; two documents are of one layout when their label sets are
 *   mostly the same (SAME_LAYOUT).
 * - A value's place is its candidate's context: the label in its cell before it ('Pickup Date: 12/03/2026'), else the
 *   cell before it when that is a label ('Load ID   PL-7731', 'Rate:   $1,200.00'), else the label heading its column
 *   above it (a table's head, a 'SHIPPER' block), and which of the candidates with that context it was (the second
 *   'Date' of a table).
 */

/**
 * What of a document is read for its layout: its first pages (about 30), where the fields stand; this runs on svc-ai's
 * main thread, and a document of megabytes must not hold it.
 */
const LAYOUT_TEXT_MAX = 100_000;
const head = (text: string) => text.slice(0, LAYOUT_TEXT_MAX);

/** How alike two label sets must be (shared / all, Jaccard) for their documents to be one layout. */
export const SAME_LAYOUT = 0.7;

/** The fields a layout can learn; notes are a dispatcher's words, rarely the document's own. */
export const LEARNABLE_FIELDS = ['loadNumber', 'pickupLocation', 'pickupDate', 'deliveryLocation', 'deliveryDate', 'rate', 'weight', 'commodity'] as const satisfies readonly ExtractedField[];
type LearnableField = (typeof LEARNABLE_FIELDS)[number];

/** The label words of a piece of text: lower case letters (and '#'), one space apart. */
const labelWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z#]+/g, ' ')
    .trim();

const looksLikeLabel = (text: string) => /[A-Za-z]{2}/.test(text) && !/\d/.test(text) && text.length <= 40 && text.split(/\s+/).length <= 5;

/**
 * The layout's labels, as a sorted set: what stands before colons; the cells of lines without digits that are column
 * heads (three cells or more) or written in capitals ('SHIP FROM   SHIP TO'); and the first lines (the sender, the
 * title). A company's or a commodity's name in a line of its own is a value, and left out.
 */
export function layoutLabels(text: string): string[] {
  const labels = new Set<string>();
  let lineNumber = 0;
  for (const line of head(text).split('\n')) {
    if (line.length > 400 || !line.trim()) continue;
    lineNumber += 1;
    const cells = cellsOf(line);
    const digitless = !/\d/.test(line);
    for (const cell of cells) {
      for (const match of cell.text.matchAll(/([^:]{1,40}):(?=\s|$)/g)) {
        const words = labelWords(match[1]);
        if (words && words.split(' ').length <= 5) labels.add(words);
      }
      const heading = lineNumber <= 3 || cells.length >= 3 || cell.text === cell.text.toUpperCase();
      if (digitless && heading && !cell.text.includes(':') && looksLikeLabel(cell.text)) labels.add(labelWords(cell.text));
    }
  }
  labels.delete('');
  return [...labels].sort();
}

/** How alike two layouts' labels are: shared over all (0 to 1). */
export function layoutSimilarity(a: readonly string[], b: readonly string[]): number {
  if (!a.length || !b.length) return 0;
  const set = new Set(a);
  const shared = b.filter((label) => set.has(label)).length;
  return shared / (a.length + b.length - shared);
}

/** A value of some kind where it stands in the text, and its context (see above). */
interface Candidate {
  at: number;
  value: string | number;
  context: string;
}

type Kind = 'id' | 'place' | 'date' | 'money' | 'weight' | 'text';
const KIND_OF: Record<LearnableField, Kind> = {
  loadNumber: 'id',
  pickupLocation: 'place',
  deliveryLocation: 'place',
  pickupDate: 'date',
  deliveryDate: 'date',
  rate: 'money',
  weight: 'weight',
  commodity: 'text',
};

const ID = /(?<![A-Za-z0-9-])[A-Z0-9][A-Za-z0-9-]{2,30}(?![A-Za-z0-9])/g;
const MONEY = /(?<![\d.,])\$?[^\S\n]?(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{2}))?(?![\d,]|\.\d)/g;
const WEIGHT = /(?<![\d.,/-])(\d{1,3}(?:,\d{3})+|\d{1,9})(?![\d,/-]|\.\d)(?:[^\S\n]*(lbs?\b|pounds\b|kgs?\b|kilograms?\b))?/gi;

const PACKAGES_OF = new RegExp(String.raw`^\d+[^\S\n]+(?:${phraseSource(PACKAGE_TYPES)})[^\S\n]+of[^\S\n]+([A-Za-z][A-Za-z &/-]{2,60}?)(?=[^\S\n]*(?:[,.;(]|$))`, 'i');

/** The values of one kind in the text with their offsets, in text order. */
function valuesOf(kind: Kind, text: string, year: number): { at: number; value: string | number }[] {
  const found: { at: number; value: string | number }[] = [];
  switch (kind) {
    case 'id':
      for (const match of text.matchAll(ID)) if (/\d/.test(match[0])) found.push({ at: match.index, value: match[0] });
      break;
    case 'place':
      for (const match of text.matchAll(PLACE)) found.push({ at: match.index, value: `${titleCaseCity(match[1])}, ${stateCode(match[2])}` });
      break;
    case 'date':
      for (const match of text.matchAll(DATE)) {
        const day = parseDay(match, year);
        if (day) found.push({ at: match.index, value: day });
      }
      break;
    case 'money':
      for (const match of text.matchAll(MONEY)) found.push({ at: match.index + match[0].indexOf(match[1]), value: `${match[1].replace(/,/g, '')}.${match[2] ?? '00'}` });
      break;
    case 'weight':
      for (const match of text.matchAll(WEIGHT)) found.push({ at: match.index, value: toPounds(match[1], match[2]) });
      break;
    case 'text':
      // What follows a cell's label ('Commodity: Bagged flour'), or a whole cell.
      for (const { text: line, offset } of lines(text)) {
        for (const cell of cellsOf(line)) {
          const colon = /^[^:]{1,40}:\s*/.exec(cell.text);
          const start = colon ? colon[0].length : 0;
          const value = cleanCommodity(cell.text.slice(start));
          if (value && start < cell.text.length) found.push({ at: offset + cell.start + start, value });
          // The goods a count of packages names ('Lading: 26 pallets of paper napkins, 21,300 lbs').
          const goods = PACKAGES_OF.exec(cell.text.slice(start));
          const named = goods && cleanCommodity(goods[1]);
          if (named) found.push({ at: offset + cell.start + start + goods.index + goods[0].length - goods[1].length, value: named });
        }
      }
      break;
  }
  return found;
}

function* lines(text: string) {
  let offset = 0;
  for (const line of text.split('\n')) {
    yield { text: line, offset };
    offset += line.length + 1;
  }
}

/** The candidates of one kind with their contexts. */
function candidatesOf(kind: Kind, text: string, year: number): Candidate[] {
  const textLines = [...lines(text)];
  const lineStarts = textLines.map((line) => line.offset);
  const cells = textLines.map((line) => (line.text.length > 400 ? [] : cellsOf(line.text)));
  let lineIndex = 0;
  const candidates: Candidate[] = [];
  for (const { at, value } of valuesOf(kind, text, year)) {
    while (lineIndex + 1 < lineStarts.length && lineStarts[lineIndex + 1] <= at) lineIndex++;
    const column = at - lineStarts[lineIndex];
    const context = contextOf(cells, lineIndex, column, String(value).length);
    if (context) candidates.push({ at, value, context });
  }
  return candidates;
}

const overlaps = (cell: Cell, from: number, to: number) => cell.start <= to + 2 && cell.start + cell.text.length >= from - 2;

/** A cell that names the value after it: a few words, no long number, no place ('Stop 1 (Pick)', 'B/L No.'). */
const looksLikeLeftLabel = (text: string) => /[A-Za-z]{2}/.test(text) && !/\d{3}|,/.test(text) && text.length <= 40 && text.split(/\s+/).length <= 5;

/**
 * The label that says what the value at `column` of line `lineIndex` is (see the module's comment), or '': a label
 * with a colon in its cell or in the cell before, else the words before it in its cell (unless they end in a comma:
 * 'Acme Foods, Joliet, IL' is a company, not a label), else the cell before it on a line of just the two, else the head
 * of its column, else the cell before it, else the words before it however they end.
 */
function contextOf(cells: Cell[][], lineIndex: number, column: number, length: number): string {
  const line = cells[lineIndex];
  const cellIndex = line.findIndex((cell) => cell.start <= column && column < cell.start + cell.text.length);
  if (cellIndex === -1) return '';
  const cell = line[cellIndex];
  const before = cell.text.slice(0, column - cell.start);
  const colon = before.lastIndexOf(':');
  if (colon !== -1 && labelWords(before.slice(0, colon))) return `in:${labelWords(before.slice(0, colon))}`;
  const left = line[cellIndex - 1];
  if (left?.text.endsWith(':') && looksLikeLeftLabel(left.text.slice(0, -1))) return `left:${labelWords(left.text)}`;
  if (labelWords(before) && !/,\s*$/.test(before)) return `in:${labelWords(before)}`;
  // A line of a label and its value ('Pickup      10/14/2027 07:00').
  if (left && cellIndex === 1 && line.length === 2 && looksLikeLeftLabel(left.text)) return `left:${labelWords(left.text)}`;
  const heading = headingAbove(cells, lineIndex, column, length);
  if (heading) return `above:${heading}`;
  if (left && looksLikeLeftLabel(left.text)) return `left:${labelWords(left.text)}`;
  // Last, the words before it even when they end in a comma ('... on the date of issue, 10/04/2027').
  return labelWords(before) ? `in:${labelWords(before)}` : '';
}

/**
 * A heading over a column or block: a label, which may number its stop ('STOP 1 - PICK-UP'); a 'Label: value' cell
 * above is a value of its own, no heading.
 */
const looksLikeHeading = (text: string) => !/:./.test(text) && looksLikeLabel(text.replace(/(?<!\d)\d{1,2}(?!\d)/g, ''));

/**
 * Up the column to the label heading it: the nearest ending in a colon, else the block's own heading at its top left
 * (an indented 'PICKUP' block: the company's name under it is a value), else the top of the column in the block.
 */
function headingAbove(cells: Cell[][], lineIndex: number, column: number, length: number): string {
  let heading = '';
  let top: Cell[] | undefined;
  for (let index = lineIndex - 1; index >= 0 && index >= lineIndex - 8; index--) {
    if (!cells[index].length) break;
    top = index === 0 || !cells[index - 1].length ? cells[index] : undefined;
    const above = cells[index].find((candidate) => overlaps(candidate, column, column + length));
    if (!above) continue;
    const text = above.text.trim();
    if (/:$/.test(text) && looksLikeLabel(text.slice(0, -1))) return labelWords(text);
    if (looksLikeHeading(text)) heading = labelWords(text);
  }
  if (top?.length === 1 && top[0].start <= column && looksLikeHeading(top[0].text)) return labelWords(top[0].text);
  return heading;
}

/** Which of the candidates with its context each candidate is (the second 'Date' of a table: 1), counted once. */
function occurrencesOf(candidates: readonly Candidate[]): Map<Candidate, number> {
  const seen = new Map<string, number>();
  return new Map(
    candidates.map((candidate) => {
      const index = seen.get(candidate.context) ?? 0;
      seen.set(candidate.context, index + 1);
      return [candidate, index];
    }),
  );
}

/** Whether a load's value and a document's are the same (places by city and state, text ignoring case). */
function sameValue(kind: Kind, loadValue: string | number, documentValue: string | number): boolean {
  switch (kind) {
    case 'money':
      return Math.round(Number(loadValue) * 100) === Math.round(Number(documentValue) * 100);
    case 'weight':
      return Number(loadValue) === Number(documentValue);
    case 'place':
    case 'text':
    case 'id':
      return labelWordsAndDigits(String(loadValue)) === labelWordsAndDigits(String(documentValue));
    default:
      return loadValue === documentValue;
  }
}
const labelWordsAndDigits = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The year a date without one is read in: the document's first four-digit year, else this year. */
function yearOf(text: string): number {
  const year = /\b(20\d{2})\b/.exec(text);
  return year ? Number(year[1]) : new Date().getUTCFullYear();
}

/**
 * Where the saved load's values stand in its document: one entry per field the load gives and the document holds
 * beside a label; nothing for a field the load leaves empty, or whose value the document does not contain.
 */
export function learnLayout(whole: string, load: Partial<Record<LearnableField, string | number | null>>): LearnedLayoutField[] {
  const text = head(whole);
  const year = yearOf(text);
  const learned: LearnedLayoutField[] = [];
  const byKind = new Map<Kind, Candidate[]>();
  const taken = new Set<Candidate>();
  const occurrences = new Map<Kind, Map<Candidate, number>>();
  for (const field of LEARNABLE_FIELDS) {
    const value = load[field];
    if (value === undefined || value === null || value === '' || (field === 'weight' && !value)) continue;
    const kind = KIND_OF[field];
    if (!byKind.has(kind)) byKind.set(kind, candidatesOf(kind, text, year));
    const candidates = byKind.get(kind)!;
    // A value that stands twice (pickup and delivery the same day) is the pickup's first, then the delivery's; one
    // that stands in several places is learned where it comes first under its label (a table's first row, not its
    // total after a number of rows that another document does not have).
    if (!occurrences.has(kind)) occurrences.set(kind, occurrencesOf(candidates));
    const occurrence = occurrences.get(kind)!;
    const best = candidates
      .filter((candidate) => sameValue(kind, value, candidate.value) && !taken.has(candidate))
      .reduce<Candidate | undefined>((first, next) => (first && occurrence.get(first)! <= occurrence.get(next)! ? first : next), undefined);
    if (!best) continue;
    taken.add(best);
    learned.push({ field, context: best.context, occurrence: occurrence.get(best)! });
  }
  return learned;
}

/** The values a learned layout gives for a document of that layout (what is not where it was learned is left out). */
export function readWithLayout(whole: string, learned: readonly LearnedLayoutField[]): Partial<ExtractedLoad> {
  const text = head(whole);
  const year = yearOf(text);
  const byKind = new Map<Kind, Candidate[]>();
  const fields: Record<string, unknown> = {};
  for (const { field, context, occurrence } of learned) {
    const kind = KIND_OF[field as LearnableField];
    if (!kind) continue;
    if (!byKind.has(kind)) byKind.set(kind, candidatesOf(kind, text, year));
    const found = byKind.get(kind)!.filter((candidate) => candidate.context === context)[occurrence];
    if (found) fields[field] = found.value;
  }
  return fields as Partial<ExtractedLoad>;
}
