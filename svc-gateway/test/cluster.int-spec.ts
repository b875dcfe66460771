import { fileURLToPath } from 'node:url';
import { signIn } from './support/system.js';

/**
 * The production topology on one machine (issue 33; scripts/system.mjs with replicas and a NATS cluster): two gateways,
 * two processes of every service, three NATS servers, every part signed in as its own NATS user. Any gateway serves
 * any request: a session made on one works on the other, and a device revoked through one is refused by both.
 */
const SYSTEM_SCRIPT = fileURLToPath(new URL('../../scripts/system.mjs', import.meta.url));
type System = { urls: string[]; processes: Record<string, { pid?: number }>; stop(): Promise<void> };

let system: System;
let cookie: string;

const api = async (gateway: string, path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
  const response = await fetch(`${gateway}${path}`, {
    method: init.method ?? 'GET',
    headers: { origin: gateway, ...(init.cookie !== undefined ? { cookie: init.cookie } : { cookie }), ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as any) : undefined };
};

const postPosition = async (gateway: string, token: string, truckId: string) =>
  (
    await fetch(`${gateway}/api/gps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ latitude: 41.88, longitude: -87.63, timestamp: new Date().toISOString(), truckId }),
    })
  ).status;

beforeAll(async () => {
  const scripted = (await import(SYSTEM_SCRIPT)) as { startIsolatedSystem(options: { label: string; replicas: number; natsNodes: number }): Promise<System> };
  system = await scripted.startIsolatedSystem({ label: 'cluster', replicas: 2, natsNodes: 3 });
  cookie = await signIn(system.urls[0], 'cluster@example.com');
}, 180_000);

afterAll(async () => {
  await system?.stop();
}, 60_000);

it('runs two gateways, two processes of every service and three NATS servers', () => {
  const names = Object.keys(system.processes).sort();
  expect(names).toEqual(
    ['gateway-1', 'gateway-2', 'nats-1', 'nats-2', 'nats-3', 'svc-accounting-1', 'svc-accounting-2', 'svc-ai-1', 'svc-ai-2', 'svc-core-1', 'svc-core-2', 'svc-telematics-1', 'svc-telematics-2'],
  );
  expect(system.urls).toHaveLength(2);
});

it('serves a session made on one gateway on the other', async () => {
  const [first, second] = system.urls;
  expect(first).not.toBe(second);
  const created = await api(first, '/api/trucks', { method: 'POST', json: { truckNumber: 'CL-1', type: 'Dry Van', status: 'available', licensePlate: 'CL 1' } });
  expect(created.status).toBe(201);
  const read = await api(second, `/api/trucks/${created.body.id}`);
  expect(read).toMatchObject({ status: 200, body: { truckNumber: 'CL-1' } });
  expect((await api(second, `/api/trucks/${created.body.id}`, { cookie: '' })).status).toBe(401);
});

it('refuses a device revoked through one gateway on every gateway', async () => {
  const [first, second] = system.urls;
  const truck = await api(second, '/api/trucks', { method: 'POST', json: { truckNumber: 'CL-2', type: 'Dry Van', status: 'available', licensePlate: 'CL 2' } });
  const device = await api(second, '/api/devices', { method: 'POST', json: { name: 'Cluster tracker', truckId: truck.body.id } });
  expect(device.status).toBe(201);
  const { id, token } = device.body as { id: string; token: string };
  for (const gateway of system.urls) {
    // A gateway learns a new grant from the bucket it watches: at once, but not in the same instant.
    await eventually(async () => (await postPosition(gateway, token, truck.body.id)) === 202, `${gateway} accepts the new device`);
  }
  expect((await api(first, `/api/devices/${id}`, { method: 'DELETE' })).status).toBeLessThan(300);
  for (const gateway of system.urls) {
    await eventually(async () => (await postPosition(gateway, token, truck.body.id)) === 401, `${gateway} refuses the revoked device`);
  }
});

/** Waits (polling, never asserting a duration) until `probe` holds. */
async function eventually(probe: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
