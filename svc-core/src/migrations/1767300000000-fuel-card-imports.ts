import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 48: a fuel purchase imported from a card statement keeps its line's key (layout, card's last four, invoice,
 * item: a statement imported again changes nothing) and what the GPS check found; one in a state the truck was not
 * in that day is left out of that state's IFTA tax-paid gallons.
 */
export class FuelCardImports1767300000000 implements MigrationInterface {
  name = 'FuelCardImports1767300000000';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE core.fuel_transactions ADD COLUMN import_key text, ADD COLUMN gps_warnings text[] NOT NULL DEFAULT '{}', ADD COLUMN not_in_state boolean NOT NULL DEFAULT false`);
    await runner.query(`CREATE UNIQUE INDEX fuel_transactions_import_key_key ON core.fuel_transactions (import_key) WHERE import_key IS NOT NULL`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE core.fuel_transactions DROP COLUMN import_key, DROP COLUMN gps_warnings, DROP COLUMN not_in_state`);
  }
}
