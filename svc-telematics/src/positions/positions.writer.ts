import { setImmediate } from 'node:timers/promises';
import { Injectable, Optional } from '@nestjs/common';
import type { GpsEnvelope } from '@tms/contracts';
import { DataSource } from 'typeorm';
import { arrayText, IftaTotals, type IftaBatch, type TruckPosition } from '../ifta/ifta-totals.js';
import { MovedTrucks } from '../stops/moved-trucks.js';
import { positionId } from './position-id.js';

interface Row {
  id: string;
  deviceId: string;
  driverId: string | null;
  truckId: string | null;
  loadId: string | null;
  latitude: number;
  longitude: number;
  speed: number | null;
  heading: number | null;
  accuracy: number | null;
  timestamp: string;
}

const COLUMNS = `id, device_id, driver_id, truck_id, load_id, latitude, longitude, speed, heading, accuracy, recorded_at`;
/**
 * The rows of one JSON parameter, $1, as typed columns. One JSON text made by JSON.stringify costs a fraction of what
 * pg's quoting and escaping of every array element did, and Postgres reads each value with its column type's own
 * input: a value it cannot take refuses the statement (and the consumer then sets that position apart), it never
 * changes the SQL.
 */
const ROWS = `json_to_recordset($1::json) AS r(id uuid, "deviceId" uuid, "driverId" uuid, "truckId" uuid, "loadId" uuid,
  latitude numeric, longitude numeric, speed numeric, heading smallint, accuracy real, "timestamp" timestamptz)`;
const ROW_VALUES = `r.id, r."deviceId", r."driverId", r."truckId", r."loadId", r.latitude, r.longitude, r.speed, r.heading, r.accuracy, r."timestamp"`;

/** The latest of `rows` per key, in key order (concurrent writers then lock latest rows in the same order). */
function latestBy(rows: Row[], key: (row: Row) => string | null): Row[] {
  const latest = new Map<string, Row>();
  for (const row of rows) {
    const id = key(row);
    if (id === null || id === undefined) continue;
    const kept = latest.get(id);
    // The gateway writes every timestamp as toISOString does (same width, UTC), so text order is time order.
    if (!kept || row.timestamp > kept.timestamp) latest.set(id, row);
  }
  return [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
}

/**
 * Writes a batch of stream messages in one transaction: the positions (a position already stored is skipped), the
 * latest position of each driver and truck they name (only a newer one replaces it), each device's last
 * position time, and IFTA's miles per truck, day and state (IftaTotals.batch, at the writer's pace). Replaying a batch changes nothing, so the stream may deliver a message again after a crash.
 * Once committed, the trucks it stored positions of are noted for the stop watcher (MovedTrucks; none in a benchmark
 * of the writer alone).
 */
@Injectable()
export class PositionsWriter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ifta: IftaTotals,
    @Optional() private readonly moved?: MovedTrucks,
  ) {}

  async write(envelopes: GpsEnvelope[]): Promise<number> {
    const byId = new Map<string, Row>();
    for (const { deviceId, positions } of envelopes) {
      for (const position of positions) {
        const id = positionId(deviceId, position);
        byId.set(id, {
          id,
          deviceId,
          driverId: position.driverId,
          truckId: position.truckId,
          loadId: position.loadId,
          latitude: position.latitude,
          longitude: position.longitude,
          speed: position.speed,
          // Whole degrees; anything but a number (from no gateway of ours) is left for Postgres to refuse.
          heading: typeof position.heading === 'number' ? Math.min(359, Math.round(position.heading)) : position.heading,
          accuracy: position.accuracy,
          timestamp: position.timestamp,
        });
      }
    }
    const rows = [...byId.values()];
    if (!rows.length) return 0;
    const drivers = latestBy(rows, (row) => row.driverId);
    const trucks = latestBy(rows, (row) => row.truckId);
    const devices = latestBy(rows, (row) => row.deviceId);
    const trucksRows = rows.filter((row): row is Row & TruckPosition => Boolean(row.truckId));
    let ifta: IftaBatch | undefined;
    let stored = false;
    await this.dataSource.transaction(async (manager) => {
      // One count comes back (its command tag): the positions' ids are asked for only when some were stored before.
      const insert: Promise<{ affected?: number }> = manager.queryRunner!.query(
        `INSERT INTO telematics.positions (${COLUMNS}) SELECT ${ROW_VALUES} FROM ${ROWS} ON CONFLICT DO NOTHING`,
        [JSON.stringify(rows)],
        true,
      );
      insert.catch(() => undefined); // awaited below; not a rejection left unhandled meanwhile
      // While Postgres stores them (the statement is sent once this turn of the event loop ends), IFTA's new segments
      // are worked out on the other core.
      await setImmediate();
      ifta = this.ifta.batch(trucksRows);
      const count = (await insert).affected ?? 0;
      if (count === 0) return;
      stored = true;
      const before = await ifta.stored(manager, count === rows.length);
      let unsure = new Set<string>();
      for (const [kind, latest] of [['driver', drivers], ['truck', trucks]] as const) {
        if (!latest.length) continue;
        const upsert = `INSERT INTO telematics.latest_positions AS l (subject_kind, subject_id, position_id, device_id, driver_id, truck_id, load_id,
             latitude, longitude, speed, heading, accuracy, recorded_at, created_at)
           SELECT $2::text, ${kind === 'driver' ? 'r."driverId"' : 'r."truckId"'}, ${ROW_VALUES}, now() FROM ${ROWS}
           ON CONFLICT (subject_kind, subject_id) DO UPDATE SET
             position_id = EXCLUDED.position_id, device_id = EXCLUDED.device_id, driver_id = EXCLUDED.driver_id,
             truck_id = EXCLUDED.truck_id, load_id = EXCLUDED.load_id, latitude = EXCLUDED.latitude,
             longitude = EXCLUDED.longitude, speed = EXCLUDED.speed, heading = EXCLUDED.heading,
             accuracy = EXCLUDED.accuracy, recorded_at = EXCLUDED.recorded_at, created_at = EXCLUDED.created_at,
             prior_position_id = l.position_id
           WHERE l.recorded_at < EXCLUDED.recorded_at`;
        if (kind === 'driver') {
          await manager.query(upsert, [JSON.stringify(latest), kind]);
          continue;
        }
        // The trucks whose latest, when this transaction locked it, was not the one read before ($3, $4): another
        // replica's batch in between, or the batch's positions are not the newest. Only those come back.
        const [answer]: { unsure: string[] }[] = await manager.query(
          `WITH upserted AS (${upsert} RETURNING subject_id, prior_position_id)
           SELECT coalesce(array_agg(e.truck_id::text), '{}') AS unsure FROM unnest($3::uuid[], $4::uuid[]) AS e(truck_id, prior)
           LEFT JOIN upserted u ON u.subject_id = e.truck_id WHERE u.subject_id IS NULL OR u.prior_position_id IS DISTINCT FROM e.prior`,
          [JSON.stringify(latest), kind, arrayText([...before.keys()], (id) => id), arrayText([...before.values()], (id) => id)],
        );
        unsure = new Set(answer.unsure);
      }
      const devicesUpdate = manager.query(
        `UPDATE telematics.devices d SET last_position_at = r."timestamp"
         FROM ${ROWS}
         WHERE d.id = r."deviceId" AND (d.last_position_at IS NULL OR d.last_position_at < r."timestamp")`,
        [JSON.stringify(devices)],
      );
      devicesUpdate.catch(() => undefined);
      // IFTA's rows are made while Postgres updates the devices.
      await setImmediate();
      await ifta.write(manager, unsure, devicesUpdate);
    });
    ifta?.committed();
    if (stored) this.moved?.note(trucksRows, ifta!.late());
    return rows.length;
  }
}
