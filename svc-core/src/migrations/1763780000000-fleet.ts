import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Trucks and drivers. Unique keys ignore case: 'T-100' and 't-100' are the same truck. */
export class Fleet1763780000000 implements MigrationInterface {
  name = 'Fleet1763780000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE core.trucks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        truck_number text NOT NULL,
        type text NOT NULL,
        status text NOT NULL DEFAULT 'available',
        license_plate text NOT NULL,
        vin text,
        year integer,
        make text,
        model text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX trucks_truck_number_key ON core.trucks (lower(truck_number))`);
    await runner.query(`
      CREATE TABLE core.drivers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        license_number text NOT NULL,
        status text NOT NULL DEFAULT 'available',
        license_expiration date,
        medical_card_number text,
        medical_card_expiration date,
        assigned_truck_id uuid CONSTRAINT drivers_assigned_truck_id_fkey REFERENCES core.trucks (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX drivers_email_key ON core.drivers (lower(email))`);
    await runner.query(`CREATE UNIQUE INDEX drivers_license_number_key ON core.drivers (lower(license_number))`);
    await runner.query(`CREATE INDEX drivers_assigned_truck_id_idx ON core.drivers (assigned_truck_id)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE core.drivers`);
    await runner.query(`DROP TABLE core.trucks`);
  }
}
