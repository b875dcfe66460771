/**
 * `npm run bench:lists`: what the service hop costs on a long list. GET /api/trucks (1,000 and 10,000 rows) and
 * GET /api/loads (10,000 loads of two and four stops) through the whole system (gateway → NATS → svc-core → Postgres,
 * streamed page by page) against the same query served directly by a minimal Node HTTP server with pg, side by side,
 * uncompressed (autocannon asks for no encoding).
 * Prints each with its latency and throughput, and the ratio (goal: at most 1.5x).
 *   BENCH_SECONDS   how long each scenario runs (default 10)
 */
import http from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { startIsolatedSystem } from '../scripts/system.mjs';
import { measure, signIn } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const SIZES = [1000, 10000];
const CONCURRENCY = [1, 8];

/**
 * The lists measured: the API's route, the same rows as the API answers them (the entity's JSON names, the list's
 * order) in one query with nothing in between, and how to grow the table to a size.
 */
const LISTS = [
  {
    path: '/api/trucks',
    sizes: [1000, 10000],
    sql: `
      SELECT id, truck_number AS "truckNumber", type, status, license_plate AS "licensePlate", vin, year, make, model,
             created_at AS "createdAt", updated_at AS "updatedAt"
      FROM core.trucks ORDER BY created_at DESC, id DESC`,
    /** Adds trucks until the table holds `total`, with the field lengths of a real fleet. */
    seed: (pool, total) =>
      pool.query(
        `INSERT INTO core.trucks (truck_number, type, status, license_plate, vin, year, make, model, created_at)
         SELECT 'TRK-' || lpad(n::text, 6, '0'), (ARRAY['Dry Van','Refrigerated','Flatbed'])[1 + n % 3], 'available',
                'PLT-' || n, '1FUJGLDR' || lpad(n::text, 9, '0'), 2015 + n % 10, 'Freightliner', 'Cascadia',
                now() - n * interval '1 second'
         FROM generate_series((SELECT count(*) FROM core.trucks) + 1, $1) n`,
        [total],
      ),
  },
  {
    // Issue 42: a load is its stops. The list reads each load's stop count and summary from the load's own row, so
    // it should cost what it did before stops; every fourth load here has four stops, the others two.
    path: '/api/loads',
    sizes: [10000],
    sql: `
      SELECT id, load_number AS "loadNumber", customer_id AS "customerId", status, pickup_location AS "pickupLocation",
             to_char(pickup_date, 'YYYY-MM-DD') AS "pickupDate", delivery_location AS "deliveryLocation",
             to_char(delivery_date, 'YYYY-MM-DD') AS "deliveryDate", rate::text AS rate,
             assigned_driver_id AS "assignedDriverId", assigned_truck_id AS "assignedTruckId", expenses::text AS expenses,
             weight, commodity, miles, notes, stop_count AS "stopCount", stops_summary AS "stopsSummary",
             assigned_at AS "assignedAt", created_at AS "createdAt", updated_at AS "updatedAt"
      FROM core.loads ORDER BY created_at DESC, id DESC`,
    seed: async (pool, total) => {
      await pool.query(
        `INSERT INTO core.customers (name, email, phone, address, type)
         VALUES ('Bench Freight', 'bench-freight@example.com', '555-0100', '1 Market St, Dallas, TX', 'shipper')
         ON CONFLICT DO NOTHING`,
      );
      await pool.query(
        `INSERT INTO core.loads (load_number, customer_id, status, pickup_location, pickup_date, delivery_location, delivery_date,
                                 rate, expenses, weight, commodity, stop_count, stops_summary, created_at)
         SELECT 'LD-' || lpad(n::text, 6, '0'), c.id, (ARRAY['pending', 'delivered', 'invoiced'])[1 + n % 3],
                'Chicago, IL', current_date + n % 60, 'Memphis, TN', current_date + n % 60 + 2,
                1200 + (n * 37 % 530000) / 100.0, (n % 300) / 100.0, 10000 + n % 34000, 'General freight',
                CASE WHEN n % 4 = 0 THEN 4 ELSE 2 END,
                CASE WHEN n % 4 = 0
                     THEN 'P1 Chicago, IL; P2 Gary, IN; D1 Nashville, TN; D2 Memphis, TN'
                     ELSE 'P1 Chicago, IL; D1 Memphis, TN' END,
                now() - n * interval '1 second'
         FROM generate_series((SELECT count(*) FROM core.loads)::int + 1, $1::int) n, core.customers c
         WHERE c.email = 'bench-freight@example.com'`,
        [total],
      );
    },
  },
];

/** The baseline: a plain Node HTTP server that runs a list's query and answers its rows as JSON. */
function startDirectServer(pool, sql) {
  const server = http.createServer(async (_req, res) => {
    const { rows } = await pool.query(sql);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(rows));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const system = await startIsolatedSystem({ label: 'bench' });
const pool = new pg.Pool({ connectionString: system.databaseUrl, max: 10 });
const servers = [];
try {
  const cookie = await signIn(system.url, 'bench@example.com');
  for (const list of LISTS) {
    const direct = await startDirectServer(pool, list.sql);
    servers.push(direct);
    const directUrl = `http://127.0.0.1:${direct.address().port}/`;
    const gatewayUrl = `${system.url}${list.path}`;
    console.log(`\nGET ${list.path}, through the gateway vs. pg served directly; ${seconds} s per scenario, uncompressed\n`);
    for (const size of list.sizes) {
      await list.seed(pool, size);
      const [viaGateway, viaDirect] = await Promise.all([
        fetch(gatewayUrl, { headers: { cookie } }).then((response) => response.text()),
        fetch(directUrl).then((response) => response.text()),
      ]);
      if (!isDeepStrictEqual(JSON.parse(viaGateway), JSON.parse(viaDirect))) {
        const [first, second] = [JSON.parse(viaGateway)[0], JSON.parse(viaDirect)[0]];
        throw new Error(`The gateway's list differs from the direct one at ${size} rows: ${JSON.stringify(first)} vs. ${JSON.stringify(second)}`);
      }
      console.log(`${size} rows, ${Math.round(viaGateway.length / 1024)} KB:`);
      for (const connections of CONCURRENCY) {
        // Both warmed up alike: the first scenario otherwise paid the gateway's and svc-core's compilation of the path.
        const scenario = { connections, seconds, warmupSeconds: 2 };
        const baseline = await measure(`  direct pg → HTTP, ${connections} conn.`, { ...scenario, url: directUrl });
        const gateway = await measure(`  gateway → NATS → svc-core, ${connections} conn.`, { ...scenario, url: gatewayUrl, headers: { cookie } });
        // autocannon's percentiles are whole milliseconds, too coarse for a 5 ms answer: the mean is exact.
        const latency = gateway.latency.p50 / baseline.latency.p50;
        const mean = gateway.latency.average / baseline.latency.average;
        const throughput = baseline.requests.average / gateway.requests.average;
        console.log(
          `  ratio, ${connections} conn.: ${mean.toFixed(2)}x the mean latency (${baseline.latency.average.toFixed(1)} → ` +
            `${gateway.latency.average.toFixed(1)} ms), ${latency.toFixed(2)}x the median, ${throughput.toFixed(2)}x fewer requests per second\n`,
        );
      }
    }
  }
} finally {
  for (const server of servers) server.close();
  await pool.end();
  await system.stop();
}
