import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 43: a driver's pay rule gains pay per extra stop and a percent of approved detention (both optional). */
export class PayRuleExtras1767410000000 implements MigrationInterface {
  name = 'PayRuleExtras1767410000000';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE core.drivers ADD COLUMN per_stop_pay numeric(10, 2), ADD COLUMN detention_share_percent numeric(5, 2)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE core.drivers DROP COLUMN per_stop_pay, DROP COLUMN detention_share_percent`);
  }
}
