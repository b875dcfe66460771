import { cellsOf } from '../stacked-labels.js';
import { stateCode, titleCaseCity, US_STATE_NAMES, US_STATES } from '../text-values.js';
import type { Finder, Findings } from './finder.js';
import type { Marker, Role } from './roles.js';
import { lastIndexAtOrBefore, lineStarts, linesWithOffsets, type Located } from './text-positions.js';

const STATE_CODES = US_STATES.join('|');
// A state written out follows a comma ('Dallas, Texas'), in title case or capitals; longer names first ('West Virginia').
const STATE_NAMES = Object.keys(US_STATE_NAMES)
  .sort((a, b) => b.length - a.length)
  .flatMap((name) => [name, name.toUpperCase()])
  .join('|');

/**
 * 'Salt Lake City, UT 84101', 'JOLIET, IL', 'Winston-Salem NC 27101' (a ZIP code makes the comma optional), 'Dallas,
 * Texas' (the state as written: stateCode gives its two letters). A city starts where a word does, not inside 'A.B.C'
 * (which would try every letter of a long run: quadratic).
 */
export const PLACE = new RegExp(
  String.raw`(?<![A-Za-z.'\-])\b([A-Z][A-Za-z.'\-]*(?:[ ][A-Z][A-Za-z.'\-]*){0,3})(?:,[^\S\n]*|[^\S\n]+(?=(?:${STATE_CODES})[^\S\n]+\d{5}\b))(${STATE_CODES}|${STATE_NAMES})\b(?:\.?[^\S\n]+(\d{5})(?:-\d{4})?)?`,
  'g',
);
/** Words that end a street or a company name: a place's city starts after them. */
const NOT_CITY_WORD =
  /^(?:st|street|ave|avenue|rd|road|ln|lane|blvd|dr|drive|way|hwy|highway|pkwy|parkway|cir|circle|ct|court|pl|plaza|trl|suite|ste|unit|co|inc|llc|ltd|corp|company|dc|mills|works|depot|warehouse|packaging|foods|produce|lumber|logistics|freight|transport|to|at|from|in|and|the|of|pickup|delivery|origin|destination|stop|shipper|consignee|receiver|state|location|address|terminal|dock|facility)$/i;

/**
 * The pickup and delivery locations: the first place in a pickup's role and the last in a delivery's, a place's role
 * being its column's under a side-by-side header, else its block's; without them, the first and last of the places
 * that are no one else's (billing, broker), less sure.
 */
export const placesFinder: Finder = ({ text, markers }) => {
  const found: Findings = {};
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
  if (pickupPlaces.length) found.pickupLocation = { value: pickupPlaces[0].value, confidence: 0.9 };
  if (deliveryPlaces.length) found.deliveryLocation = { value: deliveryPlaces.at(-1)!.value, confidence: 0.9 };
  const unassigned = places.filter((place) => placeRole(place.at) !== 'other');
  if (!found.pickupLocation && unassigned.length >= 2) found.pickupLocation = { value: unassigned[0].value, confidence: 0.5 };
  if (!found.deliveryLocation && unassigned.length >= 2) found.deliveryLocation = { value: unassigned.at(-1)!.value, confidence: 0.5 };
  return found;
};

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
    const cells = cellsOf(line.text);
    for (const marker of inLine) {
      const at = marker.at - line.offset;
      // A column starts where its heading's cell does ('STOP 1 - PICK-UP'), after a wide gap or at the line's start;
      // a cell's first marker opens it.
      const cell = cells[lastIndexAtOrBefore(cells, at, (candidate) => candidate.start)];
      if (!cell || columns.some(({ column }) => column === cell.start)) continue;
      const before = line.text.slice(0, cell.start);
      if (cell.start === 0 || before.length - before.trimEnd().length >= 3 || !before.trim()) columns.push({ column: cell.start, role: marker.role });
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
    places.push({ at: match.index + match[0].indexOf(cityWords[0]), value: `${city}, ${stateCode(match[2])}`, lineStart: lineStartOf(match.index) });
  }
  return places;
}
