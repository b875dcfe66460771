import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 44, point 5: a load's messages between its driver and dispatch, gone with the load. */
export class LoadMessages1767260000000 implements MigrationInterface {
  name = 'LoadMessages1767260000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE core.load_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        load_id uuid NOT NULL CONSTRAINT load_messages_load_id_fkey REFERENCES core.loads (id) ON DELETE CASCADE,
        driver_id uuid CONSTRAINT load_messages_driver_id_fkey REFERENCES core.drivers (id) ON DELETE SET NULL,
        author text NOT NULL CONSTRAINT load_messages_author_check CHECK (author IN ('driver', 'dispatch')),
        author_name text NOT NULL,
        body text NOT NULL,
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX load_messages_thread_idx ON core.load_messages (load_id, created_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX load_messages_list_idx ON core.load_messages (created_at, id)`);
    // The Loads row menus' unread counts: only what dispatch has not read yet.
    await runner.query(`CREATE INDEX load_messages_unread_idx ON core.load_messages (load_id) WHERE author = 'driver' AND read_at IS NULL`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE core.load_messages`);
  }
}
