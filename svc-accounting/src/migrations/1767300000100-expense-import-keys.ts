import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 48: an expense imported from a fuel card statement keeps its line's key: imported again, it changes nothing. */
export class ExpenseImportKeys1767300000100 implements MigrationInterface {
  name = 'ExpenseImportKeys1767300000100';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE accounting.expenses ADD COLUMN import_key text`);
    await runner.query(`CREATE UNIQUE INDEX expenses_import_key_key ON accounting.expenses (import_key) WHERE import_key IS NOT NULL`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE accounting.expenses DROP COLUMN import_key`);
  }
}
