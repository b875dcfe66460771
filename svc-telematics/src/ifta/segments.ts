import { IFTA_GAP_MIN_MILES, IFTA_MAX_MPH, IFTA_MAX_SEGMENT_MS, METERS_PER_MILE, type IftaGapReason, type IftaJurisdiction } from '@tms/contracts';
import { greatCircleMeters, type LonLat, type StateLines } from './state-lines.js';

/** A stored position of a truck, as the totals read it. */
export interface Fix extends LonLat {
  id: string;
  /** Epoch milliseconds. */
  at: number;
  /** The company's day of the position ('YYYY-MM-DD'): a segment counts on the day of its later position. */
  day: string;
}

/** What a segment adds to the totals, in whole millimeters (so that taking it away again is exact). */
export type SegmentTotals =
  | { kind: 'driven'; millimeters: Map<IftaJurisdiction, number> }
  | { kind: 'gap'; reason: IftaGapReason; millimeters: number }
  | { kind: 'none' };

/** 90 mph in meters per millisecond. */
const MAX_METERS_PER_MS = (IFTA_MAX_MPH * METERS_PER_MILE) / 3_600_000;
const GAP_MIN_METERS = IFTA_GAP_MIN_MILES * METERS_PER_MILE;

/**
 * The segment between two consecutive positions of a truck (a before b): driven (its great-circle distance, split
 * at the state lines), or not counted — more than 2 hours apart, or faster than 90 mph — and then a gap for the
 * clerk when it spans over a mile in a straight line.
 */
export function segmentTotals(a: Fix, b: Fix, lines: StateLines): SegmentTotals {
  const meters = greatCircleMeters(a, b);
  const elapsed = b.at - a.at;
  const reason: IftaGapReason | undefined =
    elapsed > IFTA_MAX_SEGMENT_MS ? 'no-positions' : meters > 0 && meters > MAX_METERS_PER_MS * elapsed ? 'impossible-speed' : undefined;
  if (reason) return meters > GAP_MIN_METERS ? { kind: 'gap', reason, millimeters: Math.round(meters * 1000) } : { kind: 'none' };
  if (meters === 0) return { kind: 'none' };
  const millimeters = new Map<IftaJurisdiction, number>();
  for (const { jurisdiction, meters: part } of lines.pieces(a, b, meters)) {
    millimeters.set(jurisdiction, (millimeters.get(jurisdiction) ?? 0) + Math.round(part * 1000));
  }
  return { kind: 'driven', millimeters };
}
