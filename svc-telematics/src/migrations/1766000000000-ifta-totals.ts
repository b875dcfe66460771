import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * IFTA's totals (issue 29), kept as positions are stored (ifta/ifta-totals.ts): whole millimeters driven per truck,
 * company day and state, and the segments not counted as driven (gaps), each under the day of its later position.
 * They outlive the positions (GPS_RETENTION_DAYS): a quarter stays reportable. Trucks with positions stored before
 * are listed for IftaBackfill to build at start.
 */
export class IftaTotals1766000000000 implements MigrationInterface {
  name = 'IftaTotals1766000000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE telematics.ifta_truck_days (
        day date NOT NULL,
        truck_id uuid NOT NULL,
        jurisdiction text NOT NULL,
        millimeters bigint NOT NULL,
        PRIMARY KEY (day, truck_id, jurisdiction)
      )`);
    await runner.query(`
      CREATE TABLE telematics.ifta_gaps (
        truck_id uuid NOT NULL,
        ends_at timestamptz NOT NULL,
        end_id uuid NOT NULL,
        starts_at timestamptz NOT NULL,
        day date NOT NULL,
        millimeters bigint NOT NULL,
        reason text NOT NULL,
        PRIMARY KEY (truck_id, ends_at, end_id)
      )`);
    await runner.query(`CREATE INDEX ifta_gaps_day_idx ON telematics.ifta_gaps (day)`);
    await runner.query(`CREATE TABLE telematics.ifta_backfill (truck_id uuid PRIMARY KEY)`);
    await runner.query(`INSERT INTO telematics.ifta_backfill SELECT DISTINCT truck_id FROM telematics.positions WHERE truck_id IS NOT NULL`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE telematics.ifta_backfill`);
    await runner.query(`DROP TABLE telematics.ifta_gaps`);
    await runner.query(`DROP TABLE telematics.ifta_truck_days`);
  }
}
