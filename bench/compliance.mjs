/**
 * `npm run bench:compliance`: GET /api/compliance for a company of 2,000 trucks, 3,000 drivers and 50,000 maintenance
 * and inspection records (half each), seeded straight into Postgres on a fresh system, with dates spread over two
 * years so that some of every kind need attention. Prints the answer's size and its latency (goal: median at most
 * 200 ms); asserts nothing.
 *   BENCH_SECONDS   how long the scenario runs (default 10)
 */
import { startIsolatedSystem } from '../scripts/system.mjs';
import { databaseWith, measure, signIn } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const [TRUCKS, DRIVERS, MAINTENANCE, INSPECTIONS] = [2000, 3000, 25000, 25000];

/** Waits for svc-core's tables (a system answers its health before its services have migrated), then seeds. */
async function seed(databaseUrl) {
  const db = await databaseWith(databaseUrl, 'core.violations');
  try {
    await db.query(
      `INSERT INTO core.trucks (truck_number, type, status, license_plate)
       SELECT 'CB-' || n, 'Dry Van', CASE WHEN n % 50 = 0 THEN 'out-of-service' ELSE 'available' END, 'CBP-' || n FROM generate_series(1, $1::int) n`,
      [TRUCKS],
    );
    await db.query(
      `INSERT INTO core.drivers (name, email, phone, license_number, status, license_expiration, medical_card_expiration)
       SELECT 'Driver ' || n, 'driver' || n || '@bench.example', '555-0100', 'CDL-B' || n, 'on-duty',
              current_date + (n * 7 % 730 - 60), current_date + (n * 11 % 730 - 60)
       FROM generate_series(1, $1::int) n`,
      [DRIVERS],
    );
    await db.query(
      `INSERT INTO core.maintenance_records (truck_id, maintenance_type, service_date, cost, description, next_service_date, status)
       SELECT t.id, (ARRAY['Oil Change','Tire Rotation','Brake Service','PM Service'])[n % 4 + 1], current_date - (n % 700),
              100, 'Routine', current_date - (n % 700) + 90, CASE WHEN n % 20 = 0 THEN 'Cancelled' ELSE 'Completed' END
       FROM generate_series(1, $1::int) n JOIN (SELECT id, row_number() OVER () AS k FROM core.trucks) t ON t.k = n % $2::int + 1`,
      [MAINTENANCE, TRUCKS],
    );
    const driver = (await db.query(`SELECT id FROM core.drivers LIMIT 1`)).rows[0].id;
    await db.query(
      `INSERT INTO core.inspections (truck_id, driver_id, inspection_type, inspection_date, status)
       SELECT t.id, $3::uuid, (ARRAY['Annual','DOT','Pre-Trip','Roadside'])[n % 4 + 1], current_date - (n * 13 % 760),
              CASE WHEN n % 5 = 0 THEN 'Failed' ELSE 'Passed' END
       FROM generate_series(1, $1::int) n JOIN (SELECT id, row_number() OVER () AS k FROM core.trucks) t ON t.k = n % $2::int + 1`,
      [INSPECTIONS, TRUCKS, driver],
    );
    await db.query('ANALYZE');
  } finally {
    await db.end();
  }
}

const system = await startIsolatedSystem({ label: 'benchcompliance' });
try {
  await seed(system.databaseUrl);
  const cookie = await signIn(system.url, 'bench@example.com');
  const headers = { cookie };
  const first = await fetch(`${system.url}/api/compliance`, { headers });
  if (!first.ok) throw new Error(`GET /api/compliance answered ${first.status}: ${await first.text()}`);
  const items = await first.json();
  const count = (status) => items.filter((item) => item.status === status).length;
  console.log(
    `\nCompliance: ${TRUCKS} trucks, ${DRIVERS} drivers, ${MAINTENANCE + INSPECTIONS} maintenance and inspection records: ` +
      `${items.length} items (${count('expired')} expired, ${count('missing')} missing, ${count('due-soon')} due soon)\n`,
  );
  await measure('GET /api/compliance (1 connection)', { url: `${system.url}/api/compliance`, headers, connections: 1, seconds, warmupSeconds: 2 });
  await measure('GET /api/compliance (10 connections)', { url: `${system.url}/api/compliance`, headers, connections: 10, seconds });
} finally {
  await system.stop();
}
