import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 43: an invoice keeps its lines (the line haul and the approved billable charges) as they were when it was made. */
export class InvoiceLines1767410000000 implements MigrationInterface {
  name = 'InvoiceLines1767410000000';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE accounting.invoices ADD COLUMN lines jsonb NOT NULL DEFAULT '[]'::jsonb`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE accounting.invoices DROP COLUMN lines`);
  }
}
