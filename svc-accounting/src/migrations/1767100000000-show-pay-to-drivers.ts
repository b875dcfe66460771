import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 44: the company's 'Show pay to drivers' (the driver app shows a load's rate and the driver's pay); off. */
export class ShowPayToDrivers1767100000000 implements MigrationInterface {
  name = 'ShowPayToDrivers1767100000000';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE accounting.company_profile ADD COLUMN show_pay_to_drivers boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE accounting.company_profile DROP COLUMN show_pay_to_drivers`);
  }
}
