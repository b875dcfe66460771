import type { Customer, Driver, ImportResult, Load, Truck } from '@tms/contracts';
import { httpRequest } from './support/http-request.js';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * Loads imported from CSV through the whole built system (issue 42, point 6), stops included: the Stops column is
 * the readable line the export writes, read in the company's time zone (America/Chicago by default); what happened
 * at a stop is never taken from a file; an exported file comes back unchanged.
 */
let system: RunningSystem;
let cookie: string;
let customer: Customer;
let truck: Truck;
let driver: Driver;

const request = (method: string, path: string, body?: unknown) => httpRequest(system.url, cookie, method, path, body);
const importCsv = async (csv: string | Uint8Array, dryRun: boolean) => {
  const answer = await fetch(`${system.url}/api/loads/import?dryRun=${dryRun}`, { method: 'POST', headers: { cookie, origin: system.url, 'content-type': 'text/csv' }, body: csv });
  expect(answer.status).toBe(200);
  return (await answer.json()) as ImportResult;
};
/** This file's loads (their numbers begin with LDI-), by number, as the list has them. */
const listed = async () => Object.fromEntries(((await request('GET', '/api/loads')).json as Load[]).filter((load) => load.loadNumber.startsWith('LDI-')).map((load) => [load.loadNumber, load]));
const read = async (id: string) => (await request('GET', `/api/loads/${id}`)).json as Load;
const history = async (id: string) => (await request('GET', `/api/audit?resource=loads&id=${id}`)).json.entries as { action: string; changes: Record<string, { from?: unknown; to?: unknown }> }[];

const HEADER = 'Load #,Customer,Status,Pickup Location,Pickup Date,Delivery Location,Delivery Date,Rate,Truck,Driver,Stops';
const BAD_STOPS = 'Pickup Joliet, IL 2027-04-01 10:00-08:00; Pickup; Delivery Memphis, TN 2027-02-30';
const row = (cells: Record<string, string>) => {
  const base: Record<string, string> = {
    loadNumber: 'LDI-X', customer: customer.id, status: 'Pending', pickupLocation: 'Joliet, IL', pickupDate: '2027-04-01', deliveryLocation: 'Memphis, TN',
    deliveryDate: '2027-04-02', rate: '3100.00', truck: '', driver: '', stops: '', ...cells,
  };
  return Object.values(base).map((cell) => (/[",;]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');
};

beforeAll(async () => {
  system = await sharedSystem();
  cookie = await signIn(system.url, 'loads-import@example.com');
  customer = (await request('POST', '/api/customers', { name: 'Import Freight', email: 'ldi@import.example', phone: '555-0177', address: 'Joliet, IL', type: 'shipper' })).json;
  truck = (await request('POST', '/api/trucks', { truckNumber: 'LDI-T1', type: 'Semi', status: 'available', licensePlate: 'LDI-1' })).json;
  driver = (await request('POST', '/api/drivers', { name: 'Ida Import', email: 'ida@import.example', phone: '555-0178', licenseNumber: 'LDI-CDL1', status: 'available' })).json;
}, 120_000);

afterAll(async () => {
  await system?.stop();
}, 60_000);

describe('POST /api/loads/import', () => {
  const file = () =>
    [
      HEADER,
      row({ loadNumber: 'LDI-1', status: 'Assigned', truck: truck.id, driver: driver.id, stops: 'Pickup Joliet, IL 2027-04-01 08:00-10:00; Pickup Gary, IN 2027-04-01 13:00; Delivery Memphis, TN 2027-04-02' }),
      row({ loadNumber: 'LDI-2' }),
    ].join('\r\n');

  it('checks a file of multi-stop loads on a dry run, changing nothing, then imports it with its stops, audited', async () => {
    expect(await importCsv(file(), true)).toEqual({ rows: 2, create: 2, update: 0, unchanged: 0, errors: [] });
    expect(await listed()).toEqual({});

    expect(await importCsv(file(), false)).toEqual({ rows: 2, create: 2, update: 0, unchanged: 0, errors: [] });
    const loads = await listed();
    expect(loads['LDI-1']).toMatchObject({ status: 'assigned', customerId: customer.id, assignedTruckId: truck.id, assignedDriverId: driver.id, stopCount: 3, rate: '3100.00' });
    const three = await read(loads['LDI-1'].id);
    // Times in the company's time zone: 08:00 in Chicago in April is 13:00 UTC.
    expect(three.stops!.map(({ sequence, type, location, appointmentStart, appointmentEnd, geocoded }) => ({ sequence, type, location, appointmentStart, appointmentEnd, geocoded }))).toEqual([
      { sequence: 1, type: 'pickup', location: 'Joliet, IL', appointmentStart: '2027-04-01T13:00:00.000Z', appointmentEnd: '2027-04-01T15:00:00.000Z', geocoded: 'city' },
      { sequence: 2, type: 'pickup', location: 'Gary, IN', appointmentStart: '2027-04-01T18:00:00.000Z', appointmentEnd: null, geocoded: 'city' },
      { sequence: 3, type: 'delivery', location: 'Memphis, TN', appointmentStart: '2027-04-02T05:00:00.000Z', appointmentEnd: '2027-04-03T04:59:00.000Z', geocoded: 'city' },
    ]);
    expect(three.stopsSummary).toBe('Pickup Joliet, IL 2027-04-01 08:00-10:00; Pickup Gary, IN 2027-04-01 13:00; Delivery Memphis, TN 2027-04-02');
    // An assigned load with its truck is watched from its import, as from a create.
    expect((three as Load & { assignedAt: string | null }).assignedAt).toEqual(expect.any(String));

    // No Stops: the two stops of its pickup and delivery fields, over their whole days, as a POST gives them.
    const two = await read(loads['LDI-2'].id);
    expect(two.stopCount).toBe(2);
    expect(two.stopsSummary).toBe('Pickup Joliet, IL 2027-04-01; Delivery Memphis, TN 2027-04-02');

    const [made] = await history(three.id);
    expect(made).toMatchObject({ action: 'create', changes: { loadNumber: { to: 'LDI-1' }, stopCount: { to: 3 }, stopsSummary: { to: three.stopsSummary } } });
    expect((await history(two.id)).map(({ action }) => action)).toEqual(['create']);
  });

  it('answers the errors of rows naming no customer or truck, or with bad stops, and imports none of the file', async () => {
    const csv = [
      HEADER,
      row({ loadNumber: 'LDI-BAD-1', customer: '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f' }),
      row({ loadNumber: 'LDI-BAD-2', customer: 'Import Freight', truck: '0b6c1a57-4f0e-4d1e-9a7b-2f5c8d9e0a11' }),
      row({ loadNumber: 'LDI-BAD-3', stops: 'Pickup Joliet, IL; Drop Memphis, TN' }),
      row({ loadNumber: 'LDI-BAD-4', stops: BAD_STOPS }),
      row({ loadNumber: 'LDI-OK' }),
    ].join('\r\n');
    expect(await importCsv(csv, false)).toEqual({
      rows: 5, create: 1, update: 0, unchanged: 0, skipped: 4,
      // In the file's words (issue 47): its column headers, and the cells as written.
      errors: [
        { row: 2, field: 'customerId', column: 'Customer', value: '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f', message: 'Customer not found' },
        { row: 3, field: 'customerId', column: 'Customer', value: 'Import Freight', message: 'Customer not found' },
        { row: 4, field: 'stops', column: 'Stops', value: 'Pickup Joliet, IL; Drop Memphis, TN', message: 'The last stop must be a delivery' },
        { row: 4, field: 'stops', column: 'Stops', value: 'Pickup Joliet, IL; Drop Memphis, TN', message: 'Stop 2: Type must be pickup or delivery' },
        { row: 5, field: 'stops', column: 'Stops', value: BAD_STOPS, message: 'Stop 1: appointment end is before its start' },
        { row: 5, field: 'stops', column: 'Stops', value: BAD_STOPS, message: 'Stop 2: Location is required' },
        { row: 5, field: 'stops', column: 'Stops', value: BAD_STOPS, message: 'Stop 3: Enter a valid date and time' },
      ],
    });
    // A truck that does not exist, under its own field.
    const unknownTruck = await importCsv([HEADER, row({ loadNumber: 'LDI-BAD-5', truck: '0b6c1a57-4f0e-4d1e-9a7b-2f5c8d9e0a11' })].join('\r\n'), true);
    expect(unknownTruck.errors).toEqual([{ row: 2, field: 'assignedTruckId', column: 'Truck', value: '0b6c1a57-4f0e-4d1e-9a7b-2f5c8d9e0a11', message: 'Assigned truck not found' }]);
    expect(Object.keys(await listed()).sort()).toEqual(['LDI-1', 'LDI-2']);
  });

  it('takes its own export back unchanged, keeping what happened at each stop; a changed Stops text updates the stops it changes', async () => {
    const { 'LDI-1': listedLoad } = await listed();
    const load = await read(listedLoad.id);
    // A dispatcher's arrival at the first stop, and a reference the Stops text does not carry.
    const [first, ...rest] = load.stops!;
    const patched = await request('PATCH', `/api/loads/${load.id}`, { stops: [{ ...first, arrivedAt: '2027-04-01T13:12:00.000Z', reference: 'PO-77' }, ...rest] });
    expect(patched.status).toBe(200);
    const before = await read(load.id);
    expect(before.stopsSummary).toContain('Pickup Joliet, IL 2027-04-01 08:00-10:00, arrived 2027-04-01 08:12 (Dispatcher)');

    const exported = new TextDecoder().decode(await (await fetch(`${system.url}/api/loads?format=csv`, { headers: { cookie } })).arrayBuffer());
    const [header, ...lines] = exported.split('\r\n');
    expect(header).toContain('customerId,');
    expect(header).toContain('assignedTruckId,');
    expect(header).toContain('stopsSummary');
    const ours = [header, ...lines.filter((line) => line.includes(',LDI-'))].join('\r\n');
    expect(await importCsv(ours, false)).toEqual({ rows: 2, create: 0, update: 0, unchanged: 2, errors: [] });
    expect(await read(load.id)).toEqual(before);

    // The second stop's appointment moved and a delivery added: the first stop is the same stop, with its arrival.
    const moved = ours.replace('Pickup Gary, IN 2027-04-01 13:00;', 'Pickup Gary, IN 2027-04-01 14:00-15:00; Delivery Nashville, TN 2027-04-02 09:00;');
    expect(await importCsv(moved, false)).toEqual({ rows: 2, create: 0, update: 1, unchanged: 1, errors: [] });
    const after = await read(load.id);
    expect(after.stops!.map(({ location }) => location)).toEqual(['Joliet, IL', 'Gary, IN', 'Nashville, TN', 'Memphis, TN']);
    expect(after.stops![0]).toMatchObject({ id: first.id, arrivedAt: '2027-04-01T13:12:00.000Z', arrivedSource: 'dispatcher', reference: 'PO-77' });
    expect(after.stops![1]).toMatchObject({ id: before.stops![1].id, appointmentStart: '2027-04-01T19:00:00.000Z', appointmentEnd: '2027-04-01T20:00:00.000Z' });
    expect(after.stopCount).toBe(4);
    const [changed] = await history(load.id);
    expect(changed).toMatchObject({ action: 'update', changes: { stopCount: { from: 3, to: 4 }, stopsSummary: { from: before.stopsSummary, to: after.stopsSummary } } });
  });
});
