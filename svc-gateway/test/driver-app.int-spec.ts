import { DRIVER_APP_MESSAGES, type DriverLoad, type DriverLoadSummary, type Load, type LoadMessage, type PairingLink } from '@tms/contracts';
import pg from 'pg';
import { httpRequest } from './support/http-request.js';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * Issue 44 through the whole built system: staff pair a driver's phone (a link used once, for 15 minutes), the phone
 * reaches only its driver's loads on the driver origin (anything else is a 404, the staff app's paths nothing), its
 * Arrived and Departed are stored once per Idempotency-Key and never replace a dispatcher's time, and Unpair Phone
 * ends it at once.
 */
let system: RunningSystem;
let cookie: string;
let db: pg.Client;
let customerId: string;
let truckId: string;

const staff = (method: string, path: string, body?: unknown) => httpRequest(system.url, cookie, method, path, body);

/** A request from the phone: its token as a bearer, to the driver origin. */
async function phone(token: string | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const answer = await fetch(`${system.driverUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, json: text && answer.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined, text, headers: answer.headers };
}

let count = 0;
async function driver(name: string) {
  const n = ++count;
  const answer = await staff('POST', '/api/drivers', { name, email: `drv${n}@driver-app.example`, phone: '555-0144', licenseNumber: `DRV-APP-${n}`, status: 'available' });
  expect(answer.status).toBe(201);
  return answer.json.id as string;
}

/** A load of two stops, picked up the day before `deliveryDate` (the stops' appointments set the load's dates). */
async function load(driverId: string | null, status: Load['status'] = 'assigned', deliveryDate = '2027-05-03'): Promise<Load> {
  const n = ++count;
  const pickupDate = new Date(Date.parse(deliveryDate) - 86_400_000).toISOString().slice(0, 10);
  const answer = await staff('POST', '/api/loads', {
    loadNumber: `DRV-APP-L${n}`, customerId, status, assignedDriverId: driverId, assignedTruckId: truckId, pickupLocation: 'Joliet, IL', pickupDate,
    deliveryLocation: 'Tulsa, OK', deliveryDate, rate: '2400.00',
    stops: [
      { type: 'pickup', location: 'Joliet, IL', facility: 'Acme DC', address: '1 Dock Rd, Joliet, IL 60431', reference: 'PU-77', notes: 'Dock 4', appointmentStart: `${pickupDate}T18:00:00Z` },
      { type: 'delivery', location: 'Tulsa, OK', facility: 'Tulsa Grocers', appointmentStart: `${deliveryDate}T18:00:00Z` },
    ],
  });
  if (answer.status !== 201) throw new Error(`POST /api/loads: ${answer.status} ${answer.data.toString()}`);
  return answer.json as Load;
}

/** Pairs a phone to `driverId`: the link made by staff, opened by the phone. */
async function pair(driverId: string) {
  const link = await staff('POST', `/api/drivers/${driverId}/pairing`);
  expect(link.status).toBe(201);
  const { url, expiresAt } = link.json as PairingLink;
  const code = new URL(url).hash.replace('#pair=', '');
  const paired = await phone(undefined, 'POST', '/api/driver/pair', { code });
  expect(paired.status).toBe(201);
  return { url, expiresAt, code, token: paired.json.token as string };
}

beforeAll(async () => {
  system = await sharedSystem();
  cookie = await signIn(system.url, 'driver-app@example.com');
  db = new pg.Client({ connectionString: system.databaseUrl });
  await db.connect();
  customerId = (await staff('POST', '/api/customers', { name: 'Driver App Freight', email: 'ops@driver-app.example', phone: '555-0144', address: '1 Dock Rd, Joliet, IL', type: 'shipper' })).json.id;
  truckId = (await staff('POST', '/api/trucks', { truckNumber: 'DRV-APP-T1', type: 'Semi', status: 'available', licensePlate: 'DRV-APP-1' })).json.id;
  // 'Show pay to drivers' is off here unless a test turns it on: another suite on the shared system may have left it on.
  const company = (await staff('GET', '/api/company')).json;
  if (company.showPayToDrivers) {
    expect((await staff('PUT', '/api/company', { ...company, showPayToDrivers: false })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5_500)); // the gateway reads it again within 5 s
  }
}, 120_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
}, 60_000);

test('a pairing link opens the app on its own origin once, for 15 minutes, and keeps only hashes', async () => {
  const driverId = await driver('Dana Pairing');
  const { url, expiresAt, code, token } = await pair(driverId);
  expect(url.startsWith(`${system.driverUrl}/#pair=`)).toBe(true);
  const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
  expect(minutes).toBeGreaterThan(14);
  expect(minutes).toBeLessThanOrEqual(15);
  // At least 128 bits each: 32 random bytes, base64url.
  expect(code.length).toBeGreaterThanOrEqual(43);
  expect(token.length).toBeGreaterThanOrEqual(43);
  expect((await phone(token, 'GET', '/api/driver/me')).json).toEqual({ driverId, driverName: 'Dana Pairing', showPay: false });

  // The link again (a second phone, or the same one reloading): spent.
  const again = await phone(undefined, 'POST', '/api/driver/pair', { code });
  expect([again.status, again.json.message]).toEqual([404, DRIVER_APP_MESSAGES.linkExpired]);
  // An expired link: the same words.
  const second = await staff('POST', `/api/drivers/${driverId}/pairing`);
  await db.query(`UPDATE core.driver_pairings SET link_expires_at = now() - interval '1 second' WHERE driver_id = $1`, [driverId]);
  const late = await phone(undefined, 'POST', '/api/driver/pair', { code: new URL(second.json.url).hash.replace('#pair=', '') });
  expect([late.status, late.json.message]).toEqual([404, DRIVER_APP_MESSAGES.linkExpired]);
  // The phone paired before is still paired; nothing secret is kept as it was sent.
  expect((await phone(token, 'GET', '/api/driver/me')).status).toBe(200);
  const { rows } = await db.query(`SELECT s.* FROM core.driver_pairing_secrets s JOIN core.driver_pairings p ON p.id = s.pairing_id WHERE p.driver_id = $1`, [driverId]);
  expect(JSON.stringify(rows)).not.toContain(token);
  expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  // The log never carries a link's code or a token.
  const log = await import('node:fs/promises').then((fs) => fs.readFile(system.logFile, 'utf8'));
  expect(log).not.toContain(code);
  expect(log).not.toContain(token);
}, 30_000);

test('Unpair Phone ends it at once: the phone is told it is no longer paired', async () => {
  const driverId = await driver('Uma Unpair');
  const { token } = await pair(driverId);
  expect((await phone(token, 'GET', '/api/driver/loads')).status).toBe(200);
  expect((await staff('DELETE', `/api/drivers/${driverId}/pairing`)).status).toBe(204);
  const refused = await phone(token, 'GET', '/api/driver/loads');
  expect([refused.status, refused.json.message]).toEqual([401, DRIVER_APP_MESSAGES.unpaired]);
  expect((await phone(undefined, 'GET', '/api/driver/loads')).status).toBe(401);
  expect((await phone('made-up-token', 'GET', '/api/driver/loads')).status).toBe(401);
}, 30_000);

test("a phone reaches only its driver's loads: another driver's load, an unassigned one or an old delivery is 404", async () => {
  const mine = await driver('Mia Mine');
  const theirs = await driver('Theo Theirs');
  const { token } = await pair(mine);
  const assigned = await load(mine);
  const delivered = await load(mine, 'delivered', new Date().toISOString().slice(0, 10));
  const oldDelivery = await load(mine, 'delivered', '2020-01-10');
  const other = await load(theirs);
  const pending = await load(null, 'pending');

  const list = await phone(token, 'GET', '/api/driver/loads');
  expect(list.status).toBe(200);
  expect((list.json as DriverLoadSummary[]).map(({ loadNumber }) => loadNumber).sort()).toEqual([assigned.loadNumber, delivered.loadNumber].sort());

  const one = await phone(token, 'GET', `/api/driver/loads/${assigned.id}`);
  expect(one.status).toBe(200);
  const shown = one.json as DriverLoad;
  expect(shown.truck).toEqual({ id: truckId, truckNumber: 'DRV-APP-T1' });
  expect(shown.stops.map(({ facility, address, reference, notes }) => ({ facility, address, reference, notes }))).toEqual([
    { facility: 'Acme DC', address: '1 Dock Rd, Joliet, IL 60431', reference: 'PU-77', notes: 'Dock 4' },
    { facility: 'Tulsa Grocers', address: null, reference: null, notes: null },
  ]);
  // Pay is the company's to show; off unless its profile says so.
  expect(shown.rate).toBeUndefined();

  for (const target of [other, pending, oldDelivery]) {
    expect((await phone(token, 'GET', `/api/driver/loads/${target.id}`)).status).toBe(404);
    const stamp = await phone(token, 'POST', `/api/driver/loads/${target.id}/stops/${target.stops![0].id}/arrived`, {});
    expect(stamp.status).toBe(404);
  }
  // A stop of another load, named under one of mine: 404 as well.
  expect((await phone(token, 'POST', `/api/driver/loads/${assigned.id}/stops/${other.stops![0].id}/arrived`, {})).status).toBe(404);
  // Staff's paths are nothing on the driver origin, and the driver API nothing on the staff origin.
  expect((await phone(token, 'GET', '/api/loads')).status).toBe(404);
  expect((await phone(undefined, 'GET', '/api/auth/user', undefined, { cookie })).status).toBe(404);
  expect((await staff('GET', '/api/driver/loads')).status).toBe(404);
}, 30_000);

test('Arrived and Departed are stored once per Idempotency-Key, with the fix, and never replace a dispatcher\'s time', async () => {
  const driverId = await driver('Ike Idempotent');
  const { token } = await pair(driverId);
  const target = await load(driverId);
  const [pickup, delivery] = target.stops!;
  const fix = { at: '2027-05-02T18:05:00.000Z', latitude: 41.52, longitude: -88.08, accuracyMeters: 12 };
  const key = 'drv-app-arrive-1';
  const sent = await Promise.all([1, 2, 3].map(() => phone(token, 'POST', `/api/driver/loads/${target.id}/stops/${pickup.id}/arrived`, fix, { 'Idempotency-Key': key })));
  expect(sent.map(({ status }) => status)).toEqual([201, 201, 201]);
  expect(new Set(sent.map(({ json }) => json.id)).size).toBe(1);
  expect(sent[0].json).toMatchObject({ kind: 'arrived', at: fix.at, applied: true });
  const { rows } = await db.query(`SELECT kind, at, latitude, longitude, accuracy_meters FROM core.stop_stamps WHERE stop_id = $1`, [pickup.id]);
  expect(rows).toEqual([{ kind: 'arrived', at: new Date(fix.at), latitude: 41.52, longitude: -88.08, accuracy_meters: 12 }]);

  // The stop took the driver's time, and the first pickup's arrival put the load under way.
  const stored = (await staff('GET', `/api/loads/${target.id}`)).json as Load;
  expect([stored.stops![0].arrivedAt, stored.stops![0].arrivedSource]).toEqual([fix.at, 'driver']);
  expect(stored.status).toBe('in-transit');

  // A dispatcher's departure stands: the driver's is kept as a stamp, not applied.
  const dispatcher = '2027-05-02T19:00:00.000Z';
  const patched = await staff('PATCH', `/api/loads/${target.id}`, { stops: stored.stops!.map((stop, index) => (index === 0 ? { ...stop, departedAt: dispatcher } : stop)) });
  expect(patched.status).toBe(200);
  const late = await phone(token, 'POST', `/api/driver/loads/${target.id}/stops/${pickup.id}/departed`, { at: '2027-05-02T19:30:00.000Z' }, { 'Idempotency-Key': 'drv-app-depart-1' });
  expect([late.status, late.json.applied]).toEqual([201, false]);
  const after = (await staff('GET', `/api/loads/${target.id}`)).json as Load;
  expect([after.stops![0].departedAt, after.stops![0].departedSource]).toEqual([dispatcher, 'dispatcher']);

  // The same key for another stop is refused, not a second record.
  const reused = await phone(token, 'POST', `/api/driver/loads/${target.id}/stops/${delivery.id}/arrived`, fix, { 'Idempotency-Key': key });
  expect(reused.status).toBe(409);
  // Bad input is a 400 naming the field.
  const bad = await phone(token, 'POST', `/api/driver/loads/${target.id}/stops/${delivery.id}/arrived`, { latitude: 200 });
  expect([bad.status, Object.keys(bad.json.issues)]).toEqual([400, ['latitude']]);
}, 30_000);

test("Scan Document and Sign POD keep a load document once per Idempotency-Key, checked as staff uploads are", async () => {
  const driverId = await driver('Pia Paperwork');
  const other = await driver('Otto Other');
  const { token } = await pair(driverId);
  const target = await load(driverId);
  const theirs = await load(other);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const upload = { fileName: 'POD-stop-2.pdf', fileType: 'application/pdf', fileSize: pdf.byteLength, fileData: `data:application/pdf;base64,${pdf.toString('base64')}`, documentType: 'Proof of Delivery' };
  const key = { 'Idempotency-Key': 'drv-app-pod-1' };
  const sent = [await phone(token, 'POST', `/api/driver/loads/${target.id}/documents`, upload, key), await phone(token, 'POST', `/api/driver/loads/${target.id}/documents`, upload, key)];
  expect(sent.map(({ status }) => status)).toEqual([201, 201]);
  expect(sent[1].json.id).toBe(sent[0].json.id);
  // Where staff uploads go: the load's documents, once, downloadable as sent.
  const kept = (await staff('GET', `/api/loads/${target.id}/documents`)).json as { id: string; documentType: string; fileName: string }[];
  expect(kept.map(({ fileName, documentType }) => ({ fileName, documentType }))).toEqual([{ fileName: 'POD-stop-2.pdf', documentType: 'Proof of Delivery' }]);
  expect((await staff('GET', `/api/documents/${kept[0].id}/download`)).data.equals(pdf)).toBe(true);
  expect(((await phone(token, 'GET', `/api/driver/loads/${target.id}`)).json as DriverLoad).documents.map(({ documentType }) => documentType)).toEqual(['Proof of Delivery']);

  // Another driver's load: 404; a size that is not the file's, or no data URL: 400, as for staff.
  expect((await phone(token, 'POST', `/api/driver/loads/${theirs.id}/documents`, upload)).status).toBe(404);
  const wrongSize = await phone(token, 'POST', `/api/driver/loads/${target.id}/documents`, { ...upload, fileSize: pdf.byteLength + 1 });
  expect([wrongSize.status, Object.keys(wrongSize.json.issues)]).toEqual([400, ['fileSize']]);
  expect((await phone(token, 'POST', `/api/driver/loads/${target.id}/documents`, { ...upload, fileData: 'not a data url' })).status).toBe(400);
  expect((await staff('GET', `/api/loads/${target.id}/documents`)).json).toHaveLength(1);
}, 30_000);

test("a load delivered without a proof of delivery shows 'Paperwork missing' in Needs Attention, until one is kept", async () => {
  const driverId = await driver('Nia Needs');
  const { token } = await pair(driverId);
  const delivered = await load(driverId, 'delivered', new Date().toISOString().slice(0, 10));
  const missing = async () => ((await staff('GET', '/api/loads/attention')).json as { loadId: string; kind: string; message: string }[]).filter(({ loadId }) => loadId === delivered.id);
  expect((await missing()).map(({ kind, message }) => ({ kind, message }))).toEqual([{ kind: 'paperwork-missing', message: 'Paperwork missing' }]);
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const pod = { fileName: 'POD.pdf', fileType: 'application/pdf', fileSize: pdf.byteLength, fileData: `data:application/pdf;base64,${pdf.toString('base64')}`, documentType: 'Proof of Delivery' };
  expect((await phone(token, 'POST', `/api/driver/loads/${delivered.id}/documents`, pod, { 'Idempotency-Key': 'drv-app-needs-pod' })).status).toBe(201);
  expect(await missing()).toEqual([]);
}, 30_000);

test("the rate and the driver's pay show only while the company profile's 'Show pay to drivers' is on", async () => {
  const driverId = await driver('Sam Salary');
  expect((await staff('PATCH', `/api/drivers/${driverId}`, { payType: 'perMile', payRate: '0.65' })).status).toBe(200);
  const { token } = await pair(driverId);
  const target = await load(driverId);
  const shown = async () => {
    const { rate, pay } = (await phone(token, 'GET', `/api/driver/loads/${target.id}`)).json as DriverLoad;
    return { rate, pay };
  };
  expect(await shown()).toEqual({ rate: undefined, pay: undefined });
  // The profile as found (the defaults, with no name, until one is saved), and one that can be saved.
  const company = (await staff('GET', '/api/company')).json;
  const valid = { ...company, name: company.name || 'Driver App Freight LLC', address: company.address || '1 Dock Rd, Joliet, IL' };
  try {
    expect((await staff('PUT', '/api/company', { ...valid, showPayToDrivers: true })).status).toBe(200);
    // The gateway reads the setting again within 5 s.
    const deadline = Date.now() + 10_000;
    while ((await shown()).rate === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await shown()).toEqual({ rate: '2400.00', pay: '$0.650 per mile' });
    expect((await phone(token, 'GET', '/api/driver/me')).json.showPay).toBe(true);
  } finally {
    await staff('PUT', '/api/company', company.name ? company : { ...valid, showPayToDrivers: false });
  }
}, 30_000);

test("messages (point 5): the driver's reach dispatch once per key with an unread count; dispatch's reach the driver in the load", async () => {
  const driverId = await driver('Mia Messages');
  const { token } = await pair(driverId);
  const target = await load(driverId);
  const unreadOn = async () => ((await staff('GET', '/api/loads/messages/unread')).json as { loadId: string; count: number }[]).find((one) => one.loadId === target.id)?.count ?? 0;

  // Sent twice from the outbox with one key (no answer the first time, as without signal): kept once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const sent = await phone(token, 'POST', `/api/driver/loads/${target.id}/messages`, { body: '  Running 40 min late, traffic on I-44  ' }, { 'Idempotency-Key': 'drv-app-msg-1' });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ author: 'driver', authorName: 'Mia Messages', body: 'Running 40 min late, traffic on I-44', readAt: null });
  }
  expect(await unreadOn()).toBe(1);
  const thread = await staff('GET', `/api/loads/${target.id}/messages`);
  expect(thread.status).toBe(200);
  expect((thread.json as LoadMessage[]).map(({ author, body }) => [author, body])).toEqual([['driver', 'Running 40 min late, traffic on I-44']]);
  expect((await staff('POST', `/api/loads/${target.id}/messages/read`)).json).toEqual({ read: 1 });
  expect(await unreadOn()).toBe(0);

  // Dispatch answers: the driver sees it in the load, and reading it there marks it read for dispatch.
  const answer = await staff('POST', `/api/loads/${target.id}/messages`, { body: 'Thanks, receiver knows.' });
  expect(answer.status).toBe(201);
  expect(answer.json).toMatchObject({ author: 'dispatch', authorName: 'driver-app@example.com', readAt: null });
  const seen = (await phone(token, 'GET', `/api/driver/loads/${target.id}`)).json as DriverLoad;
  expect(seen.messages.map(({ author, authorName, body }) => [author, authorName, body])).toEqual([
    ['driver', 'Mia Messages', 'Running 40 min late, traffic on I-44'],
    ['dispatch', 'driver-app@example.com', 'Thanks, receiver knows.'],
  ]);
  const after = (await staff('GET', `/api/loads/${target.id}/messages`)).json as LoadMessage[];
  expect(after[1].readAt).not.toBeNull();

  // An empty or too long message is refused under its field; another driver's phone cannot write on this load.
  expect((await phone(token, 'POST', `/api/driver/loads/${target.id}/messages`, { body: '   ' }, { 'Idempotency-Key': 'drv-app-msg-2' })).json.issues).toEqual({ body: ['Message is required'] });
  expect((await staff('POST', `/api/loads/${target.id}/messages`, { body: 'x'.repeat(1001) })).json.issues).toEqual({ body: ['A message is at most 1000 characters'] });
  const other = await pair(await driver('Oscar Other'));
  expect((await phone(other.token, 'POST', `/api/driver/loads/${target.id}/messages`, { body: 'hi' }, { 'Idempotency-Key': 'drv-app-msg-3' })).status).toBe(404);
  // Staff only when signed in.
  expect((await httpRequest(system.url, undefined, 'GET', `/api/loads/${target.id}/messages`)).status).toBe(401);
  expect((await staff('GET', '/api/loads/00000000-0000-4000-8000-000000000000/messages')).status).toBe(404);
}, 30_000);
