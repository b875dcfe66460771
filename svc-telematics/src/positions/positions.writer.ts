import { Injectable } from '@nestjs/common';
import type { GpsEnvelope } from '@tms/contracts';
import { DataSource } from 'typeorm';
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
const UNNEST = `unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::numeric[], $7::numeric[], $8::numeric[],
  $9::smallint[], $10::real[], $11::timestamptz[])`;

/** What an array element may be written as unquoted: uuids, numbers and ISO timestamps, as the gateway checked them. */
const PLAIN_ELEMENT = /^[0-9A-Za-z:.+-]+$/;

/**
 * A Postgres array literal of `values`, written here because pg's own encoding quotes and escapes every element (a
 * seventh of this service's time per position). An element that would need quoting is refused, not mangled: the
 * batch then fails and its messages are delivered again, as for any batch Postgres refuses.
 */
function arrayLiteral(values: (string | number | null)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const text = value === null ? 'NULL' : String(value);
    if (value !== null && !PLAIN_ELEMENT.test(text)) throw new Error(`A position holds ${JSON.stringify(text)}, which is no id, number or timestamp`);
    literal += i ? `,${text}` : text;
  }
  return `${literal}}`;
}

const columnsOf = (rows: Row[]) =>
  [
    rows.map((row) => row.id),
    rows.map((row) => row.deviceId),
    rows.map((row) => row.driverId),
    rows.map((row) => row.truckId),
    rows.map((row) => row.loadId),
    rows.map((row) => row.latitude.toFixed(7)),
    rows.map((row) => row.longitude.toFixed(7)),
    rows.map((row) => (row.speed === null ? null : row.speed.toFixed(2))),
    rows.map((row) => row.heading),
    rows.map((row) => row.accuracy),
    rows.map((row) => row.timestamp),
  ].map(arrayLiteral);

/** The latest of `rows` per key, in key order (concurrent writers then lock latest rows in the same order). */
function latestBy(rows: Row[], key: (row: Row) => string | null): Row[] {
  const latest = new Map<string, Row>();
  for (const row of rows) {
    const id = key(row);
    if (id === null) continue;
    const kept = latest.get(id);
    // The gateway writes every timestamp as toISOString does (same width, UTC), so text order is time order.
    if (!kept || row.timestamp > kept.timestamp) latest.set(id, row);
  }
  return [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
}

/**
 * Writes a batch of stream messages in one transaction: the positions (a position already stored is skipped), the
 * latest position of each driver and truck they name (only a newer one replaces it), and each device's last
 * position time. Replaying a batch changes nothing, so the stream may deliver a message again after a crash.
 */
@Injectable()
export class PositionsWriter {
  constructor(private readonly dataSource: DataSource) {}

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
          heading: position.heading === null ? null : Math.min(359, Math.round(position.heading)),
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
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO telematics.positions (${COLUMNS}) SELECT * FROM ${UNNEST} ON CONFLICT DO NOTHING`, columnsOf(rows));
      for (const [kind, latest] of [['driver', drivers], ['truck', trucks]] as const) {
        if (!latest.length) continue;
        await manager.query(
          `INSERT INTO telematics.latest_positions AS l (subject_kind, subject_id, position_id, device_id, driver_id, truck_id, load_id,
             latitude, longitude, speed, heading, accuracy, recorded_at, created_at)
           SELECT $12::text, ${kind === 'driver' ? 'u.driver_id' : 'u.truck_id'}, u.*, now() FROM ${UNNEST} AS u(${COLUMNS})
           ON CONFLICT (subject_kind, subject_id) DO UPDATE SET
             position_id = EXCLUDED.position_id, device_id = EXCLUDED.device_id, driver_id = EXCLUDED.driver_id,
             truck_id = EXCLUDED.truck_id, load_id = EXCLUDED.load_id, latitude = EXCLUDED.latitude,
             longitude = EXCLUDED.longitude, speed = EXCLUDED.speed, heading = EXCLUDED.heading,
             accuracy = EXCLUDED.accuracy, recorded_at = EXCLUDED.recorded_at, created_at = EXCLUDED.created_at
           WHERE l.recorded_at < EXCLUDED.recorded_at`,
          [...columnsOf(latest), kind],
        );
      }
      await manager.query(
        `UPDATE telematics.devices d SET last_position_at = v.at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, at)
         WHERE d.id = v.id AND (d.last_position_at IS NULL OR d.last_position_at < v.at)`,
        [arrayLiteral(devices.map((row) => row.deviceId)), arrayLiteral(devices.map((row) => row.timestamp))],
      );
    });
    return rows.length;
  }
}
