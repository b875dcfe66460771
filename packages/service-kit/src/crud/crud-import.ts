import { randomUUID } from 'node:crypto';
import { fail, IMPORT_ERROR_VALUE_MAX, IMPORT_MAX_ERRORS, IMPORT_MESSAGES, type ImportColumns, type ImportError, type ImportResult, type RpcReply } from '@tms/contracts';
import { Raw, type EntityManager, type ObjectLiteral, type Repository } from 'typeorm';
import type { z } from 'zod';
import { recordWrites, type ChangeContext } from '../audit/writes.js';
import type { Change, Effects, WriteFields } from './crud.service.js';
import { readCsvRows, type CsvFile } from './csv-rows.js';
import { quote } from './sql.js';
import type { HoldOf } from '../references/reference-holds.js';
import { Refusal } from '../refusal.js';

/** What an import needs of the CrudService it runs for: its table, schema and rules. */
export interface ImportHost<Entity extends ObjectLiteral & { id: string }> {
  repository: Repository<Entity>;
  schema: z.ZodObject;
  columns: ImportColumns;
  /** The domain's own rules on a valid row (CrudService's `check`), `id` the record it updates. */
  check(fields: Record<string, unknown>, id?: string): Promise<RpcReply<never> | undefined>;
  /** The rules step of the write pipeline: the contracts' rules across a record's fields, then its `derive`. */
  applyRules(record: Entity, before: Readonly<Entity> | undefined, fields: WriteFields): RpcReply<never> | undefined;
  /** The domain's reading of cells that are not their field's value as written (CrudService's `importValues`). */
  importValues(rows: ImportRow<Entity>[]): Promise<ImportValues[]>;
}

/** A row's values as its schema takes them, or the row's refusal (its messages become the row's errors). */
export type ImportValues = { values: Record<string, unknown> } | { refused: RpcReply<never> };

/** A row of an imported file as the domain reads it: its cells by field, and the record its key matched (none: new). */
export interface ImportRow<Entity> {
  row: number;
  values: Readonly<Record<string, string>>;
  before?: Readonly<Entity>;
}

/** What a file does: the records to create, the updates (the record as it will be, and as it was), and its counts. */
export interface ImportPlan<Entity> {
  result: ImportResult;
  /** Rows left out for their errors: what applying the good rows alone leaves out. */
  skipped: number;
  creates: { row: number; record: Entity; fields: WriteFields }[];
  updates: { row: number; record: Entity; before: Entity; fields: WriteFields }[];
}

/** A row that passed its schema: its fields, and the record its key matched (none: a new record). */
interface CheckedRow<Entity> {
  row: number;
  fields: Record<string, unknown>;
  before?: Entity;
}

/**
 * Reads and checks an imported CSV, changing nothing: each row with the resource's schema (a new record's as a
 * create takes it, with the dialog's defaults; an existing one's, matched by its key, field by field as an update
 * takes it), keys and unique values shared by rows of the file or by other records, and the domain's rules (its
 * `check` and rules, as the write pipeline runs them). Answers what applying it would do, or the file's refusal.
 */
export async function planImport<Entity extends ObjectLiteral & { id: string }>(host: ImportHost<Entity>, file: CsvFile): Promise<ImportPlan<Entity> | { refused: RpcReply<never> }> {
  const { repository, schema, columns } = host;
  const fields = Object.keys(schema.shape);
  const read = await readCsvRows(file, fields, columns);
  if ('refused' in read) return read;
  const errors = [...read.errors];
  const fail = (row: number, field: string, message: string) => errors.push({ row, field, message });
  const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

  // Keys: a row matches the record with its key; two rows with one key are both wrong.
  const keyOf = (values: Record<string, unknown>) => lower(values[columns.key]);
  const repeatedKey = failRepeated(read.rows.map(({ row, values }) => ({ row, value: keyOf(values) })), (row, rows) => fail(row, columns.key, IMPORT_MESSAGES.repeated(rows)));
  const existing = await findByLowerCase(repository, columns.key, read.rows.map(({ values }) => keyOf(values)));

  // Each row's record, then the domain's reading of its cells (a load's Stops text, against its stored stops).
  const matched: ImportRow<Entity>[] = [];
  for (const { row, values } of read.rows) {
    const matches = existing.get(keyOf(values)) ?? [];
    if (matches.length > 1) fail(row, columns.key, IMPORT_MESSAGES.ambiguous);
    else matched.push({ row, values, before: matches[0] });
  }
  const readValues = await host.importValues(matched);

  const partial = schema.partial();
  const checked: CheckedRow<Entity>[] = [];
  for (const [index, { row, before }] of matched.entries()) {
    const read = readValues[index];
    if ('refused' in read) {
      failReply(row, read.refused, fail);
      continue;
    }
    const { values } = read;
    const parsed = before ? partial.safeParse(withoutDefaulted(values, columns.defaults)) : schema.safeParse(withDefaults(values, columns.defaults));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(row, String(issue.path[0] ?? '_'), issue.message);
      continue;
    }
    if (!repeatedKey.has(row)) checked.push({ row, fields: parsed.data as Record<string, unknown>, before: before as Entity | undefined });
  }

  // Unique values other than the key, within the file and against the other records.
  for (const { field, message } of columns.unique ?? []) {
    const repeated = failRepeated(checked.map(({ row, fields }) => ({ row, value: lower(fields[field]) })), (row, rows) => fail(row, field, IMPORT_MESSAGES.repeated(rows)));
    const holders = await findByLowerCase(repository, field, checked.map(({ fields }) => lower(fields[field])));
    for (const { row, fields, before } of checked) {
      if (repeated.has(row)) continue;
      if ((holders.get(lower(fields[field])) ?? []).some((holder) => holder.id !== before?.id)) fail(row, field, message);
    }
  }

  const plan: ImportPlan<Entity> = { result: { rows: read.rows.length, create: 0, update: 0, unchanged: 0, errors: [] }, skipped: 0, creates: [], updates: [] };
  const wrong = new Set(errors.map(({ row }) => row));
  for (const { row, fields, before } of checked) {
    if (wrong.has(row)) continue;
    const refusal = await host.check(fields, before?.id);
    const record = (before ? { ...before, ...fields } : { ...repository.create(fields as never), id: randomUUID() }) as Entity;
    const refused = refusal ?? host.applyRules(record, before, fields);
    if (refused && !refused.ok) {
      failReply(row, refused, fail);
    } else if (!before) {
      plan.creates.push({ row, record, fields });
    } else if (Object.keys(schema.shape).every((field) => same(record[field], before[field]))) {
      plan.result.unchanged += 1;
    } else {
      plan.updates.push({ row, record, before, fields });
    }
  }
  plan.result.create = plan.creates.length;
  plan.result.update = plan.updates.length;
  const texts = new Map(read.rows.map(({ row, texts }) => [row, texts]));
  plan.result.errors = errors
    .sort((a, b) => a.row - b.row)
    .slice(0, IMPORT_MAX_ERRORS)
    .map((error) => inTheFilesWords(error, read.headers, texts.get(error.row)));
  plan.skipped = new Set(errors.map(({ row }) => row)).size;
  return plan;
}

/** An error with the file's own header text for its field and the cell as written there (issue 47), when it has one. */
function inTheFilesWords(error: ImportError, headers: Record<string, string>, texts: Record<string, string> | undefined): ImportError {
  const column = headers[error.field];
  if (!column) return error;
  const text = texts?.[error.field];
  if (text === undefined) return { ...error, column };
  return { ...error, column, value: text.length > IMPORT_ERROR_VALUE_MAX ? `${text.slice(0, IMPORT_ERROR_VALUE_MAX - 1)}…` : text };
}

/** What applying an import needs of the write pipeline it stands for (CrudService's steps). */
export interface ImportSteps<Entity> {
  /**
   * Runs the import's one transaction: for a holder (`holds`), under the holder locks of all its records, where
   * `hold` holds in svc-core what a record names (ReferenceHolds.writeMany); otherwise `hold` does nothing.
   */
  transaction<T>(ids: string[], step: (manager: EntityManager, hold: HoldOf<Entity>) => Promise<T>): Promise<T>;
  /** The lock step for the records it updates (`lock`): takes their locks and reads them as stored; none without `lock`. */
  lockAndRead(manager: EntityManager, ids: string[]): Promise<Entity[] | undefined>;
  /** The effects step (CrudService's `effects`), for each record written. */
  effects(manager: EntityManager, change: Change<Entity>): Promise<Effects<Entity> | void>;
}

/** An import refused at its apply step, row by row (a reference gone meanwhile): nothing of it was written. */
export class ImportRowsRefused extends Error {
  constructor(readonly errors: ImportError[]) {
    super('Rows of the import were refused');
  }
}

/**
 * Applies a plan in one transaction, with the write pipeline's steps for many records at once: lock (the records it
 * updates, checked to be as the plan read them), hold (what each record names, a refusal an error on its row), save
 * (the new records in an INSERT, the updates in an UPDATE), effects (each record's) and audit (recordWrites), so that
 * a file of 10,000 rows is a handful of statements. Answers the records as written and what their effects did;
 * throws ImportRowsRefused with the rows' errors, or a Refusal (a record changed since the plan read it).
 */
export async function applyImport<Entity extends ObjectLiteral & { id: string }>(
  repository: Repository<Entity>,
  { creates, updates }: Pick<ImportPlan<Entity>, 'creates' | 'updates'>,
  context: ChangeContext,
  steps: ImportSteps<Entity>,
): Promise<{ created: Entity[]; updated: Entity[]; effects: Effects<Entity>[] }> {
  const metadata = repository.metadata;
  const table = `${quote(metadata.schema ?? 'public')}.${quote(metadata.tableName)}`;
  const idName = metadata.findColumnWithPropertyName('id')!.databaseName;
  const idColumn = quote(idName);
  const updateDate = metadata.updateDateColumn?.propertyName;
  const columns = metadata.columns.filter(({ propertyName }) => propertyName !== 'id' && propertyName !== updateDate && propertyName !== metadata.createDateColumn?.propertyName);
  // The rows travel as one JSON array, read by Postgres into the table's own row type (its columns' types).
  const rowsJson = (records: Entity[], written: typeof columns) =>
    JSON.stringify(records.map((record) => Object.fromEntries([[idName, record.id], ...written.map(({ databaseName, propertyName }) => [databaseName, record[propertyName] ?? null])])));
  const rows = `jsonb_populate_recordset(null::${table}, $1::jsonb)`;
  const returning = (alias: string, written: typeof columns) =>
    metadata.columns
      .filter((column) => column.propertyName !== 'id' && !written.includes(column))
      .map(({ databaseName, propertyName }) => `${alias}${quote(databaseName)} AS ${quote(propertyName)}`);
  const withWritten = (records: Entity[], answered: Record<string, unknown>[]) => {
    const byId = new Map(answered.map((row) => [row.id as string, row]));
    return records.map((record) => ({ ...record, ...byId.get(record.id) }) as Entity);
  };

  return steps.transaction([...creates, ...updates].map(({ record }) => record.id), async (manager, hold) => {
    const stored = await steps.lockAndRead(manager, updates.map(({ record }) => record.id));
    if (stored) {
      const now = new Map(stored.map((record) => [record.id, record]));
      const moved = updates.some(({ before }) => !now.has(before.id) || metadata.columns.some(({ propertyName }) => !same(now.get(before.id)![propertyName], before[propertyName])));
      if (moved) throw new Refusal(fail('conflict', IMPORT_MESSAGES.changedMeanwhile));
    }
    const refused: ImportError[] = [];
    for (const { row, record, before } of [...creates, ...updates] as { row: number; record: Entity; before?: Entity }[]) {
      try {
        await hold(record.id, record, before);
      } catch (error) {
        if (!(error instanceof Refusal) || error.reply.ok || error.reply.error.code !== 'invalid') throw error;
        failReply(row, error.reply, (row, field, message) => refused.push({ row, field, message }));
      }
    }
    if (refused.length) throw new ImportRowsRefused(refused);

    const created: Entity[] = [];
    let updated: Entity[] = [];
    const done: Effects<Entity>[] = [];
    // New records in one INSERT per set of fields they give (a column they leave out takes its default).
    const given = (record: Entity) => columns.filter(({ propertyName }) => record[propertyName] !== undefined);
    const groups = new Map<string, { written: typeof columns; creates: typeof creates }>();
    for (const create of creates) {
      const written = given(create.record);
      const key = written.map(({ propertyName }) => propertyName).join();
      const group = groups.get(key) ?? { written, creates: [] };
      group.creates.push(create);
      groups.set(key, group);
    }
    // The rows keep the file's order in lists (newest first): each is made a microsecond before the row above it.
    const position = new Map(creates.map(({ row }, index) => [row, index]));
    const created_ = metadata.createDateColumn;
    for (const { written, creates: ofGroup } of groups.values()) {
      const names = [idColumn, ...written.map(({ databaseName }) => quote(databaseName))];
      const [into, values] = created_
        ? [[...names, quote(created_.databaseName)], [...names, `now() - ($2::int[])[r.ordinality] * interval '1 microsecond'`]]
        : [names, names];
      const answered: Record<string, unknown>[] = await manager.query(
        `INSERT INTO ${table} (${into.join(', ')}) SELECT ${values.join(', ')} FROM ${rows} WITH ORDINALITY r
         RETURNING ${[`${idColumn} AS "id"`, ...returning('', written)].join(', ')}`,
        [rowsJson(ofGroup.map(({ record }) => record), written), ...(created_ ? [ofGroup.map(({ row }) => position.get(row)!)] : [])],
      );
      const records = withWritten(ofGroup.map(({ record }) => record), answered);
      for (const [index, record] of records.entries()) done.push((await steps.effects(manager, { kind: 'create', record, fields: ofGroup[index].fields, context })) ?? {});
      created.push(...records);
    }
    if (created.length) await recordWrites(manager, metadata, context, created.map(({ id }) => id));
    if (updates.length) {
      // The columns any update changes, its derived ones included (a load's time of assignment).
      const written = columns.filter(({ propertyName }) => updates.some(({ record, before }) => !same(record[propertyName], before[propertyName])));
      const updatedAt = metadata.updateDateColumn ? [`${quote(metadata.updateDateColumn.databaseName)} = now()`] : [];
      const set = [...written.map(({ databaseName }) => `${quote(databaseName)} = v.${quote(databaseName)}`), ...updatedAt].join(', ');
      const answered: Record<string, unknown>[] = await manager.query(
        `UPDATE ${table} t SET ${set} FROM ${rows} v WHERE t.${idColumn} = v.${idColumn} RETURNING ${[`t.${idColumn} AS "id"`, ...returning('t.', written)].join(', ')}`,
        [rowsJson(updates.map(({ record }) => record), written)],
      );
      updated = withWritten(
        updates.map(({ record }) => record),
        answered,
      );
      for (const [index, record] of updated.entries()) done.push((await steps.effects(manager, { kind: 'update', record, before: updates[index].before, fields: updates[index].fields, context })) ?? {});
      await recordWrites(manager, metadata, context, updated.map(({ id }) => id), updates.map(({ before }) => before));
    }
    return { created, updated, effects: done };
  });
}

/** A refusal's messages as errors of `row`, under their fields ('_' for the row as a whole). */
function failReply(row: number, reply: RpcReply<never>, fail: (row: number, field: string, message: string) => void) {
  if (reply.ok) return;
  const issues = Object.entries(reply.error.issues ?? { _: [reply.error.message] });
  for (const [field, messages] of issues) for (const message of messages) fail(row, field.split('.')[0], message);
}

/** Values as their JSON has them are the same (a day's text, a number, null). */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A new record's row with the dialog's defaults where it leaves a field empty. */
function withDefaults(values: Record<string, unknown>, defaults: Readonly<Record<string, string>> = {}) {
  const filled = { ...values };
  for (const [field, value] of Object.entries(defaults)) if (!isGiven(filled[field])) filled[field] = value;
  return filled;
}

/** An existing record's row without the empty cells of fields that have a default: they leave its value as it is. */
function withoutDefaulted(values: Record<string, unknown>, defaults: Readonly<Record<string, string>> = {}) {
  return Object.fromEntries(Object.entries(values).filter(([field, value]) => !(field in defaults && !isGiven(value))));
}

/** A cell that says something (not empty, not spaces), or a value the domain read from one. */
const isGiven = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null);

/** Calls `fail` for each row whose (non-empty) value another row has too, with all their rows; answers those rows. */
function failRepeated(values: { row: number; value: string }[], fail: (row: number, rows: number[]) => void): Set<number> {
  const rowsOf = new Map<string, number[]>();
  for (const { row, value } of values) if (value) rowsOf.set(value, [...(rowsOf.get(value) ?? []), row]);
  const repeated = new Set<number>();
  for (const rows of rowsOf.values()) {
    if (rows.length < 2) continue;
    for (const row of rows) {
      fail(row, rows);
      repeated.add(row);
    }
  }
  return repeated;
}

/** The records whose `field`, lower-cased, is one of `values` (the unique indexes are on lower()), by that value. */
async function findByLowerCase<Entity extends ObjectLiteral>(repository: Repository<Entity>, field: string, values: string[]): Promise<Map<string, Entity[]>> {
  const wanted = [...new Set(values.filter(Boolean))];
  const byValue = new Map<string, Entity[]>();
  if (!wanted.length) return byValue;
  const found = await repository.find({ where: { [field]: Raw((column) => `lower(${column}) = ANY(:wanted)`, { wanted }) } as never });
  for (const record of found) {
    const value = String(record[field]).toLowerCase();
    byValue.set(value, [...(byValue.get(value) ?? []), record]);
  }
  return byValue;
}
