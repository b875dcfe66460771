import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 44, the driver app. A driver's pairing (one per driver, going with the driver): when its link ends and
 * when a phone took it; its secrets apart (the link code's and the phone token's SHA-256 only), so that no write's
 * audit entry and no list ever carries them. A driver's stamps at stops: each arrival or departure the phone sent,
 * with its one location fix, kept whether or not the stop took its time (a dispatcher's is never replaced).
 */
export class DriverApp1767100000000 implements MigrationInterface {
  name = 'DriverApp1767100000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE core.driver_pairings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        driver_id uuid NOT NULL CONSTRAINT driver_pairings_driver_id_fkey REFERENCES core.drivers (id) ON DELETE CASCADE,
        link_expires_at timestamptz NOT NULL,
        paired_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT driver_pairings_driver_key UNIQUE (driver_id)
      )`);
    await runner.query(`CREATE INDEX driver_pairings_list_idx ON core.driver_pairings (created_at, id)`);
    await runner.query(`
      CREATE TABLE core.driver_pairing_secrets (
        pairing_id uuid PRIMARY KEY CONSTRAINT driver_pairing_secrets_pairing_id_fkey REFERENCES core.driver_pairings (id) ON DELETE CASCADE,
        link_hash text CONSTRAINT driver_pairing_secrets_link_key UNIQUE,
        token_hash text CONSTRAINT driver_pairing_secrets_token_key UNIQUE
      )`);
    await runner.query(`
      CREATE TABLE core.stop_stamps (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        load_id uuid NOT NULL CONSTRAINT stop_stamps_load_id_fkey REFERENCES core.loads (id) ON DELETE CASCADE,
        stop_id uuid NOT NULL CONSTRAINT stop_stamps_stop_id_fkey REFERENCES core.load_stops (id) ON DELETE CASCADE,
        driver_id uuid NOT NULL CONSTRAINT stop_stamps_driver_id_fkey REFERENCES core.drivers (id) ON DELETE CASCADE,
        kind text NOT NULL CONSTRAINT stop_stamps_kind_check CHECK (kind IN ('arrived', 'departed')),
        at timestamptz NOT NULL,
        latitude double precision,
        longitude double precision,
        accuracy_meters double precision,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX stop_stamps_stop_idx ON core.stop_stamps (stop_id, at)`);
    await runner.query(`CREATE INDEX stop_stamps_list_idx ON core.stop_stamps (created_at, id)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE core.stop_stamps`);
    await runner.query(`DROP TABLE core.driver_pairing_secrets`);
    await runner.query(`DROP TABLE core.driver_pairings`);
  }
}
