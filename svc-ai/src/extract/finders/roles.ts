import { phraseSource, STOP_ROLE_LABELS } from '../vocabulary.js';
import { lastIndexAtOrBefore } from './text-positions.js';

/**
 * The roles a document's words give what follows them: pickup, delivery, or neither (billing, broker, carrier,
 * issue date). A place or date belongs to the role in force where it stands.
 */
export type Role = 'pickup' | 'delivery' | 'other';

export interface Marker {
  at: number;
  role: Role;
}

// A bill of lading's 'Shipper's No.' is a reference, not the shipper's block.
const stopMarker = (phrases: readonly string[]) => new RegExp(String.raw`\b(?:${phraseSource(phrases)})(?![A-Za-z0-9])(?!'?s[^\S\n]+(?:no\b|num|#))`, 'gi');
const PICKUP_MARKER = stopMarker(STOP_ROLE_LABELS.pickup);
const DELIVERY_MARKER = stopMarker(STOP_ROLE_LABELS.delivery);
const OTHER_MARKER =
  /\b(?:bill(?:ed)?\s+to|remit(?:\s+to)?|broker(?:age)?\b(?!\s+load)|carrier\b(?!\s*(?:pay|rate|total))|invoic(?:e|ing)|billing|mail\s+to|corporate|headquarters|head\s+office|issued|factoring|payment\s+terms|quick\s+pay|insurance|emergency|office|call\s+me|contact|phone|regards|sincerely|thanks|thank\s+you|cheers|(?:prepared|issued|created|booked|printed)\s+by|dispatcher)/gi;

/** Where each of the patterns (pickup, delivery and other, in that order) matches in `text`, in that order. */
export function markersOf(text: string, [pickup, delivery, other]: readonly [RegExp, RegExp, RegExp]): Marker[] {
  const markers: Marker[] = [];
  for (const [pattern, role] of [
    [pickup, 'pickup'],
    [delivery, 'delivery'],
    [other, 'other'],
  ] as const) {
    for (const match of text.matchAll(pattern)) markers.push({ at: match.index, role });
  }
  return markers;
}

/** The document's role markers, in text order. */
export const findMarkers = (text: string): Marker[] => withAsidesEnded(text, markersOf(text, [PICKUP_MARKER, DELIVERY_MARKER, OTHER_MARKER]).sort((a, b) => a.at - b.at));

/** How many characters before a marker are looked at for the gap that sets it in a column of its own. */
const ASIDE_LOOKBACK = 80;

/**
 * A carrier's or biller's label in a right-hand column beside a stop's block ('Address: 2750 Meridian Pkwy     CARRIER
 * NAME: Hoosier Express' under 'SHIP FROM') is an aside: the stop's role is in force again from the next line on.
 */
function withAsidesEnded(text: string, markers: Marker[]): Marker[] {
  const ended: Marker[] = [];
  let role: Role | undefined;
  let lineStart = 0;
  let lineEnd = text.indexOf('\n');
  for (const marker of markers) {
    while (lineEnd !== -1 && lineEnd < marker.at) {
      lineStart = lineEnd + 1;
      lineEnd = text.indexOf('\n', lineStart);
    }
    ended.push(marker);
    const before = text.slice(Math.max(lineStart, marker.at - ASIDE_LOOKBACK), marker.at);
    if (marker.role === 'other' && role && role !== 'other' && /\S[^\S\n]{3,}$/.test(before)) ended.push({ at: lineEnd === -1 ? text.length : lineEnd, role });
    else role = marker.role;
  }
  return ended.sort((a, b) => a.at - b.at);
}

/** The role of the last marker at or before `at` (a binary search: a long document has many places and markers). */
export const roleAt = (markers: readonly Marker[], at: number): Role | undefined => markers[lastIndexAtOrBefore(markers, at, (marker) => marker.at)]?.role;
