import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { createService } from '@tms/service-kit';
import { connectServicesClient, createTestDatabase, uniqueSubjectRoot, type ServicesClient } from '@tms/service-kit/testing';
import type { RpcReply } from '@tms/contracts';
import type pg from 'pg';

/** svc-core over the real NATS and a fresh Postgres database, reached exactly as the gateway reaches it. */
export interface CoreService {
  /** The run's own subject root. */
  root: string;
  databaseUrl: string;
  client: ServicesClient['client'];
  /** A plain NATS connection, to watch events. */
  nats: ServicesClient['nats'];
  call<T = any>(resource: string, action: string, payload?: unknown): Promise<RpcReply<T>>;
  /** Creates a record and answers its id, failing the test with the answer when it is refused. */
  create(resource: string, payload: unknown): Promise<string>;
  /** Every page of a list, as the gateway reads it: the rows in order, and how many pages they took. */
  listAll(resource: string): Promise<{ rows: any[]; pages: number }>;
  nextEvent: ServicesClient['nextEvent'];
  stop(): Promise<void>;
}

export async function startCoreService(): Promise<CoreService> {
  const root = uniqueSubjectRoot();
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  process.env.NATS_SUBJECT_ROOT = root;
  // Subjects are read from the environment when the handlers are declared, so load the app only now.
  const { AppModule } = await import('../../src/app.module.js');
  const service: INestMicroservice = await createService('core', AppModule, ['error']);
  await service.listen();
  const services = await connectServicesClient(root);

  const stop = async () => {
    await services.close();
    await service.close();
    await database.drop();
  };
  return {
    root,
    databaseUrl: database.url,
    client: services.client,
    nats: services.nats,
    call: (resource, action, payload) => services.call('core', resource, action, payload),
    create: (resource, payload) => services.create('core', resource, payload),
    listAll: (resource) => services.listAll('core', resource),
    nextEvent: services.nextEvent,
    stop,
  };
}

/** Waits until a DELETE from `table` waits for a lock (an uncommitted record's), as `db` sees the server. */
export async function waitForBlockedDelete(db: pg.Client, table: string) {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    const { rowCount } = await db.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1`,
      [`DELETE FROM %${table}%`],
    );
    if (rowCount) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The delete from ${table} never waited for the uncommitted record`);
}
