/**
 * `npm run bench:lists`: what the service hop costs on a long list. GET /api/trucks through the whole system
 * (gateway → NATS → svc-core → Postgres, streamed page by page) against the same query served directly by a minimal
 * Node HTTP server with pg, side by side at 1,000 and 10,000 rows, uncompressed (autocannon asks for no encoding).
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

/** The list as the API answers it (the entity's JSON names, the list's order), with nothing in between. */
const LIST_SQL = `
  SELECT id, truck_number AS "truckNumber", type, status, license_plate AS "licensePlate", vin, year, make, model,
         created_at AS "createdAt", updated_at AS "updatedAt"
  FROM core.trucks ORDER BY created_at DESC, id DESC`;

/** The baseline: a plain Node HTTP server that runs the query and answers its rows as JSON. */
function startDirectServer(pool) {
  const server = http.createServer(async (_req, res) => {
    const { rows } = await pool.query(LIST_SQL);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(rows));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Adds trucks until the table holds `total`, with the field lengths of a real fleet. */
async function seedTrucks(pool, total) {
  await pool.query(
    `INSERT INTO core.trucks (truck_number, type, status, license_plate, vin, year, make, model, created_at)
     SELECT 'TRK-' || lpad(n::text, 6, '0'), (ARRAY['Dry Van','Refrigerated','Flatbed'])[1 + n % 3], 'available',
            'PLT-' || n, '1FUJGLDR' || lpad(n::text, 9, '0'), 2015 + n % 10, 'Freightliner', 'Cascadia',
            now() - n * interval '1 second'
     FROM generate_series((SELECT count(*) FROM core.trucks) + 1, $1) n`,
    [total],
  );
}

const system = await startIsolatedSystem({ label: 'bench' });
const pool = new pg.Pool({ connectionString: system.databaseUrl, max: 10 });
const direct = await startDirectServer(pool);
const directUrl = `http://127.0.0.1:${direct.address().port}/`;
try {
  const cookie = await signIn(system.url, 'bench@example.com');
  const gatewayUrl = `${system.url}/api/trucks`;
  console.log(`\nGET /api/trucks, through the gateway vs. pg served directly; ${seconds} s per scenario, uncompressed\n`);
  for (const size of SIZES) {
    await seedTrucks(pool, size);
    const [viaGateway, viaDirect] = await Promise.all([
      fetch(gatewayUrl, { headers: { cookie } }).then((response) => response.text()),
      fetch(directUrl).then((response) => response.text()),
    ]);
    if (!isDeepStrictEqual(JSON.parse(viaGateway), JSON.parse(viaDirect))) throw new Error(`The gateway's list differs from the direct one at ${size} rows`);
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
} finally {
  direct.close();
  await pool.end();
  await system.stop();
}
