import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Devices and their token hashes (a token itself is never stored), positions in a table partitioned by day of the
 * position's timestamp (old days dropped whole, see positions.partitions.ts), and the latest position of each driver
 * and each truck. A position's id is derived from its device, driver, truck and timestamp: a resent position is
 * the same row, stored once. Trucks, drivers and loads live in svc-core: no foreign keys cross schemas.
 */
export class Telematics1764200000000 implements MigrationInterface {
  name = 'Telematics1764200000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE telematics.devices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        truck_id uuid,
        driver_id uuid,
        last_position_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX devices_list_order_idx ON telematics.devices (created_at DESC, id DESC)`);
    await runner.query(`
      CREATE TABLE telematics.device_tokens (
        device_id uuid PRIMARY KEY REFERENCES telematics.devices (id) ON DELETE CASCADE,
        token_hash text NOT NULL CONSTRAINT device_tokens_token_hash_key UNIQUE
      )`);

    await runner.query(`
      CREATE TABLE telematics.positions (
        id uuid NOT NULL,
        device_id uuid NOT NULL,
        driver_id uuid,
        truck_id uuid,
        load_id uuid,
        latitude numeric(10, 7) NOT NULL,
        longitude numeric(10, 7) NOT NULL,
        speed numeric(5, 2),
        heading smallint,
        accuracy real,
        recorded_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (id, recorded_at)
      ) PARTITION BY RANGE (recorded_at)`);
    await runner.query(`CREATE TABLE telematics.positions_default PARTITION OF telematics.positions DEFAULT`);
    await runner.query(`CREATE INDEX positions_truck_idx ON telematics.positions (truck_id, recorded_at DESC)`);
    await runner.query(`CREATE INDEX positions_driver_idx ON telematics.positions (driver_id, recorded_at DESC)`);

    await runner.query(`
      CREATE TABLE telematics.latest_positions (
        subject_kind text NOT NULL CHECK (subject_kind IN ('driver', 'truck')),
        subject_id uuid NOT NULL,
        position_id uuid NOT NULL,
        device_id uuid NOT NULL,
        driver_id uuid,
        truck_id uuid,
        load_id uuid,
        latitude numeric(10, 7) NOT NULL,
        longitude numeric(10, 7) NOT NULL,
        speed numeric(5, 2),
        heading smallint,
        accuracy real,
        recorded_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (subject_kind, subject_id)
      )`);
    await runner.query(`CREATE INDEX latest_positions_order_idx ON telematics.latest_positions (recorded_at DESC, position_id DESC)`);
    await runner.query(`CREATE INDEX latest_positions_driver_idx ON telematics.latest_positions (driver_id) WHERE subject_kind = 'truck'`);
    // Each position once: a truck's latest that is also its driver's latest is shown by the driver's row.
    await runner.query(`
      CREATE VIEW telematics.latest_locations AS
        SELECT l.position_id AS id, l.driver_id, l.truck_id, l.load_id, l.latitude::float8 AS latitude,
               l.longitude::float8 AS longitude, l.speed::float8 AS speed, l.heading, l.accuracy::float8 AS accuracy,
               l.recorded_at AS "timestamp", l.created_at
        FROM telematics.latest_positions l
        WHERE l.subject_kind = 'driver'
           OR l.driver_id IS NULL
           OR NOT EXISTS (
             SELECT 1 FROM telematics.latest_positions d
             WHERE d.subject_kind = 'driver' AND d.subject_id = l.driver_id AND d.position_id = l.position_id
           )`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP VIEW telematics.latest_locations`);
    await runner.query(`DROP TABLE telematics.latest_positions`);
    await runner.query(`DROP TABLE telematics.positions`);
    await runner.query(`DROP TABLE telematics.device_tokens`);
    await runner.query(`DROP TABLE telematics.devices`);
  }
}
