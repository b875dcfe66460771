import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 48: drivers' deductions (a cash advance drawn on a fuel card, keyed by its statement line), and the ones each
 * settlement subtracts (`deduction_ids`, as `load_ids` names the loads it pays).
 */
export class DriverDeductions1767420000000 implements MigrationInterface {
  name = 'DriverDeductions1767420000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE accounting.driver_deductions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        driver_id uuid NOT NULL,
        deduction_date date NOT NULL,
        description text NOT NULL,
        amount numeric(10, 2) NOT NULL,
        import_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT driver_deductions_import_key_key UNIQUE (import_key)
      )`);
    await runner.query(`CREATE INDEX driver_deductions_driver_id_idx ON accounting.driver_deductions (driver_id, deduction_date)`);
    await runner.query(`ALTER TABLE accounting.settlements ADD COLUMN deduction_ids uuid[] NOT NULL DEFAULT '{}'`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE accounting.settlements DROP COLUMN deduction_ids`);
    await runner.query(`DROP TABLE accounting.driver_deductions`);
  }
}
