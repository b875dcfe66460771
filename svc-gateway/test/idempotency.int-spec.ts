import pg from 'pg';
import { IDEMPOTENCY_MESSAGES, LOAD_MESSAGES, MAINTENANCE_MESSAGES } from '@tms/contracts';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * One click, one save (issue 31): a create sent twice with the same Idempotency-Key (a double click, a retried
 * request) makes one record, answers it both times and is audited once; the key with another body is refused. And
 * what cannot be stored as typed is refused under its field, never changed: rules across fields on create and update.
 */
let system: RunningSystem;
let cookie: string;
let database: pg.Client;
let customerId: string;

async function api(method: string, path: string, body?: unknown, key?: string, as = cookie) {
  const response = await fetch(`${system.url}/api${path}`, {
    method,
    headers: {
      origin: system.url,
      cookie: as,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as any) : undefined };
}

const load = (loadNumber: string, changes: object = {}) => ({
  loadNumber, customerId, status: 'pending', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-04',
  deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-06', rate: '1200.00', ...changes,
});
const count = async (sql: string, values: unknown[]) => Number((await database.query(sql, values)).rows[0].count);
const loadsNumbered = (loadNumber: string) => count(`SELECT count(*) FROM core.loads WHERE load_number = $1`, [loadNumber]);
const auditedCreates = (id: string) => count(`SELECT count(*) FROM core.audit_entries WHERE record_id = $1 AND action = 'create'`, [id]);

beforeAll(async () => {
  system = await sharedSystem();
  cookie = await signIn(system.url, 'dispatcher@example.com');
  database = new pg.Client({ connectionString: system.databaseUrl });
  await database.connect();
  customerId = (await api('POST', '/customers', { name: 'Acme', email: 'ap@acme.example', phone: '555-0100', address: 'Chicago, IL', type: 'shipper' })).body.id;
}, 120_000);

afterAll(async () => {
  await database?.end();
  await system?.stop();
}, 60_000);

describe('a create sent twice with one Idempotency-Key', () => {
  it('makes one load, answers it both times, and is in the audit trail once', async () => {
    const first = await api('POST', '/loads', load('LD-ONCE-1'), 'key-once-0001');
    const again = await api('POST', '/loads', load('LD-ONCE-1'), 'key-once-0001');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await loadsNumbered('LD-ONCE-1')).toBe(1);
    expect(await auditedCreates(first.body.id)).toBe(1);
  });

  it('makes one record when both arrive at once (a double click), for any resource', async () => {
    const [a, b] = await Promise.all([
      api('POST', '/loads', load('LD-ONCE-2'), 'key-once-0002'),
      api('POST', '/loads', load('LD-ONCE-2'), 'key-once-0002'),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await loadsNumbered('LD-ONCE-2')).toBe(1);

    const truck = { truckNumber: 'T-ONCE', type: 'Dry Van', status: 'available', licensePlate: 'P 270936' };
    const trucks = await Promise.all([1, 2, 3].map(() => api('POST', '/trucks', truck, 'key-truck-0001')));
    expect(new Set(trucks.map((answer) => answer.body.id)).size).toBe(1);
    expect(trucks.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(await count(`SELECT count(*) FROM core.trucks WHERE truck_number = 'T-ONCE'`, [])).toBe(1);
  });

  it('refuses the key with another request, saving nothing, and a key that is not one', async () => {
    await api('POST', '/loads', load('LD-ONCE-3'), 'key-once-0003');
    const other = await api('POST', '/loads', load('LD-ONCE-4'), 'key-once-0003');
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(IDEMPOTENCY_MESSAGES.reused);
    expect(await loadsNumbered('LD-ONCE-4')).toBe(0);

    const bad = await api('POST', '/loads', load('LD-ONCE-5'), 'no spaces allowed');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(IDEMPOTENCY_MESSAGES.invalid);
    expect(await loadsNumbered('LD-ONCE-5')).toBe(0);
  });

  it('still refuses a second create without a key (a duplicate load number)', async () => {
    expect((await api('POST', '/loads', load('LD-ONCE-6'))).status).toBe(201);
    expect((await api('POST', '/loads', load('LD-ONCE-6'))).status).toBe(409);
  });

  it('lets a key make a new record once it has expired (after a day)', async () => {
    const first = await api('POST', '/loads', load('LD-ONCE-7'), 'key-once-0007');
    await database.query(`UPDATE core.idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'key-once-0007'`);
    const later = await api('POST', '/loads', load('LD-ONCE-8'), 'key-once-0007');
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
  });
});

describe('keys are per user, and outlive their record', () => {
  it('lets two users send one key: each makes their own record', async () => {
    const clerk = await signIn(system.url, 'clerk@example.com');
    const mine = await api('POST', '/loads', load('LD-USER-1'), 'key-shared-0001');
    const theirs = await api('POST', '/loads', load('LD-USER-2'), 'key-shared-0001', clerk);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await loadsNumbered('LD-USER-2')).toBe(1);
    // Each user's key still answers their own record.
    expect((await api('POST', '/loads', load('LD-USER-2'), 'key-shared-0001', clerk)).body.id).toBe(theirs.body.id);
    expect((await api('POST', '/loads', load('LD-USER-1'), 'key-shared-0001')).body.id).toBe(mine.body.id);
  });

  it('answers a replay after the record was deleted with 409 (already used), making nothing', async () => {
    const first = await api('POST', '/loads', load('LD-GONE-1'), 'key-gone-0001');
    expect((await api('DELETE', `/loads/${first.body.id}`)).status).toBe(204);
    const replay = await api('POST', '/loads', load('LD-GONE-1'), 'key-gone-0001');
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe(IDEMPOTENCY_MESSAGES.recordDeleted);
    expect(await loadsNumbered('LD-GONE-1')).toBe(0);
  });
});

describe('values are stored as typed or refused under their field', () => {
  it('refuses a delivery before the pickup, on create and on an update of either date', async () => {
    const early = await api('POST', '/loads', load('LD-RULE-1', { deliveryDate: '2027-03-01' }));
    expect(early.status).toBe(400);
    expect(early.body.issues).toEqual({ deliveryDate: [LOAD_MESSAGES.deliveryBeforePickup] });
    const made = await api('POST', '/loads', load('LD-RULE-1'));
    expect((await api('PATCH', `/loads/${made.body.id}`, { pickupDate: '2027-03-09' })).body.issues).toEqual({ deliveryDate: [LOAD_MESSAGES.deliveryBeforePickup] });
    expect((await api('PATCH', `/loads/${made.body.id}`, { status: 'assigned' })).status).toBe(200);
  });

  it('refuses a negative rate rather than storing 0', async () => {
    const negative = await api('POST', '/loads', load('LD-RULE-2', { rate: '-500' }));
    expect(negative.status).toBe(400);
    expect(negative.body.issues.rate).toEqual(['Must not be negative']);
    expect(await loadsNumbered('LD-RULE-2')).toBe(0);
  });

  it('refuses a next service before the service, in days and in miles', async () => {
    const truck = (await api('POST', '/trucks', { truckNumber: 'T-RULE', type: 'Dry Van', status: 'available', licensePlate: 'IL 1' })).body;
    const answer = await api('POST', '/maintenance', {
      truckId: truck.id, maintenanceType: 'Oil Change', serviceDate: '2027-03-04', cost: '120.00', description: 'Oil', status: 'Completed',
      mileage: 120000, nextServiceMileage: 110000, nextServiceDate: '2027-01-01',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual({
      nextServiceDate: [MAINTENANCE_MESSAGES.nextServiceDateBeforeService],
      nextServiceMileage: [MAINTENANCE_MESSAGES.nextServiceMileageBelowMileage],
    });
  });
});
