import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 46: the audit trail also records an invoice sent by e-mail (action 'send'). */
export class AuditSendings1767250000000 implements MigrationInterface {
  name = 'AuditSendings1767250000000';

  async up(runner: QueryRunner) {
    await runner.query(`ALTER TABLE accounting.audit_entries DROP CONSTRAINT audit_entries_action_check,
      ADD CONSTRAINT audit_entries_action_check CHECK (action IN ('create', 'update', 'delete', 'send'))`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`ALTER TABLE accounting.audit_entries DROP CONSTRAINT audit_entries_action_check,
      ADD CONSTRAINT audit_entries_action_check CHECK (action IN ('create', 'update', 'delete')) NOT VALID`);
  }
}
