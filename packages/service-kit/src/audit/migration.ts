import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail's table in a service's schema (auditTrailMigration makes it): newest first by time
 * (clock time, so the changes of one transaction keep their order) and id. A trigger refuses to change or delete an
 * entry, whoever asks.
 */
async function createAuditTrail(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`
    CREATE TABLE "${schema}".audit_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      at timestamptz NOT NULL DEFAULT clock_timestamp(),
      user_id uuid,
      user_email text,
      resource text NOT NULL,
      record_id uuid NOT NULL,
      action text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
      changes jsonb NOT NULL
    )`);
  await runner.query(`CREATE INDEX audit_entries_record_idx ON "${schema}".audit_entries (resource, record_id, at DESC, id DESC)`);
  await runner.query(`CREATE INDEX audit_entries_at_idx ON "${schema}".audit_entries (at DESC, id DESC)`);
  await runner.query(`CREATE INDEX audit_entries_user_idx ON "${schema}".audit_entries (user_email, at DESC, id DESC)`);
  await runner.query(`
    CREATE FUNCTION "${schema}".audit_entries_unchangeable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit entries are never changed or deleted';
    END $$`);
  await runner.query(`
    CREATE TRIGGER audit_entries_unchangeable BEFORE UPDATE OR DELETE OR TRUNCATE ON "${schema}".audit_entries
    FOR EACH STATEMENT EXECUTE FUNCTION "${schema}".audit_entries_unchangeable()`);
}

/** The migration that makes a service's audit trail, named for TypeORM as `AuditTrail<timestamp>`. */
export function auditTrailMigration(schema: string, timestamp: number): new () => MigrationInterface {
  const name = `AuditTrail${timestamp}`;
  const migration = class implements MigrationInterface {
    name = name;

    async up(runner: QueryRunner) {
      await createAuditTrail(runner, schema);
    }

    async down(runner: QueryRunner) {
      await runner.query(`DROP TABLE "${schema}".audit_entries`);
      await runner.query(`DROP FUNCTION "${schema}".audit_entries_unchangeable()`);
    }
  };
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}
