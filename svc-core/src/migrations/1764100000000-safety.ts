import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inspections, accidents and violations. A carrier never loses its safety history: the trucks and drivers they name
 * cannot be deleted under them (ON DELETE RESTRICT; the services refuse first, counting them). A deleted load only
 * leaves its accidents with no load. Money is numeric(10,2).
 */
export class Safety1764100000000 implements MigrationInterface {
  name = 'Safety1764100000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE core.inspections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        truck_id uuid NOT NULL CONSTRAINT inspections_truck_id_fkey REFERENCES core.trucks (id) ON DELETE RESTRICT,
        driver_id uuid NOT NULL CONSTRAINT inspections_driver_id_fkey REFERENCES core.drivers (id) ON DELETE RESTRICT,
        inspection_type text NOT NULL,
        inspection_date date NOT NULL,
        status text NOT NULL DEFAULT 'Pending',
        defects text,
        notes text,
        performed_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE core.accidents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        driver_id uuid NOT NULL CONSTRAINT accidents_driver_id_fkey REFERENCES core.drivers (id) ON DELETE RESTRICT,
        truck_id uuid CONSTRAINT accidents_truck_id_fkey REFERENCES core.trucks (id) ON DELETE RESTRICT,
        load_id uuid CONSTRAINT accidents_load_id_fkey REFERENCES core.loads (id) ON DELETE SET NULL,
        accident_date date NOT NULL,
        location text NOT NULL,
        severity text NOT NULL,
        description text NOT NULL,
        status text NOT NULL DEFAULT 'Reported',
        injuries_reported integer NOT NULL DEFAULT 0,
        police_report_number text,
        insurance_claim_number text,
        estimated_cost numeric(10, 2),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE core.violations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        driver_id uuid NOT NULL CONSTRAINT violations_driver_id_fkey REFERENCES core.drivers (id) ON DELETE RESTRICT,
        truck_id uuid CONSTRAINT violations_truck_id_fkey REFERENCES core.trucks (id) ON DELETE RESTRICT,
        violation_type text NOT NULL,
        violation_date date NOT NULL,
        location text NOT NULL,
        description text NOT NULL,
        status text NOT NULL DEFAULT 'Pending',
        citation_number text,
        fine_amount numeric(10, 2),
        points integer NOT NULL DEFAULT 0,
        due_date date,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const table of ['inspections', 'accidents', 'violations']) {
      await runner.query(`CREATE INDEX ${table}_list_order_idx ON core.${table} (created_at DESC, id DESC)`);
      // The foreign keys' own lookups: a truck's or driver's records are counted before it is deleted.
      await runner.query(`CREATE INDEX ${table}_truck_id_idx ON core.${table} (truck_id)`);
      await runner.query(`CREATE INDEX ${table}_driver_id_idx ON core.${table} (driver_id)`);
    }
    // Deleting a load finds the accidents to leave without it.
    await runner.query(`CREATE INDEX accidents_load_id_idx ON core.accidents (load_id)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE core.violations`);
    await runner.query(`DROP TABLE core.accidents`);
    await runner.query(`DROP TABLE core.inspections`);
  }
}
