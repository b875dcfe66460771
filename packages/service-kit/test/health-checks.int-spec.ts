import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Module, type INestMicroservice } from '@nestjs/common';
import { serveHealthChecks } from '../src/observe/health-checks.js';
import type { ClientNats } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import { EVENTS, NATS_CONNECTION } from '../src/transport/nats-connection.js';
import { createService } from '../src/service.js';
import { SERVICE_REQUESTS_CLIENT } from '../src/transport/service-requests.js';
import { serviceRequestsModule } from '../src/transport/service-requests.module.js';

@Module({})
class EmptyModule {}

@Module({ imports: [serviceRequestsModule()] })
class RequestingModule {}

/** What an orchestrator's probes see of a NATS-only service (HEALTH_PORT). */
describe('health checks over HTTP', () => {
  let app: INestMicroservice;
  let server: Server;
  const probe = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    app = await createService('core', EmptyModule, false);
    await app.listen();
    server = serveHealthChecks(app, 0);
    await new Promise((resolve) => server.once('listening', resolve));
  });

  afterAll(async () => {
    await app.close().catch(() => undefined);
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers alive and ready while connected to NATS, and 404 for any other path', async () => {
    await expect(probe('/livez')).resolves.toEqual({ status: 200, body: { status: 'ok' } });
    await expect(probe('/readyz')).resolves.toEqual({ status: 200, body: { status: 'ok' } });
    expect((await probe('/health')).status).toBe(404);
  });

  it('answers neither alive nor ready once its NATS connection is closed for good, so it gets restarted', async () => {
    await app.close();
    await expect(probe('/livez')).resolves.toEqual({ status: 503, body: { status: 'down' } });
    await expect(probe('/readyz')).resolves.toEqual({ status: 503, body: { status: 'down' } });
  });
});

/** A service speaks NATS on one connection: its transport, its events and its requests to other services. */
describe('the NATS connection', () => {
  it('is one per process, shared by the transport and the clients, and closed when the service stops', async () => {
    const app = await createService('core', RequestingModule, false);
    await app.listen();
    const connection = app.get<NatsConnection>(NATS_CONNECTION);
    const events = app.get<ClientNats>(EVENTS);
    const requests = app.get<ClientNats>(SERVICE_REQUESTS_CLIENT);
    await Promise.all([events.connect(), requests.connect()]);
    expect(app.unwrap<NatsConnection>()).toBe(connection);
    expect(events.unwrap<NatsConnection>()).toBe(connection);
    expect(requests.unwrap<NatsConnection>()).toBe(connection);
    await app.close();
    expect(connection.isClosed()).toBe(true);
  });
});

