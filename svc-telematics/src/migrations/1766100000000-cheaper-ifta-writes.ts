import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cheaper IFTA totals on the GPS write path (issue 29: at most 10% of the writer's rate):
 * - A gap row no longer keeps the id of the position that ends it: nothing read it, and a device that jumps writes a
 *   gap row per position.
 * - A truck's day row is rewritten by every batch that moves it: with room kept on each page, Postgres rewrites it
 *   within its page (a HOT update), without a new key entry, as for latest_positions.
 */
export class CheaperIftaWrites1766100000000 implements MigrationInterface {
  name = 'CheaperIftaWrites1766100000000';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE telematics.ifta_gaps DROP COLUMN end_id`);
    await runner.query(`ALTER TABLE telematics.ifta_truck_days SET (fillfactor = 50)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE telematics.ifta_truck_days RESET (fillfactor)`);
    // The ids are gone: the column comes back empty.
    await runner.query(`ALTER TABLE telematics.ifta_gaps ADD COLUMN end_id uuid`);
  }
}
