import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 47: a customer's MC number ('' for none), by which the sender of a dropped document is matched to it. */
export class CustomerMcNumber1767430000000 implements MigrationInterface {
  name = 'CustomerMcNumber1767430000000';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE core.customers ADD COLUMN mc_number text NOT NULL DEFAULT ''`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE core.customers DROP COLUMN mc_number`);
  }
}
