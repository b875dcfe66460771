import { Injectable } from '@nestjs/common';
import {
  fieldIssues,
  FUEL_CHECKS_MAX,
  FUEL_GPS_WINDOW_MINUTES,
  IFTA_GAPS_MAX,
  isRecordId,
  iftaPeriodSchema,
  invalidInput,
  MILLIMETERS_PER_MILE,
  ok,
  type FuelChecksAnswer,
  type FuelChecksPayload,
  type IftaMiles,
  type IftaRecord,
  type IftaRecordsPage,
  type RpcReply,
} from '@tms/contracts';
import { internalErrorReply } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { FIX_COLUMNS, IftaTotals } from './ifta-totals.js';
import { segmentTotals, type Fix } from './segments.js';

/**
 * Each purchase's nearest position within the window (issue 48): the last before and the first after its instant, by
 * the truck's index (truck_id, recorded_at), two index probes a purchase for the whole statement in one statement.
 */
const NEAREST_SQL = `
  SELECT w.i::int AS i, n.latitude, n.longitude
  FROM unnest($1::uuid[], $2::float8[]) WITH ORDINALITY AS w(truck_id, at_ms, i)
  CROSS JOIN LATERAL (
    SELECT c.latitude::float8 AS latitude, c.longitude::float8 AS longitude FROM (
      (SELECT latitude, longitude, recorded_at FROM telematics.positions p
       WHERE p.truck_id = w.truck_id AND p.recorded_at <= to_timestamp(w.at_ms / 1000) AND p.recorded_at >= to_timestamp(w.at_ms / 1000) - make_interval(mins => $3)
       ORDER BY p.recorded_at DESC LIMIT 1)
      UNION ALL
      (SELECT latitude, longitude, recorded_at FROM telematics.positions p
       WHERE p.truck_id = w.truck_id AND p.recorded_at > to_timestamp(w.at_ms / 1000) AND p.recorded_at <= to_timestamp(w.at_ms / 1000) + make_interval(mins => $3)
       ORDER BY p.recorded_at ASC LIMIT 1)
    ) c ORDER BY abs(extract(epoch FROM c.recorded_at - to_timestamp(w.at_ms / 1000))) LIMIT 1
  ) n`;

/** The jurisdictions each truck drove in on each day asked (IFTA's truck days). */
const DAY_STATES_SQL = `
  SELECT d.truck_id::text AS "truckId", to_char(d.day, 'YYYY-MM-DD') AS day, array_agg(DISTINCT d.jurisdiction) AS states
  FROM telematics.ifta_truck_days d
  JOIN (SELECT DISTINCT * FROM unnest($1::uuid[], $2::date[]) AS a(truck_id, day)) a ON a.truck_id = d.truck_id AND a.day = d.day
  GROUP BY d.truck_id, d.day`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Positions in a page of the records: about 300 KB of JSON, under NATS's 1 MB. */
const RECORDS_PAGE = 2000;

interface RecordFix extends Fix {
  truckId: string;
  time: string;
  lat: string;
  lon: string;
}

const MM_PER_MILE = BigInt(MILLIMETERS_PER_MILE);
/** Millimeters as miles to 3 decimals, rounded half up. */
const milesOf = (millimeters: number) => {
  const thousandths = (BigInt(millimeters) * 1000n * 2n + MM_PER_MILE) / (2n * MM_PER_MILE);
  return `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`;
};

/**
 * What IFTA reads of svc-telematics: the miles per state and the gaps of a quarter (from the totals, a few thousand
 * rows at most: not a scan of positions), and the positions behind them, page by page, for an auditor.
 */
@Injectable()
export class IftaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly totals: IftaTotals,
  ) {}

  async miles(payload: unknown): Promise<RpcReply<IftaMiles>> {
    const parsed = iftaPeriodSchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const { from, to, truckId = null } = parsed.data;
    try {
      const values = [from, to, truckId];
      const gapValues = [from, to, truckId, this.totals.timeZone];
      const inPeriod = `day >= $1::date AND day < $2::date AND ($3::uuid IS NULL OR truck_id = $3::uuid)`;
      const gapsInPeriod = `ends_at >= ${companyMidnight('$1', '$4')} AND ends_at < ${companyMidnight('$2', '$4')} AND ($3::uuid IS NULL OR truck_id = $3::uuid)`;
      const [millimeters, trucks, gaps, [{ count }]] = await Promise.all([
        this.dataSource.query(
          `SELECT jurisdiction, sum(millimeters)::text AS millimeters FROM telematics.ifta_truck_days WHERE ${inPeriod}
           GROUP BY jurisdiction HAVING sum(millimeters) <> 0 ORDER BY jurisdiction`,
          values,
        ),
        this.dataSource.query(
          `SELECT truck_id AS "truckId", sum(millimeters)::text AS millimeters FROM telematics.ifta_truck_days WHERE ${inPeriod}
           GROUP BY truck_id HAVING sum(millimeters) <> 0 ORDER BY truck_id`,
          values,
        ),
        this.dataSource.query(
          `SELECT truck_id AS "truckId", ${utc('starts_at')} AS "from", ${utc('ends_at')} AS "to", millimeters::text AS millimeters, reason
           FROM telematics.ifta_gaps WHERE ${gapsInPeriod} ORDER BY ends_at, truck_id LIMIT ${IFTA_GAPS_MAX}`,
          gapValues,
        ),
        this.dataSource.query(`SELECT count(*)::int AS count FROM telematics.ifta_gaps WHERE ${gapsInPeriod}`, gapValues),
      ]);
      return ok({ millimeters, trucks, gaps, gapCount: count });
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /**
   * A page of the period's positions of trucks with miles or gaps in it, by truck then time: each with the miles driven
   * on the segment ending there, a row per state that segment crosses (one row, the position's state and no miles, for
   * a segment not driven). `after` is the last row's truck, time and id.
   */
  async records(payload: unknown): Promise<RpcReply<IftaRecordsPage>> {
    const parsed = iftaPeriodSchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const { from, to, truckId = null, after } = parsed.data;
    try {
      const trucks: string[] = (
        await this.dataSource.query(
          `SELECT truck_id FROM telematics.ifta_truck_days WHERE day >= $1::date AND day < $2::date AND ($3::uuid IS NULL OR truck_id = $3::uuid)
           UNION SELECT truck_id FROM telematics.ifta_gaps
           WHERE ends_at >= ${companyMidnight('$1', '$4')} AND ends_at < ${companyMidnight('$2', '$4')} AND ($3::uuid IS NULL OR truck_id = $3::uuid)
           ORDER BY 1`,
          [from, to, truckId, this.totals.timeZone],
        )
      ).map((row: { truck_id: string }) => row.truck_id);
      const [afterTruck, afterTime, afterId] = after?.split('|') ?? [];
      const rows: IftaRecord[] = [];
      let index = afterTruck ? trucks.findIndex((id) => id >= afterTruck) : 0;
      let cursor = afterTruck && trucks[index] === afterTruck ? { time: afterTime, id: afterId } : undefined;
      for (; index >= 0 && index < trucks.length && rows.length < RECORDS_PAGE; index++, cursor = undefined) {
        const page: RecordFix[] = await this.dataSource.query(
          `SELECT ${FIX_COLUMNS('$2')}, p.latitude::text AS lat, p.longitude::text AS lon FROM telematics.positions p
           WHERE p.truck_id = $1 AND p.recorded_at >= ${companyMidnight('$3', '$2')} AND p.recorded_at < ${companyMidnight('$4', '$2')}
             AND p.recorded_at >= $5::timestamptz AND (p.recorded_at, p.id) > ($5::timestamptz, $6::uuid)
           ORDER BY p.recorded_at, p.id LIMIT ${RECORDS_PAGE - rows.length}`,
          [trucks[index], this.totals.timeZone, from, to, cursor?.time ?? '-infinity', cursor?.id ?? '00000000-0000-0000-0000-000000000000'],
        );
        if (!page.length) continue;
        const [before]: RecordFix[] = await this.dataSource.query(
          `SELECT ${FIX_COLUMNS('$2')} FROM telematics.positions p WHERE p.truck_id = $1 AND (p.recorded_at, p.id) < ($3::timestamptz, $4::uuid)
           ORDER BY p.recorded_at DESC, p.id DESC LIMIT 1`,
          [trucks[index], this.totals.timeZone, page[0].time, page[0].id],
        );
        page.forEach((fix, i) => {
          const previous = i ? page[i - 1] : before;
          const segment = previous ? segmentTotals(previous, fix, this.totals.lines) : undefined;
          const at = { truckId: fix.truckId, time: fix.time, latitude: fix.lat, longitude: fix.lon };
          // A driven segment is a row per state it crosses, in its order (issue 50): the file summed by state is the return.
          // A part of under half a thousandth of a mile (a segment ending on the line) is no row of its own.
          const parts = segment?.kind === 'driven' ? [...segment.millimeters].map(([jurisdiction, millimeters]) => ({ jurisdiction, miles: milesOf(millimeters) })) : [];
          const counted = parts.filter((part) => part.miles !== milesOf(0));
          if (!counted.length) rows.push({ ...at, jurisdiction: this.totals.lines.jurisdictionAt(fix), miles: milesOf(0) });
          for (const part of counted) rows.push({ ...at, ...part });
        });
        if (rows.length >= RECORDS_PAGE) {
          const last = page.at(-1)!;
          return ok({ rows, next: `${last.truckId}|${last.time}|${last.id}` });
        }
      }
      return ok({ rows, next: null });
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /**
   * Issue 48's GPS check of a statement's purchases, all at once: each one's nearest position within
   * FUEL_GPS_WINDOW_MINUTES, and the states each truck was in on each day (the states IFTA's totals have it drive in,
   * and the state of each nearest position).
   */
  async fuelChecks(payload: unknown): Promise<RpcReply<FuelChecksAnswer>> {
    const trucks = (payload as FuelChecksPayload | null)?.trucks;
    const entries = trucks && typeof trucks === 'object' ? Object.entries(trucks) : undefined;
    const valid =
      entries?.every(
        ([truckId, asked]) =>
          isRecordId(truckId) &&
          Array.isArray(asked?.at) &&
          Array.isArray(asked?.day) &&
          asked.at.length === asked.day.length &&
          asked.at.every((at) => Number.isFinite(at)) &&
          asked.day.every((day) => typeof day === 'string' && DAY.test(day)),
      ) && entries.reduce((sum, [, asked]) => sum + asked.at.length, 0) <= FUEL_CHECKS_MAX;
    if (!entries || !valid) return invalidInput({ trucks: ['trucks must map truck ids to their purchases\' instants and days'] });
    try {
      const flat = entries.flatMap(([truckId, asked]) => asked.at.map((at, index) => ({ truckId, at, day: asked.day[index] })));
      const [near, days]: [{ i: number; latitude: number; longitude: number }[], { truckId: string; day: string; states: string[] }[]] = await Promise.all([
        this.dataSource.query(NEAREST_SQL, [flat.map((one) => one.truckId), flat.map((one) => one.at), FUEL_GPS_WINDOW_MINUTES]),
        this.dataSource.query(DAY_STATES_SQL, [flat.map((one) => one.truckId), flat.map((one) => one.day)]),
      ]);
      const answer: FuelChecksAnswer = { trucks: {} };
      for (const [truckId, asked] of entries) answer.trucks[truckId] = { near: asked.at.map(() => null), states: {} };
      const states = (truckId: string, day: string) => (answer.trucks[truckId].states[day] ??= []);
      for (const row of days) states(row.truckId, row.day).push(...row.states);
      const offsets = new Map<string, number>();
      let offset = 0;
      for (const [truckId, asked] of entries) {
        offsets.set(truckId, offset);
        offset += asked.at.length;
      }
      for (const { i, latitude, longitude } of near) {
        const one = flat[i - 1];
        answer.trucks[one.truckId].near[i - 1 - offsets.get(one.truckId)!] = [latitude, longitude];
        const state = this.totals.lines.jurisdictionAt({ latitude, longitude });
        const known = states(one.truckId, one.day);
        if (!known.includes(state)) known.push(state);
      }
      return ok(answer);
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}

/** The instant a company day (a date parameter) begins, in the company's time zone (a text parameter). */
const companyMidnight = (day: string, zone: string) => `(${day}::date::timestamp AT TIME ZONE ${zone})`;
const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
