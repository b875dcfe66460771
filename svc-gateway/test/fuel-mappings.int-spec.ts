import { randomUUID } from 'node:crypto';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * Issue 48, point 1: a statement of any other layout, its columns mapped once by name and the mapping saved under a
 * name (`/api/fuel/mappings`), then imported by it (`layout=mapping&mapping=<id>`), read as the generic template is.
 * On the shared system: its own truck, driver and mapping names (prefix FMAP). No positions are posted for the truck,
 * so its purchase (at 10:20, read from the mapped time column) is flagged 'No GPS at the time' and still imported.
 *
 * The statement: DSL 100.000 gal for $400.00 (4.000 a gallon): 1 purchase; DEF $10.00 and $1.25 of fees: 2 expenses, $11.25.
 */
let system: RunningSystem;
let cookie: string;
const PREFIX = `FMAP${Date.now().toString(36).slice(-5).toUpperCase()}`;
const unit = `${PREFIX}-1`;
const driver = `${PREFIX} Dana Ruiz`;
const day = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
const usDay = `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** A layout no built-in one reads: its own titles, in its own order. */
const statement = [
  'Ticket,Purchased On,At,Tractor,Operator,Stop City,Stop ST,Prod,Gal,Line Total,Svc Fee,Acct',
  `${PREFIX}-T1,${usDay},10:20,${unit},${driver},Midland,TX,DSL,100.000,400.00,1.25,000099991234`,
  `${PREFIX}-T1,${usDay},10:20,${unit},${driver},Midland,TX,DEF,4.000,10.00,,000099991234`,
].join('\n');
const columns = { invoice: 'Ticket', date: 'Purchased On', time: 'At', unit: 'Tractor', driver: 'Operator', city: 'Stop City', state: 'Stop ST', item: 'Prod', quantity: 'Gal', amount: 'Line Total', fees: 'Svc Fee', card: 'Acct' };

async function api(method: string, path: string, body?: unknown, as: string | undefined = cookie) {
  const response = await fetch(`${system.url}/api${path}`, {
    method,
    headers: { origin: system.url, ...(as ? { cookie: as } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined };
}

async function importWith(query: string, csv: string, dryRun: boolean, as: string | undefined = cookie) {
  const response = await fetch(`${system.url}/api/fuel/imports?${query}&dryRun=${dryRun}`, {
    method: 'POST',
    headers: { origin: system.url, 'content-type': 'text/csv', ...(as ? { cookie: as } : {}) },
    body: csv,
  });
  const text = await response.text();
  return { status: response.status, body: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text };
}

beforeAll(async () => {
  system = await sharedSystem();
  cookie = await signIn(system.url, 'fuel.mappings@example.com');
  expect((await api('POST', '/trucks', { truckNumber: unit, type: 'Dry Van', status: 'available', licensePlate: `P-${PREFIX}` })).status).toBe(201);
  expect((await api('POST', '/drivers', { name: driver, email: `${PREFIX.toLowerCase()}@example.com`, phone: '555-0177', licenseNumber: `${PREFIX}-L`, status: 'on-duty' })).status).toBe(201);
}, 120_000);

describe('saved column mappings of fuel card statements', () => {
  it('needs a signed-in user', async () => {
    expect((await api('GET', '/fuel/mappings', undefined, '')).status).toBe(401);
    expect((await api('POST', '/fuel/mappings', { name: `${PREFIX} x`, columns }, '')).status).toBe(401);
    expect((await api('DELETE', `/fuel/mappings/${randomUUID()}`, undefined, '')).status).toBe(401);
    expect((await importWith(`layout=mapping&mapping=${randomUUID()}`, statement, true, '')).status).toBe(401);
  });

  it('refuses a mapping with no name or a required field without a column (400), or a name taken (409), saying which', async () => {
    const unnamed = await api('POST', '/fuel/mappings', { name: ' ', columns });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.issues).toEqual({ name: ['Mapping name is required'] });
    const { unit: _unit, amount: _amount, ...partial } = columns;
    const missing = await api('POST', '/fuel/mappings', { name: `${PREFIX} partial`, columns: partial });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual({ 'columns.unit': ['Choose the column that holds Unit'], 'columns.amount': ['Choose the column that holds Amount'] });

    const first = await api('POST', '/fuel/mappings', { name: `${PREFIX} Twice`, columns });
    expect(first.status).toBe(201);
    const again = await api('POST', '/fuel/mappings', { name: `${PREFIX} twice`, columns });
    // A name taken is a conflict, as every unique field's (a truck number's): 409 naming the field.
    expect(again.status).toBe(409);
    expect(again.body.issues).toEqual({ name: ['A saved mapping already has this name'] });
    expect((await api('DELETE', `/fuel/mappings/${first.body.id}`)).status).toBe(204);
    expect((await api('GET', '/fuel/mappings')).body.map((mapping: any) => mapping.id)).not.toContain(first.body.id);
  });

  it('imports a statement of an unknown layout by a saved mapping, to exact totals; again, nothing changes', async () => {
    const saved = await api('POST', '/fuel/mappings', { name: `${PREFIX} Roadside Card`, columns });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: `${PREFIX} Roadside Card`, columns });
    const listed = (await api('GET', '/fuel/mappings')).body.find((mapping: any) => mapping.id === saved.body.id);
    expect(listed).toMatchObject({ name: `${PREFIX} Roadside Card`, columns });

    const query = `layout=mapping&mapping=${saved.body.id}`;
    const dry = await importWith(query, statement, true);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ layout: 'mapping', mapping: { id: saved.body.id, name: `${PREFIX} Roadside Card` }, applied: false, errors: [] });
    expect(dry.body.lines.map((line: any) => [line.row, line.item, line.becomes, line.outcome, line.amount, line.gallons])).toEqual([
      [2, 'DSL', 'purchase', 'create', '400.00', '100.000'],
      [2, 'Fees', 'expense', 'create', '1.25', null],
      [3, 'DEF', 'expense', 'create', '10.00', '4.000'],
    ]);
    expect(dry.body.lines[0].warnings).toEqual(['No GPS at the time']);

    const applied = await importWith(query, statement, false);
    expect(applied.body).toMatchObject({ applied: true, counts: { purchases: 1, expenses: 2, problems: 0 }, totals: { gallons: '100.000', purchases: '400.00', expenses: '11.25' } });
    const purchases = (await api('GET', '/fuel')).body.filter((purchase: any) => purchase.receiptNumber === `${PREFIX}-T1`);
    expect(purchases).toEqual([expect.objectContaining({ transactionDate: day, gallons: '100.000', pricePerGallon: '4.000', totalCost: '400.00', fuelType: 'Diesel', cardNumber: '1234', location: 'Midland, TX' })]);

    const again = await importWith(query, statement, false);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ counts: { purchases: 0, expenses: 0, existing: 3, problems: 0 }, totals: { gallons: '0.000', purchases: '0.00', expenses: '0.00' } });
    expect((await api('GET', '/fuel')).body.filter((purchase: any) => purchase.receiptNumber === `${PREFIX}-T1`)).toHaveLength(1);
  });

  it('answers a missing column by its mapped title, and an unknown or missing mapping with the reason', async () => {
    const saved = await api('POST', '/fuel/mappings', { name: `${PREFIX} Columns`, columns });
    const withoutTractor = statement.replace('Tractor,', 'Truck,');
    const refused = await importWith(`layout=mapping&mapping=${saved.body.id}`, withoutTractor, true);
    expect(refused.status).toBe(200);
    expect(refused.body.errors).toEqual(["The file has no 'Tractor' column."]);

    const unknown = await importWith(`layout=mapping&mapping=${randomUUID()}`, statement, true);
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual({ mapping: ['No saved mapping has this id'] });
    const none = await importWith('layout=mapping', statement, true);
    expect(none.status).toBe(400);
    expect(none.body.issues).toEqual({ mapping: ['mapping must be the id of a saved mapping'] });
  });
});
