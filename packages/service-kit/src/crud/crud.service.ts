import type { ClientProxy } from '@nestjs/microservices';
import {
  fail,
  fieldIssues,
  IMPORT_MAX_ERRORS,
  invalidInput,
  isRecordId,
  keptHistoryMessage,
  ok,
  recordIssues,
  type RecordRules,
  type ChangeKind,
  type ImportColumns,
  type ImportResult,
  type ListPage,
  type ListQuery,
  type RpcReply,
} from '@tms/contracts';
import { randomUUID } from 'node:crypto';
import { In, type EntityManager, type EntityTarget, type ObjectLiteral, type Repository } from 'typeorm';
import type { z } from 'zod';
import { announceChange } from '../transport/nats-connection.js';
import { databaseErrorReply, internalErrorReply, type ConstraintMeaning } from '../errors.js';
import { allValues, recordChange, recordWrite, type ChangeContext } from '../audit/writes.js';
import { applyImport, ImportRowsRefused, planImport, type ImportRow, type ImportValues } from './crud-import.js';
import type { CsvFile } from './csv-rows.js';
import { IdempotencyKeys, KEY_TAKEN, keyReused, keyUsedUp, requestHash } from './idempotency.js';
import { ListPages } from './list-pages.js';
import type { Hold, HolderOf, HoldOf, ReferenceHolds } from '../references/reference-holds.js';
import { Refusal } from '../refusal.js';

export interface CrudOptions<Schema extends z.ZodObject> {
  /** Singular entity name for events and messages: 'truck' → tms.events.truck.created, 'Truck not found'. */
  entity: string;
  /** The create schema from packages/contracts; updates accept any subset of its fields. */
  schema: Schema;
  /** Database constraint name → the field and message a user sees when it is violated. */
  constraints: Record<string, ConstraintMeaning>;
  /** List order, by NOT NULL columns (id is added last to make it total); an index on them keeps paging fast. */
  order: Record<string, 'ASC' | 'DESC'>;
  /**
   * Records that keep this one's history (a truck's maintenance, a driver's fuel purchases): while any points at
   * it, a delete is refused with a 409 that counts them. Their foreign keys are ON DELETE RESTRICT as a backstop.
   */
  keptBy?: KeptBy[];
  /**
   * Records whose optional reference to this one the database nulls when it is deleted (a truck's loads): each
   * is announced as updated, as any change is.
   */
  nulledOnDelete?: NulledOnDelete[];
  /** What this record names in svc-core, held there while it does (a holder service: see ReferenceHolds). */
  holds?: { by: ReferenceHolds; holder: HolderOf<any> };
  /** How a CSV is imported (packages/contracts IMPORTS), for a resource that takes imports (importCsv). */
  imports?: ImportColumns;
  /** The contracts' rules across fields (a delivery not before its pickup), checked on every record written. */
  rules?: RecordRules;
  /**
   * The lock a write takes on its record before it reads it, in its transaction: 'row' (the stored row, so that
   * others who write that row, as a payment its invoice's paid amount, wait for the write and it never writes back
   * what it read before them); 'advisory' (a lock on the id, which needs no row: a device being registered or
   * already deleted, whose grant is written under it elsewhere too, lockAdvisory); none by default (writes of a
   * holder record are one at a time anyway, under its holder lock: ReferenceHolds).
   */
  lock?: 'row' | 'advisory';
}

/** Claims a create's Idempotency-Key for the record `id`, in the create's transaction (CrudService.once). */
export type ClaimKey = (manager: EntityManager, id: string) => Promise<void>;

/**
 * What a create or update asked for, as parsed (an update: only what it changes), fields that are no column of the
 * record included: the parts a record is written with (a load's stops), which `derive` and `effects` write.
 */
export type WriteFields = Readonly<Record<string, unknown>>;

/**
 * One write as the pipeline hands it to `effects`: the record as saved (none for a delete), as it was stored before
 * (none for a create), what the write asked for, and who made it.
 */
export type Change<Entity> =
  | { kind: 'create'; record: Entity; before?: undefined; fields: WriteFields; context: ChangeContext }
  | { kind: 'update'; record: Entity; before: Readonly<Entity>; fields: WriteFields; context: ChangeContext }
  | { kind: 'delete'; record?: undefined; before: Readonly<Entity>; context: ChangeContext };

/**
 * A record a write changed besides its own, announced once the write commits: as updated (a payment's invoice), or
 * as `change` says (the payments a remittance makes or takes back).
 */
export interface ChangedRecord {
  entity: string;
  record: unknown;
  change?: ChangeKind;
}

/** What a write's effects did besides the record: for the pipeline to announce, answer and finish once it commits. */
export interface Effects<Entity> {
  /** Other records the effects changed, announced (ChangedRecord: a payment's invoices). */
  changed?: ChangedRecord[];
  /** The answer instead of the record as saved (a new device with its token, which is never announced). */
  answer?: Entity;
  /** Work once the write has committed, before it is answered (the bytes of a deleted load's documents). */
  afterCommit?: () => Promise<void>;
}

/** The event each kind of write is announced as. */
const ANNOUNCED = { create: 'created', update: 'updated', delete: 'deleted' } as const satisfies Record<Write['kind'], ChangeKind>;

/** A write asked for, as the pipeline takes it once parsed. */
type Write =
  | { kind: 'create'; fields: Record<string, unknown>; context: ChangeContext; claim: ClaimKey }
  | { kind: 'update'; id: string; fields: Record<string, unknown>; context: ChangeContext }
  | { kind: 'delete'; id: string; context: ChangeContext };

/** One kind of record whose property `field` the database sets to null with this one gone, announced as `entity`. */
export interface NulledOnDelete {
  target: EntityTarget<ObjectLiteral>;
  field: string;
  entity: string;
}

/** One kind of record whose property `field` holds this entity's id, named for the refusal ('maintenance record'). */
export interface KeptBy {
  entity: EntityTarget<ObjectLiteral>;
  field: string;
  one: string;
  many: string;
}

/**
 * List, get, create, update and delete for one table, answering errors as data. Every create, update and delete
 * (and every row of a CSV import) goes through one pipeline of named steps:
 *
 *   parse     the payload with the contracts' schema (an update: any subset of its fields)
 *   check     the domain's rules that need no lock (`check`; a delete: `checkDelete`, with `keptBy`)
 *   in one transaction (under the record's holder lock for `holds`; a create once per Idempotency-Key, `once`):
 *     lock    the record (`lock`: its row, an advisory lock on its id, or none) and read it as stored
 *     merge   the changes into it (a create: a new record)
 *     rules   the contracts' rules across its fields (`rules`), then the fields it works out (`derive`)
 *     share   the locks it takes on what it shares with other records, and the rules under them (`share`: one
 *             invoice per load), before anything is held or saved: a write refused there has asked no one anything
 *     hold    what it names in svc-core (`holds`: ReferenceHolds), once the rules let it pass
 *     save    it (an update: the changed columns; a delete: the row, with `nulledOnDelete`'s references)
 *     effects of the change on other records and services (`effects`: a refusal rolls it all back); a delete's
 *             come before its save, while what the row takes with it can still be read
 *     audit   the change, in the same transaction
 *   announce  the record, the records the effects changed, then run what they left for after the commit.
 *
 * A domain service extends it, sets its options and overrides only the hooks (`check`, `checkDelete`, `derive`,
 * `share`, `effects`), keeping its own business rules visibly apart; no domain rewrites the pipeline.
 */
export class CrudService<Entity extends ObjectLiteral & { id: string }, Schema extends z.ZodObject> {
  private readonly pages: ListPages;

  constructor(
    protected readonly repository: Repository<Entity>,
    protected readonly events: ClientProxy,
    protected readonly options: CrudOptions<Schema>,
  ) {
    this.pages = new ListPages(repository, options.order);
    options.holds?.by.register(options.holds.holder, repository.manager);
  }

  protected get notFound() {
    const name = this.options.entity;
    return fail('not_found', `${name[0].toUpperCase()}${name.slice(1)} not found`);
  }

  /** A domain's own rules on a valid payload, run before it is written; answer a failure to refuse it. */
  protected async check(_fields: Partial<z.output<Schema>>, _id?: string): Promise<RpcReply<never> | undefined> {
    return undefined;
  }

  /** A domain's own rules before a record is deleted (others that still use it); answer a failure to refuse. */
  protected async checkDelete(id: string): Promise<RpcReply<never> | undefined> {
    const keptBy = this.options.keptBy ?? [];
    const uses = await Promise.all(
      keptBy.map(async ({ entity, field, one, many }) => ({
        count: await this.repository.manager.countBy(entity, { [field]: id }),
        one,
        many,
      })),
    );
    return uses.some((use) => use.count > 0) ? fail('conflict', keptHistoryMessage(this.options.entity, uses)) : undefined;
  }

  /**
   * Sets what a record works out from its own fields (an invoice's total from subtotal and tax) on the record about
   * to be written: a create's, or an update's once merged (`before` is the stored record). Answer a failure to refuse
   * the record (its messages show beside the contracts' rules'). `fields` is what the write asked for (WriteFields).
   */
  protected derive(_record: Entity, _before: Readonly<Entity> | undefined, _fields: WriteFields): RpcReply<never> | undefined {
    return undefined;
  }

  /**
   * The share step of a create or update, in the write's transaction, before anything is held or saved: takes the
   * locks the record shares with others (an invoice, its load's) and checks the rules across records under them (one
   * invoice per load). Throw a Refusal to refuse the write: fifty writes at once that one lock lets through one at a
   * time cost each loser no request to another service and no hold to let go of.
   */
  protected async share(_manager: EntityManager, _record: Entity, _before?: Readonly<Entity>): Promise<void> {}

  /**
   * What a change does beyond its record, in the write's transaction, after it is saved and before it commits:
   * rules across records that need the record saved (a payment within its invoice's balance), other records it
   * changes (a payment's invoices) and what another service must do with it (a load made invoiced, a device's grant
   * published). Throw a Refusal to roll it all back; answer what the pipeline must announce or run after the commit.
   */
  protected async effects(_manager: EntityManager, _change: Change<Entity>): Promise<Effects<Entity> | void> {
    return undefined;
  }

  /** One page of the list, after the cursor of the previous one (none for the first page), in the query's order and filters. */
  async list(after?: unknown, query?: ListQuery): Promise<RpcReply<ListPage>> {
    return this.guard(() => this.pages.page(after, query));
  }

  async get(id: unknown): Promise<RpcReply<Entity>> {
    if (!isRecordId(id)) return this.notFound;
    return this.guard(async () => {
      const found = await this.repository.findOneBy({ id } as never);
      return found ? ok(found) : this.notFound;
    });
  }

  /** Creates a record; `context` (who, through which resource) goes into the audit trail with it. */
  async create(payload: unknown, context: ChangeContext): Promise<RpcReply<Entity>> {
    const parsed = this.options.schema.safeParse(payload);
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const fields = parsed.data as Record<string, unknown>;
    return this.once(fields, context, async (claim) => (await this.pipeline({ kind: 'create', fields, context, claim })) as RpcReply<Entity>);
  }

  async update(id: unknown, changes: unknown, context: ChangeContext): Promise<RpcReply<Entity>> {
    if (!isRecordId(id)) return this.notFound;
    const parsed = this.options.schema.partial().strict().safeParse(changes ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    // Zod 4 fills a field's default inside .partial(): an update changes only the fields it names (approving a charge
    // line must not set its `billable` or `reimbursable` back to their defaults).
    const named = new Set(Object.keys(changes ?? {}));
    const fields = Object.fromEntries(Object.entries(parsed.data as Record<string, unknown>).filter(([field]) => named.has(field)));
    return (await this.pipeline({ kind: 'update', id, fields, context })) as RpcReply<Entity>;
  }

  async delete(id: unknown, context: ChangeContext): Promise<RpcReply<{ id: string }>> {
    if (!isRecordId(id)) return this.notFound;
    return (await this.pipeline({ kind: 'delete', id, context })) as RpcReply<{ id: string }>;
  }

  /**
   * Creates a record inside a transaction the caller holds (`manager`), through the same steps as `create` but
   * `once`: one of many records written at once that commit or roll back together (a factor's report and its ledger
   * entries). Not for a holder (`holds`), whose writes run under their holder lock. A refusal is thrown (Refusal), so
   * that the caller's transaction rolls back; the record is announced by `announceCreated` once the caller commits.
   */
  async createWithin(manager: EntityManager, payload: unknown, context: ChangeContext): Promise<{ record: Entity; effects: Effects<Entity> }> {
    if (this.options.holds) throw new Error(`${this.options.entity}: a holder's records are created by create()`);
    const parsed = this.options.schema.safeParse(payload);
    if (!parsed.success) throw new Refusal(invalidInput(fieldIssues(parsed.error)));
    const fields = parsed.data as Record<string, unknown>;
    const refused = await this.check(fields as Partial<z.output<Schema>>);
    if (refused) throw new Refusal(refused);
    const id = randomUUID();
    const { change, effects } = await this.write(manager, id, await this.lockAndRead(manager, 'create', id), fields, context);
    return { record: change.record, effects };
  }

  /** What `createWithin` made, announced (with what its effects changed and left for after) once its caller committed. */
  async announceCreated(created: readonly { record: Entity; effects: Effects<Entity> }[]) {
    for (const { record } of created) this.announce('created', record);
    for (const { effects } of created) await this.finish(effects);
  }

  /** The write pipeline (see the class): a create or update answers the record, a delete its id. */
  private async pipeline(write: Write): Promise<RpcReply<Entity | { id: string }>> {
    return this.guard(async () => {
      const refused = write.kind === 'delete' ? await this.checkDelete(write.id) : await this.check(write.fields as Partial<z.output<Schema>>, write.kind === 'update' ? write.id : undefined);
      if (refused) return refused;
      const id = write.kind === 'create' ? randomUUID() : write.id; // a new record's, for its lock, hold and key to name
      const { change, effects } = await this.transaction(id, async (manager, hold) => {
        if (write.kind === 'create') await write.claim(manager, id);
        const stored = await this.lockAndRead(manager, write.kind, id);
        if (write.kind !== 'create' && !stored) throw new Refusal(this.notFound);
        const before = stored ? { ...stored } : undefined;
        if (write.kind === 'delete') {
          const change: Change<Entity> = { kind: 'delete', before: before!, context: write.context };
          await hold(undefined, before);
          // A delete's effects come before its save, while what the row takes with it (a device's token) can be read.
          const effects = (await this.effects(manager, change)) ?? {};
          const nulled = await this.deleteRow(manager, id);
          await this.audit(manager, change);
          return { change, effects: { ...effects, changed: [...nulled, ...(effects.changed ?? [])] } };
        }
        return this.write(manager, id, stored, write.fields, write.context, hold);
      });
      const answer = change.kind === 'delete' ? { id } : (effects.answer ?? change.record);
      this.announce(ANNOUNCED[change.kind], change.kind === 'delete' ? { id } : change.record);
      await this.finish(effects);
      return ok(answer);
    });
  }

  /**
   * The steps of a create or an update in its transaction, once its record is locked and read (`stored`; none for a
   * create): merge, rules, share, hold (when the record is a holder's: `hold`), save, effects, audit.
   */
  private async write(manager: EntityManager, id: string, stored: Entity | null, fields: Record<string, unknown>, context: ChangeContext, hold?: Hold<Entity>) {
    const before = stored ? { ...stored } : undefined;
    const record = (stored ? manager.merge(this.repository.target, stored, fields as never) : this.repository.create({ ...fields, id } as never)) as Entity;
    const broken = this.applyRules(record, before, fields, stored ? Object.keys(fields) : undefined);
    if (broken) throw new Refusal(broken);
    await this.share(manager, record, before);
    await hold?.(record, before);
    const saved = before ? await this.saveChanges(manager, record, before) : await manager.save(record);
    const change: Change<Entity> = before ? { kind: 'update', record: saved, before, fields, context } : { kind: 'create', record: saved, fields, context };
    const effects = (await this.effects(manager, change)) ?? {};
    await this.audit(manager, change);
    return { change, effects };
  }

  /**
   * Runs a create once per Idempotency-Key (the context's, per user): a key already used answers the record it made
   * (the same request; a conflict once that record is deleted) or a conflict (another request), and writes nothing,
   * audit included. `create` must call `claim` in its transaction before it writes: a second create with the key
   * waits there for the first and is then answered as above. Without a key, `create` runs as it is.
   */
  private async once(fields: unknown, context: ChangeContext, create: (claim: ClaimKey) => Promise<RpcReply<Entity>>): Promise<RpcReply<Entity>> {
    const key = context.idempotencyKey;
    if (!key) return create(async () => undefined);
    const hash = requestHash(fields);
    const user = context.actor?.id ?? '';
    const answerEarlier = async (): Promise<RpcReply<Entity> | undefined> => {
      let earlier: Awaited<ReturnType<IdempotencyKeys['earlier']>>;
      try {
        earlier = await this.keys.earlier(this.repository.manager, user, context.resource, key, hash);
      } catch (error) {
        return internalErrorReply(error);
      }
      if (!earlier) return undefined;
      if ('reused' in earlier) return keyReused();
      const record = await this.get(earlier.recordId);
      return !record.ok && record.error.code === 'not_found' ? keyUsedUp() : record;
    };
    const earlier = await answerEarlier();
    if (earlier) return earlier;
    const reply = await create((manager, id) => this.keys.claim(manager, user, context.resource, key, hash, id));
    return reply === KEY_TAKEN ? ((await answerEarlier()) ?? reply) : reply;
  }

  private get keys() {
    return new IdempotencyKeys(this.repository.metadata.schema ?? 'public');
  }

  /** The rules step: the contracts' rules across a record's fields (`changed`: only those that read them), then `derive`. */
  private applyRules(record: Entity, before: Readonly<Entity> | undefined, fields: WriteFields, changed?: readonly string[]): RpcReply<never> | undefined {
    const issues = this.options.rules ? recordIssues(this.options.rules, record, changed) : undefined;
    const derived = this.derive(record, before, fields);
    if (!issues) return derived;
    // Every message at once: the domain's own refusals beside the rules'.
    const more = derived && !derived.ok && derived.error.code === 'invalid' ? derived.error.issues : undefined;
    return invalidInput({ ...more, ...issues });
  }

  /**
   * Imports a CSV file (packages/contracts imports.ts): checks every row as a create or an update (by its key) would
   * be (check, rules), and, unless `dryRun` or a row is wrong (`skipInvalid`: the good rows all the same), applies them
   * all in one transaction with the pipeline's steps for many records (lock, hold, save, effects, audit: applyImport),
   * announced as any change is.
   */
  async importCsv(file: CsvFile, { dryRun, skipInvalid = false }: { dryRun: boolean; skipInvalid?: boolean }, context: ChangeContext): Promise<RpcReply<ImportResult>> {
    const { imports, schema } = this.options;
    if (!imports) return fail('not_found', `${this.options.entity} records cannot be imported`);
    return this.guard(async () => {
      const host = {
        repository: this.repository,
        schema,
        columns: imports,
        check: (fields: Record<string, unknown>, id?: string) => this.check(fields as Partial<z.output<Schema>>, id),
        applyRules: (record: Entity, before: Readonly<Entity> | undefined, fields: WriteFields) => this.applyRules(record, before, fields),
        importValues: (rows: ImportRow<Entity>[]) => this.importValues(rows),
      };
      const plan = await planImport(host, file);
      if ('refused' in plan) return plan.refused;
      // With an error nothing is applied, unless told to apply the good rows and leave the bad ones out (issue 47).
      const result = plan.skipped ? { ...plan.result, skipped: plan.skipped } : plan.result;
      if (dryRun || (plan.skipped && !skipInvalid)) return ok(result);
      let applied: Awaited<ReturnType<typeof applyImport<Entity>>>;
      try {
        applied = await applyImport(this.repository, plan, context, {
          transaction: (ids, step) => this.transactionOfMany(ids, step),
          lockAndRead: (manager, ids) => this.lockAndReadMany(manager, ids),
          effects: (manager, change) => this.effects(manager, change),
        });
      } catch (error) {
        if (error instanceof ImportRowsRefused) return ok({ ...plan.result, errors: error.errors.slice(0, IMPORT_MAX_ERRORS) });
        throw error;
      }
      for (const record of applied.created) this.announce('created', record);
      for (const record of applied.updated) this.announce('updated', record);
      for (const done of applied.effects) await this.finish(done);
      return ok(result);
    });
  }

  /**
   * How an import reads its rows' cells into what the schema takes, knowing the record each row's key matched: as
   * they are, unless a domain writes a field as text of its own (a load's Stops). A refusal is an error on its row.
   */
  protected async importValues(rows: ImportRow<Entity>[]): Promise<ImportValues[]> {
    return rows.map(({ values }) => ({ values }));
  }

  /** The transaction of many writes (an import): for a holder, under all its records' holder locks (ReferenceHolds.writeMany). */
  private async transactionOfMany<T>(ids: string[], step: (manager: EntityManager, hold: HoldOf<Entity>) => Promise<T>): Promise<T> {
    const holds = this.options.holds;
    if (!holds) return this.repository.manager.transaction((manager) => step(manager, async () => undefined));
    return holds.by.writeMany(holds.holder, ids, step);
  }

  /** The lock step of many updates (an import): takes each record's lock (`lock`) and reads them as stored; none without. */
  private async lockAndReadMany(manager: EntityManager, ids: string[]): Promise<Entity[] | undefined> {
    const { lock } = this.options;
    if (!lock || !ids.length) return undefined;
    const sorted = [...new Set(ids)].sort(); // one order for every locker, so two never wait on each other
    if (lock === 'advisory') for (const id of sorted) await this.lockAdvisory(manager, id);
    return manager.find(this.repository.target, { where: { id: In(sorted) } as never, order: { id: 'ASC' } as never, ...(lock === 'row' ? { lock: { mode: 'for_no_key_update' as const } } : {}) });
  }

  /** The last step of a committed write's effects: the records they changed announced, then their after-commit work. */
  private async finish({ changed, afterCommit }: Effects<Entity>) {
    for (const { entity, record, change } of changed ?? []) this.announce(change ?? 'updated', record, entity);
    await afterCommit?.();
  }

  /**
   * Runs a write in one transaction; for a holder (`holds`), under the lock of its record `id`, through
   * ReferenceHolds: `hold` has what the record will name held in svc-core before it is written.
   */
  private async transaction<T>(id: string, step: (manager: EntityManager, hold: Hold<Entity>) => Promise<T>): Promise<T> {
    const holds = this.options.holds;
    if (!holds) return this.repository.manager.transaction((manager) => step(manager, async () => undefined));
    return holds.by.write(holds.holder, id, step);
  }

  /**
   * The lock step: takes the record's lock (`lock`) and reads it as stored (none for a create). The row lock lets
   * others read the row and name it (a payment's foreign key); a delete's takes the row from them too.
   */
  private async lockAndRead(manager: EntityManager, kind: Write['kind'], id: string): Promise<Entity | null> {
    const { lock } = this.options;
    if (lock === 'advisory') await this.lockAdvisory(manager, id);
    if (kind === 'create') return null;
    const mode = kind === 'delete' ? 'pessimistic_write' : 'for_no_key_update';
    return manager.findOne(this.repository.target, { where: { id } as never, ...(lock === 'row' ? { lock: { mode } } : {}) });
  }

  /**
   * The advisory lock of record `id` until the transaction ends (`lock: 'advisory'`): every write of the record takes
   * it, and so does whatever else writes what follows the record (a device's grant, reconciled at start).
   */
  protected async lockAdvisory(manager: EntityManager, id: string) {
    const { schema, tableName } = this.repository.metadata;
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${schema ?? 'public'}.${tableName}:${id.toLowerCase()}`]);
  }

  /**
   * The save step of a delete: deletes the row and answers the records whose reference to it the database nulled
   * (`nulledOnDelete`), as they are then. A reference written between the look and the delete (which waits for it)
   * is nulled unannounced: see README, Architecture.
   */
  private async deleteRow(manager: EntityManager, id: string): Promise<ChangedRecord[]> {
    const nulls = this.options.nulledOnDelete ?? [];
    const nulledIds = await Promise.all(
      nulls.map(async ({ target: other, field }) => (await manager.find(other, { select: { id: true }, where: { [field]: id } })).map((row) => row.id as string)),
    );
    const result = await manager.delete(this.repository.target, { id } as never);
    if (!result.affected) throw new Refusal(this.notFound);
    const nulled = await Promise.all(
      nulls.map(async ({ target: other, entity }, index) =>
        (nulledIds[index].length ? await manager.findBy(other, { id: In(nulledIds[index]) }) : []).map((record) => ({ entity, record })),
      ),
    );
    return nulled.flat();
  }

  /**
   * The save step of an update: writes what changed in one UPDATE of those columns (TypeORM's save would first read
   * the row again, which the pipeline has just read under its lock), setting the update time; nothing when nothing
   * changed.
   */
  private async saveChanges(manager: EntityManager, record: Entity, before: Entity): Promise<Entity> {
    const metadata = this.repository.metadata;
    const changed: Record<string, unknown> = {};
    for (const { propertyName, isPrimary } of metadata.columns) {
      if (isPrimary || propertyName === metadata.updateDateColumn?.propertyName) continue;
      if (JSON.stringify(record[propertyName]) !== JSON.stringify(before[propertyName])) changed[propertyName] = record[propertyName];
    }
    if (!Object.keys(changed).length) return record;
    const updated = metadata.updateDateColumn?.propertyName;
    if (updated) changed[updated] = (record as Record<string, unknown>)[updated] = new Date();
    await manager.update(this.repository.target, { id: record.id } as never, changed as never);
    return record;
  }

  /**
   * The audit step, in the change's transaction: a create's values, an update's changed fields, a delete's last
   * values, as the database holds them (recordWrite).
   */
  private async audit(manager: EntityManager, change: Change<Entity>) {
    if (change.kind === 'delete') return recordChange(manager, change.context, 'delete', change.before.id, allValues(change.before, 'from'));
    await recordWrite(manager, this.repository.metadata, change.context, change.record.id, change.before);
  }

  /** Runs a database step, turning its failures into answers (conflicts by constraint, else internal). */
  protected async guard<T>(step: () => Promise<RpcReply<T>>): Promise<RpcReply<T>> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof Refusal) return error.reply;
      return (error as { driverError?: unknown }).driverError
        ? databaseErrorReply(error, this.options.constraints)
        : internalErrorReply(error);
    }
  }

  /** Announces a change for whoever needs it (announceChange). */
  protected announce(change: ChangeKind, record: unknown, entity = this.options.entity) {
    announceChange(this.events, entity, change, record);
  }
}
