import { AUDIT_PAGE_SIZE, auditCursor, type AuditEntry, type AuditPage, type AuditQuery } from '@tms/contracts';
import type { DataSource } from 'typeorm';

/** One page of a service's audit trail that matches `query`, newest first. */
export async function auditPage(dataSource: DataSource, query: AuditQuery): Promise<AuditPage> {
  const schema = (dataSource.options as { schema?: string }).schema;
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  if (query.resource) add((p) => `resource = ${p}`, query.resource);
  if (query.id) add((p) => `record_id = ${p}`, query.id);
  if (query.user) add((p) => `user_email = ${p}`, query.user);
  if (query.from) add((p) => `at >= ${p}::timestamptz`, query.from);
  if (query.to) add((p) => `at < ${p}::timestamptz`, query.to);
  if (query.after) {
    const [at, id] = query.after.split('|');
    values.push(at, id);
    where.push(`(at, id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  const rows: AuditEntry[] = await dataSource.query(
    `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, user_id AS "userId", user_email AS "userEmail",
            resource, record_id AS "recordId", action, changes
     FROM "${schema}".audit_entries ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY at DESC, id DESC LIMIT ${AUDIT_PAGE_SIZE + 1}`,
    values,
  );
  const more = rows.length > AUDIT_PAGE_SIZE;
  const entries = more ? rows.slice(0, AUDIT_PAGE_SIZE) : rows;
  return { entries, next: more ? auditCursor(entries.at(-1)!) : null };
}
