import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26: a driver's pay rule (its type, and its rate as text with the type's decimals, both or neither) and a
 * load's loaded miles, both optional; and the index a driver's settlement reads its delivered loads by.
 */
export class PayRulesMiles1765500000000 implements MigrationInterface {
  name = 'PayRulesMiles1765500000000';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE core.drivers ADD COLUMN pay_type text, ADD COLUMN pay_rate text`);
    await runner.query(`ALTER TABLE core.loads ADD COLUMN miles integer`);
    await runner.query(`CREATE INDEX loads_driver_delivery_idx ON core.loads (assigned_driver_id, delivery_date, id) WHERE assigned_driver_id IS NOT NULL`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP INDEX core.loads_driver_delivery_idx`);
    await runner.query(`ALTER TABLE core.loads DROP COLUMN miles`);
    await runner.query(`ALTER TABLE core.drivers DROP COLUMN pay_type, DROP COLUMN pay_rate`);
  }
}
