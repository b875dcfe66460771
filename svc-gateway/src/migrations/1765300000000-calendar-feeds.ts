import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each user's compliance calendar link: the SHA-256 of its secret key (the key itself is never kept). */
export class CalendarFeeds1765300000000 implements MigrationInterface {
  name = 'CalendarFeeds1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE gateway.calendar_feeds (
        user_id uuid PRIMARY KEY REFERENCES gateway.users (id) ON DELETE CASCADE,
        key_hash text NOT NULL CONSTRAINT calendar_feeds_key_hash_key UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE gateway.calendar_feeds`);
  }
}
