import type { ClientProxy } from '@nestjs/microservices';
import {
  fail,
  fieldIssues,
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
  type RpcReply,
} from '@tms/contracts';
import { randomUUID } from 'node:crypto';
import { In, type EntityManager, type EntityTarget, type ObjectLiteral, type Repository } from 'typeorm';
import type { z } from 'zod';
import { announceChange } from '../transport/nats-connection.js';
import { databaseErrorReply, internalErrorReply, type ConstraintMeaning } from '../errors.js';
import { allValues, recordChange, recordWrite, type ChangeContext } from '../audit/writes.js';
import { applyImport, planImport } from './crud-import.js';
import type { CsvFile } from './csv-rows.js';
import { IdempotencyKeys, KEY_TAKEN, keyReused, keyUsedUp, requestHash } from './idempotency.js';
import { ListPages } from './list-pages.js';
import type { Hold, HolderOf, ReferenceHolds } from '../references/reference-holds.js';
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
}

/** Claims a create's Idempotency-Key for the record `id`, in the create's transaction (CrudService.once). */
export type ClaimKey = (manager: EntityManager, id: string) => Promise<void>;

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
 * List, get, create, update and delete for one table, answering errors as data. A domain service extends it and
 * keeps its own business rules visibly apart (override `check`, `checkDelete` or a method).
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
   * to be written: a create's, or an update's once merged (`before` is the stored record). Answer a failure to refuse.
   */
  protected derive(_record: Entity, _before?: Readonly<Entity>): RpcReply<never> | undefined {
    return undefined;
  }

  /**
   * A domain's own rules on a record just written (a create's, or an update's with `before`), in the write's
   * transaction and before it commits: rules across records that need a lock to hold under concurrent writes (one
   * invoice per load), and what another service must do with the change. Throw a Refusal to roll it back.
   */
  protected async written(_manager: EntityManager, _record: Entity, _before: Readonly<Entity> | undefined, _context: ChangeContext): Promise<void> {
    return undefined;
  }

  /** One page of the list, after the cursor of the previous one (none for the first page). */
  async list(after?: unknown): Promise<RpcReply<ListPage>> {
    return this.guard(() => this.pages.page(after));
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
    return this.once(parsed.data, context, (claim) => this.guard(async () => {
      const refused = await this.check(parsed.data);
      if (refused) return refused;
      const record = this.repository.create(parsed.data as never) as unknown as Entity;
      const underived = this.derived(record);
      if (underived) return underived;
      if (this.options.holds || context.idempotencyKey) record.id ??= randomUUID() as never; // for its hold and key to name
      const saved = await this.write(record.id, async (manager, hold) => {
        if (record.id) await claim(manager, record.id);
        await hold(record);
        const saved = await manager.save(record);
        await this.written(manager, saved, undefined, context);
        await this.audit(manager, context, 'create', saved.id);
        return saved;
      });
      this.announce('created', saved);
      return ok(saved);
    }));
  }

  /**
   * Runs a create once per Idempotency-Key (the context's, per user): a key already used answers the record it made
   * (the same request; a conflict once that record is deleted) or a conflict (another request), and writes nothing,
   * audit included. `create` must call `claim` in its transaction before it writes: a second create with the key
   * waits there for the first and is then answered as above. Without a key, `create` runs as it is.
   */
  protected async once(fields: unknown, context: ChangeContext, create: (claim: ClaimKey) => Promise<RpcReply<Entity>>): Promise<RpcReply<Entity>> {
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

  /** The contracts' rules across a record's fields, then the domain's derive (see derive). */
  private derived(record: Entity, before?: Readonly<Entity>, changed?: readonly string[]): RpcReply<never> | undefined {
    const issues = this.options.rules ? recordIssues(this.options.rules, record, changed) : undefined;
    const derived = this.derive(record, before);
    if (!issues) return derived;
    // Every message at once: the domain's own refusals beside the rules'.
    const more = derived && !derived.ok && derived.error.code === 'invalid' ? derived.error.issues : undefined;
    return invalidInput({ ...more, ...issues });
  }

  async update(id: unknown, changes: unknown, context: ChangeContext): Promise<RpcReply<Entity>> {
    if (!isRecordId(id)) return this.notFound;
    const parsed = this.options.schema.partial().strict().safeParse(changes ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    return this.guard(async () => {
      const refused = await this.check(parsed.data as Partial<z.output<Schema>>, id);
      if (refused) return refused;
      const saved = await this.write(id, async (manager, hold) => {
        // A holder's stored record is read under the holder lock: what it named is what is committed.
        const existing = await manager.findOneBy(this.repository.target, { id } as never);
        if (!existing) throw new Refusal(this.notFound);
        const before = { ...existing };
        const record = manager.merge(this.repository.target, existing, parsed.data as never);
        const underived = this.derived(record, before, Object.keys(parsed.data));
        if (underived) throw new Refusal(underived);
        await hold(record, before);
        const saved = await this.saveChanges(manager, record, before);
        await this.written(manager, saved, before, context);
        await this.audit(manager, context, 'update', id, before);
        return saved;
      });
      this.announce('updated', saved);
      return ok(saved);
    });
  }

  /**
   * Imports a CSV file (packages/contracts imports.ts): checks every row as a create or an update (by its key) would
   * be, and, unless `dryRun` or a row is wrong, applies them all in one transaction, recorded in the audit trail and
   * announced as any change is.
   */
  async importCsv(file: CsvFile, dryRun: boolean, context: ChangeContext): Promise<RpcReply<ImportResult>> {
    const { imports, schema } = this.options;
    if (!imports || this.options.holds) return fail('not_found', `${this.options.entity} records cannot be imported`);
    return this.guard(async () => {
      const host = {
        repository: this.repository,
        schema,
        columns: imports,
        check: (fields: Record<string, unknown>, id?: string) => this.check(fields as Partial<z.output<Schema>>, id),
        derive: (record: Entity, before?: Readonly<Entity>) => this.derived(record, before),
      };
      const plan = await planImport(host, file);
      if ('refused' in plan) return plan.refused;
      if (dryRun || plan.result.errors.length) return ok(plan.result);
      const written = (manager: EntityManager, record: Entity, before?: Entity) => this.written(manager, record, before, context);
      const { created, updated } = await applyImport(this.repository, Object.keys(schema.shape), plan, context, written);
      for (const record of created) this.announce('created', record);
      for (const record of updated) this.announce('updated', record);
      return ok(plan.result);
    });
  }

  async delete(id: unknown, context: ChangeContext): Promise<RpcReply<{ id: string }>> {
    if (!isRecordId(id)) return this.notFound;
    return this.guard(async () => {
      const refused = await this.checkDelete(id);
      if (refused) return refused;
      const nulled = await this.deleteRecord(id, context);
      if (!nulled) return this.notFound;
      this.announce('deleted', { id });
      for (const { entity, records } of nulled) for (const record of records) this.announce('updated', record, entity);
      return ok({ id });
    });
  }

  /**
   * Deletes the record and answers the records whose reference to it the database nulled, as they are then
   * (undefined when it does not exist). A reference written between the look and the delete (which waits for it)
   * is nulled unannounced: see README, Architecture.
   */
  private async deleteRecord(id: string, context: ChangeContext) {
    const target = this.repository.target;
    return this.write(id, async (manager, hold) => {
      const nulls = this.options.nulledOnDelete ?? [];
      const nulledIds = await Promise.all(
        nulls.map(async ({ target: other, field }) => (await manager.find(other, { select: { id: true }, where: { [field]: id } })).map((row) => row.id as string)),
      );
      const existing = await manager.findOneBy(target, { id } as never);
      if (!existing) return undefined;
      await hold(undefined, existing);
      await this.audit(manager, context, 'delete', id, existing);
      const result = await manager.delete(target, { id } as never);
      if (!result.affected) return undefined;
      return Promise.all(
        nulls.map(async ({ target: other, entity }, index) => ({
          entity,
          records: nulledIds[index].length ? await manager.findBy(other, { id: In(nulledIds[index]) }) : [],
        })),
      );
    });
  }

  /**
   * Runs a write in one transaction; for a holder (`holds`), under the lock of its record `id`, through
   * ReferenceHolds: `hold` has what the record will name held in svc-core before it is written.
   */
  protected async write<T>(id: string | undefined, step: (manager: EntityManager, hold: Hold<Entity>) => Promise<T>): Promise<T> {
    const holds = this.options.holds;
    if (!holds || !id) return this.repository.manager.transaction((manager) => step(manager, async () => undefined));
    return holds.by.write(holds.holder, id, step);
  }

  /**
   * Writes what an update changed in one UPDATE of those columns (TypeORM's save would first read the row again,
   * which the caller has just read under its lock), setting the update time; nothing when nothing changed.
   */
  protected async saveChanges(manager: EntityManager, record: Entity, before: Entity): Promise<Entity> {
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
   * Records a change of a record in the audit trail, in the change's transaction (`manager`): a create's values, an
   * update's changed fields (`before` is the record as stored before it), a delete's last values (`before`), the
   * values as the database holds them (recordWrite).
   */
  protected async audit(manager: EntityManager, context: ChangeContext, action: 'create' | 'update' | 'delete', id: string, before?: Entity) {
    if (action === 'delete') return recordChange(manager, context, action, id, allValues(before!, 'from'));
    await recordWrite(manager, this.repository.metadata, context, id, action === 'update' ? before : undefined);
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
