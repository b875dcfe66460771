import { METERS_PER_MILE } from '@tms/contracts';
import { segmentTotals } from './segments.js';
import { greatCircleMeters, StateLines } from './state-lines.js';

/**
 * Worked by hand on a sphere of radius 6,371,008.8 m: two points on the parallel φ, Δλ apart, are
 * 2R·asin(cos φ · sin(Δλ/2)) apart along their great circle, which crosses the meridian halfway between them at its
 * middle (the ends mirror each other). us-atlas draws Texas/New Mexico on B = −103.06507523165232° between 32.0°N and
 * 33.04°N, and Colorado/Kansas on K = −102.04571573765737° between 38.05°N and 39.14°N.
 */
const B = -103.06507523165232;
const K = -102.04571573765737;
const lines = StateLines.load();
const miles = (pieces: { jurisdiction: string; meters: number }[]) => Object.fromEntries(pieces.map((piece) => [piece.jurisdiction, +(piece.meters / METERS_PER_MILE).toFixed(3)]));

describe('StateLines', () => {
  it('names the state a point is in, and OTHER outside every state', () => {
    expect(lines.jurisdictionAt({ latitude: 41.8781, longitude: -87.6298 })).toBe('IL'); // Chicago
    expect(lines.jurisdictionAt({ latitude: 31.9973, longitude: -102.0779 })).toBe('TX'); // Midland
    expect(lines.jurisdictionAt({ latitude: 32.7026, longitude: -103.136 })).toBe('NM'); // Hobbs, 4 miles from Texas
    expect(lines.jurisdictionAt({ latitude: 45.5017, longitude: -73.5673 })).toBe('OTHER'); // Montreal
    expect(lines.jurisdictionAt({ latitude: 27.0, longitude: -90.0 })).toBe('OTHER'); // the Gulf
  });

  it('gives water outside every state to the nearest state within 20 miles, and leaves farther water OTHER', () => {
    // The middle of the Chesapeake Bay Bridge and of the Mackinac Bridge lie outside every state's polygon.
    expect(lines.jurisdictionAt({ latitude: 38.9926, longitude: -76.3836 })).toBe('MD');
    expect(lines.jurisdictionAt({ latitude: 45.8174, longitude: -84.7278 })).toBe('MI');
    // A bridge's drive is all the state's: no mile of it is OTHER.
    expect(Object.keys(miles(lines.pieces({ latitude: 38.9935, longitude: -76.412 }, { latitude: 38.9775, longitude: -76.331 })))).toEqual(['MD']);
    // The middle of Lake Michigan and of Lake Erie: farther than 20 miles from any state's shore.
    expect(lines.jurisdictionAt({ latitude: 43.5, longitude: -87.0 })).toBe('OTHER');
    expect(lines.jurisdictionAt({ latitude: 42.2, longitude: -81.2 })).toBe('OTHER');
  });

  it('splits a drive along 32.5°N from New Mexico into Texas exactly where it crosses 103.065°W', () => {
    // 2R·asin(cos 32.5° · sin 1°) = 187,559.2 m = 116.544 miles, 58.272 on each side.
    expect(greatCircleMeters({ latitude: 32.5, longitude: B - 1 }, { latitude: 32.5, longitude: B + 1 }) / METERS_PER_MILE).toBeCloseTo(116.544, 3);
    expect(miles(lines.pieces({ latitude: 32.5, longitude: B - 1 }, { latitude: 32.5, longitude: B + 1 }))).toEqual({ NM: 58.272, TX: 58.272 });
  });

  it('splits a drive along 38.5°N from Colorado into Kansas at 102.046°W, in either direction', () => {
    // 2R·asin(cos 38.5° · sin 0.5°) = 87,021.7 m = 54.073 miles, 27.036 on each side.
    const west = { latitude: 38.5, longitude: K - 0.5 };
    const east = { latitude: 38.5, longitude: K + 0.5 };
    expect(miles(lines.pieces(west, east))).toEqual({ CO: 27.036, KS: 27.036 });
    expect(miles(lines.pieces(east, west))).toEqual({ CO: 27.036, KS: 27.036 });
  });

  it('keeps a drive within one state whole', () => {
    const pieces = lines.pieces({ latitude: 31.0, longitude: -100.0 }, { latitude: 31.0, longitude: -99.0 });
    expect(pieces.map((piece) => piece.jurisdiction)).toEqual(['TX']);
  });
});

describe('segmentTotals', () => {
  const fix = (latitude: number, longitude: number, minutes: number) => ({ id: String(minutes), latitude, longitude, at: minutes * 60_000, day: '2026-11-10' });

  it('counts a segment driven at a truck’s speed, split by state, in whole millimeters', () => {
    const segment = segmentTotals(fix(32.5, B - 1, 0), fix(32.5, B + 1, 100), lines);
    if (segment.kind !== 'driven') throw new Error(`not driven: ${segment.kind}`);
    // 58.272 miles each side; the parts add up to the whole 187,559.2 m to the millimeter.
    expect([...segment.millimeters.keys()]).toEqual(['NM', 'TX']);
    for (const part of segment.millimeters.values()) expect(part / 1000 / METERS_PER_MILE).toBeCloseTo(58.272, 3);
    expect(Math.abs(segment.millimeters.get('NM')! + segment.millimeters.get('TX')! - 187_559_210)).toBeLessThan(100);
  });

  it('reports a segment more than 2 hours long as a gap with its straight-line miles, and none under a mile', () => {
    // 58.273 miles (Δλ 1° on 32.5°N) after 121 minutes.
    const gap = segmentTotals(fix(32.5, B + 1, 0), fix(32.5, B + 2, 121), lines);
    expect(gap).toMatchObject({ kind: 'gap', reason: 'no-positions' });
    expect((gap as { millimeters: number }).millimeters / 1000 / METERS_PER_MILE).toBeCloseTo(58.273, 3);
    expect(segmentTotals(fix(32.5, B + 1, 0), fix(32.5, B + 1.01, 600), lines)).toEqual({ kind: 'none' });
  });

  it('reports a segment faster than 90 mph as a gap', () => {
    // 1° of latitude, 69.093 miles, in 46 minutes is 90.1 mph; in 47 minutes, 88.2 mph, driven.
    expect(segmentTotals(fix(33.5, -100, 0), fix(34.5, -100, 46), lines)).toMatchObject({ kind: 'gap', reason: 'impossible-speed' });
    expect(segmentTotals(fix(33.5, -100, 0), fix(34.5, -100, 47), lines)).toMatchObject({ kind: 'driven' });
  });
});
