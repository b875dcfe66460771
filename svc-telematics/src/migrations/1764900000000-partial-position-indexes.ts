import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A position's truck and driver indexes hold only the positions that name one: most devices report for a truck or
 * for a driver, not both, and an index entry for every NULL was a write per position that no query reads.
 */
export class PartialPositionIndexes1764900000000 implements MigrationInterface {
  name = 'PartialPositionIndexes1764900000000';

  async up(runner: QueryRunner) {
    for (const subject of ['truck', 'driver']) {
      await runner.query(`DROP INDEX telematics.positions_${subject}_idx`);
      await runner.query(`CREATE INDEX positions_${subject}_idx ON telematics.positions (${subject}_id, recorded_at DESC) WHERE ${subject}_id IS NOT NULL`);
    }
  }

  async down(runner: QueryRunner) {
    for (const subject of ['truck', 'driver']) {
      await runner.query(`DROP INDEX telematics.positions_${subject}_idx`);
      await runner.query(`CREATE INDEX positions_${subject}_idx ON telematics.positions (${subject}_id, recorded_at DESC)`);
    }
  }
}
