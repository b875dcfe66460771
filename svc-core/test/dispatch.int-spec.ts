import { INVALID_INPUT, sumMoney } from '@tms/contracts';
import pg from 'pg';
import { startCoreService, type CoreService } from './support/core-service.js';

let core: CoreService;
const call: CoreService['call'] = (...args) => core.call(...args);
const listAll: CoreService['listAll'] = (resource) => core.listAll(resource);

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const customer = (overrides: Record<string, unknown> = {}) => ({
  name: 'Harbor Foods', email: 'shipping@harborfoods.com', phone: '(312) 555-0142', address: '4100 W 47th St, Chicago, IL 60632', type: 'shipper',
  ...overrides,
});
const load = (customerId: string, overrides: Record<string, unknown> = {}) => ({
  loadNumber: 'LD-1001', customerId, status: 'pending', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-04',
  deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-06', rate: '2450.00',
  ...overrides,
});

const create: CoreService['create'] = (...args) => core.create(...args);

const nextEvent: CoreService['nextEvent'] = (...args) => core.nextEvent(...args);

let customerId: string;

beforeAll(async () => {
  core = await startCoreService();
  customerId = await create('customers', customer({ email: 'loads@harborfoods.com' }));
}, 30000);

afterAll(async () => {
  await core?.stop();
}, 60_000);

describe('svc-core customers', () => {
  it('creates a customer, lists it as it reads, and announces it', async () => {
    const announced = nextEvent('customer.created', (customer) => customer.name === 'Lone Star Produce');
    const created = await call('customers', 'create', customer({ name: ' Lone Star Produce ', type: 'receiver' }));
    expect(created).toMatchObject({ ok: true, data: { name: 'Lone Star Produce', type: 'receiver' } });
    const { rows } = await listAll('customers');
    expect(rows[0]).toEqual(JSON.parse(JSON.stringify((await call('customers', 'get', { id: created.ok && created.data.id })).data)));
    await expect(announced).resolves.toMatchObject({ name: 'Lone Star Produce' });
  });

  it('refuses invalid input with each field message', async () => {
    expect(await call('customers', 'create', { name: '', email: 'nope', phone: ' ', type: 'broker' })).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          name: ['Name is required'], email: ['Invalid email address'], phone: ['Phone number is required'],
          address: ['Address is required'], type: ['Type is required'],
        },
      },
    });
  });

  it('updates only the fields sent and answers not_found for unknown or malformed ids', async () => {
    const id = await create('customers', customer({ email: 'update@harborfoods.com' }));
    expect(await call('customers', 'update', { id, changes: { phone: '(312) 555-0199' } })).toMatchObject({
      ok: true, data: { phone: '(312) 555-0199', name: 'Harbor Foods' },
    });
    expect(await call('customers', 'update', { id, changes: { type: 'consignee' } })).toMatchObject({ ok: false, error: { code: 'invalid', issues: { type: ['Type is required'] } } });
    expect(await call('customers', 'get', { id: UNKNOWN_ID })).toMatchObject({ ok: false, error: { code: 'not_found', message: 'Customer not found' } });
    expect(await call('customers', 'delete', { id: 'not-a-uuid' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('refuses to delete a customer its loads use, saying how many, and deletes it once they are gone', async () => {
    const id = await create('customers', customer({ email: 'busy@harborfoods.com' }));
    const loadIds = [];
    for (const n of [1, 2, 3]) loadIds.push(await create('loads', load(id, { loadNumber: `LD-BUSY-${n}` })));
    expect(await call('customers', 'delete', { id })).toEqual({
      ok: false, error: { code: 'conflict', message: 'This customer has 3 loads. Delete them or move them to another customer first.' },
    });
    await call('loads', 'delete', { id: loadIds[0] });
    await call('loads', 'update', { id: loadIds[1], changes: { customerId } });
    expect(await call('customers', 'delete', { id })).toMatchObject({ ok: false, error: { message: 'This customer has 1 load. Delete it or move it to another customer first.' } });
    await call('loads', 'delete', { id: loadIds[2] });
    expect(await call('customers', 'delete', { id })).toEqual({ ok: true, data: { id } });
    expect(await call('loads', 'get', { id: loadIds[1] })).toMatchObject({ ok: true, data: { customerId } });
  });

  it('refuses the delete by its foreign key when a load is saved after the count, with the same kind of 409', async () => {
    const id = await create('customers', customer({ email: 'race@harborfoods.com' }));
    const [saving, watching] = [new pg.Client({ connectionString: core.databaseUrl }), new pg.Client({ connectionString: core.databaseUrl })];
    await Promise.all([saving.connect(), watching.connect()]);
    try {
      // A load saved but not yet committed: the service counts no loads, then its delete waits on the row lock.
      await saving.query('BEGIN');
      await saving.query(
        `INSERT INTO core.loads (load_number, customer_id, pickup_location, pickup_date, delivery_location, delivery_date, rate)
         VALUES ('LD-RACE', $1, 'Chicago, IL', '2027-03-04', 'Dallas, TX', '2027-03-06', 100)`,
        [id],
      );
      const deleting = call('customers', 'delete', { id });
      await waitForBlockedDelete(watching);
      await saving.query('COMMIT');
      const stillHasLoads = 'This customer still has loads. Delete them or move them to another customer first.';
      expect(await deleting).toEqual({ ok: false, error: { code: 'conflict', message: stillHasLoads, issues: { id: [stillHasLoads] } } });
    } finally {
      await saving.query('ROLLBACK').catch(() => undefined);
      await saving.query(`DELETE FROM core.loads WHERE load_number = 'LD-RACE'`);
      await Promise.all([saving.end(), watching.end()]);
    }
  });
});

/** Waits until a DELETE from customers waits for a lock (the uncommitted load's). */
async function waitForBlockedDelete(db: pg.Client) {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    const { rowCount } = await db.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'DELETE FROM %customers%'`,
    );
    if (rowCount) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The delete never waited for the uncommitted load');
}

describe('svc-core loads', () => {
  it('creates a load with its defaults, keeps money as text and dates as days, and lists it as it reads', async () => {
    const announced = nextEvent('load.created', (load) => load.loadNumber === 'LD-1001');
    const created = await call('loads', 'create', load(customerId, { rate: '1234.50' }));
    expect(created).toMatchObject({
      ok: true,
      data: {
        loadNumber: 'LD-1001', customerId, status: 'pending', pickupDate: '2027-03-04', deliveryDate: '2027-03-06', rate: '1234.50',
        expenses: '0.00', weight: 0, assignedDriverId: null, assignedTruckId: null, commodity: null, notes: null,
      },
    });
    const id = created.ok && created.data.id;
    const fetched = await call('loads', 'get', { id });
    expect(fetched).toMatchObject({ ok: true, data: { rate: '1234.50', expenses: '0.00', pickupDate: '2027-03-04' } });
    const listed = (await listAll('loads')).rows.find((row) => row.id === id);
    // The list reads as the record without its stops (issue 42: a load's stops come with the load alone).
    const { stops, ...row } = (fetched.ok && fetched.data) as Record<string, unknown>;
    expect(stops).toHaveLength(2);
    expect(listed).toEqual(JSON.parse(JSON.stringify(row)));
    await expect(announced).resolves.toMatchObject({ loadNumber: 'LD-1001', rate: '1234.50' });
  });

  it('writes money back as N.NN, to the cent, up to what numeric(10,2) holds', async () => {
    const id = await create('loads', load(customerId, { loadNumber: 'LD-MONEY', rate: '99999999.99', expenses: '.5', weight: '44000', commodity: 'Frozen poultry' }));
    expect(await call('loads', 'get', { id })).toMatchObject({ ok: true, data: { rate: '99999999.99', expenses: '0.50', weight: 44000 } });
    expect(await call('loads', 'update', { id, changes: { rate: '0.1', expenses: '' } })).toMatchObject({ ok: true, data: { rate: '0.10', expenses: '0.00' } });
    expect(await call('loads', 'get', { id })).toMatchObject({ ok: true, data: { rate: '0.10', expenses: '0.00', commodity: 'Frozen poultry' } });
  });

  it('refuses invalid input with each field message', async () => {
    expect(await call('loads', 'create', { loadNumber: '', rate: 1500, expenses: '1e3', weight: '12.5', pickupDate: '2027-02-30' })).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          loadNumber: ['Load number is required'], customerId: ['Customer is required'], status: ['Status is required'],
          pickupLocation: ['Pickup location is required'], pickupDate: ['Enter a valid date'],
          deliveryLocation: ['Delivery location is required'], deliveryDate: ['Delivery date is required'],
          rate: ['Enter an amount like 1234.50'], expenses: ['Enter an amount like 1234.50'], weight: ['Weight must be a whole number'],
        },
      },
    });
    expect(await call('loads', 'create', load(customerId, { loadNumber: 'LD-BIG', rate: '100000000.00', expenses: '-1' }))).toMatchObject({
      ok: false, error: { code: 'invalid', issues: { rate: ['Must be between 0.00 and 99999999.99'], expenses: ['Must not be negative'] } },
    });
    for (const body of ['load', 42, [], { customerId: { $ne: null } }]) {
      expect(await call('loads', 'create', body)).toMatchObject({ ok: false, error: { code: 'invalid' } });
    }
  });

  it('refuses a duplicate load number whatever its case, naming the field, on create and on update', async () => {
    const conflict = {
      ok: false,
      error: { code: 'conflict', message: 'A load with this load number already exists', issues: { loadNumber: ['A load with this load number already exists'] } },
    };
    expect(await call('loads', 'create', load(customerId, { loadNumber: 'ld-1001' }))).toEqual(conflict);
    const id = await create('loads', load(customerId, { loadNumber: 'LD-1002' }));
    expect(await call('loads', 'update', { id, changes: { loadNumber: 'LD-1001' } })).toEqual(conflict);
  });

  it('names each unknown customer, driver and truck under its field, on create and on update', async () => {
    const unknown = { customerId: UNKNOWN_ID, assignedDriverId: UNKNOWN_ID, assignedTruckId: UNKNOWN_ID };
    const issues = { customerId: ['Customer not found'], assignedDriverId: ['Assigned driver not found'], assignedTruckId: ['Assigned truck not found'] };
    expect(await call('loads', 'create', load(customerId, { loadNumber: 'LD-UNKNOWN', ...unknown }))).toEqual({
      ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues },
    });
    const id = await create('loads', load(customerId, { loadNumber: 'LD-KNOWN' }));
    expect(await call('loads', 'update', { id, changes: unknown })).toEqual({ ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues } });
    expect(await call('loads', 'update', { id, changes: { customerId: 'acme' } })).toMatchObject({ ok: false, error: { issues: { customerId: ['Customer not found'] } } });
    expect(await call('loads', 'get', { id: UNKNOWN_ID })).toMatchObject({ ok: false, error: { code: 'not_found', message: 'Load not found' } });
    expect(await call('loads', 'update', { id: UNKNOWN_ID, changes: {} })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call('loads', 'delete', { id: UNKNOWN_ID })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('unassigns, not deletes, the loads of a deleted driver or truck', async () => {
    const truckId = await create('trucks', { truckNumber: 'T-900', type: 'Dry Van', status: 'in-use', licensePlate: 'IL-900' });
    const driverId = await create('drivers', { name: 'Ann Lee', email: 'ann@example.com', phone: '555-0100', licenseNumber: 'CDL-1', status: 'on-duty' });
    const id = await create('loads', load(customerId, { loadNumber: 'LD-ASSIGNED', status: 'in-transit', assignedDriverId: driverId, assignedTruckId: truckId }));
    expect(await call('loads', 'get', { id })).toMatchObject({ ok: true, data: { assignedDriverId: driverId, assignedTruckId: truckId } });
    expect(await call('drivers', 'delete', { id: driverId })).toEqual({ ok: true, data: { id: driverId } });
    expect(await call('loads', 'get', { id })).toMatchObject({ ok: true, data: { status: 'in-transit', assignedDriverId: null, assignedTruckId: truckId } });
    expect(await call('trucks', 'delete', { id: truckId })).toEqual({ ok: true, data: { id: truckId } });
    expect(await call('loads', 'get', { id })).toMatchObject({ ok: true, data: { loadNumber: 'LD-ASSIGNED', assignedDriverId: null, assignedTruckId: null } });
  });

  it('sums every listed rate exactly to the cent, as Postgres does, over many awkward amounts', async () => {
    const sumCustomer = await create('customers', customer({ email: 'sum@harborfoods.com' }));
    const awkward = ['0.01', '0.07', '0.10', '0.20', '0.29', '1234.59', '1999.99', '4321.07', '99999999.99'];
    const rates = Array.from({ length: 300 }, (_, index) => awkward[index % awkward.length]);
    for (const [index, rate] of rates.entries()) {
      await create('loads', load(sumCustomer, { loadNumber: `LD-SUM-${index}`, rate }));
    }
    const { rows } = await listAll('loads');
    const listed = rows.filter((row) => row.customerId === sumCustomer).map((row) => row.rate);
    expect(listed).toHaveLength(300);
    // 34 × (0.01 + 0.07 + 0.10) + 33 × (0.20 + 0.29 + 1234.59 + 1999.99 + 4321.07 + 99999999.99), worked out by hand.
    expect(sumMoney(listed)).toBe('3300249358.41');
    const db = new pg.Client({ connectionString: core.databaseUrl });
    await db.connect();
    try {
      const { rows: [total] } = await db.query('SELECT sum(rate)::text AS total FROM core.loads WHERE customer_id = $1', [sumCustomer]);
      expect(total.total).toBe('3300249358.41');
    } finally {
      await db.end();
    }
  }, 60000);
});
