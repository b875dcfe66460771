import { Injectable } from '@nestjs/common';
import {
  fail,
  GPS_ACTOR,
  LOAD_STATUS_LABELS,
  ok,
  stopsSeenSchema,
  stopsSummary,
  stopsToWatchPageSchema,
  type RpcReply,
  type Stop,
  type StopSeen,
  type StopsToWatch,
  type WatchedLoad,
} from '@tms/contracts';
import { internalErrorReply, recordChange, type ChangeContext } from '@tms/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { firstKnown, LoadsService, type KnownEvent } from '../loads/loads.service.js';
import { LoadStops } from './load-stops.js';
import { DetentionDrafts } from '../charges/detention-drafts.js';

/** Loads per page of stops-to-watch: 100 loads of 20 stops (the most a load has) are about 700 KB. */
const WATCH_PAGE_LOADS = 100;

/** GPS's changes, in the audit trail of loads. */
const BY_GPS: ChangeContext = { resource: 'loads', actor: GPS_ACTOR };

const iso = (at: unknown) => (at instanceof Date ? at.toISOString() : ((at as string | null) ?? null));

/**
 * svc-core's side of the stop watch (packages/contracts stop-watch.ts): the stops of the loads under way for
 * svc-telematics to watch, and what it saw there. A GPS time is kept beside a time a dispatcher or driver entered,
 * never over it; an empty arrival or departure takes GPS's time (source 'gps'); the same times again change nothing.
 */
@Injectable()
export class StopWatch {
  constructor(
    private readonly data: DataSource,
    private readonly loads: LoadsService,
    private readonly stops: LoadStops,
    private readonly drafts: DetentionDrafts,
  ) {}

  /**
   * The loads Assigned or In Transit that have a truck, with their stops in order, WATCH_PAGE_LOADS at a time by load
   * id from `after`: a page of the most stops a load may have stays well under NATS's 1 MB.
   */
  async toWatch(payload: unknown): Promise<RpcReply<StopsToWatch>> {
    const page = stopsToWatchPageSchema.safeParse(payload ?? {});
    if (!page.success) return fail('invalid', 'Not a page of loads to watch');
    try {
      const loads: { loadId: string; truckId: string; status: 'assigned' | 'in-transit'; since: Date }[] = await this.data.query(
        `SELECT id AS "loadId", assigned_truck_id AS "truckId", status, coalesce(assigned_at, updated_at) AS since
         FROM core.loads WHERE status IN ('assigned', 'in-transit') AND assigned_truck_id IS NOT NULL AND ($1::uuid IS NULL OR id > $1::uuid)
         ORDER BY id LIMIT ${WATCH_PAGE_LOADS}`,
        [page.data.after ?? null],
      );
      const stops: Record<string, unknown>[] = loads.length
        ? await this.data.query(
            `SELECT load_id AS "loadId", id, sequence, type, latitude, longitude, radius_miles AS "radiusMiles", appointment_start AS "appointmentStart",
                    appointment_end AS "appointmentEnd", arrived_at AS "arrivedAt", departed_at AS "departedAt", gps_arrived_at AS "gpsArrivedAt", gps_departed_at AS "gpsDepartedAt"
             FROM core.load_stops WHERE load_id = ANY($1::uuid[]) ORDER BY load_id, sequence`,
            [loads.map(({ loadId }) => loadId)],
          )
        : [];
      const byLoad = new Map<string, WatchedLoad['stops']>();
      for (const { loadId, ...stop } of stops) {
        const watched = {
          ...(stop as Omit<WatchedLoad['stops'][number], 'appointmentStart'>),
          appointmentStart: iso(stop.appointmentStart),
          appointmentEnd: iso(stop.appointmentEnd),
          arrivedAt: iso(stop.arrivedAt),
          departedAt: iso(stop.departedAt),
          gpsArrivedAt: iso(stop.gpsArrivedAt),
          gpsDepartedAt: iso(stop.gpsDepartedAt),
        };
        (byLoad.get(loadId as string) ?? byLoad.set(loadId as string, []).get(loadId as string)!).push(watched);
      }
      return ok({
        ...(loads.length === WATCH_PAGE_LOADS && { next: loads[loads.length - 1].loadId }),
        loads: loads.map(({ loadId, truckId, status, since }) => ({
          loadId,
          truckId,
          status: LOAD_STATUS_LABELS[status] as WatchedLoad['status'],
          since: since.toISOString(),
          stops: byLoad.get(loadId) ?? [],
        })),
      });
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /** Records what GPS saw at stops, load by load (each under its load's lock, as a load's write takes it). */
  async seen(payload: unknown): Promise<RpcReply<{ recorded: number }>> {
    const parsed = stopsSeenSchema.safeParse(payload);
    if (!parsed.success) return fail('invalid', 'Not a list of stops seen');
    const byLoad = new Map<string, StopSeen[]>();
    for (const seen of parsed.data.stops) (byLoad.get(seen.loadId) ?? byLoad.set(seen.loadId, []).get(seen.loadId)!).push(seen);
    let recorded = 0;
    try {
      for (const [loadId, seen] of byLoad) {
        const { changed, events, startsTrip } = await this.data.transaction((manager) => this.record(manager, loadId, seen));
        recorded += changed;
        this.loads.announceStops(events);
        // Detention follows GPS's times once they are committed (issue 43), outside this reply: not awaited, so the
        // watcher is answered at once; drafts of one load run one after another (DetentionDrafts).
        if (changed) void this.drafts.draft(loadId, BY_GPS);
        // Arrived at the first pickup: an Assigned load is under way, through its write (audited, announced).
        if (startsTrip) {
          const moved = await this.loads.update(loadId, { status: 'in-transit' }, BY_GPS);
          if (!moved.ok && moved.error.code !== 'not_found') return moved;
        }
      }
    } catch (error) {
      return internalErrorReply(error);
    }
    return ok({ recorded });
  }

  private async record(manager: EntityManager, loadId: string, seen: StopSeen[]) {
    const [load]: { status: string; stopsSummary: string }[] = await manager.query(
      `SELECT status, stops_summary AS "stopsSummary" FROM core.loads WHERE id = $1 FOR NO KEY UPDATE`,
      [loadId],
    );
    if (!load) return { changed: 0, events: [], startsTrip: false };
    const before = await this.stops.read(manager, loadId);
    let changed = 0;
    for (const { stopId, gpsArrivedAt, gpsDepartedAt, eta } of seen) {
      // Each column changes only when it says something new; a time someone entered is never replaced.
      // TypeORM answers an UPDATE as [rows, count].
      const [rows]: [unknown[], number] = await manager.query(
        `UPDATE core.load_stops SET
           gps_arrived_at = coalesce($3::timestamptz, gps_arrived_at),
           arrived_at = CASE WHEN $3::timestamptz IS NOT NULL AND (arrived_at IS NULL OR arrived_source = 'gps') THEN $3::timestamptz ELSE arrived_at END,
           arrived_source = CASE WHEN $3::timestamptz IS NOT NULL AND (arrived_at IS NULL OR arrived_source = 'gps') THEN 'gps' ELSE arrived_source END,
           gps_departed_at = coalesce($4::timestamptz, gps_departed_at),
           departed_at = CASE WHEN $4::timestamptz IS NOT NULL AND (departed_at IS NULL OR departed_source = 'gps') THEN $4::timestamptz ELSE departed_at END,
           departed_source = CASE WHEN $4::timestamptz IS NOT NULL AND (departed_at IS NULL OR departed_source = 'gps') THEN 'gps' ELSE departed_source END,
           eta = CASE WHEN $5 THEN $6::timestamptz ELSE eta END,
           updated_at = now()
         WHERE id = $2 AND load_id = $1
           AND (($3::timestamptz IS NOT NULL AND gps_arrived_at IS DISTINCT FROM $3::timestamptz)
             OR ($4::timestamptz IS NOT NULL AND gps_departed_at IS DISTINCT FROM $4::timestamptz)
             OR ($5 AND eta IS DISTINCT FROM $6::timestamptz))
         RETURNING id`,
        [loadId, stopId, gpsArrivedAt ?? null, gpsDepartedAt ?? null, eta !== undefined, eta ?? null],
      );
      if (rows.length) changed += 1;
    }
    if (!changed) return { changed, events: [], startsTrip: false };
    return { changed, ...(await this.followTimes(manager, loadId, load, before, BY_GPS)) };
  }

  /**
   * A driver's arrival or departure (issue 44), in the transaction of the driver's stamp: the stop takes the time
   * (source 'driver') when it has none or only GPS's; a time a dispatcher or the driver entered before is kept. Answers
   * whether it took it, and what follows once committed (followDriverTime).
   */
  async recordDriverTime(manager: EntityManager, stamp: { loadId: string; stopId: string; kind: 'arrived' | 'departed'; at: Date }, context: ChangeContext) {
    const [load]: { status: string; stopsSummary: string }[] = await manager.query(
      `SELECT status, stops_summary AS "stopsSummary" FROM core.loads WHERE id = $1 FOR NO KEY UPDATE`,
      [stamp.loadId],
    );
    if (!load) return { applied: false, events: [], startsTrip: false };
    const before = await this.stops.read(manager, stamp.loadId);
    const column = stamp.kind === 'arrived' ? 'arrived' : 'departed';
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE core.load_stops SET ${column}_at = $3, ${column}_source = 'driver', updated_at = now()
       WHERE id = $2 AND load_id = $1 AND (${column}_at IS NULL OR ${column}_source = 'gps') RETURNING id`,
      [stamp.loadId, stamp.stopId, stamp.at],
    );
    if (!rows.length) return { applied: false, events: [], startsTrip: false };
    return { applied: true, ...(await this.followTimes(manager, stamp.loadId, load, before, context)) };
  }

  /** After a driver's time is committed: announced, detention drafted, and a first pickup's arrival starts the trip. */
  async followDriverTime(loadId: string, { events, startsTrip }: { events: KnownEvent[]; startsTrip: boolean }, context: ChangeContext) {
    this.loads.announceStops(events);
    void this.drafts.draft(loadId, context);
    if (startsTrip) await this.loads.update(loadId, { status: 'in-transit' }, context);
  }

  /** A load's stops changed times: its summary kept in step (audited), the arrivals and departures first known. */
  private async followTimes(manager: EntityManager, loadId: string, load: { status: string; stopsSummary: string }, before: Stop[], context: ChangeContext) {
    const after = await this.stops.read(manager, loadId);
    const summary = stopsSummary(after, this.stops.timeZone);
    if (summary !== load.stopsSummary) {
      await manager.query(`UPDATE core.loads SET stops_summary = $2, updated_at = now() WHERE id = $1`, [loadId, summary]);
      await recordChange(manager, context, 'update', loadId, { stopsSummary: { from: load.stopsSummary, to: summary } });
    }
    const events = firstKnown(before, after).map((event) => ({ ...event, loadId }));
    const startsTrip = load.status === 'assigned' && !before[0]?.arrivedAt && !!after[0]?.arrivedAt;
    return { events, startsTrip };
  }
}
