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

const PICKUP_MARKER =
  /\b(?:pick[\s-]?ups?|picks\s+up|picked\s+up|p\/u|origin|ship(?:ping)?\s+from|shipper|consignor|loading\s+(?:at|location|site|facility)|load\s+at|collect(?:ion)?\s+(?:at|from))\b/gi;
const DELIVERY_MARKER =
  /\b(?:deliver(?:y|ies|s|ed)?|drop(?:[\s-]?off)?|destination|dest\b\.?|ship\s+to|consignee|receiver|unload(?:ing)?\s*(?:at|location|site)?|final\s+stop)\b/gi;
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
export const findMarkers = (text: string): Marker[] => markersOf(text, [PICKUP_MARKER, DELIVERY_MARKER, OTHER_MARKER]).sort((a, b) => a.at - b.at);

/** The role of the last marker at or before `at` (a binary search: a long document has many places and markers). */
export const roleAt = (markers: readonly Marker[], at: number): Role | undefined => markers[lastIndexAtOrBefore(markers, at, (marker) => marker.at)]?.role;
