import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { signIn } from './support/system.js';

/**
 * GPS ingestion through the whole built system (gateway → JetStream → svc-telematics → Postgres): device tokens,
 * the binding rule, batches, dedupe, the rate limit, revocation, the OsmAnd forms, and bad bodies answering 400.
 */
const SYSTEM_SCRIPT = fileURLToPath(new URL('../../scripts/system.mjs', import.meta.url));
type System = { url: string; databaseUrl: string; stop(): Promise<void> };

let system: System;
let cookie: string;
let db: pg.Pool;
let truckId: string;
let otherTruckId: string;
let driverId: string;

const api = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
  const { json, ...rest } = init;
  const response = await fetch(`${system.url}${path}`, {
    ...rest,
    headers: { cookie, origin: system.url, ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...rest.headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as any) : undefined };
};

/** A device posts as a device does: no cookie, no Origin, its token as a bearer. */
const post = async (token: string | undefined, body: unknown) => {
  const response = await fetch(`${system.url}/api/gps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as any) : undefined };
};

const register = async (fields: Record<string, unknown>) => {
  const answer = await api('/api/devices', { method: 'POST', json: fields });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; token: string; truckId: string | null; driverId: string | null };
};

const count = async (sql: string, params: unknown[] = []) => Number((await db.query(sql, params)).rows[0].count);

/** Waits (polling, never asserting a duration) until `probe` holds: the consumer writes asynchronously. */
async function eventually(probe: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

beforeAll(async () => {
  const scripted = (await import(SYSTEM_SCRIPT)) as { startIsolatedSystem(options: { label: string; env?: Record<string, string> }): Promise<System> };
  system = await scripted.startIsolatedSystem({ label: 'gps', env: { GPS_RATE_LIMIT_PER_SECOND: '2', GPS_RATE_LIMIT_BURST: '25' } });
  cookie = await signIn(system.url, 'gps@example.com');
  db = new pg.Pool({ connectionString: system.databaseUrl, max: 2 });
  const truck = async (truckNumber: string) =>
    (await api('/api/trucks', { method: 'POST', json: { truckNumber, type: 'Dry Van', status: 'available', licensePlate: `P-${truckNumber}` } })).body.id;
  truckId = await truck('GPS-1');
  otherTruckId = await truck('GPS-2');
  driverId = (
    await api('/api/drivers', {
      method: 'POST',
      json: { name: 'Gus Pinto', email: 'gus@example.com', phone: '555-0100', licenseNumber: 'GPS-L1', status: 'available' },
    })
  ).body.id;
}, 120_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
}, 60_000);

describe('devices and tokens', () => {
  it('answers the token once, keeps only its hash, and lists devices without it', async () => {
    const device = await register({ name: 'Cab unit', truckId, driverId });
    expect(device.token).toMatch(/^[A-Za-z0-9_-]{43,}$/); // 256 random bits
    const stored = await db.query(`SELECT token_hash FROM telematics.device_tokens WHERE device_id = $1`, [device.id]);
    expect(stored.rows[0].token_hash).not.toContain(device.token);
    const list = await api('/api/devices');
    const listed = list.body.find((row: { id: string }) => row.id === device.id);
    expect(listed).toMatchObject({ name: 'Cab unit', truckId, driverId, lastPositionAt: null });
    expect(JSON.stringify(list.body)).not.toContain(device.token);
    expect(JSON.stringify(list.body)).not.toContain(stored.rows[0].token_hash);
  });

  it('refuses a device for a truck that does not exist, and one without a name', async () => {
    const answer = await api('/api/devices', { method: 'POST', json: { name: 'Ghost', truckId: randomUUID() } });
    expect(answer.status).toBe(400);
    expect(answer.body.issues.truckId).toEqual(['Truck not found']);
    expect((await api('/api/devices', { method: 'POST', json: { name: ' ' } })).body.issues.name).toEqual(['Name is required']);
  });

  it('needs a signed-in user to register or list devices', async () => {
    const response = await fetch(`${system.url}/api/devices`);
    expect(response.status).toBe(401);
  });

  it('takes a position the moment the registration is answered', async () => {
    // The registration waits until the gateway accepts the token (device-grants.int-spec.ts shows the wait itself).
    for (let index = 0; index < 20; index++) {
      const device = await register({ name: `Fresh unit ${index}` });
      // Not GPS-1's: the tests below read its latest position.
      expect((await post(device.token, { latitude: 41.9, longitude: -87.7, timestamp: at(1), truckId: otherTruckId })).status).toBe(202);
    }
  });

  it('refuses a revoked token within 5 s', async () => {
    const device = await register({ name: 'Revoked unit', truckId });
    expect((await post(device.token, { latitude: 41.1, longitude: -87.6, timestamp: at(5) })).status).toBe(202);
    expect((await api(`/api/devices/${device.id}`, { method: 'DELETE' })).status).toBe(204);
    const revokedAt = Date.now();
    let status = 0;
    while (Date.now() - revokedAt < 5000 && status !== 401) status = (await post(device.token, { latitude: 41.1, longitude: -87.6, timestamp: at(4) })).status;
    expect(status).toBe(401);
    expect((await api('/api/devices')).body.some((row: { id: string }) => row.id === device.id)).toBe(false);
  });
});

describe('POST /api/gps', () => {
  it('answers 401 without a token or with an unknown one', async () => {
    const body = { latitude: 41.1, longitude: -87.6, timestamp: at(1), truckId };
    expect((await post(undefined, body)).status).toBe(401);
    expect((await post('not-a-token', body)).status).toBe(401);
  });

  it('stores a bound device’s position under its own truck and driver, and shows it in the latest positions once', async () => {
    const device = await register({ name: 'Bound unit', truckId, driverId });
    const answer = await post(device.token, { latitude: 41.8781136, longitude: -87.6297982, timestamp: at(2), speed: 61.5, heading: 270 });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ accepted: 1 });
    await eventually(async () => (await count(`SELECT count(*) FROM telematics.positions WHERE device_id = $1`, [device.id])) === 1, 'stored');
    type Latest = { truckId: string; driverId: string; latitude: number; speed: number; heading: number };
    let mine: Latest[] = [];
    // The latest positions' pages are reused for up to a second (GPS_LATEST_REUSE_MS).
    await eventually(async () => {
      mine = ((await api('/api/gps/latest')).body as Latest[]).filter((row) => row.truckId === truckId || row.driverId === driverId);
      return mine.length > 0;
    }, 'listed in the latest positions');
    expect(mine).toHaveLength(1); // the truck's latest and the driver's latest are the same position
    expect(mine[0]).toMatchObject({ truckId, driverId, latitude: 41.8781136, speed: 61.5, heading: 270 });
    expect((await api('/api/devices')).body.find((row: { id: string }) => row.id === device.id).lastPositionAt).not.toBeNull();
  });

  it('refuses with 403 a bound device naming another truck or driver', async () => {
    const device = await register({ name: 'Truck-only unit', truckId });
    expect((await post(device.token, { latitude: 41, longitude: -87, timestamp: at(3), truckId: otherTruckId })).status).toBe(403);
    expect((await post(device.token, { latitude: 41, longitude: -87, timestamp: at(3), driverId })).status).toBe(403);
    expect((await post(device.token, [{ latitude: 41, longitude: -87, timestamp: at(3) }, { latitude: 41, longitude: -87, timestamp: at(2), truckId: otherTruckId }])).status).toBe(403);
    expect((await post(device.token, { latitude: 41, longitude: -87, timestamp: at(3), truckId })).status).toBe(202);
  });

  it('lets an unbound device post for trucks and drivers that exist, and refuses others under their field', async () => {
    const device = await register({ name: 'Provider feed' });
    const ghost = randomUUID();
    const refused = await post(device.token, { latitude: 35, longitude: -97, timestamp: at(1), truckId: ghost });
    expect(refused).toMatchObject({ status: 400, body: { issues: { truckId: ['Truck not found'] } } });
    const batch = await post(device.token, [
      { latitude: 35, longitude: -97, timestamp: at(2), truckId: otherTruckId },
      { latitude: 35, longitude: -97, timestamp: at(2), driverId: randomUUID() },
    ]);
    expect(batch).toMatchObject({ status: 400, body: { issues: { '1.driverId': ['Driver not found'] } } });
    expect((await post(device.token, { latitude: 35, longitude: -97, timestamp: at(1) })).body.issues.driverId).toEqual(['A position needs a driverId or a truckId']);
    // A truck it reported for is deleted: from then on its positions are refused too.
    const gone = (await api('/api/trucks', { method: 'POST', json: { truckNumber: 'GPS-GONE', type: 'Dry Van', status: 'available', licensePlate: 'P-GONE' } })).body.id;
    expect((await post(device.token, { latitude: 36, longitude: -97, timestamp: at(3), truckId: gone })).status).toBe(202);
    expect((await api(`/api/trucks/${gone}`, { method: 'DELETE' })).status).toBe(204);
    await eventually(async () => (await post(device.token, { latitude: 36, longitude: -97, timestamp: at(2), truckId: gone })).status === 400, 'deleted truck refused');
    await eventually(async () => !(await api('/api/gps/latest')).body.some((row: { truckId: string }) => row.truckId === ghost), 'no ghost listed');
  });

  it('limits a device before reading its body: invalid and forbidden posts are counted too', async () => {
    const device = await register({ name: 'Careless unit', truckId });
    const bodies = Array.from({ length: 40 }, (_, index) =>
      index % 2 ? { latitude: 'north', longitude: -87, timestamp: at(5) } : { latitude: 41, longitude: -87, timestamp: at(5), truckId: otherTruckId },
    );
    const statuses = (await Promise.all(bodies.map((body) => post(device.token, body)))).map((answer) => answer.status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40 - 25 - 2);
  });

  it('answers 400 with field messages, naming the index in a batch, and stores nothing of a bad batch', async () => {
    const device = await register({ name: 'Batch unit', truckId: otherTruckId });
    const single = await post(device.token, { longitude: 500, timestamp: 'yesterday', heading: 400 });
    expect(single.status).toBe(400);
    expect(single.body.issues).toMatchObject({
      latitude: ['Latitude is required'],
      longitude: ['Must be between -180 and 180'],
      timestamp: ['Timestamp must be an ISO 8601 date and time, like 2025-06-01T14:30:00Z'],
      heading: ['Heading must be between 0 and 359 degrees'],
    });
    const batch = await post(device.token, [
      { latitude: 40, longitude: -80, timestamp: at(30) },
      { latitude: 'north', longitude: -80, timestamp: at(29) },
      { latitude: 40, longitude: -80, timestamp: at(28) },
      'not a position',
    ]);
    expect(batch.status).toBe(400);
    expect(Object.keys(batch.body.issues).sort()).toEqual(['1.latitude', '3']);
    const good = await post(device.token, [{ latitude: 40, longitude: -80, timestamp: at(10) }]);
    expect(good.status).toBe(202);
    await eventually(async () => (await count(`SELECT count(*) FROM telematics.positions WHERE device_id = $1`, [device.id])) > 0, 'stored');
    expect(await count(`SELECT count(*) FROM telematics.positions WHERE device_id = $1`, [device.id])).toBe(1);
  });

  it('takes a batch of 1,000 and refuses 1,001', async () => {
    const device = await register({ name: 'Big batch unit' });
    const start = Date.now() - 3 * 60 * 60 * 1000;
    const batch = Array.from({ length: 1000 }, (_, index) => ({
      latitude: 39 + index / 10000,
      longitude: -95,
      timestamp: new Date(start + index * 1000).toISOString(),
      truckId: index % 2 ? truckId : otherTruckId,
    }));
    expect((await post(device.token, batch)).body).toEqual({ accepted: 1000 });
    const tooMany = await post(device.token, [...batch, batch[0]]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.issues._).toEqual(['A batch holds at most 1000 positions']);
    await eventually(async () => (await count(`SELECT count(*) FROM telematics.positions WHERE device_id = $1`, [device.id])) === 1000, '1000 stored');
  });

  it('stores a position resent by the same device once', async () => {
    const device = await register({ name: 'Retrying unit', driverId });
    const position = { latitude: 33.7, longitude: -84.4, timestamp: at(50) };
    for (let i = 0; i < 3; i++) expect((await post(device.token, position)).status).toBe(202);
    // Also within a batch, and past JetStream's duplicate window (a new message id: Postgres's key holds).
    expect((await post(device.token, [position, { ...position, timestamp: at(49) }])).status).toBe(202);
    await eventually(async () => (await count(`SELECT count(*) FROM telematics.positions WHERE device_id = $1`, [device.id])) === 2, 'both stored');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await count(`SELECT count(*) FROM telematics.positions WHERE device_id = $1`, [device.id])).toBe(2);
  });

  it('answers 429 with Retry-After past the device’s rate limit, and other devices go on', async () => {
    const busy = await register({ name: 'Chatty unit', truckId });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 40; i++) {
      const answer = await post(busy.token, { latitude: 41, longitude: -87, timestamp: at(100 - i) });
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter ??= answer.headers.get('retry-after');
    }
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    const quiet = await register({ name: 'Quiet unit', truckId });
    expect((await post(quiet.token, { latitude: 41, longitude: -87, timestamp: at(1) })).status).toBe(202);
  });

  it('never answers 5xx to a body it cannot take', async () => {
    const device = await register({ name: 'Fuzzed unit' });
    const bodies = ['{', '[]', 'null', '42', '"text"', '[[1]]', JSON.stringify({ latitude: 1e400 }), JSON.stringify({ latitude: {}, longitude: [], timestamp: 5 }),
      JSON.stringify({ latitude: 1, longitude: 1, timestamp: '9999-01-01T00:00:00Z', truckId: 'x' }), JSON.stringify({ latitude: 1, longitude: 1, timestamp: at(0), truckId: randomUUID(), speed: -1, accuracy: 'far' })];
    for (const body of bodies) {
      const answer = await post(device.token, body);
      expect([400]).toContain(answer.status);
    }
  });

  it('reads a compressed body, and refuses one too large, one not what its encoding says and an unknown encoding', async () => {
    const device = await register({ name: 'Compressing unit', truckId });
    const send = async (body: Buffer, encoding?: string) => {
      const response = await fetch(`${system.url}/api/gps`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${device.token}`, ...(encoding && { 'content-encoding': encoding }) },
        body,
      });
      return { status: response.status, body: (await response.json()) as { message?: string } };
    };
    const position = Buffer.from(JSON.stringify({ latitude: 35.1, longitude: -90.05, timestamp: at(3) }));
    expect((await send(gzipSync(position), 'gzip')).status).toBe(202);
    await eventually(async () => (await count(`SELECT count(*) FROM telematics.positions WHERE device_id = $1`, [device.id])) === 1, 'the gzipped position stored');
    // 600 kB of JSON once inflated, from a few kB on the wire: the limit is on what the body inflates to.
    const huge = Buffer.from(JSON.stringify(Array.from({ length: 4000 }, () => ({ latitude: 35.1, longitude: -90.05, timestamp: at(4), notes: 'x'.repeat(100) }))));
    expect(await send(gzipSync(huge), 'gzip')).toEqual({ status: 413, body: { message: 'The request is too large.' } });
    expect(await send(huge)).toEqual({ status: 413, body: { message: 'The request is too large.' } });
    expect(await send(position, 'gzip')).toEqual({ status: 400, body: { message: 'The request body could not be decoded as its Content-Encoding says.' } });
    expect((await send(position, 'zstd')).status).toBe(415);
  });
});

describe('the OsmAnd protocol', () => {
  it('takes GET and POST query parameters, a form and Traccar Client JSON, converting knots to mph and epoch times', async () => {
    const device = await register({ name: 'Phone', driverId });
    const seconds = Math.floor(Date.now() / 1000) - 7200;
    const get = await fetch(`${system.url}/api/gps/osmand?id=${device.token}&lat=30.2672&lon=-97.7431&timestamp=${seconds}&speed=50&bearing=359.6&accuracy=8`);
    expect(get.status).toBe(200);
    const postQuery = await fetch(`${system.url}/api/gps/osmand?id=${device.token}&lat=30.3&lon=-97.7&timestamp=${(seconds + 60) * 1000}`, { method: 'POST' });
    expect(postQuery.status).toBe(200);
    const form = await fetch(`${system.url}/api/gps/osmand`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: device.token, lat: '30.31', lon: '-97.71', timestamp: new Date((seconds + 120) * 1000).toISOString() }),
    });
    expect(form.status).toBe(200);
    const json = await fetch(`${system.url}/api/gps/osmand`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device_id: device.token, location: { timestamp: new Date((seconds + 180) * 1000).toISOString(), coords: { latitude: 30.32, longitude: -97.72, speed: 10, heading: 90 } } }),
    });
    expect(json.status).toBe(200);
    await eventually(async () => (await count(`SELECT count(*) FROM telematics.positions WHERE device_id = $1`, [device.id])) === 4, 'four stored');
    const first = (await db.query(`SELECT speed::float8 AS speed, heading, recorded_at FROM telematics.positions WHERE device_id = $1 ORDER BY recorded_at LIMIT 1`, [device.id])).rows[0];
    expect(first.speed).toBeCloseTo(57.54, 2); // 50 knots
    expect(first.heading).toBe(0);
    expect(first.recorded_at.getTime()).toBe(seconds * 1000);
    const last = (await db.query(`SELECT speed::float8 AS speed FROM telematics.positions WHERE device_id = $1 ORDER BY recorded_at DESC LIMIT 1`, [device.id])).rows[0];
    expect(last.speed).toBeCloseTo(22.37, 2); // 10 m/s
  });

  it('answers 401 for an unknown id and 400 for a position it cannot read', async () => {
    expect((await fetch(`${system.url}/api/gps/osmand?id=nobody&lat=1&lon=1&timestamp=1700000000`)).status).toBe(401);
    const device = await register({ name: 'Broken phone', driverId });
    const bad = await fetch(`${system.url}/api/gps/osmand?id=${device.token}&lat=abc&lon=1`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: Record<string, string[]> }).issues).toMatchObject({ latitude: ['Must be a number'], timestamp: ['Timestamp is required'] });
  });
});
