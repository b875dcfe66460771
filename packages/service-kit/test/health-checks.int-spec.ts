import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestMicroservice } from '@nestjs/microservices';
import { serveHealthChecks } from '../src/health-checks.js';
import { serviceTransport } from '../src/service.js';

@Module({})
class EmptyModule {}

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** What an orchestrator's probes see of a NATS-only service (HEALTH_PORT). */
describe('health checks over HTTP', () => {
  let app: INestMicroservice;
  let server: Server;
  const probe = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    app = await NestFactory.createMicroservice(EmptyModule, { ...serviceTransport('core', natsUrl), logger: false });
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
