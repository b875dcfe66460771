import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { STOP_WATCH_ACTIONS, type StopSeen, type StopsToWatch, type StopsToWatchPage, type WatchedLoad } from '@tms/contracts';
import { ServiceRequests } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { telematicsConfig } from '../telematics-config.js';
import { MovedTrucks } from './moved-trucks.js';
import { advanceVisits, decideVisits, stopBoxes, stopEtas, visitsOf, type StopFix, type VisitsState, type VisitStop } from './stop-visits.js';

/** How long svc-core may take to list the loads watched (every load under way, with its stops). */
const TO_WATCH_TIMEOUT_MS = 10_000;
/** Loads whose positions are read by one statement. */
const LOADS_PER_READ = 200;
/** Stops told to svc-core in one request (a few hundred kB). */
const SEEN_PER_REQUEST = 1000;

/** What this process decided of a load so far. */
interface Watch {
  /** What the decision was made from (truck, since, stops and their recorded times): when it changes, it is made again. */
  key: string;
  state: VisitsState;
  /** The last position decided, as Postgres holds its time (to the microsecond): the next read starts after it. */
  lastTime: string | null;
  /** Decided from all the load's positions, this time. */
  whole: boolean;
  /** The estimates svc-core was told, by stop. */
  etas: Map<string, number | null>;
}

interface PositionRow extends StopFix {
  loadId: string;
  time: string;
}

/** A read: the load's positions from its `since` (whole), or after the last one decided. */
interface Read {
  load: WatchedLoad;
  whole: boolean;
}

/** An estimate is told again once it moved this much (or crossed the appointment's end): not at every position. */
const ETA_STEP_MS = 5 * 60_000;

/** Whether svc-core, told `told` (undefined: nothing yet by this process), is to be told `eta`. */
function etaWorthTelling(told: number | null | undefined, eta: number | null, end: number | null): boolean {
  if (told === undefined) return eta !== null;
  if (told === null || eta === null) return told !== eta;
  return Math.abs(eta - told) >= ETA_STEP_MS || (end !== null && eta > end !== told > end);
}

const time = (value: string | null) => (value === null ? null : Date.parse(value));
const iso = (at: number) => new Date(at).toISOString();

const keyOf = (load: WatchedLoad) =>
  JSON.stringify([load.truckId, load.since, load.stops.map((s) => [s.id, s.latitude, s.longitude, s.radiusMiles, s.arrivedAt, s.departedAt])]);

const visitStops = (load: WatchedLoad): VisitStop[] =>
  load.stops.map((stop) => ({
    latitude: stop.latitude,
    longitude: stop.longitude,
    radiusMiles: stop.radiusMiles,
    arrivedAt: time(stop.arrivedAt),
    departedAt: time(stop.departedAt),
  }));

/**
 * The positions of each load's truck that can change its decision, in the order they are decided in: each load's own
 * bound (`from`, inclusive for a whole read, else after it), all above $2 so that Postgres reads only the days'
 * partitions that may hold them. Of a run of positions outside every stop's box (s, n, w, e: around its radius),
 * only the first and the last come back: the decision is the same without those between (the first ends a visit
 * or starts the time outside, the last is the longest outside), and a moving truck's positions stay in Postgres.
 */
const POSITIONS_SQL = `
  SELECT r.load_id::text AS "loadId", p.id::text AS id, p.latitude::float8 AS latitude, p.longitude::float8 AS longitude,
    (extract(epoch FROM p.recorded_at) * 1000)::float8 AS at,
    to_char(p.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS time
  FROM json_to_recordset($1::json) AS r(load_id uuid, truck_id uuid, "from" timestamptz, whole boolean, s float8[], n float8[], w float8[], e float8[])
  CROSS JOIN LATERAL (
    SELECT f.*, lag(f.near) OVER o AS near_before, lead(f.near) OVER o AS near_after FROM (
      SELECT q.id, q.latitude, q.longitude, q.recorded_at,
        EXISTS (SELECT FROM unnest(r.s, r.n, r.w, r.e) AS b(s, n, w, e) WHERE q.latitude BETWEEN b.s AND b.n AND q.longitude BETWEEN b.w AND b.e) AS near
      FROM telematics.positions q
      WHERE q.truck_id = r.truck_id AND q.recorded_at >= r."from" AND (r.whole OR q.recorded_at > r."from") AND q.recorded_at >= $2::timestamptz
    ) f
    WINDOW o AS (ORDER BY f.recorded_at, f.id)
  ) p
  WHERE p.near OR p.near_before IS NOT FALSE OR p.near_after IS NOT FALSE
  ORDER BY r.load_id, p.recorded_at, p.id`;

/**
 * Arrivals and departures from GPS (issue 42), apart from the GPS writer so that it costs the writer nothing but a
 * note per truck (MovedTrucks). Every GPS_STOP_WATCH_INTERVAL_MS it asks svc-core for the loads under way with their
 * stops, and for each load whose truck has new positions (or that is new to it, or whose stops changed) decides what
 * the truck did at its stops from the stored positions (stop-visits.ts), and the estimate for the stops ahead from the
 * truck's latest position since the load's `since`; it tells svc-core only what changed (`stops-seen`).
 *
 * Positions are decided in their own time order, never in the order they were stored: a load's decision is a fold
 * over its positions, kept per load, that takes the positions stored after its last one. A position the writer
 * stored after every position of its truck stored before (under the lock of the truck's latest position) is after
 * that last one; any other is noted late (IftaBatch.late), and one at or before that last one has its load decided
 * again from all its positions since the load's `since`. So late, out-of-order and redelivered positions give the
 * answer the same positions give in order. A GPS time that would replace one svc-core has is told only once decided
 * from all the load's positions: with several replicas, another may have stored a late position this one did not
 * note (and told what it changed).
 */
@Injectable()
export class StopWatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('StopWatcher');
  private readonly watches = new Map<string, Watch>();
  /** Loads to look at next time whatever their trucks do (what was to be told could not be). */
  private readonly retry = new Set<string>();
  private timer?: NodeJS.Timeout;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** svc-core did not answer the last look (said once, not at every look). */
  private unanswered = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly moved: MovedTrucks,
    private readonly requests: ServiceRequests,
  ) {}

  onApplicationBootstrap() {
    this.schedule();
  }

  async onApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((error: unknown) => this.logger.warn(`Watching the stops failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => this.schedule());
    }, telematicsConfig.stopWatchIntervalMs);
    this.timer.unref();
  }

  /** One look: answers the stops told to svc-core. */
  async tick(): Promise<number> {
    const moved = this.moved.take();
    const loads: WatchedLoad[] = [];
    for (let page: StopsToWatchPage = {}; ; ) {
      const reply = await this.requests.request<StopsToWatch>('core', 'loads', STOP_WATCH_ACTIONS.toWatch, page, TO_WATCH_TIMEOUT_MS);
      if (!reply.ok) {
        this.moved.giveBack(moved);
        if (!this.unanswered) this.logger.warn(`svc-core did not list the loads to watch (asked again every look): ${reply.error.message}`);
        this.unanswered = true;
        return 0;
      }
      for (const load of reply.data.loads) loads.push(load);
      if (!reply.data.next) break;
      page = { after: reply.data.next };
    }
    this.unanswered = false;
    const watched = new Set(loads.map((load) => load.loadId));
    for (const loadId of this.watches.keys()) if (!watched.has(loadId)) this.watches.delete(loadId);
    const reads: Read[] = [];
    for (const load of loads) {
      const watch = this.watches.get(load.loadId);
      const late = moved.late.get(load.truckId);
      if (!watch || watch.key !== keyOf(load)) reads.push({ load, whole: true });
      else if (moved.trucks.has(load.truckId)) reads.push({ load, whole: late !== undefined && Date.parse(late) <= (watch.state.last?.at ?? -Infinity) });
      else if (this.retry.has(load.loadId)) reads.push({ load, whole: false });
    }
    this.retry.clear();
    if (!reads.length) return 0;
    await this.decide(reads);
    // A GPS time svc-core has that an incremental decision would change is decided again from all the load's
    // positions first (another replica may have stored a late position, and told it).
    const unsure = reads.filter(({ load }) => !this.watches.get(load.loadId)!.whole && this.gpsChanges(load).some(({ overwrites }) => overwrites));
    if (unsure.length) await this.decide(unsure.map(({ load }) => ({ load, whole: true })));
    return this.tell(reads.map(({ load }) => load));
  }

  /** Reads the loads' positions and hands them to their decisions. */
  private async decide(reads: Read[]) {
    for (let start = 0; start < reads.length; start += LOADS_PER_READ) {
      const chunk = reads.slice(start, start + LOADS_PER_READ).map((read) => {
        const watch = this.watches.get(read.load.loadId);
        const whole = read.whole || !watch || watch.lastTime === null;
        return { ...read, whole, from: whole ? read.load.since : watch.lastTime! };
      });
      const lowest = chunk.reduce((low, read) => (Date.parse(read.from) < Date.parse(low) ? read.from : low), chunk[0].from);
      const rows: PositionRow[] = await this.dataSource.transaction(async (manager) => {
        // Compiling the plan (its estimate counts 100 loads of many positions) would take longer than running it.
        await manager.query(`SET LOCAL jit = off`);
        return manager.query(POSITIONS_SQL, [
          JSON.stringify(chunk.map(({ load, from, whole }) => ({ load_id: load.loadId, truck_id: load.truckId, from, whole, ...stopBoxes(load.stops) }))),
          lowest,
        ]);
      });
      const byLoad = new Map<string, PositionRow[]>();
      for (const row of rows) {
        const list = byLoad.get(row.loadId);
        if (list) list.push(row);
        else byLoad.set(row.loadId, [row]);
      }
      for (const { load, whole } of chunk) {
        const fixes = byLoad.get(load.loadId) ?? [];
        const watch = this.watches.get(load.loadId);
        if (whole || !watch) {
          this.watches.set(load.loadId, {
            key: keyOf(load),
            state: decideVisits(visitStops(load), fixes),
            lastTime: fixes.at(-1)?.time ?? null,
            whole: true,
            etas: watch?.etas ?? new Map(),
          });
          continue;
        }
        watch.whole = false;
        if (!fixes.length) continue;
        // Read after the last one decided, in order: a late one would have been noted and read whole.
        if (!advanceVisits(watch.state, fixes)) {
          this.watches.set(load.loadId, { ...watch, key: '' });
          this.retry.add(load.loadId);
          continue;
        }
        watch.lastTime = fixes.at(-1)!.time;
      }
    }
  }

  /** The GPS times decided for a load that svc-core does not have; `overwrites`: it has others. */
  private gpsChanges(load: WatchedLoad): (StopSeen & { overwrites: boolean })[] {
    const watch = this.watches.get(load.loadId)!;
    const seen: (StopSeen & { overwrites: boolean })[] = [];
    visitsOf(watch.state).forEach((visit, index) => {
      const stop = load.stops[index];
      const arrived = visit.gpsArrivedAt !== null && visit.gpsArrivedAt !== time(stop.gpsArrivedAt);
      const departed = visit.gpsDepartedAt !== null && visit.gpsDepartedAt !== time(stop.gpsDepartedAt);
      if (!arrived && !departed) return;
      seen.push({
        loadId: load.loadId,
        stopId: stop.id,
        ...(arrived && { gpsArrivedAt: iso(visit.gpsArrivedAt!) }),
        ...(departed && { gpsDepartedAt: iso(visit.gpsDepartedAt!) }),
        overwrites: (arrived && stop.gpsArrivedAt !== null) || (departed && stop.gpsDepartedAt !== null),
      });
    });
    return seen;
  }

  /** Tells svc-core what changed at the loads' stops, and the estimates for the stops ahead. */
  private async tell(loads: WatchedLoad[]): Promise<number> {
    const seen: StopSeen[] = [];
    const etasTold: { watch: Watch; stopId: string; eta: number | null }[] = [];
    for (const load of loads) {
      const watch = this.watches.get(load.loadId)!;
      const changes = new Map(this.gpsChanges(load).map(({ overwrites: _, ...change }) => [change.stopId, change]));
      const visits = visitsOf(watch.state);
      const reached = load.stops.map((stop, index) => stop.arrivedAt !== null || stop.departedAt !== null || visits[index].gpsArrivedAt !== null);
      // The latest position read is the truck's latest since the load's `since` (a late one is never after it).
      const etas = stopEtas(watch.state.stops, reached, watch.state.last);
      load.stops.forEach((stop, index) => {
        const eta = etas[index];
        const etaChanged = etaWorthTelling(watch.etas.get(stop.id), eta, time(stop.appointmentEnd));
        const change = changes.get(stop.id);
        if (!change && !etaChanged) return;
        seen.push({ ...(change ?? { loadId: load.loadId, stopId: stop.id }), ...(etaChanged && { eta: eta === null ? null : iso(eta) }) });
        if (etaChanged) etasTold.push({ watch, stopId: stop.id, eta });
      });
    }
    let told = 0;
    for (let start = 0; start < seen.length; start += SEEN_PER_REQUEST) {
      const stops = seen.slice(start, start + SEEN_PER_REQUEST);
      const reply = await this.requests.request<{ recorded: number }>('core', 'loads', STOP_WATCH_ACTIONS.seen, { stops }, TO_WATCH_TIMEOUT_MS);
      if (!reply.ok) {
        this.logger.warn(`svc-core did not take what GPS saw at ${stops.length} stops: ${reply.error.message}`);
        for (const stop of stops) this.retry.add(stop.loadId);
        continue;
      }
      told += stops.length;
      const ids = new Set(stops.map((stop) => stop.stopId));
      for (const { watch, stopId, eta } of etasTold) if (ids.has(stopId)) watch.etas.set(stopId, eta);
    }
    return told;
  }
}
