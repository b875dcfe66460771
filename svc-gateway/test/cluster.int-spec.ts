import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { gpsStreams } from '@tms/contracts';
import pg from 'pg';
import { signIn } from './support/system.js';

/**
 * The production topology on one machine (issue 33; scripts/system.mjs with replicas and a NATS cluster): two gateways,
 * two processes of every service, three NATS servers, every part signed in as its own NATS user. Any gateway serves
 * any request: a session made on one works on the other, and a device revoked through one is refused by both.
 */
const SYSTEM_SCRIPT = fileURLToPath(new URL('../../scripts/system.mjs', import.meta.url));
type System = {
  urls: string[];
  databaseUrl: string;
  natsUrl: string;
  subjectRoot: string;
  natsUser(user: string): { NATS_USER: string; NATS_PASSWORD: string };
  processes: Record<string, { pid?: number; kill(signal: string): void }>;
  stop(): Promise<void>;
};

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

const postPosition = async (gateway: string, token: string, truckId: string, timestamp = new Date().toISOString()) =>
  (
    await fetch(`${gateway}/api/gps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ latitude: 41.88, longitude: -87.63, timestamp, truckId }),
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

it("carries files through every part's buckets under the parts' own NATS users", async () => {
  const [first, second] = system.urls;
  const dataUrl = (type: string, text: string) => `data:${type};base64,${Buffer.from(text).toString('base64')}`;
  const customer = await api(first, '/api/customers', { method: 'POST', json: { name: 'Cluster Foods', email: 'ap@cluster.example', phone: '555-0100', address: '1 Dock Rd, Dallas, TX', type: 'shipper' } });
  const load = await api(first, '/api/loads', {
    method: 'POST',
    json: { loadNumber: 'CL-LOAD-1', customerId: customer.body.id, status: 'delivered', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-01', deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-03', rate: '2450.00' },
  });
  expect(load.status).toBe(201);

  // A document: gateway → upload bucket → svc-core → documents bucket → gateway.
  const text = 'BILL OF LADING\nLoad # CL-LOAD-1\n';
  const document = await api(second, `/api/loads/${load.body.id}/documents`, {
    method: 'POST',
    json: { fileName: 'bol.txt', fileType: 'text/plain', fileSize: Buffer.byteLength(text), fileData: dataUrl('text/plain', text), documentType: 'Bill of Lading' },
  });
  expect(document.status).toBe(201);
  const download = await fetch(`${first}/api/documents/${document.body.id}/download`, { headers: { cookie } });
  expect(download.status).toBe(200);
  expect(await download.text()).toBe(text);

  // An invoice's packet: svc-accounting reads the documents bucket and writes the rendered-files bucket.
  const invoice = await api(second, '/api/invoices', {
    method: 'POST',
    json: { invoiceNumber: 'CL-INV-1', loadId: load.body.id, customerId: customer.body.id, status: 'sent', invoiceDate: '2027-03-04', dueDate: '2027-04-03', subtotal: '2450.00', total: '2450.00' },
  });
  expect(invoice.status).toBe(201);
  const packet = await fetch(`${first}/api/invoices/${invoice.body.id}/packet`, { headers: { cookie } });
  expect(packet.status).toBe(200);
  expect(packet.headers.get('content-type')).toMatch(/application\/pdf/);

  // A CSV import (the import-uploads bucket, svc-core) and an extraction (the extract-uploads bucket, svc-ai).
  const imported = await fetch(`${second}/api/trucks/import?dryRun=true`, {
    method: 'POST',
    headers: { cookie, origin: second, 'content-type': 'text/csv' },
    body: 'Truck #,Type,Status,License Plate\nCL-9,Dry Van,Available,CL 9\n',
  });
  expect(await imported.json()).toMatchObject({ rows: 1, create: 1, errors: [] });
  const extracted = await api(first, '/api/extract-load', { method: 'POST', json: { fileType: 'text/plain', fileData: dataUrl('text/plain', 'RATE CONFIRMATION\nLoad # RC-1\n') } });
  expect(extracted.status).toBe(200);
});

// Last: it takes a NATS server away (the supervisor starts it again).
it('takes every position while the NATS server leading the GPS stream in use is gone (no 503 while a new leader is elected)', async () => {
  const [first, second] = system.urls;
  const truck = await api(first, '/api/trucks', { method: 'POST', json: { truckNumber: 'CL-3', type: 'Dry Van', status: 'available', licensePlate: 'CL 3' } });
  const device = await api(first, '/api/devices', { method: 'POST', json: { name: 'Cluster tracker 2', truckId: truck.body.id } });
  const { id, token } = device.body as { id: string; token: string };
  for (const gateway of system.urls) await eventually(async () => (await postPosition(gateway, token, truck.body.id)) === 202, `${gateway} accepts the device`);

  // The streams' leaders as svc-telematics sees them: apart (it steps one down when they meet).
  const { NATS_USER: user, NATS_PASSWORD: pass } = system.natsUser('svc-telematics');
  const nc = await connect({ servers: system.natsUrl.split(','), user, pass, inboxPrefix: `_INBOX_${user}` });
  const leaders: string[] = [];
  try {
    const jsm = await jetstreamManager(nc);
    await eventually(async () => {
      leaders.length = 0;
      for (const { name } of gpsStreams(system.subjectRoot)) leaders.push((await jsm.streams.info(name)).cluster?.leader ?? '');
      return leaders.every(Boolean) && new Set(leaders).size === leaders.length;
    }, 'the GPS streams led from different servers');
  } finally {
    await nc.close();
  }

  // The server leading the first stream (where both gateways publish) dies; its stream elects a leader 4-9 s later.
  system.processes[leaders[0].replace(/^tms-/, '')].kill('SIGKILL');
  const statuses: number[] = [];
  const sentAt: string[] = [];
  for (const until = Date.now() + 10_000; Date.now() < until; ) {
    const timestamp = new Date().toISOString();
    statuses.push(await postPosition(statuses.length % 2 ? second : first, token, truck.body.id, timestamp));
    sentAt.push(timestamp);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(statuses.filter((status) => status !== 202)).toEqual([]);

  const db = new pg.Client({ connectionString: system.databaseUrl });
  await db.connect();
  try {
    const stored = async () => (await db.query(`SELECT count(DISTINCT recorded_at)::int AS n FROM telematics.positions WHERE device_id = $1 AND recorded_at = ANY($2::timestamptz[])`, [id, sentAt])).rows[0].n;
    await eventually(async () => (await stored()) === sentAt.length, `the ${sentAt.length} positions stored`, 60_000);
  } finally {
    await db.end();
  }
}, 120_000);

/** Waits (polling, never asserting a duration) until `probe` holds. */
async function eventually(probe: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
