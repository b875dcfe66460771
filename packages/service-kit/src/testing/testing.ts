import { randomBytes } from 'node:crypto';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { rpcSubject, type ListPage, type RpcReply, type ServiceName } from '@tms/contracts';
import pg from 'pg';
import { firstValueFrom, timeout } from 'rxjs';
import { config } from '../config.js';
import { ServiceReplyDeserializer } from '../transport/reply-serializer.js';

export interface TestDatabase {
  url: string;
  /** Rows of a query on the test database (one small pool, closed by `drop`). */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** DATABASE_URL's server (else the local default), with another database named. */
const onServer = (database: string) => {
  const url = new URL(config.databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

async function asAdmin(sql: string) {
  const admin = new pg.Client({ connectionString: onServer('postgres') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * The one test-database helper, for integration tests: a fresh database (`tms_test_<random>`) on the configured
 * Postgres server, dropped afterwards, so a run never touches a developer's data.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `tms_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(`CREATE DATABASE "${name}"`);
  const url = onServer(name);
  let pool: pg.Pool | undefined;
  return {
    url,
    query: async (sql, params) => (await (pool ??= new pg.Pool({ connectionString: url, max: 2 })).query(sql, params)).rows,
    async drop() {
      await pool?.end();
      await asAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** A NATS subject root of the test's own, so that it never reaches a developer's running services. */
export const uniqueSubjectRoot = () => `test${randomBytes(4).toString('hex')}`;

/** How long a test waits for a service's answer. */
const ANSWER_WAIT_MS = 10_000;

/** A test's way to the services of a subject root: as the gateway reaches them, and a plain connection beside. */
export interface ServicesClient {
  /** Nest's client, reading replies as the gateway does (ServiceReplyDeserializer). */
  client: ClientProxy;
  /** A plain NATS connection, to watch events and for JetStream. */
  nats: NatsConnection;
  /** The answer on `subject`, failing after `waitMs`. */
  request<T = any>(subject: string, payload?: unknown, waitMs?: number): Promise<RpcReply<T>>;
  /** `{root}.{service}.{resource}.{action}`. */
  call<T = any>(service: ServiceName, resource: string, action: string, payload?: unknown): Promise<RpcReply<T>>;
  /** Creates a record and answers its id, failing the test with the answer when it is refused. */
  create(service: ServiceName, resource: string, payload: unknown): Promise<string>;
  /** Every page of a list, as the gateway reads it: the rows in order, and how many pages they took. */
  listAll(service: ServiceName, resource: string): Promise<{ rows: any[]; pages: number }>;
  /** The record of the next `{entity}.{change}` event that `matches` (earlier writes may still be announcing theirs). */
  nextEvent(event: string, matches: (record: any) => boolean): Promise<any>;
  close(): Promise<void>;
}

export async function connectServicesClient(root: string): Promise<ServicesClient> {
  const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: config.natsUrl, deserializer: new ServiceReplyDeserializer() } });
  await client.connect();
  const nats = await connect({ servers: config.natsUrl });
  const request = <T>(subject: string, payload: unknown = {}, waitMs = ANSWER_WAIT_MS) =>
    firstValueFrom(client.send<RpcReply<T>>(subject, payload).pipe(timeout(waitMs)));
  const call = <T>(service: ServiceName, resource: string, action: string, payload: unknown = {}) =>
    request<T>(rpcSubject(root, service, resource, action), payload);
  return {
    client,
    nats,
    request,
    call,
    async create(service, resource, payload) {
      const reply = await call<{ id: string }>(service, resource, 'create', payload);
      if (!reply.ok) throw new Error(`creating in ${service} ${resource} failed: ${JSON.stringify(reply)}`);
      return reply.data.id;
    },
    async listAll(service, resource) {
      const rows: any[] = [];
      let pages = 0;
      let after: string | null | undefined;
      do {
        const reply = await call<ListPage>(service, resource, 'list', after ? { after } : {});
        if (!reply.ok) throw new Error(`list failed: ${JSON.stringify(reply)}`);
        rows.push(...JSON.parse(Buffer.from(reply.data.rows).toString()));
        pages += 1;
        after = reply.data.next;
      } while (after);
      return { rows, pages };
    },
    nextEvent(event, matches) {
      const subscription = nats.subscribe(`${root}.events.${event}`);
      return (async () => {
        for await (const message of subscription) {
          const { data } = message.json<{ data: any }>();
          if (matches(data)) {
            subscription.unsubscribe();
            return data;
          }
        }
      })();
    },
    async close() {
      await client.close();
      await nats.close();
    },
  };
}
