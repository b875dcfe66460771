import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { config } from '../src/config.js';
import { createService } from '../src/service.js';

/**
 * A replica told to stop during a rolling update (issue 33): it answers every request it already holds, takes no new
 * one, and the other replica of its queue group answers those. Nothing is lost to a deploy.
 */
const SLOW_MS = 800;
const subject = `${config.subjectRoot}.core.drain-test.get`;

@Controller()
class SlowController {
  @MessagePattern(subject)
  async answer(payload: { n: number }) {
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    return { ok: true, data: { n: payload.n } };
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

let stopping: INestMicroservice;
let staying: INestMicroservice;
let client: NatsConnection;

beforeAll(async () => {
  stopping = await createService('core', SlowModule, false);
  staying = await createService('core', SlowModule, false);
  await stopping.listen();
  await staying.listen();
  client = await connect({ servers: config.natsUrl });
});

afterAll(async () => {
  await staying.close();
  await client.close();
});

const ask = (n: number) =>
  client.request(subject, JSON.stringify({ pattern: subject, data: { n }, id: String(n) }), { timeout: 5000 }).then(
    (reply) => (JSON.parse(reply.string()) as { response: { data: { n: number } } }).response.data.n,
    (error: unknown) => `failed: ${String(error)}`,
  );

it('answers what it holds while it stops, and its queue group answers the rest', async () => {
  const held = Array.from({ length: 10 }, (_, n) => ask(n));
  // Every request is in a replica's hands (each sleeps SLOW_MS) when one replica is told to stop.
  await new Promise((resolve) => setTimeout(resolve, SLOW_MS / 4));
  const stopped = stopping.close();
  const later = Array.from({ length: 10 }, (_, n) => ask(100 + n));
  await expect(Promise.all(held)).resolves.toEqual(Array.from({ length: 10 }, (_, n) => n));
  await expect(Promise.all(later)).resolves.toEqual(Array.from({ length: 10 }, (_, n) => 100 + n));
  await stopped;
}, 15_000);
