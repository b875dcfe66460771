import { ARRIVAL_DWELL_MS, DEPARTURE_DWELL_MS, METERS_PER_MILE, RISK_SPEED_MPH, ROUTE_FACTOR } from '@tms/contracts';
import { EARTH_RADIUS_M, greatCircleMeters, type LonLat } from '../ifta/state-lines.js';

/** A stored position of the load's truck. */
export interface StopFix extends LonLat {
  /** The position's id: orders two positions of one time, and makes a position given twice count once. */
  id: string;
  /** Its own (recorded) time, epoch milliseconds. */
  at: number;
}

/** A stop as GPS watches it; times are epoch milliseconds. */
export interface VisitStop {
  /** Null when the stop has no coordinates: GPS never sees it, and it holds no later stop back. */
  latitude: number | null;
  longitude: number | null;
  radiusMiles: number;
  /** Recorded by anyone (a dispatcher, the driver, GPS before): such a stop counts as reached from that time on. */
  arrivedAt: number | null;
  departedAt: number | null;
}

/** What GPS saw at a stop: the positions' own times. */
export interface StopVisit {
  gpsArrivedAt: number | null;
  gpsDepartedAt: number | null;
}

/** One stop's look at the positions. */
interface Scanner {
  /** Its turn has come: the stop before it was reached (the first stop's, at the load's first position). */
  open: boolean;
  /** Before the arrival: the positions of the run inside the radius still going on (less than ARRIVAL_DWELL_MS). */
  run: StopFix[];
  arrivedAt: number | null;
  lastInside: number | null;
  /** After the arrival: the first position of the run outside still going on. */
  outSince: number | null;
  departedAt: number | null;
}

/**
 * The decision so far over a load's positions up to `last`: a fold, so that handing it the positions after `last`
 * (advanceVisits) gives what one pass over all of them gives. It is small (a few numbers per stop, and the positions
 * of at most ARRIVAL_DWELL_MS), so the watcher keeps it per load and reads only the positions stored after it.
 */
export interface VisitsState {
  readonly stops: readonly VisitStop[];
  readonly scanners: Scanner[];
  last: StopFix | null;
}

const MILES_PER_METER = 1 / METERS_PER_MILE;
export const milesBetween = (a: LonLat, b: LonLat) => greatCircleMeters(a, b) * MILES_PER_METER;

/** Degrees of latitude per mile, on the sphere distances are measured on, with 5% of room. */
const BOX_DEGREES_PER_MILE = (1.05 * 360) / (2 * Math.PI * (EARTH_RADIUS_M / METERS_PER_MILE));

/**
 * Each stop's box, as the edges' arrays (south, north, west, east; stops without coordinates have none): every point
 * within the stop's radius is inside its box, so a position outside every box is outside every stop.
 */
export function stopBoxes(stops: readonly Pick<VisitStop, 'latitude' | 'longitude' | 'radiusMiles'>[]) {
  const box = { s: [] as number[], n: [] as number[], w: [] as number[], e: [] as number[] };
  for (const { latitude, longitude, radiusMiles } of stops) {
    if (latitude === null || longitude === null) continue;
    const half = radiusMiles * BOX_DEGREES_PER_MILE;
    // A degree of longitude is shortest at the box's edge nearer the pole.
    const poleward = Math.min(89.9, Math.abs(latitude) + half);
    const wide = Math.min(180, half / Math.cos((poleward * Math.PI) / 180));
    box.s.push(latitude - half);
    box.n.push(latitude + half);
    box.w.push(longitude - wide);
    box.e.push(longitude + wide);
  }
  return box;
}

/** Time, then id: the order positions are decided in. */
const before = (a: StopFix, b: StopFix) => a.at < b.at || (a.at === b.at && a.id < b.id);

const watched = (stop: VisitStop): stop is VisitStop & LonLat => stop.latitude !== null && stop.longitude !== null;

export function startVisits(stops: readonly VisitStop[]): VisitsState {
  const scanners = stops.map((_, index) => ({ open: index === 0, run: [], arrivedAt: null, lastInside: null, outSince: null, departedAt: null }));
  return { stops, scanners, last: null };
}

/**
 * One position, through the stops from `from` on, in order. A stop looks at positions from its turn on:
 * - arrival: the first position of a run of positions inside its radius spanning at least ARRIVAL_DWELL_MS (from the
 *   run's first position to a later one of it); a shorter run is none;
 * - departure, after the arrival: the last position inside before a run of positions outside spanning at least
 *   DEPARTURE_DWELL_MS (a position inside again before that and the truck never left);
 * - the next stop's turn comes at this stop's arrival (the first position inside: the run's positions are looked at
 *   again by the next stop), or at the first position from a time recorded for it by anyone (arrival, else
 *   departure), whichever comes first: a truck that passes the second stop before the first has not arrived there.
 *   A stop without coordinates passes the turn on at once.
 */
function feed(state: VisitsState, from: number, fix: StopFix) {
  const { stops, scanners } = state;
  for (let index = from; index < stops.length; index++) {
    const stop = stops[index];
    const scanner = scanners[index];
    if (!scanner.open) return;
    const next = scanners[index + 1];
    if (!watched(stop)) {
      if (next) next.open = true;
      continue;
    }
    const arrivedRun = step(scanner, fix, milesBetween(fix, stop) <= stop.radiusMiles);
    if (!next || next.open) continue;
    if (arrivedRun) {
      next.open = true;
      for (const seen of arrivedRun) feed(state, index + 1, seen);
      return;
    }
    const recorded = stop.arrivedAt ?? stop.departedAt;
    if (recorded === null || fix.at < recorded) return;
    next.open = true;
  }
}

/** A position at one stop; answers the run's positions when it makes the arrival. */
function step(scanner: Scanner, fix: StopFix, inside: boolean): StopFix[] | undefined {
  if (scanner.arrivedAt === null) {
    if (!inside) {
      scanner.run = [];
      return undefined;
    }
    scanner.run.push(fix);
    if (fix.at - scanner.run[0].at < ARRIVAL_DWELL_MS) return undefined;
    const run = scanner.run;
    scanner.run = [];
    scanner.arrivedAt = run[0].at;
    scanner.lastInside = fix.at;
    return run;
  }
  if (scanner.departedAt !== null) return undefined;
  if (inside) {
    scanner.lastInside = fix.at;
    scanner.outSince = null;
    return undefined;
  }
  scanner.outSince ??= fix.at;
  if (fix.at - scanner.outSince >= DEPARTURE_DWELL_MS) scanner.departedAt = scanner.lastInside;
  return undefined;
}

/**
 * Hands the state positions after its last one (sorted by time, then id). Answers false, changing nothing, when one
 * is not after it (a late position): the decision must then be made again from all positions (stopVisits).
 */
export function advanceVisits(state: VisitsState, fixes: readonly StopFix[]): boolean {
  let last = state.last;
  for (const fix of fixes) {
    if (last && !before(last, fix)) return false;
    last = fix;
  }
  for (const fix of fixes) feed(state, 0, fix);
  state.last = last;
  return true;
}

export const visitsOf = (state: VisitsState): StopVisit[] =>
  state.scanners.map(({ arrivedAt, departedAt }) => ({ gpsArrivedAt: arrivedAt, gpsDepartedAt: departedAt }));

/**
 * The decision over all of a load's positions, in any order and with repeats: they are decided in their own time
 * order, each once, so positions stored late or out of order, or a batch delivered again, give the answer the same
 * positions give in order. The state answers `visitsOf`, and takes later positions (advanceVisits).
 */
export function decideVisits(stops: readonly VisitStop[], fixes: readonly StopFix[]): VisitsState {
  const unique = new Map(fixes.map((fix) => [fix.id, fix]));
  const sorted = [...unique.values()].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const state = startVisits(stops);
  advanceVisits(state, sorted);
  return state;
}

export const stopVisits = (stops: readonly VisitStop[], fixes: readonly StopFix[]): StopVisit[] => visitsOf(decideVisits(stops, fixes));

const MS_PER_MILE = (ROUTE_FACTOR * 3_600_000) / RISK_SPEED_MPH;
const MINUTE = 60_000;

/**
 * When the truck can be at each stop not yet reached (`reached`: by GPS or a time recorded by anyone), from its
 * latest position: the great-circle miles times ROUTE_FACTOR at RISK_SPEED_MPH, from the position's time, through the
 * stops not yet reached in their order (a truck meets them in order), rounded up to the minute. Null for a stop
 * reached, without coordinates, or when the truck has no position.
 */
export function stopEtas(stops: readonly VisitStop[], reached: readonly boolean[], latest: (LonLat & { at: number }) | null): (number | null)[] {
  let from: LonLat | null = latest;
  let at = latest?.at ?? 0;
  return stops.map((stop, index) => {
    if (!from || reached[index] || !watched(stop)) return null;
    at += milesBetween(from, stop) * MS_PER_MILE;
    from = stop;
    return Math.ceil(at / MINUTE) * MINUTE;
  });
}
