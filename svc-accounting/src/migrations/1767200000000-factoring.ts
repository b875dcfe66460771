import type { MigrationInterface, QueryRunner } from 'typeorm';
import { FACTOR_SETTINGS_ID } from '../factoring/factor-settings.entity.js';

/**
 * Issue 45: factoring. The factor's settings (one row, the defaults until saved), the schedules of accounts
 * (numbered SCH-0001... from a sequence), the factor's reports as applied, and the ledger; an invoice says which
 * schedule it is on and where it stands with the factor (`factoring_state`: its purchase settles it for the
 * carrier's receivables until a charge-back). A report row's entries carry its key: the same row never applies twice.
 */
export class Factoring1767200000000 implements MigrationInterface {
  name = 'Factoring1767200000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE accounting.factor_settings (
        id uuid PRIMARY KEY,
        name text NOT NULL DEFAULT '',
        remit_to text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        client_number text NOT NULL DEFAULT '',
        notice_text text NOT NULL DEFAULT '',
        advance_percent numeric(5, 2) NOT NULL DEFAULT 97.00 CONSTRAINT factor_settings_advance_check CHECK (advance_percent BETWEEN 0 AND 100),
        fee_percent numeric(5, 2) NOT NULL DEFAULT 3.00 CONSTRAINT factor_settings_fee_check CHECK (fee_percent BETWEEN 0 AND 100),
        recourse_days int NOT NULL DEFAULT 90,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`INSERT INTO accounting.factor_settings (id) VALUES ($1)`, [FACTOR_SETTINGS_ID]);
    await runner.query(`CREATE SEQUENCE accounting.factoring_schedule_number_seq`);
    await runner.query(`
      CREATE TABLE accounting.factoring_schedules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        schedule_number text NOT NULL CONSTRAINT factoring_schedules_number_key UNIQUE,
        schedule_date date NOT NULL,
        total numeric(12, 2) NOT NULL,
        rows jsonb NOT NULL,
        warnings jsonb NOT NULL DEFAULT '[]',
        factor jsonb NOT NULL,
        issuer jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX factoring_schedules_list ON accounting.factoring_schedules (created_at DESC, id)`);
    await runner.query(`
      ALTER TABLE accounting.invoices
        ADD COLUMN schedule_id uuid CONSTRAINT invoices_schedule_id_fkey REFERENCES accounting.factoring_schedules (id) ON DELETE RESTRICT,
        ADD COLUMN factoring_state text CONSTRAINT invoices_factoring_state_check CHECK (factoring_state IN ('factored', 'paidToFactor', 'chargedBack')),
        ADD COLUMN factored_on date`);
    await runner.query(`CREATE INDEX invoices_factored ON accounting.invoices (factored_on) WHERE factoring_state = 'factored'`);
    await runner.query(`
      CREATE TABLE accounting.factoring_reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CONSTRAINT factoring_reports_kind_check CHECK (kind IN ('purchase', 'payment')),
        row_count int NOT NULL,
        mapping jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX factoring_reports_kind ON accounting.factoring_reports (kind, created_at DESC)`);
    await runner.query(`
      CREATE TABLE accounting.factoring_ledger_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        invoice_id uuid NOT NULL CONSTRAINT factoring_ledger_invoice_id_fkey REFERENCES accounting.invoices (id) ON DELETE RESTRICT,
        invoice_number text NOT NULL,
        kind text NOT NULL CONSTRAINT factoring_ledger_kind_check CHECK (kind IN ('advance', 'fee', 'reserve', 'reserveReleased', 'shortPay', 'chargeBack')),
        amount numeric(12, 2) NOT NULL,
        entry_date date NOT NULL,
        report_id uuid CONSTRAINT factoring_ledger_report_id_fkey REFERENCES accounting.factoring_reports (id) ON DELETE RESTRICT,
        row_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT factoring_ledger_row_key UNIQUE (row_key, kind)
      )`);
    await runner.query(`CREATE INDEX factoring_ledger_by_date ON accounting.factoring_ledger_entries (entry_date, created_at, id)`);
    await runner.query(`CREATE INDEX factoring_ledger_by_invoice ON accounting.factoring_ledger_entries (invoice_id)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE accounting.factoring_ledger_entries`);
    await runner.query(`DROP TABLE accounting.factoring_reports`);
    await runner.query(`ALTER TABLE accounting.invoices DROP COLUMN schedule_id, DROP COLUMN factoring_state, DROP COLUMN factored_on`);
    await runner.query(`DROP TABLE accounting.factoring_schedules`);
    await runner.query(`DROP SEQUENCE accounting.factoring_schedule_number_seq`);
    await runner.query(`DROP TABLE accounting.factor_settings`);
  }
}
