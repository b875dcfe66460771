import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 46: the address 'Send Invoice' sends a customer's invoices to ('' for none). */
export class CustomerBillingEmail1767250000000 implements MigrationInterface {
  name = 'CustomerBillingEmail1767250000000';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE core.customers ADD COLUMN billing_email text NOT NULL DEFAULT ''`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE core.customers DROP COLUMN billing_email`);
  }
}
