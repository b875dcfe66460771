import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * IFTA's totals (issue 29), kept as positions are stored (ifta/ifta-totals.ts): whole millimeters driven per truck,
 * company day and state, each under the day of its later position, and the segments not counted as driven (gaps),
 * by the time they end.
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
        ends_at timestamptz NOT NULL,
        truck_id uuid NOT NULL,
        end_id uuid NOT NULL,
        starts_at timestamptz NOT NULL,
        millimeters bigint NOT NULL,
        reason text NOT NULL
      )`);
    // Gaps are written in time order, as positions arrive: a block range index finds a quarter's for a fraction of
    // what a b-tree entry per gap costs the write path (a device that jumps makes a gap of every segment).
    await runner.query(`CREATE INDEX ifta_gaps_ends_at_idx ON telematics.ifta_gaps USING brin (ends_at) WITH (pages_per_range = 16)`);
    await runner.query(`CREATE TABLE telematics.ifta_backfill (truck_id uuid PRIMARY KEY)`);
    // What a truck's latest position was before the last write changed it: the writer sees whether it started from it.
    await runner.query(`ALTER TABLE telematics.latest_positions ADD COLUMN prior_position_id uuid`);
    await runner.query(`INSERT INTO telematics.ifta_backfill SELECT DISTINCT truck_id FROM telematics.positions WHERE truck_id IS NOT NULL`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE telematics.latest_positions DROP COLUMN prior_position_id`);
    await runner.query(`DROP TABLE telematics.ifta_backfill`);
    await runner.query(`DROP TABLE telematics.ifta_gaps`);
    await runner.query(`DROP TABLE telematics.ifta_truck_days`);
  }
}
