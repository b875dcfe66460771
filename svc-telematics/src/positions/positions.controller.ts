import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  fieldIssues,
  gpsLatestSubject,
  gpsStopEvidenceSubject,
  gpsTrackSubject,
  invalidInput,
  ok,
  stopEvidenceQuerySchema,
  TRACK_MAX_POINTS,
  trackQuerySchema,
  type ListPagePayload,
  type RpcReply,
  type StopEvidence,
  type StopEvidenceFix,
  type Track,
} from '@tms/contracts';
import { config, DeadlineInterceptor, internalErrorReply, ListPages, RecentPages } from '@tms/service-kit';
import { DataSource, Repository } from 'typeorm';
import { milesBetween, stopBoxes } from '../stops/stop-visits.js';
import { telematicsConfig } from '../telematics-config.js';
import { LatestLocationEntity } from './latest-location.entity.js';

/**
 * A truck's positions in a span, oldest first, every step-th of them (the first and the last always) so that at most
 * $4 come back: step = ceil((total - 1) / ($4 - 2)). The truck's index (truck_id, recorded_at) finds them.
 */
const TRACK_SQL = `
  WITH span AS (
    SELECT latitude::float8 AS latitude, longitude::float8 AS longitude, recorded_at,
      row_number() OVER (ORDER BY recorded_at, id) AS n, count(*) OVER () AS total
    FROM telematics.positions WHERE truck_id = $1 AND recorded_at >= $2 AND recorded_at <= $3
  )
  SELECT latitude, longitude, to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, total::int AS total
  FROM span
  WHERE total <= $4 OR n = total OR (n - 1) % ceil((total - 1)::numeric / ($4 - 2))::bigint = 0
  ORDER BY n`;

/** A truck's positions in a span within a box (a stop's, stopBoxes), oldest first: the truck's index finds them. */
const BOXED_SQL = `
  SELECT latitude::float8 AS latitude, longitude::float8 AS longitude, to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
  FROM telematics.positions
  WHERE truck_id = $1 AND recorded_at >= $2 AND recorded_at <= $3 AND latitude BETWEEN $4 AND $5 AND longitude BETWEEN $6 AND $7
  ORDER BY recorded_at, id`;

/**
 * `{root}.telematics.gps.latest`: the latest position of each driver and truck, newest first, page by page. Every
 * GPS Tracking screen reads it while devices keep changing it: its pages are read at most once per
 * GPS_LATEST_REUSE_MS (RecentPages), so a thousand screens cost Postgres what one does.
 */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class PositionsController {
  private readonly pages: RecentPages;

  constructor(
    @InjectRepository(LatestLocationEntity) repository: Repository<LatestLocationEntity>,
    private readonly dataSource: DataSource,
  ) {
    this.pages = new RecentPages(new ListPages(repository, { timestamp: 'DESC' }), telematicsConfig.latestReuseMs);
  }

  @MessagePattern(gpsLatestSubject(config.subjectRoot))
  async latest(@Payload() payload: ListPagePayload) {
    try {
      return await this.pages.page(payload?.after);
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /** `{root}.telematics.gps.track`: a truck's track between two moments (the Stops drawer's map). */
  @MessagePattern(gpsTrackSubject(config.subjectRoot))
  async track(@Payload() payload: unknown): Promise<RpcReply<Track>> {
    const parsed = trackQuerySchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const { truckId, from, to } = parsed.data;
    try {
      const rows: { latitude: number; longitude: number; at: string; total: number }[] = await this.dataSource.query(TRACK_SQL, [truckId, from, to, TRACK_MAX_POINTS]);
      return ok({ truckId, positions: rows[0]?.total ?? 0, points: rows.map(({ latitude, longitude, at }) => ({ latitude, longitude, at })) });
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /**
   * `{root}.telematics.gps.stop-evidence` (issue 43): the first and the last position of a truck within a stop's
   * radius in a span, each with its distance from the stop: a detention line's evidence in an invoice's packet.
   */
  @MessagePattern(gpsStopEvidenceSubject(config.subjectRoot))
  async stopEvidence(@Payload() payload: unknown): Promise<RpcReply<StopEvidence>> {
    const parsed = stopEvidenceQuerySchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const { truckId, latitude, longitude, radiusMiles, from, to } = parsed.data;
    const stop = { latitude, longitude };
    const box = stopBoxes([{ latitude, longitude, radiusMiles }]);
    try {
      const rows: { latitude: number; longitude: number; at: string }[] = await this.dataSource.query(BOXED_SQL, [truckId, from, to, box.s[0], box.n[0], box.w[0], box.e[0]]);
      const inside: StopEvidenceFix[] = [];
      for (const row of rows) {
        const miles = milesBetween(stop, row);
        if (miles <= radiusMiles) inside.push({ ...row, miles: Math.round(miles * 100) / 100 });
      }
      return ok({ first: inside[0] ?? null, last: inside.at(-1) ?? null, inside: inside.length });
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}
