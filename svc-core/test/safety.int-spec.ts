import pg from 'pg';
import { INVALID_INPUT } from '@tms/contracts';
import { startCoreService, waitForBlockedDelete, type CoreService } from './support/core-service.js';

let core: CoreService;
const call: CoreService['call'] = (...args) => core.call(...args);
const listAll: CoreService['listAll'] = (resource) => core.listAll(resource);

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const create: CoreService['create'] = (...args) => core.create(...args);

let serial = 0;
const newTruck = () => create('trucks', { truckNumber: `S-${++serial}`, type: 'Dry Van', status: 'available', licensePlate: `SAF-${serial}` });
const newDriver = () =>
  create('drivers', { name: `Sam Safety ${++serial}`, email: `sam${serial}@example.com`, phone: '555-0100', licenseNumber: `CDL-S${serial}`, status: 'on-duty' });

const inspection = (truckId: string, driverId: string, overrides: Record<string, unknown> = {}) => ({
  truckId, driverId, inspectionType: 'DOT', inspectionDate: '2027-03-04', status: 'Pending', ...overrides,
});
const accident = (driverId: string, overrides: Record<string, unknown> = {}) => ({
  driverId, accidentDate: '2027-03-05', location: 'I-80 near Joliet, IL', severity: 'Minor', description: 'Rear-ended at a light', status: 'Reported',
  ...overrides,
});
const violation = (driverId: string, overrides: Record<string, unknown> = {}) => ({
  driverId, violationType: 'Speeding', violationDate: '2027-03-06', location: 'I-55, Springfield, IL', description: '72 in a 55', status: 'Pending',
  ...overrides,
});

const nextEvent: CoreService['nextEvent'] = (...args) => core.nextEvent(...args);

let truckId: string;
let driverId: string;

beforeAll(async () => {
  core = await startCoreService();
  [truckId, driverId] = [await newTruck(), await newDriver()];
}, 30000);

afterAll(async () => {
  await core?.stop();
}, 60_000);

describe('svc-core inspections', () => {
  it('creates an inspection as sent, its optional texts empty, lists it as it reads, and announces it', async () => {
    const announced = nextEvent('inspection.created', (record) => record.performedBy === 'Officer Diaz');
    const created = await call('inspections', 'create', inspection(truckId, driverId, { status: 'Failed', defects: ' Brake light out ', performedBy: 'Officer Diaz' }));
    expect(created).toMatchObject({
      ok: true,
      data: { truckId, driverId, inspectionType: 'DOT', inspectionDate: '2027-03-04', status: 'Failed', defects: 'Brake light out', notes: null, performedBy: 'Officer Diaz' },
    });
    const id = created.ok && created.data.id;
    const fetched = await call('inspections', 'get', { id });
    expect((await listAll('inspections')).rows.find((row) => row.id === id)).toEqual(JSON.parse(JSON.stringify(fetched.ok && fetched.data)));
    await expect(announced).resolves.toMatchObject({ id, status: 'Failed' });
  });

  it('refuses invalid input with the messages of spec 5', async () => {
    expect(await call('inspections', 'create', { truckId: '', driverId: ' ', inspectionType: 'Weekly', status: 'passed' })).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          truckId: ['Truck is required'], driverId: ['Driver is required'], inspectionType: ['Inspection type is required'],
          inspectionDate: ['Inspection date is required'], status: ['Status is required'],
        },
      },
    });
    for (const body of ['inspection', 42, [], { truckId: { $ne: null } }]) {
      expect(await call('inspections', 'create', body)).toMatchObject({ ok: false, error: { code: 'invalid' } });
    }
  });

  it('names an unknown truck or driver under its field, on create and on update, and updates only the fields sent', async () => {
    const issues = { truckId: ['Truck not found'], driverId: ['Driver not found'] };
    expect(await call('inspections', 'create', inspection(UNKNOWN_ID, UNKNOWN_ID))).toEqual({ ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues } });
    const id = await create('inspections', inspection(truckId, driverId, { inspectionType: 'Annual' }));
    expect(await call('inspections', 'update', { id, changes: { truckId: UNKNOWN_ID, driverId: UNKNOWN_ID } })).toEqual({ ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues } });
    expect(await call('inspections', 'update', { id, changes: { status: 'Passed', notes: 'All clear' } })).toMatchObject({
      ok: true, data: { inspectionType: 'Annual', status: 'Passed', notes: 'All clear', truckId },
    });
    expect(await call('inspections', 'get', { id: UNKNOWN_ID })).toMatchObject({ ok: false, error: { code: 'not_found', message: 'Inspection not found' } });
    expect(await call('inspections', 'delete', { id })).toEqual({ ok: true, data: { id } });
    expect(await call('inspections', 'delete', { id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('svc-core accidents', () => {
  it('reports an accident with no injuries, truck, load or cost by default, and keeps the cost as money text', async () => {
    const created = await call('accidents', 'create', accident(driverId));
    expect(created).toMatchObject({
      ok: true,
      data: {
        driverId, truckId: null, loadId: null, accidentDate: '2027-03-05', severity: 'Minor', status: 'Reported',
        injuriesReported: 0, policeReportNumber: null, insuranceClaimNumber: null, estimatedCost: null,
      },
    });
    const id = created.ok && created.data.id;
    expect(await call('accidents', 'update', { id, changes: { estimatedCost: '99999999.99', injuriesReported: '2', status: 'Under Investigation' } })).toMatchObject({
      ok: true, data: { estimatedCost: '99999999.99', injuriesReported: 2, status: 'Under Investigation' },
    });
    const listed = (await listAll('accidents')).rows.find((row) => row.id === id);
    expect(listed).toMatchObject({ estimatedCost: '99999999.99', injuriesReported: 2, accidentDate: '2027-03-05' });
  });

  it('refuses invalid input with the messages of spec 5', async () => {
    expect(await call('accidents', 'create', { driverId: '', location: ' ', severity: 'Fatal', description: '', status: '', injuriesReported: '1.5', estimatedCost: 100 })).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          driverId: ['Driver is required'], accidentDate: ['Accident date is required'], location: ['Location is required'],
          severity: ['Severity is required'], description: ['Description is required'], status: ['Status is required'],
          injuriesReported: ['Injuries must be a whole number'], estimatedCost: ['Enter an amount like 1234.50'],
        },
      },
    });
  });

  it('names an unknown driver, truck or load under its field', async () => {
    expect(await call('accidents', 'create', accident(UNKNOWN_ID, { truckId: UNKNOWN_ID, loadId: UNKNOWN_ID }))).toEqual({
      ok: false,
      error: { code: 'invalid', message: INVALID_INPUT, issues: { driverId: ['Driver not found'], truckId: ['Truck not found'], loadId: ['Load not found'] } },
    });
  });

  it('leaves the accidents of a deleted load with no load, and keeps them', async () => {
    const customerId = await create('customers', { name: 'Harbor Foods', email: 'safety@harborfoods.com', phone: '555-0142', address: '1 Main St', type: 'shipper' });
    const loadId = await create('loads', {
      loadNumber: 'LD-ACCIDENT', customerId, status: 'in-transit', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-04',
      deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-06', rate: '2450.00',
    });
    const id = await create('accidents', accident(driverId, { truckId, loadId, severity: 'Severe', policeReportNumber: 'PR-1' }));
    expect(await call('accidents', 'get', { id })).toMatchObject({ ok: true, data: { loadId, truckId } });
    expect(await call('loads', 'delete', { id: loadId })).toEqual({ ok: true, data: { id: loadId } });
    expect(await call('accidents', 'get', { id })).toMatchObject({ ok: true, data: { loadId: null, truckId, driverId, severity: 'Severe', policeReportNumber: 'PR-1' } });
  });
});

describe('svc-core violations', () => {
  it('records a violation with 0 points and no fine by default, and keeps the fine as money text', async () => {
    const created = await call('violations', 'create', violation(driverId));
    expect(created).toMatchObject({
      ok: true,
      data: { driverId, truckId: null, violationType: 'Speeding', status: 'Pending', citationNumber: null, fineAmount: null, points: 0, dueDate: null },
    });
    const id = created.ok && created.data.id;
    expect(await call('violations', 'update', { id, changes: { fineAmount: '250.5', points: '3', dueDate: '2027-04-01', citationNumber: 'CIT-77' } })).toMatchObject({
      ok: true, data: { fineAmount: '250.50', points: 3, dueDate: '2027-04-01', citationNumber: 'CIT-77' },
    });
    expect(await call('violations', 'update', { id, changes: { fineAmount: '', points: '' } })).toMatchObject({ ok: true, data: { fineAmount: null, points: 0 } });
  });

  it('refuses invalid input with the messages of spec 5, and an unknown driver or truck under its field', async () => {
    expect(await call('violations', 'create', { driverId: '', violationType: 'Parking', location: '', description: ' ', status: 'Open', points: 'two', fineAmount: '-5' })).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          driverId: ['Driver is required'], violationType: ['Violation type is required'], violationDate: ['Violation date is required'],
          location: ['Location is required'], description: ['Description is required'], status: ['Status is required'],
          points: ['Points must be a whole number'], fineAmount: ['Must not be negative'],
        },
      },
    });
    expect(await call('violations', 'create', violation(UNKNOWN_ID, { truckId: UNKNOWN_ID }))).toEqual({
      ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { driverId: ['Driver not found'], truckId: ['Truck not found'] } },
    });
  });
});

describe('a carrier never loses its safety history', () => {
  it('refuses to delete a truck or driver its safety records name, counting them, and deletes it once they are gone', async () => {
    const [truck, driver, otherDriver] = [await newTruck(), await newDriver(), await newDriver()];
    const inspections = [await create('inspections', inspection(truck, driver)), await create('inspections', inspection(truck, otherDriver))];
    const accidentId = await create('accidents', accident(driver, { truckId: truck }));
    const violationId = await create('violations', violation(otherDriver));

    expect(await call('trucks', 'delete', { id: truck })).toEqual({
      ok: false, error: { code: 'conflict', message: 'This truck has 2 inspections and 1 accident. Its history is kept, so it cannot be deleted.' },
    });
    expect(await call('drivers', 'delete', { id: driver })).toEqual({
      ok: false, error: { code: 'conflict', message: 'This driver has 1 inspection and 1 accident. Its history is kept, so it cannot be deleted.' },
    });
    expect(await call('drivers', 'delete', { id: otherDriver })).toMatchObject({
      ok: false, error: { message: 'This driver has 1 inspection and 1 violation. Its history is kept, so it cannot be deleted.' },
    });

    for (const id of inspections) await call('inspections', 'delete', { id });
    await call('accidents', 'delete', { id: accidentId });
    await call('violations', 'delete', { id: violationId });
    expect(await call('trucks', 'delete', { id: truck })).toEqual({ ok: true, data: { id: truck } });
    expect(await call('drivers', 'delete', { id: driver })).toEqual({ ok: true, data: { id: driver } });
    expect(await call('drivers', 'delete', { id: otherDriver })).toEqual({ ok: true, data: { id: otherDriver } });
  });

  it('refuses the delete by its foreign key when a safety record is saved after the count, with the same kind of 409', async () => {
    const truck = await newTruck();
    const [saving, watching] = [new pg.Client({ connectionString: core.databaseUrl }), new pg.Client({ connectionString: core.databaseUrl })];
    await Promise.all([saving.connect(), watching.connect()]);
    try {
      // An inspection saved but not yet committed: the service counts none, then its delete waits on the row lock.
      await saving.query('BEGIN');
      await saving.query(
        `INSERT INTO core.inspections (truck_id, driver_id, inspection_type, inspection_date, status) VALUES ($1, $2, 'DOT', '2027-03-04', 'Pending')`,
        [truck, driverId],
      );
      const deleting = call('trucks', 'delete', { id: truck });
      await waitForBlockedDelete(watching, 'trucks');
      await saving.query('COMMIT');
      const stillHas = 'This truck still has safety records. Its history is kept, so it cannot be deleted.';
      expect(await deleting).toEqual({ ok: false, error: { code: 'conflict', message: stillHas, issues: { id: [stillHas] } } });
      expect(await call('trucks', 'get', { id: truck })).toMatchObject({ ok: true });
    } finally {
      await saving.query('ROLLBACK').catch(() => undefined);
      await saving.query(`DELETE FROM core.inspections WHERE truck_id = $1`, [truck]);
      await Promise.all([saving.end(), watching.end()]);
    }
  });
});
