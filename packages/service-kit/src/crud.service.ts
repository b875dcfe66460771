import type { ClientProxy } from '@nestjs/microservices';
import { eventSubject, fail, fieldIssues, keptHistoryMessage, ok, type ListPage, type RpcReply } from '@tms/contracts';
import type { EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import type { z } from 'zod';
import { config } from './config.js';
import { databaseErrorReply, internalErrorReply, type ConstraintMeaning } from './errors.js';
import { ListPages } from './list-pages.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

  /** One page of the list, after the cursor of the previous one (none for the first page). */
  async list(after?: unknown): Promise<RpcReply<ListPage>> {
    return this.guard(() => this.pages.page(after));
  }

  async get(id: unknown): Promise<RpcReply<Entity>> {
    if (typeof id !== 'string' || !UUID.test(id)) return this.notFound;
    return this.guard(async () => {
      const found = await this.repository.findOneBy({ id } as never);
      return found ? ok(found) : this.notFound;
    });
  }

  async create(payload: unknown): Promise<RpcReply<Entity>> {
    const parsed = this.options.schema.safeParse(payload);
    if (!parsed.success) return fail('invalid', 'Invalid input', fieldIssues(parsed.error));
    return this.guard(async () => {
      const refused = await this.check(parsed.data);
      if (refused) return refused;
      const record = this.repository.create(parsed.data as never) as unknown as Entity;
      const underived = this.derive(record);
      if (underived) return underived;
      const saved = await this.repository.save(record);
      this.announce('created', saved);
      return ok(saved as unknown as Entity);
    });
  }

  async update(id: unknown, changes: unknown): Promise<RpcReply<Entity>> {
    if (typeof id !== 'string' || !UUID.test(id)) return this.notFound;
    const parsed = this.options.schema.partial().strict().safeParse(changes ?? {});
    if (!parsed.success) return fail('invalid', 'Invalid input', fieldIssues(parsed.error));
    return this.guard(async () => {
      const existing = await this.repository.findOneBy({ id } as never);
      if (!existing) return this.notFound;
      const refused = await this.check(parsed.data as Partial<z.output<Schema>>, id);
      if (refused) return refused;
      const before = { ...existing };
      const record = this.repository.merge(existing, parsed.data as never);
      const underived = this.derive(record, before);
      if (underived) return underived;
      const saved = await this.repository.save(record);
      this.announce('updated', saved);
      return ok(saved);
    });
  }

  async delete(id: unknown): Promise<RpcReply<{ id: string }>> {
    if (typeof id !== 'string' || !UUID.test(id)) return this.notFound;
    return this.guard(async () => {
      const refused = await this.checkDelete(id);
      if (refused) return refused;
      const result = await this.repository.delete({ id } as never);
      if (!result.affected) return this.notFound;
      this.announce('deleted', { id });
      return ok({ id });
    });
  }

  /** Runs a database step, turning its failures into answers (conflicts by constraint, else internal). */
  protected async guard<T>(step: () => Promise<RpcReply<T>>): Promise<RpcReply<T>> {
    try {
      return await step();
    } catch (error) {
      return (error as { driverError?: unknown }).driverError
        ? databaseErrorReply(error, this.options.constraints)
        : internalErrorReply(error);
    }
  }

  /** Announces a change for whoever needs it; an event that cannot be sent never fails the write. */
  protected announce(change: 'created' | 'updated' | 'deleted', record: unknown) {
    this.events.emit(eventSubject(config.subjectRoot, this.options.entity, change), record).subscribe({ error: () => undefined });
  }
}
