import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, Transport, type ClientProxy, type INestMicroservice } from '@nestjs/microservices';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ServiceReplyDeserializer, serviceTransport } from '@tms/service-kit';
import { createTestDatabase, uniqueSubjectRoot } from '@tms/service-kit/testing';
import { firstValueFrom, timeout } from 'rxjs';
import type { ListPage, RpcReply } from '@tms/contracts';

/** svc-core over the real NATS and a fresh Postgres database, reached exactly as the gateway reaches it. */
export interface CoreService {
  /** The run's own subject root. */
  root: string;
  databaseUrl: string;
  client: ClientProxy;
  /** A plain NATS connection, to watch events. */
  nats: NatsConnection;
  call<T = any>(resource: string, action: string, payload?: unknown): Promise<RpcReply<T>>;
  /** Every page of a list, as the gateway reads it: the rows in order, and how many pages they took. */
  listAll(resource: string): Promise<{ rows: any[]; pages: number }>;
  stop(): Promise<void>;
}

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

export async function startCoreService(): Promise<CoreService> {
  const root = uniqueSubjectRoot();
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  process.env.NATS_SUBJECT_ROOT = root;
  // Subjects are read from the environment when the handlers are declared, so load the app only now.
  const { AppModule } = await import('../../src/app.module.js');
  const service: INestMicroservice = await NestFactory.createMicroservice(AppModule, {
    ...serviceTransport('core', natsUrl),
    logger: ['error'],
  });
  await service.listen();
  const client = ClientProxyFactory.create({
    transport: Transport.NATS,
    options: { servers: natsUrl, deserializer: new ServiceReplyDeserializer() },
  });
  await client.connect();
  const nats = await connect({ servers: natsUrl });

  const call = <T>(resource: string, action: string, payload: unknown = {}) =>
    firstValueFrom(client.send<RpcReply<T>>(`${root}.core.${resource}.${action}`, payload).pipe(timeout(5000)));

  async function listAll(resource: string) {
    const rows: any[] = [];
    let pages = 0;
    let after: string | null | undefined;
    do {
      const reply = await call<ListPage>(resource, 'list', after ? { after } : {});
      if (!reply.ok) throw new Error(`list failed: ${JSON.stringify(reply)}`);
      rows.push(...JSON.parse(Buffer.from(reply.data.rows).toString()));
      pages += 1;
      after = reply.data.next;
    } while (after);
    return { rows, pages };
  }

  const stop = async () => {
    await client.close();
    await nats.close();
    await service.close();
    await database.drop();
  };
  return { root, databaseUrl: database.url, client, nats, call, listAll, stop };
}
