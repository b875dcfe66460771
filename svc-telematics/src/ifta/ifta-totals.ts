import { Injectable } from '@nestjs/common';
import type { IftaGapReason, IftaJurisdiction } from '@tms/contracts';
import { companyTimeZone } from '@tms/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { segmentTotals, type Fix } from './segments.js';
import { StateLines } from './state-lines.js';

/** A truck's positions written by one batch: from its earliest to its latest time. */
export interface TruckWindow {
  truckId: string;
  lo: string;
  hi: string;
}

interface StoredFix extends Fix {
  truckId: string;
  /** The time as ISO text, to the microsecond, as Postgres holds it. */
  time: string;
  /** Written by this transaction. */
  fresh: boolean;
}

interface DayRow {
  truck_id: string;
  day: string;
  jurisdiction: IftaJurisdiction;
  millimeters: number;
}

interface GapRow {
  truck_id: string;
  starts_at: string;
  ends_at: string;
  end_id: string;
  day: string;
  millimeters: number;
  reason: IftaGapReason;
}

/** A position's columns as the totals read them ($tz: the company's time zone). */
export const FIX_COLUMNS = (tz: string) => `p.truck_id AS "truckId", p.id, p.latitude::float8 AS latitude, p.longitude::float8 AS longitude,
  extract(epoch FROM p.recorded_at)::float8 * 1000 AS at, to_char(p.recorded_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day,
  to_char(p.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS time`;

/** What the window reads of a position; `fresh`: written by this transaction. */
const WINDOW_COLUMNS = `q.truck_id, q.id, q.latitude, q.longitude, q.recorded_at, q.xmin = pg_current_xact_id()::xid AS fresh`;

/**
 * Each batch's positions around a truck's window: the position before it (looked for in the day before first, so
 * that only a truck back after a day reads every day's partition), every position within it, and those at the first
 * time after it (a late position changes the segment that now starts at it too).
 */
const WINDOW_SQL = `
  SELECT ${FIX_COLUMNS('$2')}, p.fresh
  FROM json_to_recordset($1::json) AS w("truckId" uuid, lo timestamptz, hi timestamptz)
  CROSS JOIN LATERAL (SELECT
    coalesce(
      (SELECT max(recorded_at) FROM telematics.positions q WHERE q.truck_id = w."truckId" AND q.recorded_at < w.lo AND q.recorded_at >= w.lo - interval '1 day'),
      (SELECT max(recorded_at) FROM telematics.positions q WHERE q.truck_id = w."truckId" AND q.recorded_at < w.lo - interval '1 day')) AS prev_at,
    coalesce(
      (SELECT min(recorded_at) FROM telematics.positions q WHERE q.truck_id = w."truckId" AND q.recorded_at > w.hi AND q.recorded_at <= w.hi + interval '1 day'),
      (SELECT min(recorded_at) FROM telematics.positions q WHERE q.truck_id = w."truckId" AND q.recorded_at > w.hi + interval '1 day'),
      w.hi) AS last_at) b
  CROSS JOIN LATERAL (
    (SELECT ${WINDOW_COLUMNS} FROM telematics.positions q WHERE q.truck_id = w."truckId" AND q.recorded_at = b.prev_at ORDER BY q.id DESC LIMIT 1)
    UNION ALL
    (SELECT ${WINDOW_COLUMNS} FROM telematics.positions q WHERE q.truck_id = w."truckId" AND q.recorded_at >= w.lo AND q.recorded_at <= b.last_at)
  ) p
  ORDER BY p.truck_id, p.recorded_at, p.id`;

const UPSERT_DAYS_SQL = `
  INSERT INTO telematics.ifta_truck_days AS d (truck_id, day, jurisdiction, millimeters)
  SELECT truck_id, day, jurisdiction, millimeters FROM json_to_recordset($1::json) AS r(truck_id uuid, day date, jurisdiction text, millimeters bigint)
  ON CONFLICT (day, truck_id, jurisdiction) DO UPDATE SET millimeters = d.millimeters + EXCLUDED.millimeters`;

const INSERT_GAPS_SQL = `
  INSERT INTO telematics.ifta_gaps (truck_id, starts_at, ends_at, end_id, day, millimeters, reason)
  SELECT truck_id, starts_at, ends_at, end_id, day, millimeters, reason
  FROM json_to_recordset($1::json) AS r(truck_id uuid, starts_at timestamptz, ends_at timestamptz, end_id uuid, day date, millimeters bigint, reason text)`;

/** Trucks' totals are changed by one transaction at a time (replicas write batches side by side), in id order. */
const LOCK_TRUCKS_SQL = `
  SELECT pg_advisory_xact_lock(k) FROM (SELECT hashtextextended('telematics.ifta:' || t, 0) AS k FROM unnest($1::text[]) t ORDER BY 1) s`;

/** Below every id: the start of a truck's positions. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

const key = (truckId: string, day: string, jurisdiction: string) => `${truckId}|${day}|${jurisdiction}`;

/**
 * IFTA's miles per truck, company day and state, and the gaps in the record, kept as positions are stored: each
 * segment (two consecutive positions of a truck) adds whole millimeters to the day of its later position, so a late
 * position takes away exactly what the segment it splits had added and adds its two new segments. Written in the
 * transaction that stores the positions, so the totals never miss or count twice a position the stream delivers again.
 */
@Injectable()
export class IftaTotals {
  readonly lines = StateLines.load();
  /** Read once, at start: a bad COMPANY_TIME_ZONE stops the service, naming the setting. */
  readonly timeZone = companyTimeZone();

  constructor(private readonly dataSource: DataSource) {}

  /** Brings the totals up to date with the positions this transaction (`manager`) has just written. */
  async update(manager: EntityManager, windows: TruckWindow[]): Promise<void> {
    if (!windows.length) return;
    await manager.query(LOCK_TRUCKS_SQL, [windows.map((window) => window.truckId)]);
    const fixes: StoredFix[] = await manager.query(WINDOW_SQL, [JSON.stringify(windows), this.timeZone]);
    const days = new Map<string, DayRow>();
    const gaps: GapRow[] = [];
    const los = new Map(windows.map((window) => [window.truckId, window.lo]));
    const clearGaps: { truckId: string; from: string; to: string }[] = [];
    for (const truck of byTruck(fixes)) {
      this.add(days, truck.filter((fix) => !fix.fresh), -1);
      this.add(days, truck, 1, gaps);
      clearGaps.push({ truckId: truck[0].truckId, from: los.get(truck[0].truckId)!, to: truck.at(-1)!.time });
    }
    const changed = [...days.values()].filter((row) => row.millimeters !== 0);
    if (changed.length) await manager.query(UPSERT_DAYS_SQL, [JSON.stringify(changed)]);
    await manager.query(
      `DELETE FROM telematics.ifta_gaps g USING json_to_recordset($1::json) AS r("truckId" uuid, "from" timestamptz, "to" timestamptz)
       WHERE g.truck_id = r."truckId" AND g.ends_at >= r."from" AND g.ends_at <= r."to"`,
      [JSON.stringify(clearGaps)],
    );
    if (gaps.length) await manager.query(INSERT_GAPS_SQL, [JSON.stringify(gaps)]);
  }

  /**
   * Builds a truck's totals afresh from every position stored (positions stored before the totals existed, or a
   * benchmark's), replacing those from the day of its first stored position on; older days keep what they counted
   * (their positions are gone with GPS_RETENTION_DAYS).
   */
  async rebuild(truckId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(LOCK_TRUCKS_SQL, [[truckId]]);
      const days = new Map<string, DayRow>();
      const gaps: GapRow[] = [];
      let first: StoredFix | undefined;
      let last: StoredFix | undefined;
      for (;;) {
        const page: StoredFix[] = await manager.query(
          `SELECT ${FIX_COLUMNS('$2')} FROM telematics.positions p
           WHERE p.truck_id = $1 AND p.recorded_at >= $3::timestamptz AND (p.recorded_at, p.id) > ($3::timestamptz, $4::uuid)
           ORDER BY p.recorded_at, p.id LIMIT 20000`,
          [truckId, this.timeZone, last?.time ?? '-infinity', last?.id ?? NO_ID],
        );
        if (!page.length) break;
        first ??= page[0];
        this.add(days, last ? [last, ...page] : page, 1, gaps);
        last = page.at(-1);
      }
      if (!first) return;
      await manager.query(`DELETE FROM telematics.ifta_truck_days WHERE truck_id = $1 AND day >= $2`, [truckId, first.day]);
      await manager.query(`DELETE FROM telematics.ifta_gaps WHERE truck_id = $1 AND ends_at >= $2`, [truckId, first.time]);
      const rows = [...days.values()].filter((row) => row.millimeters !== 0);
      for (let start = 0; start < rows.length; start += 5000) await manager.query(UPSERT_DAYS_SQL, [JSON.stringify(rows.slice(start, start + 5000))]);
      for (let start = 0; start < gaps.length; start += 5000) await manager.query(INSERT_GAPS_SQL, [JSON.stringify(gaps.slice(start, start + 5000))]);
    });
  }

  /** Adds (sign 1) or takes away (-1) the segments of a truck's consecutive fixes; gaps, when asked, are collected. */
  private add(days: Map<string, DayRow>, fixes: StoredFix[], sign: 1 | -1, gaps?: GapRow[]) {
    for (let i = 1; i < fixes.length; i++) {
      const [a, b] = [fixes[i - 1], fixes[i]];
      const segment = segmentTotals(a, b, this.lines);
      if (segment.kind === 'driven') {
        for (const [jurisdiction, millimeters] of segment.millimeters) {
          const id = key(b.truckId, b.day, jurisdiction);
          const row = days.get(id) ?? { truck_id: b.truckId, day: b.day, jurisdiction, millimeters: 0 };
          row.millimeters += sign * millimeters;
          days.set(id, row);
        }
      } else if (segment.kind === 'gap' && gaps) {
        gaps.push({ truck_id: b.truckId, starts_at: a.time, ends_at: b.time, end_id: b.id, day: b.day, millimeters: segment.millimeters, reason: segment.reason });
      }
    }
  }
}

/** Fixes ordered by truck, then time, as runs of one truck each. */
export function* byTruck<T extends { truckId: string }>(fixes: T[]): Generator<T[]> {
  let start = 0;
  for (let i = 1; i <= fixes.length; i++) {
    if (i === fixes.length || fixes[i].truckId !== fixes[start].truckId) {
      yield fixes.slice(start, i);
      start = i;
    }
  }
}
