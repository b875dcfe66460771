/**
 * `npm run bench:ifta`: the IFTA report (issue 29) for a real fleet's quarter. On a fresh system, 30 trucks report
 * every 30 s for 90 days of Q3 2026 (2880 positions a day each, 7,776,000 in all, a 2.5-hour gap every week), seeded
 * straight into Postgres; each drives 28° of longitude a day at 64 mph, back and forth across the states on its
 * parallel (32.5°N to 44.1°N). Their totals are then built the way svc-telematics builds them for positions it did not
 * write itself (IftaBackfill, the same segment code as the writer's), and a Diesel purchase a day per truck is added.
 * Prints how long the totals took to build, the report's latency for the fleet and for one truck (goal: at most 2 s),
 * and the records CSV of one truck; asserts nothing.
 *   BENCH_SECONDS   how long each report scenario runs (default 10)
 */
import { startIsolatedSystem } from '../scripts/system.mjs';
import { benchTruckId, databaseWith, measure, seedTrucks, signIn } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const TRUCKS = 30;
const DAYS = 90;
const PER_DAY = 2880;
const QUARTER = { year: 2026, quarter: 3 };
/** Midnight of July 1st, 2026 in America/Chicago (the company's time zone by default). */
const START = '2026-07-01T05:00:00Z';

const system = await startIsolatedSystem({ label: 'benchifta', env: { GPS_RETENTION_DAYS: '1000' } });
try {
  const cookie = await signIn(system.url, 'bench@example.com');
  await seedTrucks(system.databaseUrl, TRUCKS);
  const db = await databaseWith(system.databaseUrl, 'telematics.ifta_backfill');
  await databaseWith(system.databaseUrl, 'accounting.ifta_rates').then((other) => other.end());

  console.log(`\nSeeding ${(TRUCKS * DAYS * PER_DAY).toLocaleString('en-US')} positions (${TRUCKS} trucks x ${DAYS} days x ${PER_DAY})...`);
  let started = Date.now();
  for (let truck = 0; truck < TRUCKS; truck++) {
    await db.query(
      `INSERT INTO telematics.positions (id, device_id, truck_id, latitude, longitude, speed, recorded_at)
       SELECT gen_random_uuid(), '00000000-0000-4000-8000-000000000000', $1::uuid,
              32.5 + $2::int * 0.4, -112 + 14 * (1 - abs(2 * (n % ${PER_DAY}) / ${PER_DAY}.0 - 1)), 64,
              $3::timestamptz + make_interval(secs => n * 30)
       FROM generate_series(0, ${DAYS * PER_DAY - 1}) AS n
       WHERE NOT (n / ${PER_DAY} % 7 = 3 AND n % ${PER_DAY} BETWEEN 1000 AND 1300)`,
      [benchTruckId(truck), truck, START],
    );
  }
  await db.query(`VACUUM (ANALYZE) telematics.positions`);
  const stored = (await db.query(`SELECT count(*)::int AS count FROM telematics.positions`)).rows[0].count;
  console.log(`${stored.toLocaleString('en-US')} positions stored in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // The totals, built by svc-telematics itself: IftaBackfill takes the trucks listed here (it looks every 10 s).
  started = Date.now();
  await db.query(`INSERT INTO telematics.ifta_backfill SELECT DISTINCT truck_id FROM telematics.positions ON CONFLICT DO NOTHING`);
  for (;;) {
    const left = (await db.query(`SELECT count(*)::int AS count FROM telematics.ifta_backfill`)).rows[0].count;
    if (!left) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const built = (Date.now() - started) / 1000;
  const rows = (await db.query(`SELECT count(*)::int AS days, (SELECT count(*)::int FROM telematics.ifta_gaps) AS gaps FROM telematics.ifta_truck_days`)).rows[0];
  console.log(
    `Totals built in ${built.toFixed(0)} s (${Math.round(stored / built).toLocaleString('en-US')} positions/s): ${rows.days} truck-day-state rows, ${rows.gaps} gaps`,
  );

  await db.query(`INSERT INTO core.drivers (name, email, phone, license_number, status) VALUES ('Bench Driver', 'bench.driver@example.com', '555-0100', 'BENCH-IFTA', 'on-duty')`);
  await db.query(
    `INSERT INTO core.fuel_transactions (truck_id, driver_id, transaction_date, vendor, location, gallons, price_per_gallon, total_cost, fuel_type)
     SELECT ('00000000-0000-4000-8000-' || lpad((n % $1::int)::text, 12, '0'))::uuid, (SELECT id FROM core.drivers WHERE license_number = 'BENCH-IFTA'),
            date '2026-07-01' + n / $1::int, 'Pilot', (ARRAY['Phoenix, AZ', 'Albuquerque, NM', 'Amarillo, TX', 'Denver, CO', 'Casper, WY', 'Boise, ID'])[n % 6 + 1],
            236.125, 3.999, 944.26, 'Diesel'
     FROM generate_series(0, $1::int * ${DAYS} - 1) AS n`,
    [TRUCKS],
  );
  await db.end();
  const headers = { cookie, origin: new URL(system.url).origin, 'content-type': 'application/json' };
  const rates = ['AZ', 'NM', 'TX', 'CO', 'WY', 'ID', 'UT', 'NE', 'KS', 'OK', 'SD', 'NV'].map((jurisdiction) => ({ jurisdiction, rate: '0.2600' }));
  const saved = await fetch(`${system.url}/api/reports/ifta/rates?year=${QUARTER.year}&quarter=${QUARTER.quarter}`, { method: 'PUT', headers, body: JSON.stringify(rates) });
  if (!saved.ok) throw new Error(`Saving the rates answered ${saved.status}: ${await saved.text()}`);

  const path = `/api/reports/ifta?year=${QUARTER.year}&quarter=${QUARTER.quarter}`;
  const report = await (await fetch(`${system.url}${path}`, { headers })).json();
  console.log(
    `\nThe report: ${report.totalMiles} miles in ${report.jurisdictions.length} jurisdictions, ${report.totalGallons} gallons, ` +
      `fleet MPG ${report.fleetMpg}, tax due ${report.totalTaxDue}, ${report.gapCount} gaps\n`,
  );
  await measure(`GET ${path} (fleet)`, { url: `${system.url}${path}`, headers: { cookie }, connections: 1, seconds, warmupSeconds: 2 });
  await measure(`GET ... &truckId= (one truck)`, { url: `${system.url}${path}&truckId=${benchTruckId(7)}`, headers: { cookie }, connections: 1, seconds });

  started = Date.now();
  const records = await fetch(`${system.url}/api/reports/ifta/records.csv?year=${QUARTER.year}&quarter=${QUARTER.quarter}&truckId=${benchTruckId(7)}`, { headers });
  const text = await records.text();
  console.log(`\nrecords.csv of one truck: ${(text.split('\r\n').length - 2).toLocaleString('en-US')} positions, ${(text.length / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await system.stop();
}
