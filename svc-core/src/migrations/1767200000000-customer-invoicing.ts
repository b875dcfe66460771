import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 45: whether a customer's invoices are billed direct or sold to the factor. */
export class CustomerInvoicing1767200000000 implements MigrationInterface {
  name = 'CustomerInvoicing1767200000000';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE core.customers ADD COLUMN invoicing text NOT NULL DEFAULT 'direct' CONSTRAINT customers_invoicing_check CHECK (invoicing IN ('direct', 'factored'))`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE core.customers DROP COLUMN invoicing`);
  }
}
