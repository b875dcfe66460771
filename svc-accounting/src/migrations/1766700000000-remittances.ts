import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 46: a remittance (one customer payment spread over many invoices) and its payments. A payment names the
 * remittance that made it; the remittance is reversed whole, taking its payments with it (RemittancesService), so the
 * foreign key refuses deleting one that still has payments. `applied` + `unapplied` = `amount` + `credit_used`: what
 * it paid on invoices, and what it left as the customer's credit.
 */
export class Remittances1766700000000 implements MigrationInterface {
  name = 'Remittances1766700000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE accounting.remittances (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL,
        amount numeric(10, 2) NOT NULL CONSTRAINT remittances_amount_check CHECK (amount > 0),
        credit_used numeric(10, 2) NOT NULL DEFAULT 0 CONSTRAINT remittances_credit_used_check CHECK (credit_used >= 0),
        applied numeric(10, 2) NOT NULL,
        unapplied numeric(10, 2) NOT NULL CONSTRAINT remittances_unapplied_check CHECK (unapplied >= 0),
        payment_date date NOT NULL,
        payment_method text NOT NULL,
        reference_number text,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT remittances_balanced_check CHECK (applied + unapplied = amount + credit_used)
      )`);
    await runner.query(`CREATE INDEX remittances_customer_idx ON accounting.remittances (customer_id)`);
    await runner.query(`CREATE INDEX remittances_list_order_idx ON accounting.remittances (created_at DESC, id DESC)`);
    await runner.query(`
      ALTER TABLE accounting.payments ADD COLUMN remittance_id uuid
        CONSTRAINT payments_remittance_id_fkey REFERENCES accounting.remittances (id)`);
    await runner.query(`CREATE INDEX payments_remittance_idx ON accounting.payments (remittance_id) WHERE remittance_id IS NOT NULL`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE accounting.payments DROP COLUMN remittance_id`);
    await runner.query(`DROP TABLE accounting.remittances`);
  }
}
