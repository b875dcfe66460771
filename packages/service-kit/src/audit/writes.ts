import type { NatsContext } from '@nestjs/microservices';
import { ACTOR_HEADER, type Actor, type AuditAction, type AuditChange } from '@tms/contracts';
import type { EntityManager, EntityMetadata } from 'typeorm';
import { jsonValue, prepared, quote } from '../crud/sql.js';

/** Who made a change, and through which resource: what a create, update or delete records in the audit trail. */
export interface ChangeContext {
  /** The API resource ('loads'), as the gateway routes it. */
  resource: string;
  actor?: Actor;
  /** A create's Idempotency-Key: the same create sent again answers the first's record (CrudService.once). */
  idempotencyKey?: string;
}

/** Fields that say when a row was written, not what it says: left out of the trail. */
const BOOKKEEPING = new Set(['createdAt', 'updatedAt']);

/** A value as the trail keeps it: as its JSON answer has it (dates as ISO text, money as text). */
const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value === undefined ? null : value);
const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/** The record's fields as a create (`to`) or a delete (`from`) records them. */
export function allValues(record: object, side: 'from' | 'to'): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const [field, value] of Object.entries(record)) if (!BOOKKEEPING.has(field) && field !== 'id') changes[field] = { [side]: plain(value) };
  return changes;
}

/** The fields an update changed, with their values before and after; empty when it changed nothing. */
export function changedValues(before: object, after: object): Record<string, AuditChange> {
  const [was, now] = [before as Record<string, unknown>, after as Record<string, unknown>];
  const changes: Record<string, AuditChange> = {};
  for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (BOOKKEEPING.has(field) || field === 'id' || same(was[field], now[field])) continue;
    changes[field] = { from: plain(was[field]), to: plain(now[field]) };
  }
  return changes;
}

/** The user of a request, from its ACTOR_HEADER (the gateway sets it for signed-in requests). */
export function actorOf(context: NatsContext | undefined): Actor | undefined {
  const header = context?.getHeaders?.()?.get(ACTOR_HEADER);
  if (!header) return undefined;
  try {
    const actor = JSON.parse(header) as Partial<Actor>;
    return typeof actor.id === 'string' && typeof actor.email === 'string' ? { id: actor.id, email: actor.email } : undefined;
  } catch {
    return undefined;
  }
}

type Statement = { name: string; text: string };

/**
 * Runs a statement in the transaction of `manager`, prepared once per connection (pg keeps its plan): every write
 * of the API runs one of these.
 */
async function run(manager: EntityManager, { name, text }: Statement, values: unknown[]): Promise<void> {
  const client = (manager.queryRunner as { databaseConnection?: { query(query: Statement & { values: unknown[] }): Promise<unknown> } } | undefined)
    ?.databaseConnection;
  if (client) await client.query({ name, text, values });
  else await manager.query(text, values);
}

const schemaOf = (manager: EntityManager) => (manager.connection.options as { schema?: string }).schema;
const INSERT_COLUMNS = 'user_id, user_email, resource, record_id, action, changes';
const insertStatements = new Map<string, Statement>();
const insertStatement = (schema: string | undefined) => {
  let statement = insertStatements.get(String(schema));
  if (!statement) {
    statement = prepared(`INSERT INTO ${quote(String(schema))}.audit_entries (${INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`, 'audit');
    insertStatements.set(String(schema), statement);
  }
  return statement;
};

/**
 * Records one change in the service's audit trail, inside the transaction of the change (`manager`): it commits
 * with the change or not at all. An update that changed nothing records nothing.
 */
export async function recordChange(
  manager: EntityManager,
  { resource, actor }: ChangeContext,
  action: AuditAction,
  recordId: string,
  changes: Record<string, AuditChange>,
): Promise<void> {
  if (action === 'update' && !Object.keys(changes).length) return;
  await run(manager, insertStatement(schemaOf(manager)), [actor?.id ?? null, actor?.email ?? null, resource, recordId, action, JSON.stringify(changes)]);
}

/**
 * The statements that record a create or an update of one entity's record as the database now holds it, in one
 * round trip: Postgres writes the record's values (as its JSON answer has them: the list pages' column forms) and,
 * for an update, compares them with the record as it was before ($5, its JSON), keeping the fields that differ.
 */
const recordStatements = new WeakMap<EntityMetadata, { create: Statement; update: Statement; createMany: Statement; updateMany: Statement }>();
function recordStatementsOf(metadata: EntityMetadata) {
  let statements = recordStatements.get(metadata);
  if (statements) return statements;
  const schema = quote(metadata.schema ?? 'public');
  const table = `${schema}.${quote(metadata.tableName)}`;
  const idColumn = quote(metadata.findColumnWithPropertyName('id')!.databaseName);
  const fields = metadata.columns
    .filter((column) => column.propertyName !== 'id' && !BOOKKEEPING.has(column.propertyName))
    .map((column) => `'${column.propertyName}', ${jsonValue(column)}`);
  // jsonb_build_object takes at most 100 arguments: 50 fields a call, joined.
  const chunks = Array.from({ length: Math.ceil(fields.length / 50) }, (_, index) => `jsonb_build_object(${fields.slice(index * 50, index * 50 + 50).join(', ')})`);
  const row = chunks.join(' || ') || `'{}'::jsonb`;
  const insert = (action: AuditAction, changes: string) =>
    `INSERT INTO ${schema}.audit_entries (${INSERT_COLUMNS}) SELECT $1, $2, $3, $4, '${action}', changes FROM (${changes}) c WHERE changes IS NOT NULL`;
  // Many records at once (an import): $4 their ids, each its own entry; an update's befores ($5) by id.
  const insertMany = (action: AuditAction, changes: string) =>
    `INSERT INTO ${schema}.audit_entries (${INSERT_COLUMNS}) SELECT $1, $2, $3, c.id, '${action}', c.changes FROM (${changes}) c`;
  const created = `jsonb_object_agg(n.key, jsonb_build_object('to', n.value)) AS changes FROM ${table} t, jsonb_each(${row}) n`;
  const updated = (before: string) =>
    `jsonb_object_agg(n.key, jsonb_build_object('from', coalesce(b.value, 'null'::jsonb), 'to', n.value)) AS changes
     FROM ${table} t CROSS JOIN jsonb_each(${row}) n LEFT JOIN jsonb_each(${before}) b ON b.key = n.key`;
  const differs = `coalesce(b.value, 'null'::jsonb) IS DISTINCT FROM n.value`;
  statements = {
    create: prepared(insert('create', `SELECT ${created} WHERE t.${idColumn} = $4`), 'audit'),
    update: prepared(insert('update', `SELECT ${updated('$5::jsonb')} WHERE t.${idColumn} = $4 AND ${differs}`), 'audit'),
    createMany: prepared(insertMany('create', `SELECT t.${idColumn} AS id, ${created} WHERE t.${idColumn} = ANY($4::uuid[]) GROUP BY t.${idColumn}`), 'audit'),
    updateMany: prepared(
      insertMany('update', `SELECT t.${idColumn} AS id, ${updated(`$5::jsonb -> t.${idColumn}::text`)} WHERE t.${idColumn} = ANY($4::uuid[]) AND ${differs} GROUP BY t.${idColumn}`),
      'audit',
    ),
  };
  recordStatements.set(metadata, statements);
  return statements;
}

/**
 * Records a create or an update of an entity's record (`before`: the record as it was, for an update) as the
 * database now holds it, in the change's transaction: a value sent in another form ('1200' for '1200.00') that
 * changed nothing is no change, and an update that changed nothing records nothing.
 */
export async function recordWrite(
  manager: EntityManager,
  metadata: EntityMetadata,
  { resource, actor }: ChangeContext,
  recordId: string,
  before?: object,
): Promise<void> {
  const statements = recordStatementsOf(metadata);
  const values = [actor?.id ?? null, actor?.email ?? null, resource, recordId];
  if (before === undefined) await run(manager, statements.create, values);
  else await run(manager, statements.update, [...values, JSON.stringify(before)]);
}

/**
 * recordWrite for many records of one entity in one statement (an import): their creates, or their updates with
 * `befores` (in the order of `recordIds`).
 */
export async function recordWrites(
  manager: EntityManager,
  metadata: EntityMetadata,
  { resource, actor }: ChangeContext,
  recordIds: string[],
  befores?: object[],
): Promise<void> {
  if (!recordIds.length) return;
  const statements = recordStatementsOf(metadata);
  const values = [actor?.id ?? null, actor?.email ?? null, resource, recordIds];
  if (befores === undefined) await run(manager, statements.createMany, values);
  else await run(manager, statements.updateMany, [...values, JSON.stringify(Object.fromEntries(recordIds.map((id, index) => [id, befores[index]])))]);
}
