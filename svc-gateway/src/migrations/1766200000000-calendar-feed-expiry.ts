import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A calendar link ends: 365 days after it was made or last renewed (existing links count from today). */
export class CalendarFeedExpiry1766200000000 implements MigrationInterface {
  name = 'CalendarFeedExpiry1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE gateway.calendar_feeds ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '365 days'`);
    await queryRunner.query(`ALTER TABLE gateway.calendar_feeds ALTER COLUMN expires_at DROP DEFAULT`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE gateway.calendar_feeds DROP COLUMN expires_at`);
  }
}
