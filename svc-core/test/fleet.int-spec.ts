import { NatsRecordBuilder } from '@nestjs/microservices';
import { headers } from '@nats-io/transport-node';
import { firstValueFrom, timeout } from 'rxjs';
import { DEADLINE_HEADER, INVALID_INPUT, type ListPage, type RpcReply } from '@tms/contracts';
import pg from 'pg';
import { startCoreService, type CoreService } from './support/core-service.js';

let core: CoreService;
const call: CoreService['call'] = (...args) => core.call(...args);
const listAll: CoreService['listAll'] = (resource) => core.listAll(resource);

const truck = (overrides: Record<string, unknown> = {}) => ({
  truckNumber: 'T-100', type: 'Dry Van', status: 'available', licensePlate: 'ABC-123', year: '2021', make: 'Volvo', model: 'VNL', vin: '',
  ...overrides,
});
const driver = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ann Lee', email: 'ann@example.com', phone: '555-0100', licenseNumber: 'CDL-1', status: 'on-duty', ...overrides,
});

beforeAll(async () => {
  core = await startCoreService();
}, 30000);

afterAll(async () => {
  await core?.stop();
}, 60_000);

describe('svc-core fleet', () => {
  it('answers its health request', async () => {
    await expect(firstValueFrom(core.client.send(`${core.root}.core.health`, {}).pipe(timeout(5000)))).resolves.toEqual({
      ok: true, data: { service: 'svc-core', status: 'up' },
    });
  });

  it('drops a request that arrives after its caller stopped waiting, so it never takes effect', async () => {
    const late = headers();
    late.set(DEADLINE_HEADER, String(Date.now() - 1));
    const record = new NatsRecordBuilder(truck({ truckNumber: 'T-LATE' })).setHeaders(late).build();
    const reply = await firstValueFrom(core.client.send<RpcReply<unknown>>(`${core.root}.core.trucks.create`, record).pipe(timeout(5000)));
    expect(reply).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    const { rows } = await listAll('trucks');
    expect(rows.map((t: any) => t.truckNumber)).not.toContain('T-LATE');
  });

  it('creates a truck, lists it, and announces it', async () => {
    const announced = new Promise<any>((resolve) => {
      const sub = core.nats.subscribe(`${core.root}.events.truck.created`, { max: 1 });
      (async () => { for await (const message of sub) resolve(message.json()); })();
    });
    const created = await call('trucks', 'create', truck());
    expect(created).toMatchObject({ ok: true, data: { truckNumber: 'T-100', year: 2021, vin: null } });
    const { rows } = await listAll('trucks');
    expect(rows.map((t: any) => t.truckNumber)).toEqual(['T-100']);
    // A listed record reads exactly as the record itself (dates, timestamps, nulls).
    expect(rows[0]).toEqual(JSON.parse(JSON.stringify((await call('trucks', 'get', { id: rows[0].id })).data)));
    await expect(announced).resolves.toMatchObject({ data: { truckNumber: 'T-100' } });
  });

  it('refuses invalid input with each field message', async () => {
    const reply = await call('trucks', 'create', { truckNumber: '', type: '', status: 'parked', licensePlate: '' });
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          truckNumber: ['Truck number is required'], type: ['Type is required'],
          status: ['Status is required'], licensePlate: ['License plate is required'],
        },
      },
    });
  });

  it('refuses a duplicate truck number whatever its case, naming the field', async () => {
    const reply = await call('trucks', 'create', truck({ truckNumber: 't-100' }));
    expect(reply).toEqual({
      ok: false,
      error: { code: 'conflict', message: 'A truck with this truck number already exists', issues: { truckNumber: ['A truck with this truck number already exists'] } },
    });
  });

  it('updates only the fields sent and answers not_found for unknown or malformed ids', async () => {
    const created = await call('trucks', 'create', truck({ truckNumber: 'T-200' }));
    const id = created.ok && created.data.id;
    const updated = await call('trucks', 'update', { id, changes: { status: 'maintenance' } });
    expect(updated).toMatchObject({ ok: true, data: { truckNumber: 'T-200', status: 'maintenance', make: 'Volvo' } });
    expect(await call('trucks', 'update', { id: '00000000-0000-4000-8000-000000000000', changes: {} })).toMatchObject({ ok: false, error: { code: 'not_found', message: 'Truck not found' } });
    expect(await call('trucks', 'get', { id: 'not-a-uuid' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call('trucks', 'update', { id, changes: { status: 'gone' } })).toMatchObject({ ok: false, error: { code: 'invalid', issues: { status: ['Status is required'] } } });
  });

  it('keeps driver e-mail and license number unique and checks the assigned truck', async () => {
    expect(await call('drivers', 'create', driver())).toMatchObject({ ok: true, data: { email: 'ann@example.com', licenseExpiration: null } });
    expect(await call('drivers', 'create', driver({ email: 'ANN@example.com', licenseNumber: 'CDL-2' }))).toMatchObject({
      ok: false, error: { code: 'conflict', issues: { email: ['A driver with this email already exists'] } },
    });
    expect(await call('drivers', 'create', driver({ email: 'bo@example.com', licenseNumber: 'cdl-1' }))).toMatchObject({
      ok: false, error: { code: 'conflict', issues: { licenseNumber: ['A driver with this license number already exists'] } },
    });
    expect(await call('drivers', 'create', driver({ email: 'cy@example.com', licenseNumber: 'CDL-3', assignedTruckId: '00000000-0000-4000-8000-000000000000' }))).toMatchObject({
      ok: false, error: { code: 'invalid', issues: { assignedTruckId: ['Assigned truck not found'] } },
    });
  });

  it('keeps expiry dates as calendar days', async () => {
    const reply = await call('drivers', 'create', driver({ email: 'di@example.com', licenseNumber: 'CDL-4', licenseExpiration: '2027-01-31', medicalCardExpiration: '2026-12-01' }));
    expect(reply).toMatchObject({ ok: true, data: { licenseExpiration: '2027-01-31', medicalCardExpiration: '2026-12-01' } });
    const fetched = await call('drivers', 'get', { id: reply.ok && reply.data.id });
    expect(fetched).toMatchObject({ ok: true, data: { licenseExpiration: '2027-01-31' } });
  });

  it('unassigns, not deletes, the drivers of a deleted truck', async () => {
    const created = await call('trucks', 'create', truck({ truckNumber: 'T-300' }));
    const truckId = created.ok && created.data.id;
    const assigned = await call('drivers', 'create', driver({ email: 'ed@example.com', licenseNumber: 'CDL-5', assignedTruckId: truckId }));
    expect(assigned).toMatchObject({ ok: true, data: { assignedTruckId: truckId } });
    expect(await call('trucks', 'delete', { id: truckId })).toEqual({ ok: true, data: { id: truckId } });
    expect(await call('drivers', 'get', { id: assigned.ok && assigned.data.id })).toMatchObject({ ok: true, data: { name: 'Ann Lee', assignedTruckId: null } });
    expect(await call('trucks', 'delete', { id: truckId })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('lists thousands of records page by page, each page under NATS max_payload, in order, once each', async () => {
    const db = new pg.Client({ connectionString: core.databaseUrl });
    await db.connect();
    try {
      // Many rows share a creation time: the id settles their order, and paging must neither skip nor repeat them.
      await db.query(`
        INSERT INTO core.trucks (truck_number, type, status, license_plate, make, created_at)
        SELECT 'P-' || n, 'Flatbed', 'available', 'PL-' || n, repeat('m', 150), '2026-01-01T00:00:00Z'::timestamptz + (n / 7) * interval '1 ms'
        FROM generate_series(1, 5000) n`);
      const expected = (await db.query(`SELECT id FROM core.trucks ORDER BY created_at DESC, id DESC`)).rows.map((row) => row.id);
      const { rows, pages } = await listAll('trucks');
      expect(rows.map((row) => row.id)).toEqual(expected);
      expect(pages).toBeGreaterThan(2);

      const first = await call<ListPage>('trucks', 'list', {});
      expect(first.ok && first.data.rows.byteLength).toBeGreaterThan(512 * 1024);
      expect(first.ok && first.data.rows.byteLength).toBeLessThan(1024 * 1024);
      expect(await call('trucks', 'list', { after: 'not-a-cursor' })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    } finally {
      await db.query(`DELETE FROM core.trucks WHERE truck_number LIKE 'P-%'`);
      await db.end();
    }
  });
});
