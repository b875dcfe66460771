import { DEFAULT_CHARGE_TERMS } from '@tms/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 43: what the carrier is owed beyond the rate. A load's charge lines (going with their load; a line keeps
 * itself when its stop or document is removed, without them), one detention and one stop-off line per stop; the
 * company's charge terms (one row, the defaults until saved: see ChargeTermsService for why svc-core keeps
 * them), and a customer's own terms, each empty for the company's.
 */
export class Charges1766600000000 implements MigrationInterface {
  name = 'Charges1766600000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE core.load_charges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        load_id uuid NOT NULL CONSTRAINT load_charges_load_id_fkey REFERENCES core.loads (id) ON DELETE CASCADE,
        code text NOT NULL CONSTRAINT load_charges_code_check CHECK (code IN ('LINEHAUL', 'FUEL_SURCHARGE', 'DETENTION', 'LAYOVER', 'TONU', 'LUMPER', 'STOP_OFF', 'TARP', 'OTHER')),
        description text,
        quantity numeric(6, 2) NOT NULL CONSTRAINT load_charges_quantity_check CHECK (quantity >= 0),
        unit text NOT NULL CONSTRAINT load_charges_unit_check CHECK (unit IN ('hour', 'day', 'stop', 'flat', 'mile')),
        rate numeric(10, 2) NOT NULL CONSTRAINT load_charges_rate_check CHECK (rate >= 0),
        amount numeric(10, 2) NOT NULL CONSTRAINT load_charges_amount_check CHECK (amount >= 0),
        billable boolean NOT NULL DEFAULT true,
        payable_to_driver boolean NOT NULL DEFAULT false,
        reimbursable boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'requested' CONSTRAINT load_charges_status_check CHECK (status IN ('requested', 'approved', 'denied')),
        stop_id uuid CONSTRAINT load_charges_stop_id_fkey REFERENCES core.load_stops (id) ON DELETE SET NULL,
        document_id uuid CONSTRAINT load_charges_document_id_fkey REFERENCES core.documents (id) ON DELETE SET NULL,
        drafted boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX load_charges_load_idx ON core.load_charges (load_id, created_at, id)`);
    await runner.query(`CREATE INDEX load_charges_list_idx ON core.load_charges (created_at, id)`);
    await runner.query(`CREATE UNIQUE INDEX load_charges_detention_stop_key ON core.load_charges (stop_id) WHERE code = 'DETENTION'`);
    await runner.query(`CREATE UNIQUE INDEX load_charges_stop_off_stop_key ON core.load_charges (stop_id) WHERE code = 'STOP_OFF'`);
    await runner.query(`CREATE INDEX load_charges_document_idx ON core.load_charges (document_id) WHERE document_id IS NOT NULL`);

    const terms = `
        detention_free_hours numeric(4, 2) NOT NULL,
        detention_rate_per_hour numeric(10, 2) NOT NULL,
        detention_cap_hours numeric(4, 2),
        billing_increment_minutes integer NOT NULL,`;
    await runner.query(`
      CREATE TABLE core.charge_terms (
        id uuid PRIMARY KEY,
        ${terms}
        layover_per_day numeric(10, 2),
        tonu_flat numeric(10, 2),
        stop_off_per_stop numeric(10, 2),
        fuel_surcharge_per_mile numeric(10, 2),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    const d = DEFAULT_CHARGE_TERMS;
    await runner.query(
      `INSERT INTO core.charge_terms (id, detention_free_hours, detention_rate_per_hour, detention_cap_hours, billing_increment_minutes) VALUES ($1, $2, $3, $4, $5)`,
      [COMPANY_CHARGE_TERMS_ID, d.detentionFreeHours, d.detentionRatePerHour, d.detentionCapHours, d.billingIncrementMinutes],
    );
    await runner.query(`
      ALTER TABLE core.customers
        ADD COLUMN detention_free_hours numeric(4, 2),
        ADD COLUMN detention_rate_per_hour numeric(10, 2),
        ADD COLUMN detention_cap_hours numeric(4, 2),
        ADD COLUMN billing_increment_minutes integer,
        ADD COLUMN layover_per_day numeric(10, 2),
        ADD COLUMN tonu_flat numeric(10, 2),
        ADD COLUMN stop_off_per_stop numeric(10, 2),
        ADD COLUMN fuel_surcharge_per_mile numeric(10, 2)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`
      ALTER TABLE core.customers DROP COLUMN detention_free_hours, DROP COLUMN detention_rate_per_hour, DROP COLUMN detention_cap_hours,
        DROP COLUMN billing_increment_minutes, DROP COLUMN layover_per_day, DROP COLUMN tonu_flat, DROP COLUMN stop_off_per_stop, DROP COLUMN fuel_surcharge_per_mile`);
    await runner.query(`DROP TABLE core.charge_terms`);
    await runner.query(`DROP TABLE core.load_charges`);
  }
}

/** The company's terms: their one row, and its record id in the audit trail. */
export const COMPANY_CHARGE_TERMS_ID = '00000000-0000-4000-8000-000000000043';
