import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A load's documents (spec 3). The metadata is a row here, deleted with its load (ON DELETE CASCADE); the bytes are an
 * object in JetStream (svc-core's DocumentFiles). So that no object outlives its row, whatever deletes a row (a load's
 * cascade, a document's own delete) records its id in removed_document_files in the same transaction; svc-core
 * deletes those objects, then their ids, and finishes what a crash or an unreachable NATS left at its next start.
 */
export class Documents1764250000000 implements MigrationInterface {
  name = 'Documents1764250000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE core.documents (
        id uuid PRIMARY KEY,
        load_id uuid NOT NULL CONSTRAINT documents_load_id_fkey REFERENCES core.loads (id) ON DELETE CASCADE,
        file_name text NOT NULL,
        file_type text NOT NULL,
        file_size integer NOT NULL CHECK (file_size > 0),
        document_type text NOT NULL DEFAULT 'Other',
        uploaded_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A load's documents, in the order they are listed; also the cascade's lookup when a load is deleted.
    await runner.query(`CREATE INDEX documents_load_id_idx ON core.documents (load_id, uploaded_at, id)`);
    await runner.query(`CREATE TABLE core.removed_document_files (id uuid PRIMARY KEY)`);
    await runner.query(`
      CREATE FUNCTION core.remember_removed_document_file() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO core.removed_document_files (id) VALUES (OLD.id) ON CONFLICT DO NOTHING;
        RETURN OLD;
      END $$`);
    await runner.query(`
      CREATE TRIGGER documents_remember_removed_file AFTER DELETE ON core.documents
      FOR EACH ROW EXECUTE FUNCTION core.remember_removed_document_file()`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE core.documents`);
    await runner.query(`DROP FUNCTION core.remember_removed_document_file()`);
    await runner.query(`DROP TABLE core.removed_document_files`);
  }
}
