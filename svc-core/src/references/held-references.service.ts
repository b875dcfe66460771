import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  fail,
  HELD_RECORDS_MAX,
  HOLDER_NAMES,
  isRecordId,
  namedElsewhereMessage,
  ok,
  parseHolder,
  REFERENCED_KINDS,
  REFERENCES_RESOURCE,
  type HoldExistingPayload,
  type HoldExistingReply,
  type HoldPayload,
  type HoldReply,
  type NamedByReply,
  type NamedRecord,
  type ReferencedKind,
  type RpcReply,
} from '@tms/contracts';
import { internalErrorReply, ServiceRequests } from '@tms/service-kit';
import { DataSource, type EntityManager } from 'typeorm';

const TABLES: Record<ReferencedKind, string> = { load: 'core.loads', customer: 'core.customers', driver: 'core.drivers', truck: 'core.trucks' };
const isHolder = (holder: unknown): holder is string => typeof holder === 'string' && parseHolder(holder) !== undefined;
const areNamedRecords = (records: unknown): records is NamedRecord[] =>
  Array.isArray(records) &&
  records.length <= HELD_RECORDS_MAX &&
  records.every((record: Partial<NamedRecord>) => REFERENCED_KINDS.includes(record?.kind as ReferencedKind) && isRecordId(record?.id));

/** A hold or release as sent by ReferenceHolds (other services' code, but still checked: it reaches SQL). */
function holdPayload(payload: unknown): HoldPayload | undefined {
  const { holder, holderId, records } = (payload ?? {}) as Partial<HoldPayload>;
  return isHolder(holder) && isRecordId(holderId) && areNamedRecords(records) ? { holder, holderId, records } : undefined;
}

function holdExistingPayload(payload: unknown): HoldExistingPayload | undefined {
  const { holder, holds } = (payload ?? {}) as Partial<HoldExistingPayload>;
  const valid = isHolder(holder) && Array.isArray(holds) && holds.length <= 1000 && holds.every((hold) => isRecordId(hold?.holderId) && areNamedRecords(hold?.records));
  return valid ? { holder, holds } : undefined;
}

/** The row of each (holder record, record) pair, drawn a new id when held again; kinds become their own column. */
const INSERT_HOLDS = `
  INSERT INTO core.held_references (holder, holder_id, load_id, customer_id, driver_id, truck_id)
  SELECT $1, h.holder_id, CASE h.kind WHEN 'load' THEN h.id END, CASE h.kind WHEN 'customer' THEN h.id END,
         CASE h.kind WHEN 'driver' THEN h.id END, CASE h.kind WHEN 'truck' THEN h.id END
  FROM unnest($2::uuid[], $3::text[], $4::uuid[]) AS h (holder_id, kind, id)`;

/**
 * svc-core's side of references across services (README: Architecture): other services hold the records they name
 * here before they commit, and let go after; a delete that meets holds asks their holders what their records name
 * now, lets go of the stale ones, and refuses (409) while any is left.
 */
@Injectable()
export class HeldReferences {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly services: ServiceRequests,
  ) {}

  /** Holds every record named, or none: answers those that do not exist. */
  async hold(payload: unknown): Promise<RpcReply<HoldReply>> {
    const parsed = holdPayload(payload);
    if (!parsed) return fail('invalid', 'Invalid hold');
    const { holder, holderId } = parsed;
    const records = uniqueRecords(parsed.records);
    return this.guard(() =>
      this.dataSource.transaction(async (manager) => {
        const missing = await lockMissing(manager, records);
        if (missing.length) return ok({ missing });
        await manager.query(`${INSERT_HOLDS} ON CONFLICT (holder, holder_id, record_id) DO UPDATE SET id = nextval('core.held_references_id_seq'), held_at = now()`, [
          holder, records.map(() => holderId), records.map((record) => record.kind), records.map((record) => record.id),
        ]);
        return ok({ missing: [] });
      }),
    );
  }

  /** The holder record now names exactly `records`: the other holds of it go. */
  async release(payload: unknown): Promise<RpcReply<{ released: number }>> {
    const parsed = holdPayload(payload);
    if (!parsed) return fail('invalid', 'Invalid release');
    const { holder, holderId, records } = parsed;
    return this.guard(async () => {
      const [, released] = await this.dataSource.query(
        `DELETE FROM core.held_references WHERE holder = $1 AND holder_id = $2 AND record_id <> ALL($3::uuid[])`,
        [holder, holderId, records.map((record) => record.id)],
      );
      return ok({ released: Number(released) });
    });
  }

  /** A holder's start-up pass: holds what its existing records name, and answers what no longer exists. */
  async holdExisting(payload: unknown): Promise<RpcReply<HoldExistingReply>> {
    const parsed = holdExistingPayload(payload);
    if (!parsed) return fail('invalid', 'Invalid hold');
    const { holder, holds } = parsed;
    return this.guard(() =>
      this.dataSource.transaction(async (manager) => {
        const gone = new Set((await lockMissing(manager, uniqueRecords(holds.flatMap((hold) => hold.records)))).map((record) => record.id));
        const pairs = holds.flatMap(({ holderId, records }) => uniqueRecords(records).map((record) => ({ holderId, record })));
        const held = pairs.filter(({ record }) => !gone.has(record.id));
        await manager.query(`${INSERT_HOLDS} ON CONFLICT (holder, holder_id, record_id) DO NOTHING`, [
          holder, held.map((pair) => pair.holderId), held.map((pair) => pair.record.kind), held.map((pair) => pair.record.id),
        ]);
        return ok({ missing: pairs.filter(({ record }) => gone.has(record.id)) });
      }),
    );
  }

  /**
   * For a delete's check: the holds on the record, each asked of its holder (which waits for a write of it in
   * flight); stale ones are let go, live ones refuse the delete naming what they are. A holder that does not answer
   * refuses it too (503): nothing is deleted that might still be named.
   */
  async refuseNamed(kind: ReferencedKind, id: string): Promise<RpcReply<never> | undefined> {
    const holds: { id: string; holder: string; holder_id: string }[] = await this.dataSource.query(
      `SELECT id::text, holder, holder_id FROM core.held_references WHERE ${kind}_id = $1`,
      [id],
    );
    if (!holds.length) return undefined;
    const live = new Map<string, Set<string>>();
    const stale: string[] = [];
    for (const [holder, ofHolder] of groupBy(holds, (hold) => hold.holder)) {
      const named = await this.askHolder(holder, ofHolder.map((hold) => hold.holder_id));
      if (!named.ok) return fail(named.error.code === 'unavailable' ? 'unavailable' : 'internal', named.error.message);
      for (const hold of ofHolder) {
        if (named.data[hold.holder_id]?.some((record) => record.id === id)) live.set(holder, (live.get(holder) ?? new Set()).add(hold.holder_id));
        else stale.push(hold.id);
      }
    }
    if (stale.length) await this.dataSource.query(`DELETE FROM core.held_references WHERE id = ANY($1::bigint[])`, [stale]);
    if (!live.size) return undefined;
    const uses = [...live].map(([holder, ids]) => ({ count: ids.size, ...(HOLDER_NAMES[holder] ?? { one: `${holder} record`, many: `${holder} records` }) }));
    return fail('conflict', namedElsewhereMessage(kind, uses));
  }

  /** What the holder's records name now; a holder this version cannot route to is taken as naming everything. */
  private async askHolder(holder: string, ids: string[]): Promise<RpcReply<NamedByReply>> {
    const route = parseHolder(holder);
    if (!route) return ok({});
    return this.services.request<NamedByReply>(route.service, REFERENCES_RESOURCE, 'named', { resource: route.resource, ids: [...new Set(ids)] });
  }

  private async guard<T>(step: () => Promise<RpcReply<T>>): Promise<RpcReply<T>> {
    try {
      return await step();
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

function uniqueRecords(records: NamedRecord[]): NamedRecord[] {
  return [...new Map(records.map((record) => [record.id, record])).values()];
}

/** Locks the named records that exist (FOR KEY SHARE: no delete until the transaction ends); answers the others. */
async function lockMissing(manager: EntityManager, records: NamedRecord[]): Promise<NamedRecord[]> {
  const missing: NamedRecord[] = [];
  for (const [kind, ofKind] of groupBy(records, (record) => record.kind)) {
    const found: { id: string }[] = await manager.query(`SELECT id FROM ${TABLES[kind]} WHERE id = ANY($1::uuid[]) ORDER BY id FOR KEY SHARE`, [
      ofKind.map((record) => record.id),
    ]);
    const existing = new Set(found.map((row) => row.id));
    missing.push(...ofKind.filter((record) => !existing.has(record.id)));
  }
  return missing;
}
