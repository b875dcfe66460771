import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { httpRequest } from './support/http-request.js';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * A list far larger than one NATS message, through the whole built system: the gateway streams svc-core's pages
 * into one JSON array, with every record, in the list's order; and the same lists sorted and filtered by the
 * database (issue 47), pages and ties included.
 */
const TRUCKS = 20_000;
const LOADS = 6_000;
let system: RunningSystem;
let cookie: string;
let db: pg.Client;
let expectedIds: string[];
const customers: string[] = [];
const drivers: string[] = [];

beforeAll(async () => {
  system = await startIsolatedSystem({ label: 'lists' });
  cookie = await signIn(system.url, 'lists@example.com');
  db = new pg.Client({ connectionString: system.databaseUrl });
  await db.connect();
  // Groups of trucks share a creation time: their ids must settle the order, with none lost or repeated. Every
  // fifth truck has no VIN and years repeat (ties for a sorted list).
  await db.query(
    `INSERT INTO core.trucks (truck_number, type, status, license_plate, vin, year, make, model, created_at)
     SELECT 'L-' || n, 'Dry Van', 'available', 'PL-' || n, CASE WHEN n % 5 = 0 THEN NULL ELSE '1FUJGLDR' || lpad(n::text, 9, '0') END,
            2015 + n % 8, 'Volvo', 'VNL', '2026-01-01T00:00:00Z'::timestamptz + (n / 3) * interval '1 ms'
     FROM generate_series(1, $1) n`,
    [TRUCKS],
  );
  expectedIds = (await db.query('SELECT id FROM core.trucks ORDER BY created_at DESC, id DESC')).rows.map((row) => row.id);

  const post = async (path: string, body: unknown) => {
    const answer = await httpRequest(system.url, cookie, 'POST', path, body);
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return (answer.json as { id: string }).id;
  };
  for (const n of [1, 2, 3]) {
    customers.push(await post('/api/customers', { name: `Lists Customer ${n}`, email: `c${n}@lists.example`, phone: '555-0100', address: '1 Main St, Joliet, IL', type: 'shipper' }));
  }
  for (const n of [1, 2]) {
    drivers.push(await post('/api/drivers', { name: `Lists Driver ${n}`, email: `d${n}@lists.example`, phone: '555-0101', licenseNumber: `LST-${n}`, status: 'on-duty', payType: 'perLoad', payRate: '300.00' }));
  }
  // Loads over three customers, five statuses, 30 pickup days and 50 rates (ties everywhere), a third with a driver;
  // load numbers in mixed case.
  await db.query(
    `INSERT INTO core.loads (load_number, customer_id, status, pickup_location, pickup_date, delivery_location, delivery_date, rate,
                             assigned_driver_id, expenses, weight, stop_count, stops_summary)
     SELECT CASE WHEN n % 2 = 0 THEN 'ld-' ELSE 'LD-' END || lpad(n::text, 5, '0'), ($2::uuid[])[1 + n % 3],
            (ARRAY['pending','assigned','in-transit','delivered','invoiced'])[1 + n % 5],
            'Joliet, IL', DATE '2026-12-01' + (n % 30), 'Dallas, TX', DATE '2026-12-03' + (n % 30), 900 + (n % 50) * 25,
            CASE WHEN n % 3 = 0 THEN ($3::uuid[])[1 + n % 2] END, 0, 40000, 2, ''
     FROM generate_series(1, $1) n`,
    [LOADS, customers, drivers],
  );
}, 180_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
}, 60_000);

describe('GET /api/{resource} for a long list', () => {
  it(`answers all ${TRUCKS.toLocaleString('en-US')} trucks as one JSON array, in order`, async () => {
    const answer = await fetch(`${system.url}/api/trucks`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const trucks = (await answer.json()) as { id: string; truckNumber: string; createdAt: string }[];
    expect(trucks).toHaveLength(TRUCKS);
    expect(trucks.map((truck) => truck.id)).toEqual(expectedIds);
    // L-1 and L-2 are the oldest, created at the same moment: the smaller id of the two comes last.
    const last = trucks.at(-1)!;
    expect(['L-1', 'L-2']).toContain(last.truckNumber);
    expect(last).toMatchObject({ make: 'Volvo', year: 2015 + (Number(last.truckNumber.slice(2)) % 8), vin: `1FUJGLDR00000000${last.truckNumber.slice(2)}`, createdAt: '2026-01-01T00:00:00.000Z' });
  }, 60_000);

  it('compresses the list for a client that accepts gzip, to a fraction of its size', async () => {
    // node:http, not fetch: fetch would decompress it unasked.
    const { headers, body: compressed } = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${system.url}/api/trucks`, { headers: { cookie, 'accept-encoding': 'gzip' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(compressed).toString();
    expect(JSON.parse(text)).toHaveLength(TRUCKS);
    expect(compressed.length).toBeLessThan(text.length / 5);
  }, 60_000);
});

describe('GET /api/{resource} sorted and filtered (issue 47)', () => {
  const list = async <T>(path: string) => {
    const answer = await fetch(`${system.url}${path}`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    return (await answer.json()) as T[];
  };
  const ids = async (sql: string, values: unknown[] = []) => (await db.query(sql, values)).rows.map((row) => row.id as string);

  it('sorts all 20,000 trucks by a column, ties settled by id, across pages', async () => {
    const trucks = await list<{ id: string; year: number }>('/api/trucks?sort=year&order=desc');
    expect(trucks.map((truck) => truck.id)).toEqual(await ids('SELECT id FROM core.trucks ORDER BY year DESC, id DESC'));
    expect(trucks[0].year).toBe(2022);
    expect(trucks.at(-1)!.year).toBe(2015);
  }, 60_000);

  it('puts the records without the value last, whichever way the list is sorted', async () => {
    const ascending = await list<{ id: string; vin: string | null }>('/api/trucks?sort=vin&order=asc');
    expect(ascending.map((truck) => truck.id)).toEqual(await ids('SELECT id FROM core.trucks ORDER BY vin IS NULL, lower(vin), id'));
    const descending = await list<{ id: string; vin: string | null }>('/api/trucks?sort=vin&order=desc');
    expect(descending.map((truck) => truck.id)).toEqual(await ids('SELECT id FROM core.trucks ORDER BY vin IS NULL, lower(vin) DESC, id DESC'));
    expect(descending.slice(0, 16_000).every((truck) => truck.vin)).toBe(true);
    expect(descending.slice(16_000).every((truck) => truck.vin === null)).toBe(true);
  }, 60_000);

  it('filters loads by several statuses, a customer and a driver, sorted by pickup date', async () => {
    const loads = await list<{ id: string; status: string; customerId: string; pickupDate: string }>(
      `/api/loads?status=assigned,in-transit&customerId=${customers[0]}&sort=pickupDate&order=desc`,
    );
    const expected = await ids(
      `SELECT id FROM core.loads WHERE status IN ('assigned', 'in-transit') AND customer_id = $1 ORDER BY pickup_date DESC, id DESC`,
      [customers[0]],
    );
    expect(expected.length).toBeGreaterThan(700);
    expect(loads.map((load) => load.id)).toEqual(expected);
    expect(new Set(loads.map((load) => load.status))).toEqual(new Set(['assigned', 'in-transit']));

    const driven = await list<{ id: string; assignedDriverId: string }>(`/api/loads?assignedDriverId=${drivers[1]}&sort=rate`);
    expect(driven.map((load) => load.id)).toEqual(await ids('SELECT id FROM core.loads WHERE assigned_driver_id = $1 ORDER BY rate, id', [drivers[1]]));
  }, 60_000);

  it('takes a pickup date range with both ends included, and sorts money as numbers and text without case', async () => {
    const loads = await list<{ id: string; pickupDate: string; rate: string }>('/api/loads?pickupDateFrom=2026-12-05&pickupDateTo=2026-12-06&sort=rate&order=desc');
    expect(new Set(loads.map((load) => load.pickupDate))).toEqual(new Set(['2026-12-05', '2026-12-06']));
    expect(loads.map((load) => load.id)).toEqual(
      await ids(`SELECT id FROM core.loads WHERE pickup_date BETWEEN '2026-12-05' AND '2026-12-06' ORDER BY rate DESC, id DESC`),
    );
    // As numbers: '1000.00' and above before '975.00', which a text order would put first.
    const rates = loads.map((load) => Number(load.rate));
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(rates[0]).toBeGreaterThanOrEqual(1000);
    const numbers = (await list<{ loadNumber: string }>('/api/loads?sort=loadNumber')).slice(0, 4).map((load) => load.loadNumber);
    expect(numbers).toEqual(['LD-00001', 'ld-00002', 'LD-00003', 'ld-00004']);
  }, 60_000);

  it('exports what the query shows as CSV', async () => {
    const answer = await fetch(`${system.url}/api/loads?format=csv&status=invoiced&customerId=${customers[2]}&sort=loadNumber&order=desc`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    const lines = (await answer.text()).trim().split(/\r?\n/);
    const expected = await ids(`SELECT id FROM core.loads WHERE status = 'invoiced' AND customer_id = $1 ORDER BY lower(load_number) DESC, id DESC`, [customers[2]]);
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected);
  }, 60_000);

  it.each([
    ['sort=nothing', 'sort', 'sort must be a field of the record'],
    ['sort=year&order=up', 'order', "order must be 'asc' or 'desc'"],
    ['status=lost', 'status', 'status must be one or more of pending, assigned, in-transit, delivered, invoiced, separated by commas'],
    ['customerId=acme', 'customerId', 'customerId must be one or more record ids, separated by commas'],
    ['pickupDateFrom=12/01/2026', 'pickupDateFrom', 'pickupDateFrom must be a day as YYYY-MM-DD'],
    ['pickupDateFrom=2026-12-09&pickupDateTo=2026-12-01', 'pickupDateFrom', 'pickupDateFrom must not be after pickupDateTo'],
  ])('refuses %s with the reason under the parameter', async (query, param, message) => {
    const resource = query.startsWith('sort=year') ? 'trucks' : 'loads';
    const answer = await fetch(`${system.url}/api/${resource}?${query}`, { headers: { cookie } });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { issues: Record<string, string[]> }).issues).toEqual({ [param]: [message] });
  });
});
