import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26: the carrier's profile (one row, what invoices print), the loads a settlement pays (svc-core's load ids,
 * held there through ReferenceHolds; no foreign key crosses schemas), and the lookups of the rules "one invoice per
 * load" and "one settlement per load" (invoices by load, settlements by any of their loads).
 */
export class CompanySettlementLoads1765500000000 implements MigrationInterface {
  name = 'CompanySettlementLoads1765500000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE accounting.company_profile (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        address text NOT NULL,
        phone text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        mc_number text NOT NULL DEFAULT '',
        dot_number text NOT NULL DEFAULT '',
        remit_to text NOT NULL DEFAULT '',
        payment_terms_days integer NOT NULL DEFAULT 30,
        invoice_notes text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`ALTER TABLE accounting.settlements ADD COLUMN load_ids uuid[] NOT NULL DEFAULT '{}'`);
    await runner.query(`CREATE INDEX settlements_load_ids_idx ON accounting.settlements USING gin (load_ids)`);
    await runner.query(`CREATE INDEX invoices_load_id_idx ON accounting.invoices (load_id)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP INDEX accounting.invoices_load_id_idx`);
    await runner.query(`DROP INDEX accounting.settlements_load_ids_idx`);
    await runner.query(`ALTER TABLE accounting.settlements DROP COLUMN load_ids`);
    await runner.query(`DROP TABLE accounting.company_profile`);
  }
}
