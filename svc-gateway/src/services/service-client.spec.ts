import { HttpException, Logger } from '@nestjs/common';
import type { ClientProxy, NatsRecord } from '@nestjs/microservices';
import { DEADLINE_HEADER, SOMETHING_WENT_WRONG } from '@tms/contracts';
import { NEVER, of, throwError, type Observable } from 'rxjs';
import type { GatewayConfig } from '../config/gateway-config.js';
import { ServiceClient } from './service-client.js';

// The errors these tests provoke are logged on purpose; keep the test output readable.
beforeAll(() => Logger.overrideLogger(false));

/** A ClientProxy whose `send` answers what the test says (the real NATS path is in the integration tests). */
const clientAnswering = (answer: () => Observable<unknown>) => {
  const sent: { subject: string; payload: unknown }[] = [];
  const proxy = {
    send: (subject: string, payload: unknown) => {
      sent.push({ subject, payload });
      return answer();
    },
  } as unknown as ClientProxy;
  return { proxy, sent };
};

const config = { serviceTimeoutMs: 100, subjectRoot: 'test' } as GatewayConfig;

async function httpErrorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) return { status: error.getStatus(), body: error.getResponse() };
    throw error;
  }
  throw new Error('expected an HttpException');
}

describe('ServiceClient.call', () => {
  it('sends the payload on the subject and answers the data of an ok reply', async () => {
    const { proxy, sent } = clientAnswering(() => of({ ok: true, data: [{ id: '1' }] }));
    const before = Date.now();
    await expect(new ServiceClient(proxy, config).call('core', 'test.core.trucks.list', { q: 1 })).resolves.toEqual([{ id: '1' }]);
    expect(sent.map(({ subject }) => subject)).toEqual(['test.core.trucks.list']);
    const record = sent[0].payload as NatsRecord;
    expect(record.data).toEqual({ q: 1 });
    // It tells the service when it stops waiting: now + the timeout.
    const deadline = Number(record.headers.get(DEADLINE_HEADER));
    expect(deadline).toBeGreaterThanOrEqual(before + config.serviceTimeoutMs);
    expect(deadline).toBeLessThanOrEqual(Date.now() + config.serviceTimeoutMs);
  });

  it('throws the mapped HTTP error of an error reply', async () => {
    const { proxy } = clientAnswering(() => of({ ok: false, error: { code: 'conflict', message: 'Taken', issues: { vin: ['Taken'] } } }));
    await expect(httpErrorOf(new ServiceClient(proxy, config).call('core', 's', {}))).resolves.toEqual({
      status: 409,
      body: { message: 'Taken', issues: { vin: ['Taken'] } },
    });
  });

  it('answers 503 when the service does not answer within the timeout', async () => {
    const { proxy } = clientAnswering(() => NEVER);
    const started = Date.now();
    await expect(httpErrorOf(new ServiceClient(proxy, config).call('core', 's', {}))).resolves.toEqual({
      status: 503,
      body: { message: 'The core service is not available. Please try again shortly.' },
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers 503 when NATS fails (no responders, connection refused)', async () => {
    const { proxy } = clientAnswering(() => throwError(() => new Error('Empty response. There are no subscribers')));
    await expect(httpErrorOf(new ServiceClient(proxy, config).call('accounting', 's', {}))).resolves.toMatchObject({ status: 503 });
  });

  it('answers a plain 500 when a handler threw instead of answering an RpcReply', async () => {
    const { proxy } = clientAnswering(() => throwError(() => ({ status: 'error', message: 'Internal server error' })));
    await expect(httpErrorOf(new ServiceClient(proxy, config).call('core', 's', {}))).resolves.toEqual({
      status: 500,
      body: { message: SOMETHING_WENT_WRONG },
    });
  });

  it('answers a plain 500 for a reply that is not an RpcReply', async () => {
    const { proxy } = clientAnswering(() => of({ ok: false, error: { code: 'exploded', message: 'SELECT * FROM' } }));
    await expect(httpErrorOf(new ServiceClient(proxy, config).call('core', 's', {}))).resolves.toEqual({
      status: 500,
      body: { message: SOMETHING_WENT_WRONG },
    });
  });
});

describe('ServiceClient.health', () => {
  it('is the answer of an ok reply in time, else undefined', async () => {
    const answer = { service: 'svc-telematics', status: 'up', deadLetteredPositions: 2 };
    await expect(new ServiceClient(clientAnswering(() => of({ ok: true, data: answer })).proxy, config).health('h', 50)).resolves.toEqual(answer);
    await expect(new ServiceClient(clientAnswering(() => NEVER).proxy, config).health('h', 50)).resolves.toBeUndefined();
    await expect(
      new ServiceClient(clientAnswering(() => of({ ok: false, error: { code: 'internal', message: 'x' } })).proxy, config).health('h', 50),
    ).resolves.toBeUndefined();
  });
});
