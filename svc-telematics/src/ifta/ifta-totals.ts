import { Injectable } from '@nestjs/common';
import type { IftaGapReason, IftaJurisdiction } from '@tms/contracts';
import { companyTimeZone } from '@tms/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { segmentTotals, type Fix } from './segments.js';
import { StateLines } from './state-lines.js';

/** A truck's positions written by one batch: from its earliest to its latest time. */
interface TruckWindow {
  truckId: string;
  lo: string;
  hi: string;
}

interface StoredFix extends Fix {
  truckId: string;
  /** The time as ISO text, to the microsecond, as Postgres holds it. */
  time: string;
  /** Written by this transaction (read by the window of late positions). */
  fresh?: boolean;
}

interface DayRow {
  truck_id: string;
  day: string;
  jurisdiction: IftaJurisdiction;
  millimeters: number;
}

/** A truck's new segments from the last position this process remembers of it (`from`). */
interface TruckPlan {
  from: StoredFix;
  days: DayRow[];
  gaps: GapRow[];
}

/** What a batch adds to the totals, as `settle` found it: the late trucks' windows are still to be read. */
interface Settled {
  days: DayRow[];
  gaps: GapRow[];
  late: TruckWindow[];
  last: Map<string, StoredFix>;
  /** The statements' parameters for `days` and `gaps`, made with them (while Postgres works), when no truck is late. */
  parameters?: { days: string[] | null; gaps: string[] | null };
}

interface GapRow {
  truck_id: string;
  starts_at: string;
  ends_at: string;
  millimeters: number;
  reason: IftaGapReason;
}

/** A position of a truck that the writer stores. */
export interface TruckPosition {
  id: string;
  truckId: string;
  latitude: number;
  longitude: number;
  /** ISO time, to the millisecond, as the gateway writes it. */
  timestamp: string;
}

/**
 * IFTA's part of one batch of the GPS writer, in the writer's transaction and at its pace, so that the Node work
 * overlaps Postgres': the batch's segments are worked out as it is made (the writer makes it while Postgres stores the
 * positions), its day rows in `write` while Postgres does `meanwhile` (the writer's update of the devices).
 */
export interface IftaBatch {
  /**
   * Once the positions are stored (`allNew`: none had been before): keeps to those this transaction added, and
   * answers each truck's latest position id before the batch, for the writer's upsert of the latest positions to
   * tell which trucks' latest it did not find as read (`unsure` below).
   */
  stored(manager: EntityManager, allNew: boolean): Promise<ReadonlyMap<string, string>>;
  /** Writes what the batch adds to the totals. `unsure`: the trucks whose latest was not the one `stored` answered. */
  write(manager: EntityManager, unsure: ReadonlySet<string>, meanwhile: Promise<unknown>): Promise<void>;
  /** After the writer's transaction commits: where each truck's next segment starts. */
  committed(): void;
  /**
   * Once written: the trucks whose positions were not all after the truck's latest before the batch (or whose latest
   * another replica changed meanwhile, or that had none), each with the earliest time among them. Any other truck's
   * positions are after every position stored before them (the stop watcher reads only those after what it decided).
   */
  late(): ReadonlyMap<string, string>;
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
 * time after it (a late position changes the segment that now starts at it too). Run after the batch has made the
 * truck's latest position (latest_positions) the latest of all.
 */
const WINDOW_SQL = `
  SELECT ${FIX_COLUMNS('$2')}, p.fresh
  FROM json_to_recordset($1::json) AS w("truckId" uuid, lo timestamptz, hi timestamptz)
  CROSS JOIN LATERAL (SELECT
    coalesce(
      (SELECT max(recorded_at) FROM telematics.positions q WHERE q.truck_id = w."truckId" AND q.recorded_at < w.lo AND q.recorded_at >= w.lo - interval '1 day'),
      (SELECT max(recorded_at) FROM telematics.positions q WHERE q.truck_id = w."truckId" AND q.recorded_at < w.lo - interval '1 day')) AS prev_at,
    -- Positions after the window exist only up to the truck's latest (this batch's included): none for a live truck.
    (SELECT min(recorded_at) FROM telematics.positions q WHERE q.truck_id = w."truckId" AND q.recorded_at > w.hi
       AND q.recorded_at <= coalesce((SELECT l.recorded_at FROM telematics.latest_positions l WHERE l.subject_kind = 'truck' AND l.subject_id = w."truckId"), 'infinity')
    ) AS next_at) b
  CROSS JOIN LATERAL (
    (SELECT ${WINDOW_COLUMNS} FROM telematics.positions q WHERE q.truck_id = w."truckId" AND q.recorded_at = b.prev_at ORDER BY q.id DESC LIMIT 1)
    UNION ALL
    (SELECT ${WINDOW_COLUMNS} FROM telematics.positions q WHERE q.truck_id = w."truckId" AND q.recorded_at >= w.lo AND q.recorded_at <= coalesce(b.next_at, w.hi))
  ) p
  ORDER BY p.truck_id, p.recorded_at, p.id`;

/**
 * Values as the text of a Postgres array, for values that need no quoting (ids, ISO times, dates, whole numbers,
 * codes): Postgres reads typed arrays (unnest) in half the time it reads the same rows as JSON.
 */
export const arrayText = <T>(rows: T[], value: (row: T) => string | number) => `{${rows.map(value).join(',')}}`;

/**
 * Adds to the truck days' rows: most exist already, and a plain update of them costs less than an insert that meets
 * its conflict (which first locks the row); the rest are inserted, and one another replica inserted meanwhile (not
 * seen by the update) is added to by the conflict.
 */
const UPSERT_DAYS_SQL = `
  WITH r AS (SELECT * FROM unnest($1::uuid[], $2::date[], $3::text[], $4::bigint[]) AS r(truck_id, day, jurisdiction, millimeters)),
  updated AS (
    UPDATE telematics.ifta_truck_days d SET millimeters = d.millimeters + r.millimeters FROM r
    WHERE d.day = r.day AND d.truck_id = r.truck_id AND d.jurisdiction = r.jurisdiction
    RETURNING d.day, d.truck_id, d.jurisdiction)
  INSERT INTO telematics.ifta_truck_days AS d (truck_id, day, jurisdiction, millimeters)
  SELECT r.* FROM r WHERE NOT EXISTS (SELECT FROM updated u WHERE u.day = r.day AND u.truck_id = r.truck_id AND u.jurisdiction = r.jurisdiction)
  ON CONFLICT (day, truck_id, jurisdiction) DO UPDATE SET millimeters = d.millimeters + EXCLUDED.millimeters`;
const daysParameters = (rows: DayRow[]) => [
  arrayText(rows, (row) => row.truck_id),
  arrayText(rows, (row) => row.day),
  arrayText(rows, (row) => row.jurisdiction),
  arrayText(rows, (row) => row.millimeters),
];

/**
 * Gaps' times go as microseconds since 1970: Postgres reads numbers in half the time it reads times as text, and a
 * device that jumps makes a gap of every position.
 */
const INSERT_GAPS_SQL = `
  INSERT INTO telematics.ifta_gaps (truck_id, starts_at, ends_at, millimeters, reason)
  SELECT r.truck_id, timestamptz 'epoch' + r.starts_at * interval '1 microsecond', timestamptz 'epoch' + r.ends_at * interval '1 microsecond',
    r.millimeters, r.reason
  FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[]) AS r(truck_id, starts_at, ends_at, millimeters, reason)`;
/** An ISO time as the gateway writes it (to the millisecond) or FIX_COLUMNS reads it (to the microsecond), in microseconds since 1970. */
const epochMicros = (time: string) => Date.parse(time) * 1000 + (time.length === 27 ? Number(time.slice(23, 26)) : 0);
const gapsParameters = (rows: GapRow[]) => [
  arrayText(rows, (row) => row.truck_id),
  arrayText(rows, (row) => epochMicros(row.starts_at)),
  arrayText(rows, (row) => epochMicros(row.ends_at)),
  arrayText(rows, (row) => row.millimeters),
  arrayText(rows, (row) => row.reason),
];

/** The latest position of each truck, as latest_positions keeps it (`lock`: ' FOR UPDATE' to lock the rows, in id order). */
const latestSql = (lock: string) => `
  SELECT ${FIX_COLUMNS('$2')} FROM (
    SELECT subject_id AS truck_id, position_id AS id, latitude, longitude, recorded_at FROM telematics.latest_positions
    WHERE subject_kind = 'truck' AND subject_id = ANY($1::uuid[]) ORDER BY subject_id${lock}
  ) p`;
const LATEST_SQL = latestSql('');

/** A coordinate as numeric(10, 7) stores it and float8 reads it back: rounded to 7 decimals, half away from zero. */
function asStored(value: number): number {
  // Most devices send at most 7 decimals: then the nearest double to the value to 7 decimals is the value itself.
  if (Math.round(value * 1e7) / 1e7 === value) return value;
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[3] ?? '').length <= 7) return value;
  const units = BigInt(match[2] + match[3].slice(0, 7)) + (Number(match[3][7]) >= 5 ? 1n : 0n);
  const digits = units.toString().padStart(8, '0');
  return Number(`${match[1]}${digits.slice(0, -7)}.${digits.slice(-7)}`);
}

/** Below every id: the start of a truck's positions. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

const key = (truckId: string, day: string, jurisdiction: string) => `${truckId}|${day}|${jurisdiction}`;

/**
 * IFTA's miles per truck, company day and state, and the gaps in the record, kept as positions are stored: each
 * segment (two consecutive positions of a truck) adds whole millimeters to the day of its later position, so a late
 * position takes away exactly what the segment it splits had added and adds its two new segments. Written in the
 * transaction that stores the positions, so the totals never miss or count twice a position the stream delivers again.
 * The GPS writer hands each batch to `batch`; `rebuild` builds a truck's totals afresh from its stored positions.
 */
@Injectable()
export class IftaTotals {
  readonly lines = StateLines.load();
  /** Read once, at start: a bad COMPANY_TIME_ZONE stops the service, naming the setting. */
  readonly timeZone = companyTimeZone();

  /** The last fix of each truck this process wrote, as committed: where its next segment starts, if still so. */
  private readonly lastFixes = new Map<string, StoredFix>();
  /** The company day of each quarter hour seen (time zones are offset from UTC by whole quarter hours). */
  private readonly days = new Map<number, string>();
  private readonly dayFormat: Intl.DateTimeFormat;

  constructor(private readonly dataSource: DataSource) {
    this.dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: this.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  }

  /**
   * The totals' part of one batch of positions the writer stores (`positions`: the trucks'), planned now as if every
   * position were new (most are); a value Postgres is about to refuse (an impossible time) leaves the plan to `stored`,
   * for the refusal, not this, to be the batch's error.
   */
  batch(positions: readonly TruckPosition[]): IftaBatch {
    const fixes = () => this.sorted(positions.map((row) => this.fixOf(row.truckId, row.id, row.latitude, row.longitude, row.timestamp)));
    let written: StoredFix[] = [];
    let planned: Map<string, TruckPlan> | undefined;
    let before = new Map<string, StoredFix>();
    let last = new Map<string, StoredFix>();
    let late: TruckWindow[] = [];
    try {
      written = fixes();
      planned = this.plan(written);
    } catch {
      written = [];
    }
    return {
      stored: async (manager, allNew) => {
        if (!planned) written = fixes();
        if (!allNew) {
          // Some were stored before (a batch delivered again): only the positions this transaction added count.
          const added: { id: string }[] = await manager.query(
            `SELECT p.id::text AS id FROM unnest($1::timestamptz[], $2::uuid[]) AS r(recorded_at, id)
             JOIN telematics.positions p ON p.recorded_at = r.recorded_at AND p.id = r.id WHERE p.xmin = pg_current_xact_id()::xid`,
            [written.map((fix) => fix.time), written.map((fix) => fix.id)],
          );
          const ids = new Set(added.map((row) => row.id));
          written = written.filter((fix) => ids.has(fix.id));
          planned = undefined;
        }
        before = await this.latestOf(manager, written);
        return new Map([...before].map(([truckId, fix]) => [truckId, fix.id]));
      },
      write: async (manager, unsure, meanwhile) => {
        const totals = this.settle(written, before, unsure, planned);
        late = totals.late;
        await meanwhile;
        last = await this.write(manager, totals);
      },
      committed: () => this.remember(written, last),
      late: () => new Map(late.map((window) => [window.truckId, window.lo])),
    };
  }

  /** A position the writer stores, as the totals read it: its coordinates as numeric(10, 7) keeps them. */
  private fixOf(truckId: string, id: string, latitude: number, longitude: number, time: string): StoredFix {
    const at = Date.parse(time);
    const quarterHour = Math.floor(at / 900_000);
    let day = this.days.get(quarterHour);
    if (day === undefined) {
      day = this.dayFormat.format(new Date(quarterHour * 900_000));
      if (this.days.size > 100_000) this.days.clear();
      this.days.set(quarterHour, day);
    }
    return { truckId, id, latitude: asStored(latitude), longitude: asStored(longitude), at, day, time };
  }

  /** Fixes in the order the totals read them: by truck, then time (then id, for two at one time). */
  private sorted(fixes: StoredFix[]): StoredFix[] {
    return fixes.sort((a, b) => (a.truckId !== b.truckId ? (a.truckId < b.truckId ? -1 : 1) : a.at - b.at || (a.id < b.id ? -1 : 1)));
  }

  /** The latest positions, before this transaction's batch, of the trucks of `written` (sorted; call before the batch changes them). */
  private async latestOf(manager: EntityManager, written: StoredFix[]): Promise<Map<string, StoredFix>> {
    const found = new Map<string, StoredFix>();
    const missing: string[] = [];
    for (let i = 0; i < written.length; i++) {
      const truckId = written[i].truckId;
      if (i && truckId === written[i - 1].truckId) continue;
      const fix = this.lastFixes.get(truckId);
      if (fix) found.set(truckId, fix);
      else missing.push(truckId);
    }
    if (missing.length) {
      const rows: StoredFix[] = await manager.query(LATEST_SQL, [missing, this.timeZone]);
      for (const row of rows) found.set(row.truckId, row);
    }
    return found;
  }

  /**
   * The new segments of the trucks of `written` (sorted) whose last position this process remembers, worked out
   * before the batch is known to be stored (the writer runs it while Postgres stores the positions): `settle` uses a
   * truck's when the truck's latest is still the one remembered and its positions all come after it.
   */
  private plan(written: StoredFix[]): Map<string, TruckPlan> {
    const plans = new Map<string, TruckPlan>();
    for (let start = 0, end = 1; start < written.length; start = end++) {
      const truckId = written[start].truckId;
      while (end < written.length && written[end].truckId === truckId) end++;
      const from = this.lastFixes.get(truckId);
      if (!from || written[start].at <= from.at) continue;
      const days = new Map<string, DayRow>();
      const gaps: GapRow[] = [];
      this.add(days, written, start, end, 1, gaps, from);
      plans.set(truckId, { from, days: [...days.values()], gaps });
    }
    return plans;
  }

  /**
   * What the positions this transaction has just written (`written`, by truck then time) add to the totals, worked
   * out in Node. `before`: the trucks' latest positions read before the batch; `unsure`: the trucks whose latest, when
   * this transaction locked it (the writer's upsert), was not the one in `before`, or was not replaced. A truck whose
   * latest did not change between the two, and whose new positions are all after it, has new segments from it
   * (`planned` when worked out from that latest already); any other (a late position, a truck's first, another
   * replica's batch in between) is left to `write`, which reads the segments around its positions again, under the lock.
   */
  private settle(written: StoredFix[], before: Map<string, StoredFix>, unsure: ReadonlySet<string>, planned?: Map<string, TruckPlan>): Settled {
    const days = new Map<string, DayRow>();
    const ready: DayRow[] = [];
    const gaps: GapRow[] = [];
    const late: TruckWindow[] = [];
    const last = new Map<string, StoredFix>();
    for (let start = 0, end = 1; start < written.length; start = end++) {
      const truckId = written[start].truckId;
      while (end < written.length && written[end].truckId === truckId) end++;
      const latest = before.get(truckId);
      if (latest && !unsure.has(truckId) && written[start].at > latest.at) {
        const plan = planned?.get(truckId);
        if (plan?.from === latest) {
          for (const row of plan.days) ready.push(row);
          for (const gap of plan.gaps) gaps.push(gap);
        } else {
          this.add(days, written, start, end, 1, gaps, latest);
        }
        last.set(truckId, written[end - 1]);
      } else {
        late.push({ truckId, lo: written[start].time, hi: written[end - 1].time });
      }
    }
    // A truck's rows come either from its plan or from `add`, never both: they never meet.
    const rows = ready.concat([...days.values()]);
    if (late.length) return { days: rows, gaps, late, last };
    const changed = rows.filter((row) => row.millimeters !== 0);
    const parameters = { days: changed.length ? daysParameters(changed) : null, gaps: gaps.length ? gapsParameters(gaps) : null };
    return { days: rows, gaps, late, last, parameters };
  }

  /**
   * Writes what `settle` found, with the late trucks' segments read again around their positions, in the writer's
   * transaction. Answers the trucks' new last fixes, to remember once the transaction commits.
   */
  private async write(manager: EntityManager, { days, gaps, late, last, parameters }: Settled): Promise<Map<string, StoredFix>> {
    if (parameters) {
      if (parameters.days) await manager.query(UPSERT_DAYS_SQL, parameters.days);
      if (parameters.gaps) await manager.query(INSERT_GAPS_SQL, parameters.gaps);
      return last;
    }
    if (late.length) {
      const again = new Map<string, DayRow>();
      const fixes: StoredFix[] = await manager.query(WINDOW_SQL, [JSON.stringify(late), this.timeZone]);
      for (const truck of byTruck(fixes)) {
        const old = truck.filter((fix) => !fix.fresh);
        this.add(again, old, 0, old.length, -1);
        this.add(again, truck, 0, truck.length, 1, gaps);
      }
      days = days.concat([...again.values()]);
      // Each late truck's gaps from its window on are written again.
      const ends = new Map(byTruckEnds(fixes));
      await manager.query(
        `DELETE FROM telematics.ifta_gaps g USING json_to_recordset($1::json) AS r("truckId" uuid, lo timestamptz, hi timestamptz)
         WHERE g.truck_id = r."truckId" AND g.ends_at >= r.lo AND g.ends_at <= r.hi`,
        [JSON.stringify(late.map((window) => ({ ...window, hi: ends.get(window.truckId) ?? window.hi })))],
      );
    }
    const changed = days.filter((row) => row.millimeters !== 0);
    if (changed.length) await manager.query(UPSERT_DAYS_SQL, daysParameters(changed));
    if (gaps.length) await manager.query(INSERT_GAPS_SQL, gapsParameters(gaps));
    return last;
  }

  /** After the writer's transaction commits: the trucks' last fixes (others are read again when next needed). */
  private remember(written: StoredFix[], last: Map<string, StoredFix>) {
    for (const fix of written) if (!last.has(fix.truckId)) this.lastFixes.delete(fix.truckId);
    if (this.lastFixes.size > 100_000) this.lastFixes.clear();
    for (const [truckId, fix] of last) this.lastFixes.set(truckId, fix);
  }

  /**
   * Builds a truck's totals afresh from every position stored (positions stored before the totals existed, or a
   * benchmark's), replacing those from the day of its first stored position on; older days keep what they counted
   * (their positions are gone with GPS_RETENTION_DAYS).
   */
  async rebuild(truckId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // The truck's latest position, as the writer keeps it (positions loaded straight into Postgres have none), locked.
      await manager.query(
        `INSERT INTO telematics.latest_positions AS l (subject_kind, subject_id, position_id, device_id, driver_id, truck_id, load_id,
           latitude, longitude, speed, heading, accuracy, recorded_at, created_at)
         SELECT 'truck', truck_id, id, device_id, driver_id, truck_id, load_id, latitude, longitude, speed, heading, accuracy, recorded_at, created_at
         FROM telematics.positions WHERE truck_id = $1 ORDER BY recorded_at DESC, id DESC LIMIT 1
         ON CONFLICT (subject_kind, subject_id) DO NOTHING`,
        [truckId],
      );
      await manager.query(latestSql(' FOR UPDATE'), [[truckId], this.timeZone]);
      this.lastFixes.delete(truckId);
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
        this.add(days, page, 0, page.length, 1, gaps, last);
        last = page.at(-1);
      }
      if (!first) return;
      await manager.query(`DELETE FROM telematics.ifta_truck_days WHERE truck_id = $1 AND day >= $2`, [truckId, first.day]);
      await manager.query(`DELETE FROM telematics.ifta_gaps WHERE truck_id = $1 AND ends_at >= $2`, [truckId, first.time]);
      const rows = [...days.values()].filter((row) => row.millimeters !== 0);
      for (let start = 0; start < rows.length; start += 5000) await manager.query(UPSERT_DAYS_SQL, daysParameters(rows.slice(start, start + 5000)));
      for (let start = 0; start < gaps.length; start += 5000) await manager.query(INSERT_GAPS_SQL, gapsParameters(gaps.slice(start, start + 5000)));
    });
  }

  /**
   * Adds (sign 1) or takes away (-1) the segments of a truck's consecutive fixes, fixes[start..end), after `from`
   * when given; gaps, when asked, are collected.
   */
  private add(days: Map<string, DayRow>, fixes: StoredFix[], start: number, end: number, sign: 1 | -1, gaps?: GapRow[], from?: StoredFix) {
    // A truck's segments mostly fall on the day and in the state of the one before: that row is kept at hand.
    let last: DayRow | undefined;
    for (let i = from ? start : start + 1; i < end; i++) {
      const [a, b] = [i === start ? from! : fixes[i - 1], fixes[i]];
      const segment = segmentTotals(a, b, this.lines);
      if (segment.kind === 'driven') {
        for (const [jurisdiction, millimeters] of segment.millimeters) {
          let row = last;
          if (!row || row.day !== b.day || row.jurisdiction !== jurisdiction) {
            const id = key(b.truckId, b.day, jurisdiction);
            row = days.get(id);
            if (!row) days.set(id, (row = { truck_id: b.truckId, day: b.day, jurisdiction, millimeters: 0 }));
            last = row;
          }
          row.millimeters += sign * millimeters;
        }
      } else if (segment.kind === 'gap' && gaps) {
        gaps.push({ truck_id: b.truckId, starts_at: a.time, ends_at: b.time, millimeters: segment.millimeters, reason: segment.reason });
      }
    }
  }
}

/** The last time of each truck's run of fixes. */
function* byTruckEnds(fixes: StoredFix[]): Generator<[string, string]> {
  for (const truck of byTruck(fixes)) yield [truck[0].truckId, truck.at(-1)!.time];
}

/** Fixes ordered by truck, then time, as runs of one truck each. */
function* byTruck<T extends { truckId: string }>(fixes: T[]): Generator<T[]> {
  let start = 0;
  for (let i = 1; i <= fixes.length; i++) {
    if (i === fixes.length || fixes[i].truckId !== fixes[start].truckId) {
      yield fixes.slice(start, i);
      start = i;
    }
  }
}
