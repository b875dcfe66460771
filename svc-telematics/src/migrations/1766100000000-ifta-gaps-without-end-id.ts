import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A gap row no longer keeps the id of the position that ends it: nothing read it, and a device that jumps writes a
 * gap row per position, so each byte of it is paid on the write path (issue 29: at most 10% of the writer's rate).
 */
export class IftaGapsWithoutEndId1766100000000 implements MigrationInterface {
  name = 'IftaGapsWithoutEndId1766100000000';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE telematics.ifta_gaps DROP COLUMN end_id`);
  }

  async down(runner: QueryRunner) {
    // The ids are gone: rows written meanwhile have none.
    await runner.query(`ALTER TABLE telematics.ifta_gaps ADD COLUMN end_id uuid`);
  }
}
