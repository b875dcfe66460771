import { advanceVisits, decideVisits, milesBetween, startVisits, stopBoxes, stopEtas, stopVisits, visitsOf, type StopFix, type VisitStop } from './stop-visits.js';

/** Degrees of latitude per mile on the sphere the distances are measured on (69.093 miles a degree). */
const DEGREES_PER_MILE = 1 / 69.09332;
const T0 = Date.parse('2026-11-20T12:00:00.000Z');
const minutes = (m: number) => T0 + m * 60_000;

const stopAt = (latitude: number, longitude: number, fields: Partial<VisitStop> = {}): VisitStop => ({
  latitude,
  longitude,
  radiusMiles: 0.5,
  arrivedAt: null,
  departedAt: null,
  ...fields,
});
const ONE = stopAt(32, -97);
const TWO = stopAt(32.5, -97);
const THREE = stopAt(33, -97);

let ids = 0;
/** A position `milesNorth` of `stop`, at minute `m`. */
const fix = (stop: VisitStop, milesNorth: number, m: number): StopFix => ({
  id: `p-${String(++ids).padStart(6, '0')}`,
  latitude: stop.latitude! + milesNorth * DEGREES_PER_MILE,
  longitude: stop.longitude!,
  at: minutes(m),
});
/** Positions every 30 s from minute `from` to `to` (inclusive), `milesNorth` of `stop`. */
const track = (stop: VisitStop, milesNorth: number, from: number, to: number) => {
  const fixes: StopFix[] = [];
  for (let m = from; m <= to + 1e-9; m += 0.5) fixes.push(fix(stop, milesNorth, m));
  return fixes;
};
const INSIDE = 0.3;
const OUTSIDE = 5;

describe('arrivals and departures from positions', () => {
  it('the geometry of these tests: 0.3 mile is inside the default radius, 0.6 and 5 miles are not', () => {
    expect(milesBetween(fix(ONE, INSIDE, 0), ONE)).toBeCloseTo(0.3, 3);
    expect(milesBetween(fix(ONE, 0.6, 0), ONE)).toBeGreaterThan(0.5);
  });

  it('is an arrival, at the first position inside, after 2 minutes inside', () => {
    const positions = [...track(ONE, OUTSIDE, 0, 2), ...track(ONE, INSIDE, 2.5, 4.5)];
    expect(stopVisits([ONE], positions)).toEqual([{ gpsArrivedAt: minutes(2.5), gpsDepartedAt: null }]);
  });

  it('is no arrival after 1 minute inside, nor after 1 minute 59 seconds', () => {
    const oneMinute = [...track(ONE, OUTSIDE, 0, 2), ...track(ONE, INSIDE, 2.5, 3.5), ...track(ONE, OUTSIDE, 4, 10)];
    expect(stopVisits([ONE], oneMinute)).toEqual([{ gpsArrivedAt: null, gpsDepartedAt: null }]);
    const almost = [fix(ONE, INSIDE, 1), fix(ONE, INSIDE, 1 + 119 / 60), fix(ONE, OUTSIDE, 3.1), fix(ONE, OUTSIDE, 10)];
    expect(stopVisits([ONE], almost)[0].gpsArrivedAt).toBeNull();
    // Two positions inside 2 minutes apart are 2 minutes inside, however few.
    expect(stopVisits([ONE], [fix(ONE, INSIDE, 1), fix(ONE, INSIDE, 3)])[0].gpsArrivedAt).toBe(minutes(1));
  });

  it('counts each short visit apart: two runs of 1 minute with a position outside between them are no arrival', () => {
    const positions = [...track(ONE, INSIDE, 0, 1), fix(ONE, OUTSIDE, 1.5), ...track(ONE, INSIDE, 2, 3)];
    expect(stopVisits([ONE], positions)[0].gpsArrivedAt).toBeNull();
  });

  it('takes the stop radius of the stop: 1 mile away is inside a stop of 2 miles', () => {
    const wide = { ...ONE, radiusMiles: 2 };
    expect(stopVisits([wide], track(ONE, 1, 0, 3))[0].gpsArrivedAt).toBe(minutes(0));
    expect(stopVisits([ONE], track(ONE, 1, 0, 3))[0].gpsArrivedAt).toBeNull();
  });

  it('is a departure, at the last position inside, after 3 minutes outside', () => {
    const positions = [...track(ONE, INSIDE, 0, 20), ...track(ONE, OUTSIDE, 20.5, 23.5)];
    expect(stopVisits([ONE], positions)).toEqual([{ gpsArrivedAt: minutes(0), gpsDepartedAt: minutes(20) }]);
  });

  it('is no departure after 2 minutes outside, and a truck back inside before 3 minutes never left', () => {
    const twoMinutes = [...track(ONE, INSIDE, 0, 20), ...track(ONE, OUTSIDE, 20.5, 22.5)];
    expect(stopVisits([ONE], twoMinutes)[0]).toEqual({ gpsArrivedAt: minutes(0), gpsDepartedAt: null });
    const back = [...twoMinutes, ...track(ONE, INSIDE, 23, 30), ...track(ONE, OUTSIDE, 30.5, 40)];
    expect(stopVisits([ONE], back)[0]).toEqual({ gpsArrivedAt: minutes(0), gpsDepartedAt: minutes(30) });
  });

  it('meets stops in order: a truck that waits at the second stop before the first has not arrived there', () => {
    const positions = [
      ...track(TWO, INSIDE, 0, 10), // at stop 2 first, 10 minutes
      ...track(ONE, OUTSIDE, 11, 20),
      ...track(ONE, INSIDE, 30, 40), // stop 1
      ...track(ONE, OUTSIDE, 41, 50),
      ...track(TWO, INSIDE, 60, 70), // stop 2 again
      ...track(TWO, OUTSIDE, 71, 80),
    ];
    expect(stopVisits([ONE, TWO], positions)).toEqual([
      { gpsArrivedAt: minutes(30), gpsDepartedAt: minutes(40) },
      { gpsArrivedAt: minutes(60), gpsDepartedAt: minutes(70) },
    ]);
    // Without ever being at stop 1, stop 2 is not reached either.
    expect(stopVisits([ONE, TWO], track(TWO, INSIDE, 0, 10))).toEqual([
      { gpsArrivedAt: null, gpsDepartedAt: null },
      { gpsArrivedAt: null, gpsDepartedAt: null },
    ]);
  });

  it('looks for the next stop from the arrival at the one before: two stops close together are both seen', () => {
    const near = stopAt(32 + 1.5 * DEGREES_PER_MILE, -97); // 1.5 miles north of stop 1
    const positions = [...track(ONE, INSIDE, 0, 2), ...track(ONE, 1.4, 2.5, 5), ...track(ONE, OUTSIDE, 5.5, 10)];
    expect(stopVisits([ONE, near], positions)).toEqual([
      { gpsArrivedAt: minutes(0), gpsDepartedAt: minutes(2) },
      { gpsArrivedAt: minutes(2.5), gpsDepartedAt: minutes(5) },
    ]);
  });

  it('counts a stop reached when anyone recorded its arrival: the next stop is then looked for from that time', () => {
    const atTwo = [...track(ONE, OUTSIDE, 0, 5), ...track(TWO, INSIDE, 10, 15), ...track(TWO, OUTSIDE, 16, 20)];
    expect(stopVisits([ONE, TWO], atTwo)[1].gpsArrivedAt).toBeNull();
    const recorded = { ...ONE, arrivedAt: minutes(1) };
    expect(stopVisits([recorded, TWO], atTwo)).toEqual([
      { gpsArrivedAt: null, gpsDepartedAt: null },
      { gpsArrivedAt: minutes(10), gpsDepartedAt: minutes(15) },
    ]);
    // A time recorded after the truck was at stop 2 does not make that visit count.
    expect(stopVisits([{ ...ONE, arrivedAt: minutes(18) }, TWO], atTwo)[1].gpsArrivedAt).toBeNull();
  });

  it('still works out the GPS times of a stop whose times a dispatcher entered', () => {
    const entered = { ...ONE, arrivedAt: minutes(-30), departedAt: minutes(-10) };
    const positions = [...track(ONE, INSIDE, 0, 10), ...track(ONE, OUTSIDE, 10.5, 15)];
    expect(stopVisits([entered], positions)).toEqual([{ gpsArrivedAt: minutes(0), gpsDepartedAt: minutes(10) }]);
  });

  it('lets a stop without coordinates hold no later stop back', () => {
    const unknown = stopAt(0, 0, { latitude: null, longitude: null });
    const positions = [...track(ONE, INSIDE, 0, 5), ...track(ONE, OUTSIDE, 6, 10), ...track(TWO, INSIDE, 20, 25), ...track(TWO, OUTSIDE, 26, 30)];
    expect(stopVisits([ONE, unknown, TWO], positions)).toEqual([
      { gpsArrivedAt: minutes(0), gpsDepartedAt: minutes(5) },
      { gpsArrivedAt: null, gpsDepartedAt: null },
      { gpsArrivedAt: minutes(20), gpsDepartedAt: minutes(25) },
    ]);
  });

  const journey = () => [
    ...track(TWO, INSIDE, 0, 4),
    ...track(ONE, OUTSIDE, 5, 9),
    ...track(ONE, INSIDE, 10, 11), // too short
    ...track(ONE, OUTSIDE, 11.5, 12),
    ...track(ONE, INSIDE, 12.5, 30),
    ...track(ONE, OUTSIDE, 30.5, 32), // back within 3 minutes
    ...track(ONE, INSIDE, 32.5, 35),
    ...track(TWO, OUTSIDE, 36, 50),
    ...track(TWO, INSIDE, 51, 60),
    ...track(THREE, OUTSIDE, 61, 70),
    ...track(THREE, INSIDE, 71, 73),
  ];
  const expected = [
    { gpsArrivedAt: minutes(12.5), gpsDepartedAt: minutes(35) },
    { gpsArrivedAt: minutes(51), gpsDepartedAt: minutes(60) },
    { gpsArrivedAt: minutes(71), gpsDepartedAt: null },
  ];

  it('gives positions late, out of order or twice the answer of the same positions in order', () => {
    const positions = journey();
    expect(stopVisits([ONE, TWO, THREE], positions)).toEqual(expected);
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 20; round++) {
      const shuffled = [...positions].sort(() => random() - 0.5);
      const again = shuffled.slice(0, Math.floor(random() * shuffled.length)).map((position) => ({ ...position }));
      expect(stopVisits([ONE, TWO, THREE], [...shuffled, ...again])).toEqual(expected);
    }
  });

  it('takes the positions after its last one piece by piece as it takes them at once, and refuses a late one', () => {
    const positions = journey();
    for (const cuts of [[1], [10, 40], [3, 4, 5, 60, 61, 100], Array.from({ length: positions.length }, (_, i) => i)]) {
      const state = startVisits([ONE, TWO, THREE]);
      let start = 0;
      for (const cut of [...cuts, positions.length]) {
        expect(advanceVisits(state, positions.slice(start, cut))).toBe(true);
        start = cut;
      }
      expect(visitsOf(state)).toEqual(expected);
    }
    const state = decideVisits([ONE, TWO, THREE], positions.slice(0, 50));
    const late = { ...fix(ONE, INSIDE, 11), id: 'late' };
    expect(advanceVisits(state, [late, ...positions.slice(50)])).toBe(false);
    expect(advanceVisits(state, [positions[49]])).toBe(false); // the same position again
    expect(visitsOf(state)).toEqual(visitsOf(decideVisits([ONE, TWO, THREE], positions.slice(0, 50))));
  });

  it('orders positions of one time by their id, whatever order they come in', () => {
    const a = { ...fix(ONE, INSIDE, 0), id: 'a' };
    const b = { ...fix(ONE, OUTSIDE, 0), id: 'b' };
    const rest = track(ONE, INSIDE, 0.5, 3);
    expect(stopVisits([ONE], [b, a, ...rest])).toEqual(stopVisits([ONE], [a, b, ...rest]));
  });
});

describe('the estimate for the stops ahead', () => {
  const reachedNone = [false, false, false];
  it('is the great-circle miles times 1.2 at 50 mph from the latest position, rounded up to the minute', () => {
    const latest = { ...fix(ONE, -49.99, 0), at: minutes(0) }; // 49.99 miles south of stop 1
    // 49.99 × 1.2 / 50 = 1.19976 h = 71.99 min: 72.
    expect(stopEtas([ONE], [false], latest)).toEqual([minutes(72)]);
    expect(stopEtas([ONE], [false], { ...latest, at: minutes(0.5) })).toEqual([minutes(73)]);
  });

  it('goes through the stops not yet reached in their order, and has none for a stop reached or without coordinates', () => {
    const latest = { latitude: 32 - 10 * DEGREES_PER_MILE, longitude: -97, at: minutes(0) };
    const legOne = milesBetween(latest, ONE);
    const legTwo = milesBetween(ONE, TWO);
    const ahead = stopEtas([ONE, TWO, THREE], reachedNone, latest);
    expect(ahead[0]).toBe(minutes(Math.ceil(legOne * 1.2 * 60 / 50)));
    expect(ahead[1]).toBe(minutes(Math.ceil(((legOne + legTwo) * 1.2 * 60) / 50)));
    const unknown = stopAt(0, 0, { latitude: null, longitude: null });
    expect(stopEtas([ONE, unknown, TWO], [true, false, false], latest)).toEqual([null, null, minutes(Math.ceil((milesBetween(latest, TWO) * 1.2 * 60) / 50))]);
    expect(stopEtas([ONE], [false], null)).toEqual([null]);
  });
});

describe("a stop's box", () => {
  it('holds every point within the radius, in every direction, at any latitude', () => {
    for (const [latitude, radiusMiles] of [[25, 0.5], [48.9, 0.5], [64.8, 50], [-33.9, 2]]) {
      const stop = stopAt(latitude, -97.3, { radiusMiles });
      const { s, n, w, e } = stopBoxes([stop, stopAt(0, 0, { latitude: null, longitude: null })]);
      expect(s).toHaveLength(1);
      for (let degrees = 0; degrees < 360; degrees += 5) {
        // A point just inside the radius, found along the bearing by halving.
        const bearing = (degrees * Math.PI) / 180;
        let [low, high] = [0, 2];
        for (let i = 0; i < 50; i++) {
          const mid = (low + high) / 2;
          const point = { latitude: latitude + mid * radiusMiles * DEGREES_PER_MILE * Math.cos(bearing), longitude: -97.3 + (mid * radiusMiles * DEGREES_PER_MILE * Math.sin(bearing)) / Math.cos((latitude * Math.PI) / 180) };
          if (milesBetween(point, stop) <= radiusMiles) low = mid;
          else high = mid;
        }
        const edge = { latitude: latitude + low * radiusMiles * DEGREES_PER_MILE * Math.cos(bearing), longitude: -97.3 + (low * radiusMiles * DEGREES_PER_MILE * Math.sin(bearing)) / Math.cos((latitude * Math.PI) / 180) };
        expect(edge.latitude >= s[0] && edge.latitude <= n[0] && edge.longitude >= w[0] && edge.longitude <= e[0]).toBe(true);
      }
    }
  });
});
