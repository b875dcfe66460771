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

/**
 * The keys of one service's creates, in its schema (idempotencyKeysMigration makes the table), per user: the same
 * key from two users is two keys. `user` is the actor's id, '' for a create no user sent.
 */
export class IdempotencyKeys {
  constructor(private readonly schema: string) {}

  private get table() {
    return `"${this.schema}".idempotency_keys`;
  }

  /** The record a live key made, when the request is the same; a refusal when it is another; undefined for none. */
  async earlier(manager: EntityManager, user: string, resource: string, key: string, hash: string): Promise<{ recordId: string } | { reused: true } | undefined> {
    const [row] = await manager.query(`SELECT record_id, request_hash FROM ${this.table} WHERE user_id = $1 AND resource = $2 AND key = $3 AND ${LIVE}`, [user, resource, key]);
    if (!row) return undefined;
    return row.request_hash === hash ? { recordId: row.record_id } : { reused: true };
  }

  /**
   * Claims the key for the record `recordId` about to be written, in its transaction: a second create with the key
   * waits here for the first to commit (the unique key), then rolls back with KEY_TAKEN. An expired key is taken
   * over. A few expired keys are deleted on the way, so the table holds about a day of creates.
   */
  async claim(manager: EntityManager, user: string, resource: string, key: string, hash: string, recordId: string): Promise<void> {
    const claimed = await manager.query(
      `INSERT INTO ${this.table} AS k (user_id, resource, key, request_hash, record_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, resource, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, record_id = EXCLUDED.record_id, created_at = now()
       WHERE NOT (k.${LIVE})
       RETURNING record_id`,
      [user, resource, key, hash, recordId],
    );
    if (!claimed.length) throw new Refusal(KEY_TAKEN);
    await manager.query(
      `DELETE FROM ${this.table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${this.table} WHERE NOT (${LIVE}) LIMIT 20 FOR UPDATE SKIP LOCKED))`,
    );
  }
}

/** The refusal of a key sent again with another request. */
export const keyReused = () => fail('conflict', IDEMPOTENCY_MESSAGES.reused);

/** The refusal of a key sent again after the record it made was deleted: it made its record once, and makes no other. */
export const keyUsedUp = () => fail('conflict', IDEMPOTENCY_MESSAGES.recordDeleted);

/** The migration that makes a service's idempotency keys table, named for TypeORM as `IdempotencyKeys<timestamp>`. */
export function idempotencyKeysMigration(schema: string, timestamp: number): new () => MigrationInterface {
  return namedMigration(
    `IdempotencyKeys${timestamp}`,
    async (runner) => {
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
    },
    (runner) => runner.query(`DROP TABLE "${schema}".idempotency_keys`),
  );
}

/**
 * The migration that makes keys per user, `IdempotencyKeysPerUser<timestamp>`: the user's id joins the primary key
 * (keys claimed before it belong to no user, '', and expire within the day).
 */
export function idempotencyKeysPerUserMigration(schema: string, timestamp: number): new () => MigrationInterface {
  const table = `"${schema}".idempotency_keys`;
  return namedMigration(
    `IdempotencyKeysPerUser${timestamp}`,
    async (runner) => {
      await runner.query(`ALTER TABLE ${table} ADD COLUMN user_id text NOT NULL DEFAULT ''`);
      await runner.query(`ALTER TABLE ${table} DROP CONSTRAINT idempotency_keys_pkey, ADD PRIMARY KEY (user_id, resource, key)`);
    },
    async (runner) => {
      // One user's key of those that several users sent is kept.
      await runner.query(`DELETE FROM ${table} a USING ${table} b WHERE a.resource = b.resource AND a.key = b.key AND a.user_id > b.user_id`);
      await runner.query(`ALTER TABLE ${table} DROP CONSTRAINT idempotency_keys_pkey, ADD PRIMARY KEY (resource, key)`);
      await runner.query(`ALTER TABLE ${table} DROP COLUMN user_id`);
    },
  );
}

/** A migration class whose name (what TypeORM records it by) is `name`. */
function namedMigration(name: string, up: (runner: QueryRunner) => Promise<unknown>, down: (runner: QueryRunner) => Promise<unknown>): new () => MigrationInterface {
  const migration = class implements MigrationInterface {
    name = name;

    async up(runner: QueryRunner) {
      await up(runner);
    }

    async down(runner: QueryRunner) {
      await down(runner);
    }
  };
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}
