import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  fail,
  invalidInput,
  isRecordId,
  ok,
  REFERENCES_RESOURCE,
  type HoldExistingReply,
  type HoldReply,
  type NamedByPayload,
  type NamedByReply,
  type NamedRecord,
  type ReferencedKind,
  type RpcReply,
} from '@tms/contracts';
import { In, MoreThan, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { internalErrorReply } from '../errors.js';
import { Refusal } from '../refusal.js';
import { ServiceRequests } from '../transport/service-requests.js';

/** A record of svc-core that a holder record names in `field`; `message` shows under the field when it is missing. */
export interface HeldReference {
  field: string;
  kind: ReferencedKind;
  id: string | null | undefined;
  message: string;
}

/** One kind of record that names svc-core's records: an invoice names its load and its customer. */
export interface HolderOf<Entity extends ObjectLiteral> {
  /** `{service}.{resource}`, as svc-core asks back: 'accounting.invoices'. */
  holder: string;
  entity: EntityTarget<Entity>;
  references(record: Entity): HeldReference[];
}

/**
 * Within a write: holds in svc-core what `record` names and `before` (the stored record, read under the lock) did
 * not; `record` undefined for a delete. Refuses (throws a Refusal) when svc-core has no such record or cannot say.
 */
export type Hold<Entity> = (record: Entity | undefined, before?: Entity) => Promise<void>;
/** Hold for one of the holder records a write of many (writeMany) writes, named by its id. */
export type HoldOf<Entity> = (holderId: string, record: Entity | undefined, before?: Entity) => Promise<void>;

const named = (references: HeldReference[]): NamedRecord[] =>
  references.filter((reference) => reference.id).map(({ kind, id }) => ({ kind, id: id! }));

/** Start-up pass: records read and held per request. */
const PASS_BATCH = 500;

/**
 * The holder's side of references across services (README: Architecture). A write that names svc-core's records
 * runs under its record's lock (a transaction-scoped advisory lock) and has them held in svc-core before it
 * commits; after it, whatever its outcome, svc-core is told what the record names now, read under the same lock,
 * and lets the rest go. When a delete in svc-core meets a hold, svc-core asks here (`named`), under the same lock
 * taken shared: a write in flight is waited for, so the answer is what is committed, never a guess by age.
 */
@Injectable()
export class ReferenceHolds implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReferenceHolds');
  private readonly holders = new Map<string, { holder: HolderOf<any>; manager: EntityManager }>();
  private stopping = false;

  constructor(private readonly services: ServiceRequests) {}

  /** A domain service makes its records' references held (CrudService does it for `holds`). */
  register(holder: HolderOf<any>, manager: EntityManager) {
    this.holders.set(holder.holder, { holder, manager });
  }

  /**
   * Runs `step` in a transaction under the holder record's lock; `step` calls `hold` before it writes. After the
   * transaction, committed or not, svc-core is told what the record names now if a hold was asked for or a
   * reference dropped.
   */
  async write<Entity extends ObjectLiteral, T>(
    holder: HolderOf<Entity>,
    holderId: string,
    step: (manager: EntityManager, hold: Hold<Entity>) => Promise<T>,
  ): Promise<T> {
    return this.writeMany(holder, [holderId], (manager, hold) => step(manager, (record, before) => hold(holderId, record, before)));
  }

  /**
   * `write` for many holder records at once (a CSV import's rows): one transaction under all their locks, `hold`
   * called for each record it writes, and svc-core told afterwards what each of those records names now.
   */
  async writeMany<Entity extends ObjectLiteral, T>(
    holder: HolderOf<Entity>,
    holderIds: readonly string[],
    step: (manager: EntityManager, hold: HoldOf<Entity>) => Promise<T>,
  ): Promise<T> {
    const { manager } = this.registered(holder.holder);
    const tellCore = new Set<string>();
    try {
      return await manager.transaction(async (transaction) => {
        await lockHolder(transaction, holder.holder, [...holderIds], 'exclusive');
        return step(transaction, async (holderId, record, before) => {
          const references = record ? holder.references(record) : [];
          const [now, was] = [named(references), before ? named(holder.references(before)) : []];
          if (was.some((old) => !now.some((record) => record.id === old.id))) tellCore.add(holderId);
          const fresh = now.filter((record) => !was.some((old) => old.id === record.id));
          if (!fresh.length) return;
          tellCore.add(holderId); // asked, so perhaps held, whatever the answer
          await this.hold(holder.holder, holderId, references, fresh);
        });
      });
    } finally {
      for (const holderId of tellCore) await this.release(holder, holderId);
    }
  }

  /** `{root}.{service}.references.named`: what these records name now, waiting for writes in flight. */
  async named({ resource, ids }: NamedByPayload, service: string): Promise<RpcReply<NamedByReply>> {
    const entry = this.holders.get(`${service}.${resource}`);
    if (!entry || !Array.isArray(ids) || !ids.every(isRecordId)) return fail('invalid', `No records of ${resource} are asked about so`);
    try {
      const answer = await entry.manager.transaction(async (transaction) => {
        await lockHolder(transaction, entry.holder.holder, ids, 'shared');
        const records = await transaction.findBy(entry.holder.entity, { id: In(ids) });
        return Object.fromEntries(records.map((record) => [record.id as string, named(entry.holder.references(record))]));
      });
      return ok(answer);
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  private async hold(holder: string, holderId: string, references: HeldReference[], records: NamedRecord[]) {
    const reply = await this.services.request<HoldReply>('core', REFERENCES_RESOURCE, 'hold', { holder, holderId, records });
    if (!reply.ok) throw new Refusal(fail(reply.error.code, reply.error.message));
    if (!reply.data.missing.length) return;
    const missing = new Set(reply.data.missing.map((record) => record.id));
    const issues = Object.fromEntries(references.filter((reference) => missing.has(reference.id!)).map(({ field, message }) => [field, [message]]));
    throw new Refusal(invalidInput(issues));
  }

  /** Tells svc-core what the record names now (nothing once it is gone). A failure leaves a hold that only blocks. */
  private async release(holder: HolderOf<any>, holderId: string) {
    const { manager } = this.registered(holder.holder);
    try {
      await manager.transaction(async (transaction) => {
        await lockHolder(transaction, holder.holder, [holderId], 'exclusive');
        const record = await transaction.findOneBy(holder.entity, { id: holderId });
        const records = record ? named(holder.references(record)) : [];
        const reply = await this.services.request('core', REFERENCES_RESOURCE, 'release', { holder: holder.holder, holderId, records });
        if (!reply.ok) throw new Error(reply.error.message);
      });
    } catch (error) {
      this.logger.warn(`${holder.holder} ${holderId}: svc-core was not told what it names now (${error instanceof Error ? error.message : String(error)}); svc-core asks when a delete meets the hold`);
    }
  }

  private registered(holder: string) {
    const entry = this.holders.get(holder);
    if (!entry) throw new Error(`${holder} is not registered with ReferenceHolds`);
    return entry;
  }

  onApplicationBootstrap() {
    if (this.holders.size) void this.holdExisting();
  }

  onApplicationShutdown() {
    this.stopping = true;
  }

  /** Holds a page of the start-up pass in requests of at most PASS_RECORDS named records (a settlement names many loads). */
  private async holdExistingBatches(holder: string, holds: { holderId: string; records: NamedRecord[] }[]): Promise<RpcReply<HoldExistingReply>> {
    const missing: HoldExistingReply['missing'] = [];
    for (let start = 0; start < holds.length; ) {
      let [end, count] = [start, 0];
      while (end < holds.length && (end === start || count + holds[end].records.length <= PASS_RECORDS)) count += holds[end++].records.length;
      const reply = await this.services.request<HoldExistingReply>('core', REFERENCES_RESOURCE, 'hold-existing', { holder, holds: holds.slice(start, end) }, 10_000);
      if (!reply.ok) return reply;
      missing.push(...reply.data.missing);
      start = end;
    }
    return ok({ missing });
  }

  /**
   * At start-up, in the background: has everything the existing records name held in svc-core (records written
   * before the registry, or whose hold a crash lost), and logs those that name a record svc-core no longer has, for
   * a person to mend. Retries until svc-core answers.
   */
  private async holdExisting() {
    for (const { holder, manager } of this.holders.values()) {
      const dangling: string[] = [];
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        if (this.stopping) return;
        let records: ObjectLiteral[];
        try {
          records = await manager.find(holder.entity, { where: { id: MoreThan(after) }, order: { id: 'ASC' }, take: PASS_BATCH });
        } catch {
          return; // the database is closing
        }
        if (!records.length) break;
        const holds = records.map((record) => ({ holderId: record.id as string, records: named(holder.references(record as never)) }));
        const reply = await this.holdExistingBatches(holder.holder, holds);
        if (!reply.ok) {
          await new Promise((resolve) => setTimeout(resolve, 2000));
          continue;
        }
        dangling.push(...reply.data.missing.map(({ holderId, record }) => `${holderId} → ${record.kind} ${record.id}`));
        after = records.at(-1)!.id as string;
      }
      if (dangling.length) {
        this.logger.warn(`${holder.holder}: ${dangling.length} reference(s) name records svc-core no longer has (mend them by hand): ${dangling.join(', ')}`);
      } else {
        this.logger.log(`${holder.holder}: every reference to svc-core is held`);
      }
    }
  }
}

/** Named records per hold-existing request: well inside a NATS message (max_payload), however many one record names. */
const PASS_RECORDS = 5000;

/** The lock of holder records (ids sorted, so two lockers never wait on each other), until the transaction ends. */
async function lockHolder(manager: EntityManager, holder: string, ids: string[], mode: 'shared' | 'exclusive') {
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  const keys = [...new Set(ids)].sort().map((id) => `${holder}:${id}`);
  await manager.query(`SELECT ${lock}(hashtextextended(key, 0)) FROM unnest($1::text[]) AS key`, [keys]);
}
