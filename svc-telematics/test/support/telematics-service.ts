import 'reflect-metadata';
import { ClientProxyFactory, Transport, type ClientProxy, type INestMicroservice } from '@nestjs/microservices';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ServiceReplyDeserializer, startService } from '@tms/service-kit';
import { createTestDatabase, uniqueSubjectRoot } from '@tms/service-kit/testing';
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

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

export async function startTelematicsService(beforeStart?: (root: string, nats: NatsConnection) => Promise<void>): Promise<TelematicsService> {
  const root = uniqueSubjectRoot();
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  process.env.NATS_SUBJECT_ROOT = root;
  const nats = await connect({ servers: natsUrl });
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
  const client: ClientProxy = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: natsUrl, deserializer: new ServiceReplyDeserializer() } });
  await client.connect();
  const call = <T>(subject: string, payload: unknown = {}) =>
    new Promise<RpcReply<T>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No answer on ${subject}`)), 10_000);
      client.send<RpcReply<T>>(`${root}.telematics.${subject}`, payload).subscribe({ next: (reply) => (clearTimeout(timer), resolve(reply)), error: reject });
    });
  const db = await new DataSource({ type: 'postgres', url: database.url, poolSize: 2 }).initialize();
  const stop = async () => {
    await client.close();
    await db.destroy();
    for (const instance of instances) await instance.close();
    const jsm = await jetstreamManager(nats);
    for await (const stream of jsm.streams.names()) if (stream.endsWith(root)) await jsm.streams.delete(stream);
    await nats.close();
    await database.drop();
  };
  return { root, databaseUrl: database.url, nats, db, call, replica, stop };
}
