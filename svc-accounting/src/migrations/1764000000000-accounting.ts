import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoices, expenses, payments and driver settlements. Money is numeric(10,2); invoice and settlement numbers are
 * unique whatever their case. A payment's invoice is a real foreign key (an invoice with payments cannot be
 * deleted); loads, customers and drivers live in svc-core, so those references are checked over NATS when written
 * and carry no foreign key (no foreign keys cross schemas).
 */
export class Accounting1764000000000 implements MigrationInterface {
  name = 'Accounting1764000000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE accounting.invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        invoice_number text NOT NULL,
        load_id uuid NOT NULL,
        customer_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'draft',
        invoice_date date NOT NULL,
        due_date date NOT NULL,
        subtotal numeric(10, 2) NOT NULL,
        tax numeric(10, 2) NOT NULL DEFAULT 0,
        total numeric(10, 2) NOT NULL,
        paid_amount numeric(10, 2) NOT NULL DEFAULT 0,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX invoices_invoice_number_key ON accounting.invoices (lower(invoice_number))`);
    await runner.query(`CREATE INDEX invoices_list_order_idx ON accounting.invoices (created_at DESC, id DESC)`);

    await runner.query(`
      CREATE TABLE accounting.payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        invoice_id uuid NOT NULL CONSTRAINT payments_invoice_id_fkey REFERENCES accounting.invoices (id) ON DELETE RESTRICT,
        customer_id uuid NOT NULL,
        amount numeric(10, 2) NOT NULL,
        payment_date date NOT NULL,
        payment_method text NOT NULL,
        reference_number text,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX payments_list_order_idx ON accounting.payments (created_at DESC, id DESC)`);
    // An invoice's payments are counted before it is deleted.
    await runner.query(`CREATE INDEX payments_invoice_id_idx ON accounting.payments (invoice_id)`);

    await runner.query(`
      CREATE TABLE accounting.expenses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        expense_date date NOT NULL,
        category text NOT NULL,
        description text NOT NULL,
        amount numeric(10, 2) NOT NULL,
        vendor text,
        payment_method text,
        load_id uuid,
        receipt_url text,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX expenses_list_order_idx ON accounting.expenses (created_at DESC, id DESC)`);

    await runner.query(`
      CREATE TABLE accounting.settlements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        driver_id uuid NOT NULL,
        settlement_number text NOT NULL,
        period_start date NOT NULL,
        period_end date NOT NULL,
        total_miles integer,
        total_revenue numeric(10, 2) NOT NULL,
        driver_pay numeric(10, 2) NOT NULL,
        deductions numeric(10, 2) NOT NULL DEFAULT 0,
        net_pay numeric(10, 2) NOT NULL,
        status text NOT NULL DEFAULT 'Pending',
        paid_date date,
        payment_method text,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX settlements_settlement_number_key ON accounting.settlements (lower(settlement_number))`);
    await runner.query(`CREATE INDEX settlements_list_order_idx ON accounting.settlements (created_at DESC, id DESC)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE accounting.settlements`);
    await runner.query(`DROP TABLE accounting.expenses`);
    await runner.query(`DROP TABLE accounting.payments`);
    await runner.query(`DROP TABLE accounting.invoices`);
  }
}
