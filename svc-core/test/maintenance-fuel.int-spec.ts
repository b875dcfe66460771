import pg from 'pg';
import { INVALID_INPUT } from '@tms/contracts';
import { startCoreService, waitForBlockedDelete, type CoreService } from './support/core-service.js';

/** Maintenance records and fuel purchases in svc-core, over the real NATS and a fresh Postgres database. */
let core: CoreService;
const call: CoreService['call'] = (...args) => core.call(...args);

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const create: CoreService['create'] = (...args) => core.create(...args);

let serial = 0;
const truck = () => ({ truckNumber: `MF-${++serial}`, type: 'Dry Van', status: 'in-use', licensePlate: `IL-MF${serial}` });
const driver = () => ({ name: 'Ann Lee', email: `ann${++serial}@example.com`, phone: '555-0100', licenseNumber: `CDL-MF-${serial}`, status: 'on-duty' });
const service = (truckId: string, overrides: Record<string, unknown> = {}) => ({
  truckId, maintenanceType: 'Oil Change', serviceDate: '2027-03-04', cost: '389.95', description: 'Oil and filter, 15W-40', status: 'Completed',
  ...overrides,
});
const purchase = (truckId: string, driverId: string, overrides: Record<string, unknown> = {}) => ({
  truckId, driverId, transactionDate: '2027-03-04', vendor: 'Pilot', location: 'Gary, IN', gallons: '125.5', pricePerGallon: '3.899',
  totalCost: '489.32', fuelType: 'Diesel',
  ...overrides,
});

let truckId: string;
let driverId: string;
let db: pg.Client;

beforeAll(async () => {
  core = await startCoreService();
  db = new pg.Client({ connectionString: core.databaseUrl });
  await db.connect();
  truckId = await create('trucks', truck());
  driverId = await create('drivers', driver());
}, 30000);

afterAll(async () => {
  await db?.end();
  await core?.stop();
}, 60_000);

describe('svc-core maintenance', () => {
  it('records a service with its optionals empty, the cost as money text, and lists it as it reads', async () => {
    const created = await call('maintenance', 'create', service(truckId, { cost: '1250', mileage: '412503', vendor: ' ', nextServiceMileage: 427503 }));
    expect(created).toMatchObject({
      ok: true,
      data: {
        truckId, maintenanceType: 'Oil Change', serviceDate: '2027-03-04', cost: '1250.00', mileage: 412503, vendor: null,
        nextServiceMileage: 427503, nextServiceDate: null, status: 'Completed', invoiceNumber: null, notes: null,
      },
    });
    const id = created.ok && created.data.id;
    const fetched = await call('maintenance', 'get', { id });
    const listed = (await core.listAll('maintenance')).rows.find((row) => row.id === id);
    expect(listed).toEqual(JSON.parse(JSON.stringify(fetched.ok && fetched.data)));
  });

  it('lists the newest service first, whatever order they were recorded in', async () => {
    const ids = [];
    for (const serviceDate of ['2026-05-01', '2026-11-20', '2026-08-15']) ids.push(await create('maintenance', service(truckId, { serviceDate })));
    const order = (await core.listAll('maintenance')).rows.filter((row) => ids.includes(row.id)).map((row) => row.serviceDate);
    expect(order).toEqual(['2026-11-20', '2026-08-15', '2026-05-01']);
  });

  it('refuses invalid input with each field message', async () => {
    expect(await call('maintenance', 'create', { truckId: '', cost: 1250, mileage: '12.5', serviceDate: '2027-02-30', status: 'done' })).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          truckId: ['Truck is required'], maintenanceType: ['Maintenance type is required'], serviceDate: ['Enter a valid date'],
          mileage: ['Mileage must be a whole number of miles'], cost: ['Enter an amount like 1234.50'],
          description: ['Description is required'], status: ['Status is required'],
        },
      },
    });
    for (const body of ['service', 42, [], { truckId: { $ne: null } }]) {
      expect(await call('maintenance', 'create', body)).toMatchObject({ ok: false, error: { code: 'invalid' } });
    }
  });

  it('names a truck that does not exist under its field, on create and on update', async () => {
    const unknownTruck = { ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { truckId: ['Truck not found'] } } };
    expect(await call('maintenance', 'create', service(UNKNOWN_ID))).toEqual(unknownTruck);
    const id = await create('maintenance', service(truckId));
    expect(await call('maintenance', 'update', { id, changes: { truckId: UNKNOWN_ID } })).toEqual(unknownTruck);
    expect(await call('maintenance', 'update', { id, changes: { truckId: 'T-101' } })).toEqual(unknownTruck);
  });

  it('updates only the fields sent, clears an optional sent empty, and answers not_found for unknown ids', async () => {
    const id = await create('maintenance', service(truckId, { vendor: 'Rush Truck Centers', nextServiceDate: '2027-06-04', mileage: 100 }));
    expect(await call('maintenance', 'update', { id, changes: { status: 'In Progress', vendor: null, mileage: '' } })).toMatchObject({
      ok: true, data: { status: 'In Progress', vendor: null, mileage: null, nextServiceDate: '2027-06-04', cost: '389.95' },
    });
    expect(await call('maintenance', 'get', { id: UNKNOWN_ID })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call('maintenance', 'update', { id: UNKNOWN_ID, changes: {} })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call('maintenance', 'delete', { id })).toEqual({ ok: true, data: { id } });
    expect(await call('maintenance', 'get', { id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('svc-core fuel', () => {
  it('works out the total cost when it is left out, and keeps gallons and price to 3 decimals', async () => {
    const created = await call('fuel', 'create', purchase(truckId, driverId, { totalCost: undefined, cardNumber: '0042', odometerReading: '412503' }));
    expect(created).toMatchObject({
      ok: true,
      data: { gallons: '125.500', pricePerGallon: '3.899', totalCost: '489.32', cardNumber: '0042', odometerReading: 412503, loadId: null, receiptNumber: null },
    });
    const id = created.ok && created.data.id;
    const listed = (await core.listAll('fuel')).rows.find((row) => row.id === id);
    expect(listed).toMatchObject({ gallons: '125.500', pricePerGallon: '3.899', totalCost: '489.32', transactionDate: '2027-03-04' });
  });

  it('refuses a total cost that is not gallons × price per gallon to the cent', async () => {
    // 125.5 × 3.899 = 489.3245: 489.33 is what rounding up from a float-ish 489.325 would give.
    expect(await call('fuel', 'create', purchase(truckId, driverId, { totalCost: '489.33' }))).toEqual({
      ok: false,
      error: { code: 'invalid', message: INVALID_INPUT, issues: { totalCost: ['Total cost must be gallons × price per gallon: $489.32'] } },
    });
    expect(await call('fuel', 'create', purchase(truckId, driverId, { gallons: '1.005', pricePerGallon: '1', totalCost: '1.00' }))).toMatchObject({
      ok: false, error: { issues: { totalCost: ['Total cost must be gallons × price per gallon: $1.01'] } },
    });
    expect(await call('fuel', 'create', purchase(truckId, driverId, { gallons: '1.005', pricePerGallon: '1', totalCost: '1.01' }))).toMatchObject({
      ok: true, data: { totalCost: '1.01' },
    });
  });

  it('keeps the total right through updates: recomputed from new gallons, a stale total refused', async () => {
    const id = await create('fuel', purchase(truckId, driverId));
    expect(await call('fuel', 'update', { id, changes: { gallons: '150' } })).toMatchObject({ ok: true, data: { gallons: '150.000', totalCost: '584.85' } });
    expect(await call('fuel', 'update', { id, changes: { pricePerGallon: '4.109', totalCost: '584.85' } })).toMatchObject({
      ok: false, error: { code: 'invalid', issues: { totalCost: ['Total cost must be gallons × price per gallon: $616.35'] } },
    });
    expect(await call('fuel', 'update', { id, changes: { totalCost: '584.85', notes: 'Reefer fuel separate' } })).toMatchObject({
      ok: true, data: { totalCost: '584.85', notes: 'Reefer fuel separate' },
    });
    expect(await call('fuel', 'get', { id })).toMatchObject({ ok: true, data: { gallons: '150.000', pricePerGallon: '3.899', totalCost: '584.85' } });
  });

  it('totals every purchase exactly as Postgres rounds gallons × price per gallon', async () => {
    const quantities = ['0.001', '0.005', '1.005', '12.345', '80.115', '99.999', '125.5', '150.125', '9999.999'];
    const prices = ['0.001', '0.999', '1', '2.005', '3.1', '3.899', '4.125', '9999.999'];
    const ids: string[] = [];
    for (const gallons of quantities) {
      for (const pricePerGallon of prices) ids.push(await create('fuel', purchase(truckId, driverId, { gallons, pricePerGallon, totalCost: undefined })));
    }
    const { rows } = await db.query(
      `SELECT count(*)::int AS checked, count(*) FILTER (WHERE total_cost <> round(gallons * price_per_gallon, 2))::int AS wrong
       FROM core.fuel_transactions WHERE id = ANY($1)`,
      [ids],
    );
    expect(rows[0]).toEqual({ checked: quantities.length * prices.length, wrong: 0 });
  }, 60000);

  it('takes a card number of at most 4 digits and an odometer in whole miles, checked by the service', async () => {
    for (const cardNumber of ['12345', '4111 1111', 'abcd']) {
      expect(await call('fuel', 'create', purchase(truckId, driverId, { cardNumber }))).toEqual({
        ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { cardNumber: ['Enter at most the last 4 digits of the card'] } },
      });
    }
    expect(await call('fuel', 'create', purchase(truckId, driverId, { odometerReading: '412,503' }))).toMatchObject({
      ok: false, error: { issues: { odometerReading: ['Odometer reading must be a whole number of miles'] } },
    });
  });

  it('refuses invalid input with each field message', async () => {
    expect(await call('fuel', 'create', { gallons: 125.5, pricePerGallon: '3.8999', loadId: 'LD-1', totalCost: '1e3' })).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          truckId: ['Truck is required'], driverId: ['Driver is required'], loadId: ['Load not found'],
          transactionDate: ['Transaction date is required'], vendor: ['Vendor is required'], location: ['Location is required'],
          gallons: ['Enter a number like 125.500'], pricePerGallon: ['Enter a number like 125.500'],
          totalCost: ['Enter an amount like 1234.50'], fuelType: ['Fuel type is required'],
        },
      },
    });
  });

  it('names each truck, driver and load that does not exist under its field', async () => {
    expect(await call('fuel', 'create', purchase(UNKNOWN_ID, UNKNOWN_ID, { loadId: UNKNOWN_ID }))).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: { truckId: ['Truck not found'], driverId: ['Driver not found'], loadId: ['Load not found'] },
      },
    });
  });
});

describe('what a truck, driver or load keeps', () => {
  it('refuses to delete a truck with a service history or fuel purchases, counting them, and a driver with fuel purchases', async () => {
    const [keptTruck, keptDriver] = [await create('trucks', truck()), await create('drivers', driver())];
    const services = [await create('maintenance', service(keptTruck)), await create('maintenance', service(keptTruck, { maintenanceType: 'Tire Rotation' }))];
    const fuelId = await create('fuel', purchase(keptTruck, keptDriver));
    expect(await call('trucks', 'delete', { id: keptTruck })).toEqual({
      ok: false,
      error: { code: 'conflict', message: 'This truck has 2 maintenance records and 1 fuel purchase. Its history is kept, so it cannot be deleted.' },
    });
    expect(await call('drivers', 'delete', { id: keptDriver })).toEqual({
      ok: false, error: { code: 'conflict', message: 'This driver has 1 fuel purchase. Its history is kept, so it cannot be deleted.' },
    });
    // Still there, with everything they keep.
    expect(await call('trucks', 'get', { id: keptTruck })).toMatchObject({ ok: true });
    expect(await call('maintenance', 'get', { id: services[0] })).toMatchObject({ ok: true, data: { truckId: keptTruck } });

    await call('fuel', 'delete', { id: fuelId });
    expect(await call('drivers', 'delete', { id: keptDriver })).toEqual({ ok: true, data: { id: keptDriver } });
    await call('maintenance', 'delete', { id: services[0] });
    expect(await call('trucks', 'delete', { id: keptTruck })).toMatchObject({
      ok: false, error: { message: 'This truck has 1 maintenance record. Its history is kept, so it cannot be deleted.' },
    });
    await call('maintenance', 'delete', { id: services[1] });
    expect(await call('trucks', 'delete', { id: keptTruck })).toEqual({ ok: true, data: { id: keptTruck } });
  });

  it('leaves the fuel purchases of a deleted load with no load', async () => {
    const customerId = await create('customers', { name: 'Harbor Foods', email: 'fuel@harborfoods.com', phone: '555-0142', address: 'Chicago, IL', type: 'shipper' });
    const loadId = await create('loads', {
      loadNumber: 'LD-FUEL', customerId, status: 'in-transit', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-04',
      deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-06', rate: '2450.00',
    });
    const id = await create('fuel', purchase(truckId, driverId, { loadId }));
    expect(await call('fuel', 'get', { id })).toMatchObject({ ok: true, data: { loadId } });
    expect(await call('loads', 'delete', { id: loadId })).toEqual({ ok: true, data: { id: loadId } });
    expect(await call('fuel', 'get', { id })).toMatchObject({ ok: true, data: { loadId: null, totalCost: '489.32', truckId, driverId } });
  });

  it('refuses the delete by its foreign key when a service is recorded after the count, with the same kind of 409', async () => {
    const raceTruck = await create('trucks', truck());
    const saving = new pg.Client({ connectionString: core.databaseUrl });
    await saving.connect();
    try {
      // A record saved but not yet committed: the service counts none, then its delete waits on the row lock.
      await saving.query('BEGIN');
      await saving.query(
        `INSERT INTO core.maintenance_records (truck_id, maintenance_type, service_date, cost, description) VALUES ($1, 'Oil Change', '2027-03-04', 100, 'Race')`,
        [raceTruck],
      );
      const deleting = call('trucks', 'delete', { id: raceTruck });
      await waitForBlockedDelete(db, 'trucks');
      await saving.query('COMMIT');
      const stillHas = 'This truck still has maintenance records. Its history is kept, so it cannot be deleted.';
      expect(await deleting).toEqual({ ok: false, error: { code: 'conflict', message: stillHas, issues: { id: [stillHas] } } });
    } finally {
      await saving.query('ROLLBACK').catch(() => undefined);
      await saving.query(`DELETE FROM core.maintenance_records WHERE truck_id = $1`, [raceTruck]);
      await saving.end();
    }
  });
});
