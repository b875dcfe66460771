import type { NatsContext } from '@nestjs/microservices';
import { fail, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_HOURS, IDEMPOTENCY_MESSAGES, idempotencyKeyOf } from '@tms/contracts';
import { createHash } from 'node:crypto';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { Refusal } from '../refusal.js';

/** The key a create carries (the gateway's IDEMPOTENCY_KEY_HEADER, checked there), undefined when none. */
export function idempotencyKeyFrom(context: NatsContext | undefined): string | undefined {
  const key = idempotencyKeyOf(context?.getHeaders?.()?.get(IDEMPOTENCY_KEY_HEADER));
  return typeof key === 'string' ? key : undefined;
}

/** What a create asked for, to tell the same request sent again from another one under the same key. */
export const requestHash = (fields: unknown) => createHash('sha256').update(JSON.stringify(fields)).digest('hex');

/**
 * A create whose key another create has just claimed (it waited for that one to commit): answered as that one's
 * record once this create has rolled back. Compared by identity, never sent.
 */
export const KEY_TAKEN = fail('conflict', 'This request is being saved already');

const LIVE = `created_at > now() - interval '${IDEMPOTENCY_KEY_HOURS} hours'`;

/** The keys of one service's creates, in its schema (idempotencyKeysMigration makes the table). */
export class IdempotencyKeys {
  constructor(private readonly schema: string) {}

  private get table() {
    return `"${this.schema}".idempotency_keys`;
  }

  /** The record a live key made, when the request is the same; a refusal when it is another; undefined for none. */
  async earlier(manager: EntityManager, resource: string, key: string, hash: string): Promise<{ recordId: string } | { reused: true } | undefined> {
    const [row] = await manager.query(`SELECT record_id, request_hash FROM ${this.table} WHERE resource = $1 AND key = $2 AND ${LIVE}`, [resource, key]);
    if (!row) return undefined;
    return row.request_hash === hash ? { recordId: row.record_id } : { reused: true };
  }

  /**
   * Claims the key for the record `recordId` about to be written, in its transaction: a second create with the key
   * waits here for the first to commit (the unique key), then rolls back with KEY_TAKEN. An expired key is taken
   * over. A few expired keys are deleted on the way, so the table holds about a day of creates.
   */
  async claim(manager: EntityManager, resource: string, key: string, hash: string, recordId: string): Promise<void> {
    const claimed = await manager.query(
      `INSERT INTO ${this.table} AS k (resource, key, request_hash, record_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (resource, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, record_id = EXCLUDED.record_id, created_at = now()
       WHERE NOT (k.${LIVE})
       RETURNING record_id`,
      [resource, key, hash, recordId],
    );
    if (!claimed.length) throw new Refusal(KEY_TAKEN);
    await manager.query(
      `DELETE FROM ${this.table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${this.table} WHERE NOT (${LIVE}) LIMIT 20 FOR UPDATE SKIP LOCKED))`,
    );
  }
}

/** The refusal of a key sent again with another request. */
export const keyReused = () => fail('conflict', IDEMPOTENCY_MESSAGES.reused);

/** The migration that makes a service's idempotency keys table, named for TypeORM as `IdempotencyKeys<timestamp>`. */
export function idempotencyKeysMigration(schema: string, timestamp: number): new () => MigrationInterface {
  const name = `IdempotencyKeys${timestamp}`;
  const migration = class implements MigrationInterface {
    name = name;

    async up(runner: QueryRunner) {
      await runner.query(`
        CREATE TABLE "${schema}".idempotency_keys (
          resource text NOT NULL,
          key text NOT NULL,
          request_hash text NOT NULL,
          record_id uuid NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (resource, key)
        )`);
      await runner.query(`CREATE INDEX idempotency_keys_created_idx ON "${schema}".idempotency_keys (created_at)`);
    }

    async down(runner: QueryRunner) {
      await runner.query(`DROP TABLE "${schema}".idempotency_keys`);
    }
  };
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}
