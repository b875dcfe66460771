import { centsToMoney, extractedLoadSchema, type ExtractedLoad, type ExtractionConfidence } from '@tms/contracts';
import { isEdi204, readEdi204 } from './edi-204.js';
import { joinNotes, noteSections } from './notes-section.js';
import { cellsOf, valuesBesideLabels } from './stacked-labels.js';
import { parseDay, titleCaseCity, US_STATES } from './text-values.js';

/**
 * The extractor for when no model is configured: rules that read what freight documents have in common rather than
 * any one layout. The text is read as a stream of role markers (pickup / delivery / neither: billing, broker,
 * carrier, issue date), places ('City, ST') and dates in document order; a place or date belongs to the role in
 * force where it stands, unless a label right before it says otherwise ('Due Date', 'no later than'). Money, weight,
 * load number and commodity are chosen by the strength of their labels, with per-hour charges, insurance and
 * other distracting amounts set aside.
 */
export interface OfflineExtraction {
  fields: ExtractedLoad;
  confidence: ExtractionConfidence;
}

type Role = 'pickup' | 'delivery' | 'other';

interface Marker {
  at: number;
  role: Role;
}

const PICKUP_MARKER =
  /\b(?:pick[\s-]?ups?|picks\s+up|picked\s+up|p\/u|origin|ship(?:ping)?\s+from|shipper|consignor|loading\s+(?:at|location|site|facility)|load\s+at|collect(?:ion)?\s+(?:at|from))\b/gi;
const DELIVERY_MARKER =
  /\b(?:deliver(?:y|ies|s|ed)?|drop(?:[\s-]?off)?|destination|dest\b\.?|ship\s+to|consignee|receiver|unload(?:ing)?\s*(?:at|location|site)?|final\s+stop)\b/gi;
const OTHER_MARKER =
  /\b(?:bill(?:ed)?\s+to|remit(?:\s+to)?|broker(?:age)?\b(?!\s+load)|carrier\b(?!\s*(?:pay|rate|total))|invoic(?:e|ing)|billing|mail\s+to|corporate|headquarters|head\s+office|issued|factoring|payment\s+terms|quick\s+pay|insurance|emergency|office|call\s+me|contact|phone|regards|sincerely|thanks|thank\s+you|cheers|(?:prepared|issued|created|booked|printed)\s+by|dispatcher)/gi;

const PICKUP_DATE_LABEL =
  /\b(?:ship(?:ping)?\s+date|pick[\s-]?up\s+(?:date|appt|appointment|on|window)|p\/?u\s+date|load(?:ing)?\s+date|ready\s+date|date\s+shipped|available|ship\s+not\s+before|earliest\s+pick)/gi;
const DELIVERY_DATE_LABEL =
  /\b(?:due\s+date|deliver(?:y)?\s+(?:date|by|appt|appointment|on|window)|must\s+deliver|no\s+later\s+than|eta|arrival\s+date|drop\s+date|del\s+date|required\s+delivery|deliver\s+not\s+later)/gi;
const IGNORED_DATE_LABEL = /\b(?:issued|date\s+issued|issue\s+date|tender\s+date|printed|invoice\s+date|sent|created|today|dated|expir\w*|valid\s+until)\b/gi;

const STATE_CODES = US_STATES.join('|');
// Places, dates and amounts are found in the whole text at once (matching per line costs a regex per line), so
// their patterns stop at a line's end with [^\S\n] where they would say \s.

/**
 * 'Salt Lake City, UT 84101', 'JOLIET, IL', 'Winston-Salem NC 27101' (a ZIP code makes the comma optional). A city
 * starts where a word does, not inside 'A.B.C' (which would try every letter of a long run: quadratic).
 */
const PLACE = new RegExp(
  String.raw`(?<![A-Za-z.'\-])\b([A-Z][A-Za-z.'\-]*(?:[ ][A-Z][A-Za-z.'\-]*){0,3})(?:,[^\S\n]*|[^\S\n]+(?=(?:${STATE_CODES})[^\S\n]+\d{5}\b))(${STATE_CODES})\b(?:\.?[^\S\n]+(\d{5})(?:-\d{4})?)?`,
  'g',
);
/** Words that end a street or a company name: a place's city starts after them. */
const NOT_CITY_WORD =
  /^(?:st|street|ave|avenue|rd|road|ln|lane|blvd|dr|drive|way|hwy|highway|pkwy|parkway|cir|circle|ct|court|pl|plaza|trl|suite|ste|unit|co|inc|llc|ltd|corp|company|dc|mills|works|depot|warehouse|packaging|foods|produce|lumber|logistics|freight|transport|to|at|from|in|and|the|of|pickup|delivery|origin|destination|stop|shipper|consignee|receiver|state|location|address|terminal|dock|facility)$/i;

const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
export const DATE = new RegExp(
  String.raw`\b(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})|(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?[^\S\n]+)?(${MONTHS})\.?[^\S\n]+(\d{1,2})(?:st|nd|rd|th)?(?:,?[^\S\n]+(\d{4}))?|(\d{1,2})(?:st|nd|rd|th)?[^\S\n]+(${MONTHS})\.?,?[^\S\n]+(\d{4})|(\d{1,2})/(\d{1,2})(?![/\d]))(?![\d:])`,
  'gi',
);

/**
 * Amounts: '$5,025.00', 'USD 900', '2975.00 dollars'. Numbers are bounded (no rate has 13 digits) and start where a
 * number does, so a long run of digits or '1,000,000,...' is read once, not from each of its digits (quadratic).
 */
export const MONEY = /(?:\$|USD[^\S\n]?)[^\S\n]?(\d{1,3}(?:,\d{3}){1,3}|\d{1,12})(?:\.(\d{2}))?(?!\d)|(?<!\d,)\b(\d{1,3}(?:,\d{3}){1,3}|\d{1,12})\.(\d{2})[^\S\n]?(?:USD|dollars)\b/gi;
const MONEY_TOTAL = /\b(?:total|all[\s-]?in|grand\s+total|amount\s+due|agreed\s+(?:amount|rate)|flat\s+rate|total\s+(?:carrier\s+)?pay|total\s+rate|net\s+pay|pay(?:s|ing)?\s+\$)/i;
const MONEY_LINEHAUL = /\b(?:line[\s-]?haul|base\s+rate|freight\s+rate|flat)\b/i;
const MONEY_CHARGE = /\b(?:fuel|fsc|stop[\s-]?off|extra\s+stop|stop\s+charge|tarp|drop\s+fee|hazmat\s+fee|accessorial|team\s+fee)/i;
const MONEY_PAY = /\b(?:rate|pay(?:s|ment)?|amount|freight\s+charges?|charges?|carrier\s+pay|compensation|price)\b/i;
const MONEY_IGNORED =
  /\b(?:insur\w*|liabilit\w*|coverage|cargo\s+value|declared|valuation|fines?|penalt\w*|claims?|deduct\w*|late|up\s+to|not\s+to\s+exceed|maximum|minimum|advance|cod|deposit|detention|layover|tonu|truck\s+order\s+not\s+used|lumper|reimburs\w*|per\s+(?:hour|hr|day|mile|stop)|mc[\s-]?\d|credit|invoice\s+total|fee\s+of|charged\s+back|chargeback|quick\s+pay|too\s+low|quote)/i;
const PER_UNIT_AFTER = /^\s*(?:\/|per\s+)(?:hr|hour|h|day|mi|mile|stop|pallet|cwt|lb)\b/i;

// Weights: a number starts where a number does (not at every digit of a run: quadratic), bounded like the form's;
// no two optional parts are separated only by \s* (a long run of spaces would be tried every way: cubic).
const WEIGHT_UNIT = /(?<!\d|\d[,.])(\d{1,3}(?:,\d{3}){1,3}|\d{1,9})(?:\.\d{1,6})?\s*(lbs?\b\.?|pounds\b|#(?!\s*\w)|kgs?\b|kilograms?\b)/gi;
const WEIGHT_LABEL =
  /\b(gross\s+weight|total\s+weight|scale\s+weight|weight|wgt|wt)\b\.?\s*(?:\((lbs?|pounds|kgs?)\)\s*)?(?:[:#=-]\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*(lbs?|pounds|kgs?|kilograms?)?/i;

// Labels and their value: each \s* follows a character the pattern needs, so a run of spaces is tried one way only.
const LOAD_NUMBER_LABELS: { pattern: RegExp; confidence: number }[] = [
  { pattern: /\b(?:load|shipment|trip|tender|confirmation|conf|booking|agreement|contract|dispatch|manifest)[^\S\n]*(?:number|num|no\.?|#|id)[^\S\n]*(?:[:#.][^\S\n]*)?(?:#[^\S\n]*)?([A-Z0-9][A-Z0-9-]{2,})/gi, confidence: 0.95 },
  { pattern: /\b(?:bol|b\/l|bill\s+of\s+lading|bl)[^\S\n]*(?:(?:number|num|no\.?|#)[^\S\n]*)?[:#][^\S\n]*(?:#[^\S\n]*)?([A-Z0-9][A-Z0-9-]{2,})/gi, confidence: 0.9 },
  { pattern: /\bpro[^\S\n]*(?:(?:number|num|no\.?|#)[^\S\n]*)?[:#][^\S\n]*(?:#[^\S\n]*)?([A-Z0-9][A-Z0-9-]{2,})/gi, confidence: 0.85 },
  { pattern: /\b(?:order|reference|ref)[^\S\n]*(?:number|num|no\.?|#|id)[^\S\n]*(?:[:#.][^\S\n]*)?(?:#[^\S\n]*)?([A-Z0-9][A-Z0-9-]{2,})/gi, confidence: 0.7 },
  { pattern: /\b(?:load|shipment|trip|tender|order)(?:\s+tender)?\s+(?:#\s*)?([A-Z]{0,5}-?\d[A-Z0-9-]{3,})\b/gi, confidence: 0.85 },
  { pattern: /\b(?:po|purchase\s+order|customer\s+order)[^\S\n]*(?:(?:number|no\.?|#)[^\S\n]*)?[:#][^\S\n]*([A-Z0-9][A-Z0-9-]{2,})/gi, confidence: 0.5 },
];

const COMMODITY_LABEL =
  /\b(?:commodity|commodities|description\s+of\s+(?:goods|articles|commodity)|product|goods|cargo|freight\s+description|material|contents|description)\b\s*(?:\([^)]{0,60}\)\s*)?[:\-–]\s*(.+)/i;
const COMMODITY_PROSE =
  /\b(?:lbs?|pounds)\s+of\s+([a-z][a-z &\-/]{2,60}?)(?=\s*(?:[,.;(]|\s(?:floor|on|in|palletized|loaded|shipped|going|from|to|and\s+needs)\b|$))/i;
const COMMODITY_PACKAGES =
  /\b\d+\s+(?:pallets?|plts?|skids?|cases|cartons|drums|bags|boxes|crates|totes|pieces|bundles|rolls)\s+of\s+([a-z][a-z &\-/]{2,60}?)(?=\s*(?:[,.;(]|\s(?:floor|on|in|palletized|loaded|shipped|going|from|to|weighing|at)\b|$))/i;
const COMMODITY_HAULING = /\b(?:hauling|loaded\s+with|carrying|shipment\s+of)\s+([a-z][a-z &\-/]{2,60}?)(?=\s*(?:[,.;(]|\s(?:from|to|weighing|on)\b|$))/i;

const EQUIPMENT = /\b(?:equipment|trailer(?:\s+type)?|truck\s+type)\s*[:\-]\s*([^\n]{2,60})/i;
const TEMPERATURE = /\b(?:temp(?:erature)?|reefer\s+set(?:\s+at)?)\s*(?:[:\-]\s*)?(-?\d{1,3}\s*(?:°\s*)?[FC])\b/i;
const SEAL = /\bseal[^\S\n]*(?:(?:number|no\.?|#)(?:\(s\))?[^\S\n]*)?[:#]?[^\S\n]*([A-Z0-9][A-Z0-9-]{3,})/i;
const REFERENCE = /\b(?:po|purchase\s+order|customer\s+order|reference|ref)\s*(?:(?:number|no\.?|#)\s*)?(?:is|:|#)\s*([A-Z0-9][A-Z0-9-]{2,})/i;

/** Reads the load form's fields out of a document's text. `fromOcr` lowers the confidence of everything a little. */
export function extractOffline(rawText: string, options: { fromOcr?: boolean; today?: Date } = {}): OfflineExtraction {
  const found = isEdi204(rawText) ? readEdi204(rawText) : readDocument(normalize(rawText), options.today ?? new Date());
  const fields: ExtractedLoad = {};
  const confidence: ExtractionConfidence = {};
  const scale = options.fromOcr ? 0.9 : 1;
  for (const [field, value] of Object.entries(found.fields) as [keyof ExtractedLoad, unknown][]) {
    const checked = extractedLoadSchema.shape[field].safeParse(value);
    if (value === undefined || !checked.success || checked.data === undefined) continue;
    (fields as Record<string, unknown>)[field] = checked.data;
    confidence[field] = round2((found.confidence[field] ?? 0.5) * scale);
  }
  return { fields, confidence };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** OCR and PDF text quirks: 'Ibs' for 'lbs', '18,600 Ib' for 'lb', non-breaking and odd spaces, curly quotes, '$ 1,000'. */
function normalize(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2000-\u200b\u202f]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\b[I|l1]bs\b/g, 'lbs')
    .replace(/(?<=\d[^\S\n]?)[I|]b\b/g, 'lb')
    // A table's or a box's rules ('| Commodity: Paper |') are gaps between cells, as wide as they were.
    .replace(/\|/g, ' ')
    // Dotted leaders ('Commodity ..... Paper', 'Origin ...... Tucson, AZ') say what a colon says.
    .replace(/(?<![^\S\n])[^\S\n]*\.{3,}[^\S\n]*(?=\S)/g, ': ')
    .replace(/(?<![ \t])[ \t]+\n/g, '\n');
}

interface Found {
  fields: Record<string, unknown>;
  confidence: ExtractionConfidence;
}

function readDocument(text: string, today: Date): Found {
  const fields: Record<string, unknown> = {};
  const confidence: ExtractionConfidence = {};
  const set = (field: keyof ExtractedLoad, value: unknown, sure: number) => {
    if (value === undefined || value === null || value === '') return;
    fields[field] = value;
    confidence[field] = sure;
  };

  const loadNumber = findLoadNumber(valuesBesideLabels(text));
  if (loadNumber) set('loadNumber', loadNumber.value, loadNumber.confidence);

  const markers = findMarkers(text);
  // The role of the last marker at or before `at` (a binary search: a long document has many places and markers).
  const roleAt = (at: number): Role | undefined => markers[lastIndexAtOrBefore(markers, at, (marker) => marker.at)]?.role;

  const columns = columnRoles(text, markers);
  const placeRole = (at: number) => columns.get(at) ?? roleInBlock(at);
  // A place in a block (lines between blank ones) that no marker of its own opens takes the role of the block's first
  // pickup or delivery marker after it ('Hickory, NC 28601' over 'Pick up Tue 06/08'), not one from blocks above.
  const blanks = [...text.matchAll(/\n[^\S\n]*(?=\n)/g)].map((match) => match.index);
  // The first pickup or delivery marker at or after each marker (computed once: no scan per place).
  const nextRoleMarker: (Marker | undefined)[] = [];
  for (let index = markers.length - 1; index >= 0; index--) nextRoleMarker[index] = markers[index].role === 'other' ? nextRoleMarker[index + 1] : markers[index];
  const roleInBlock = (at: number): Role | undefined => {
    const beforeIndex = lastIndexAtOrBefore(markers, at, (marker) => marker.at);
    const before = markers[beforeIndex];
    const blankIndex = lastIndexAtOrBefore(blanks, at, (blank) => blank);
    if (before && before.at > (blanks[blankIndex] ?? -1)) return before.role;
    const after = nextRoleMarker[beforeIndex + 1];
    return after && after.at < (blanks[blankIndex + 1] ?? text.length) ? after.role : before?.role;
  };
  const places = findPlaces(text);
  for (const place of places) {
    const column = columnRoleOf(place, columns);
    if (column) columns.set(place.at, column);
  }
  const pickupPlaces = places.filter((place) => placeRole(place.at) === 'pickup');
  const deliveryPlaces = places.filter((place) => placeRole(place.at) === 'delivery');
  if (pickupPlaces.length) set('pickupLocation', pickupPlaces[0].value, 0.9);
  if (deliveryPlaces.length) set('deliveryLocation', deliveryPlaces.at(-1)!.value, 0.9);
  const unassigned = places.filter((place) => placeRole(place.at) !== 'other');
  if (!fields.pickupLocation && unassigned.length >= 2) set('pickupLocation', unassigned[0].value, 0.5);
  if (!fields.deliveryLocation && unassigned.length >= 2) set('deliveryLocation', unassigned.at(-1)!.value, 0.5);

  const dates = findDates(text, today);
  const datesFor = (role: Role) => dates.filter((date) => (date.label ?? roleAt(date.at)) === role);
  const pickupDates = datesFor('pickup');
  const deliveryDates = datesFor('delivery');
  if (pickupDates.length) set('pickupDate', pickupDates[0].value, pickupDates[0].label ? 0.95 : 0.85);
  if (deliveryDates.length) {
    const last = deliveryDates.at(-1)!;
    set('deliveryDate', last.value, last.label ? 0.95 : 0.85);
  }
  const loose = dates.filter((date) => date.label !== 'other' && roleAt(date.at) !== 'other').map((date) => date.value).sort();
  if (!fields.pickupDate && loose.length) set('pickupDate', loose[0], 0.45);
  if (!fields.deliveryDate && loose.length >= 2) set('deliveryDate', loose.at(-1), 0.45);

  const rate = findRate(text);
  if (rate) set('rate', centsToMoney(rate.cents), rate.confidence);

  const table = readItemTable(text);
  const weight = findWeight(text) ?? table?.weight;
  if (weight) set('weight', weight.value, weight.confidence);

  const commodity = findCommodity(text) ?? table?.commodity;
  if (commodity) set('commodity', commodity.value, commodity.confidence);

  const sections = noteSections(text);
  const notes = joinNotes([...sections, ...noteFacts(text)]);
  if (notes) set('notes', notes, sections.length ? 0.8 : 0.6);
  return { fields, confidence };
}

/**
 * Side-by-side blocks ('SHIPPER        CONSIGNEE' over two addresses): a line with both a pickup and a delivery
 * marker, set apart by wide gaps, is a header whose columns give the role of what stands under them, down to the
 * next blank line. Answers the header lines by their offset, with each column's start and role.
 */
interface ColumnHeader {
  start: number;
  end: number;
  columns: { column: number; role: Role }[];
}

/** A line longer than this is no column header (a page is at most a few hundred characters wide). */
const MAX_HEADER_LINE = 400;

function columnRoles(text: string, markers: Marker[]): Map<number, Role> & { headers?: ColumnHeader[] } {
  const headers: ColumnHeader[] = [];
  const lines = [...linesWithOffsets(text)];
  // Where each line's block (down to the next blank line) ends, computed once from the bottom up.
  const blockEnds: number[] = [];
  for (let index = lines.length - 1; index >= 0; index--) {
    const lineEnd = lines[index].offset + lines[index].text.length;
    blockEnds[index] = index + 1 < lines.length && lines[index + 1].text.trim() ? blockEnds[index + 1] : lineEnd;
  }
  let next = 0;
  lines.forEach((line, index) => {
    const lineEnd = line.offset + line.text.length;
    // Markers are in text order: each line takes those from where the previous one stopped.
    const inLine: Marker[] = [];
    while (next < markers.length && markers[next].at < line.offset) next++;
    while (next < markers.length && markers[next].at < lineEnd) inLine.push(markers[next++]);
    if (line.text.length > MAX_HEADER_LINE) return;
    const roles = new Set(inLine.map((marker) => marker.role));
    if (!(roles.has('pickup') && roles.has('delivery')) || !/\S\s{3,}\S/.test(line.text)) return;
    const columns: { column: number; role: Role }[] = [];
    for (const marker of inLine) {
      const column = marker.at - line.offset;
      const before = line.text.slice(0, column);
      // Only a marker that starts a column (after a wide gap or at the line's start) opens one.
      if (column === 0 || before.length - before.trimEnd().length >= 3 || !before.trim()) columns.push({ column, role: marker.role });
    }
    // A block's first header owns the whole block: another header line under it would never be the one that counts.
    if (columns.length >= 2 && headers.at(-1)?.end !== blockEnds[index]) headers.push({ start: lineEnd, end: blockEnds[index], columns });
  });
  const map = new Map<number, Role>() as Map<number, Role> & { headers?: ColumnHeader[] };
  map.headers = headers;
  return map;
}

function columnRoleOf(place: Place, columns: { headers?: ColumnHeader[] }): Role | undefined {
  const headers = columns.headers ?? [];
  const header = headers[lastIndexAtOrBefore(headers, place.at - 1, (candidate) => candidate.start)];
  if (!header || place.at > header.end) return undefined;
  const column = place.at - place.lineStart;
  const owner = [...header.columns].filter((candidate) => candidate.column <= column + 2).sort((a, b) => b.column - a.column)[0];
  return owner?.role;
}

/** The index of the last item at or before `at` (items in text order), or -1. */
function lastIndexAtOrBefore<T>(items: readonly T[], at: number, position: (item: T) => number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (position(items[middle]) <= at) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

function findMarkers(text: string): Marker[] {
  const markers: Marker[] = [];
  for (const [pattern, role] of [
    [PICKUP_MARKER, 'pickup'],
    [DELIVERY_MARKER, 'delivery'],
    [OTHER_MARKER, 'other'],
  ] as const) {
    for (const match of text.matchAll(pattern)) markers.push({ at: match.index, role });
  }
  return markers.sort((a, b) => a.at - b.at);
}

interface Located<T> {
  at: number;
  value: T;
}

interface Place extends Located<string> {
  /** Where the place's line starts. */
  lineStart: number;
}

function findPlaces(text: string): Place[] {
  const places: Place[] = [];
  const lineStartOf = lineStarts(text);
  for (const match of text.matchAll(PLACE)) {
    const words = match[1].split(' ');
    // The city is what follows the last street, company or role word: '3524 Freight Ln Harrisburg' → 'Harrisburg'.
    let start = 0;
    words.forEach((word, index) => {
      if (NOT_CITY_WORD.test(word.replace(/[.,]$/, ''))) start = index + 1;
    });
    const cityWords = words.slice(start);
    if (!cityWords.length) continue;
    const city = titleCaseCity(cityWords.join(' '));
    places.push({ at: match.index + match[0].indexOf(cityWords[0]), value: `${city}, ${match[2]}`, lineStart: lineStartOf(match.index) });
  }
  return places;
}

/** The start of the line of a position, for positions asked in text order: one pass over the text in all. */
function lineStarts(text: string): (at: number) => number {
  let start = 0;
  let newline = text.indexOf('\n');
  return (at) => {
    while (newline !== -1 && newline < at) {
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    return start;
  };
}

function* linesWithOffsets(text: string) {
  let offset = 0;
  for (const line of text.split('\n')) {
    yield { text: line, offset };
    offset += line.length + 1;
  }
}

interface FoundDate extends Located<string> {
  /** The role a label right before the date gives it. */
  label?: Role;
}

function findDates(text: string, today: Date): FoundDate[] {
  const years = [...text.matchAll(/\b(20\d{2})\b/g)].map((match) => Number(match[1]));
  const fallbackYear = years.length ? years[0] : today.getUTCFullYear();
  const dates: FoundDate[] = [];
  const lineStartOf = lineStarts(text);
  for (const match of text.matchAll(DATE)) {
    const value = parseDay(match, fallbackYear);
    if (!value) continue;
    const before = text.slice(Math.max(lineStartOf(match.index), match.index - 40), match.index);
    dates.push({ at: match.index, value, label: dateLabel(before) });
  }
  return dates;
}

/** The role the words right before a date give it: the nearest label wins. */
function dateLabel(before: string): Role | undefined {
  const candidates: { at: number; role: Role }[] = [];
  for (const [pattern, role] of [
    [PICKUP_DATE_LABEL, 'pickup'],
    [DELIVERY_DATE_LABEL, 'delivery'],
    [IGNORED_DATE_LABEL, 'other'],
  ] as const) {
    for (const match of before.matchAll(pattern)) candidates.push({ at: match.index, role });
  }
  return candidates.sort((a, b) => b.at - a.at)[0]?.role;
}

interface Money {
  cents: bigint;
  label: string;
}

function findRate(text: string): { cents: bigint; confidence: number } | undefined {
  const amounts: Money[] = [];
  const lineStartOf = lineStarts(text);
  for (const match of text.matchAll(MONEY)) {
    const whole = (match[1] ?? match[3]).replace(/,/g, '');
    const cents = BigInt(whole) * 100n + BigInt(match[2] ?? match[4] ?? '0');
    // The label: the words since the previous amount or sentence, up to 60 characters.
    const start = Math.max(lineStartOf(match.index), match.index - 60);
    let label = text.slice(start, match.index);
    label = label.split(/\$\s?[\d,.]+|(?<!\.)[.;!?](?!\.)(?:\s+(?=[A-Z])|$)/).at(-1) ?? label;
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 30).split('\n')[0];
    const afterPhrase = after.split(/[.;,(]/)[0];
    if (PER_UNIT_AFTER.test(after) || MONEY_IGNORED.test(label) || MONEY_IGNORED.test(afterPhrase)) continue;
    if (cents === 0n) continue;
    amounts.push({ cents, label: `${label}${match[0]} ${afterPhrase}` });
  }

  const totals = amounts.filter((amount) => MONEY_TOTAL.test(amount.label) && !/sub[\s-]?total/i.test(amount.label));
  if (totals.length) return { cents: totals.reduce((max, amount) => (amount.cents > max ? amount.cents : max), 0n), confidence: 0.95 };
  const linehaul = amounts.filter((amount) => MONEY_LINEHAUL.test(amount.label));
  if (linehaul.length) {
    const charges = amounts.filter((amount) => !MONEY_LINEHAUL.test(amount.label) && MONEY_CHARGE.test(amount.label));
    const cents = [linehaul[0], ...charges].reduce((sum, amount) => sum + amount.cents, 0n);
    return { cents, confidence: charges.length ? 0.8 : 0.75 };
  }
  const pay = amounts.filter((amount) => MONEY_PAY.test(amount.label));
  if (pay.length) return { cents: pay[0].cents, confidence: 0.7 };
  if (amounts.length === 1) return { cents: amounts[0].cents, confidence: 0.45 };
  return undefined;
}

function toPounds(amount: string, unit: string | undefined): number {
  const value = Number(amount.replace(/,/g, ''));
  return unit && /^kg|^kilo/i.test(unit) ? Math.round(value * 2.20462) : value;
}

function findWeight(text: string): { value: number; confidence: number } | undefined {
  const labelled = text
    .split('\n')
    .map((line) => WEIGHT_LABEL.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && Number(match[3].replace(/,/g, '')) > 0);
  const strongest = labelled.find((match) => /gross|total|scale/i.test(match[1])) ?? labelled[0];
  if (strongest) return { value: toPounds(strongest[3], strongest[4] ?? strongest[2]), confidence: 0.95 };
  const withUnit = [...text.matchAll(WEIGHT_UNIT)].filter((match) => Number(match[1].replace(/,/g, '')) >= 10);
  if (withUnit.length) {
    const values = withUnit.map((match) => toPounds(match[1], match[2]));
    return { value: values.reduce((max, value) => Math.max(max, value)), confidence: withUnit.length === 1 ? 0.85 : 0.7 };
  }
  return undefined;
}

/**
 * A table of items under a header naming a weight column ('Pkgs  Description  Weight (lbs)'): the weight is the
 * TOTAL row's, else the rows' sum, each row's being the number under the weight column (not the NMFC code or class
 * beside it); the commodity is the first row's description, the cell under the description column that is not a
 * count of packages. Header lines without numbers under the header ('QTY  TYPE') belong to it.
 */
function readItemTable(text: string): { weight?: { value: number; confidence: number }; commodity?: { value: string; confidence: number } } | undefined {
  const lines = text.split('\n');
  const header = lines.findIndex((line) => /\bweight\b|\bwt\b|\blbs\b/i.test(line) && /\b(?:description|commodity|pkgs?|pieces|pcs|qty|handling|items?|product)\b/i.test(line));
  if (header < 0) return undefined;
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

function cleanCommodity(value: string): string | undefined {
  const cleaned = value
    .replace(/\s{2,}.*$/, '')
    .replace(/\b(?:weight|wt|pieces|pcs|pallets|qty)\b.*$/i, '')
    .replace(/(?<![\s,;:.-])[\s,;:.-]+$/, '')
    .trim();
  if (!/[a-z]{3}/i.test(cleaned) || cleaned.length > 80) return undefined;
  return cleaned[0].toUpperCase() + cleaned.slice(1);
}

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

function findLoadNumber(text: string): { value: string; confidence: number } | undefined {
  for (const { pattern, confidence } of LOAD_NUMBER_LABELS) {
    for (const match of text.matchAll(pattern)) {
      const value = match[1].replace(/-+$/, '');
      if (/\d/.test(value) && !/^(?:19|20)\d{2}$/.test(value)) return { value, confidence };
    }
  }
  return undefined;
}

/** What a dispatcher should see beside the document's own instructions: equipment, temperature, references, seal. */
function noteFacts(text: string): string[] {
  const notes: string[] = [];
  const equipment = EQUIPMENT.exec(text);
  if (equipment) notes.push(`Equipment: ${equipment[1].trim().replace(/\s{2,}.*$/, '')}`);
  const temperature = TEMPERATURE.exec(text);
  if (temperature) notes.push(`Temperature: ${temperature[1].replace(/\s+/g, '')}`);
  const reference = REFERENCE.exec(text);
  if (reference && /\d/.test(reference[1])) notes.push(`Reference: ${reference[1].replace(/[.-]+$/, '')}`);
  const seal = SEAL.exec(text);
  if (seal && /\d/.test(seal[1])) notes.push(`Seal: ${seal[1]}`);
  return notes;
}
