import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * A list far larger than one NATS message, through the whole built system: the gateway streams svc-core's pages
 * into one JSON array, with every record, in the list's order.
 */
const TRUCKS = 20_000;
let system: RunningSystem;
let cookie: string;
let expectedIds: string[];

beforeAll(async () => {
  system = await startIsolatedSystem({ label: 'lists' });
  cookie = await signIn(system.url, 'lists@example.com');
  const db = new pg.Client({ connectionString: system.databaseUrl });
  await db.connect();
  try {
    // Groups of trucks share a creation time: their ids must settle the order, with none lost or repeated.
    await db.query(
      `INSERT INTO core.trucks (truck_number, type, status, license_plate, vin, year, make, model, created_at)
       SELECT 'L-' || n, 'Dry Van', 'available', 'PL-' || n, '1FUJGLDR' || lpad(n::text, 9, '0'), 2020, 'Volvo', 'VNL',
              '2026-01-01T00:00:00Z'::timestamptz + (n / 3) * interval '1 ms'
       FROM generate_series(1, $1) n`,
      [TRUCKS],
    );
    expectedIds = (await db.query('SELECT id FROM core.trucks ORDER BY created_at DESC, id DESC')).rows.map((row) => row.id);
  } finally {
    await db.end();
  }
}, 120_000);

afterAll(async () => {
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
    expect(last).toMatchObject({ make: 'Volvo', year: 2020, vin: `1FUJGLDR00000000${last.truckNumber.slice(2)}`, createdAt: '2026-01-01T00:00:00.000Z' });
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
