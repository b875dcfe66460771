import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { startService } from '@tms/service-kit';
import { connectServicesClient, createTestDatabase, uniqueSubjectRoot } from '@tms/service-kit/testing';
import type { RpcReply } from '@tms/contracts';
import { DataSource } from 'typeorm';

/**
 * svc-telematics over the real NATS and a fresh Postgres database, reached as the gateway reaches it. `replica()`
 * starts one more instance in the same queue group (as a second pod would), `beforeStart` runs once the run's root
 * and database exist, before the first instance starts.
 */
export interface TelematicsService {
  root: string;
  databaseUrl: string;
  /** A plain NATS connection, for JetStream. */
  nats: NatsConnection;
  /** The run's database, to look at what was stored. */
  db: DataSource;
  call<T = any>(subject: string, payload?: unknown): Promise<RpcReply<T>>;
  replica(): Promise<INestMicroservice>;
  stop(): Promise<void>;
}

export async function startTelematicsService(beforeStart?: (root: string, nats: NatsConnection) => Promise<void>): Promise<TelematicsService> {
  const root = uniqueSubjectRoot();
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  process.env.NATS_SUBJECT_ROOT = root;
  const services = await connectServicesClient(root);
  const { nats } = services;
  await beforeStart?.(root, nats);
  // Subjects are read from the environment when the handlers are declared, so load the app only now.
  const { AppModule } = await import('../../src/app.module.js');
  const instances: INestMicroservice[] = [];
  const replica = async () => {
    const instance = await startService('telematics', AppModule);
    instances.push(instance);
    return instance;
  };
  await replica();
  const call = <T>(subject: string, payload: unknown = {}) => services.request<T>(`${root}.telematics.${subject}`, payload);
  const db = await new DataSource({ type: 'postgres', url: database.url, poolSize: 2 }).initialize();
  const stop = async () => {
    await db.destroy();
    for (const instance of instances) await instance.close();
    const jsm = await jetstreamManager(nats);
    for await (const stream of jsm.streams.names()) if (stream.endsWith(root)) await jsm.streams.delete(stream);
    await services.close();
    await database.drop();
  };
  return { root, databaseUrl: database.url, nats, db, call, replica, stop };
}
