import type { MigrationInterface, QueryRunner } from 'typeorm';

/** IFTA's tax rates per gallon (issue 29), entered by the user for each quarter and state: never built in. */
export class IftaRates1766000000000 implements MigrationInterface {
  name = 'IftaRates1766000000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE accounting.ifta_rates (
        year int NOT NULL,
        quarter int NOT NULL CHECK (quarter BETWEEN 1 AND 4),
        jurisdiction text NOT NULL,
        rate numeric(6, 4) NOT NULL CHECK (rate >= 0),
        PRIMARY KEY (year, quarter, jurisdiction)
      )`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE accounting.ifta_rates`);
  }
}
