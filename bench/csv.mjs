/**
 * `node bench/csv.mjs`: CSV import and export on a fresh system (issue 28's goals in brackets): a dry run of 10,000
 * trucks (at most 3 s), its import (at most 5 s) and the same file again (nothing changes), each timed from the
 * request to its answer as a browser sees it; then an export of 100,000 loads seeded straight into Postgres, timed to
 * its first byte (at most 500 ms) and to its end. Prints figures; asserts nothing.
 */
import { startIsolatedSystem } from '../scripts/system.mjs';
import { databaseWith, signIn } from './support.mjs';

const TRUCKS = 10_000;
const LOADS = 100_000;

const trucksCsv = () => {
  const lines = ['Truck #,Type,Status,License Plate,VIN,Year,Make,Model'];
  for (let n = 0; n < TRUCKS; n++) lines.push(`CSV-${n},Dry Van,${n % 3 ? 'Available' : 'In Use'},CSV ${n},1FUJGLDR${String(n).padStart(9, '0')},${2010 + (n % 15)},Freightliner,Cascadia`);
  return `${lines.join('\r\n')}\r\n`;
};

/** Waits for svc-core's tables (a system answers its health before its services have migrated), then seeds the loads. */
async function seedLoads(databaseUrl) {
  const db = await databaseWith(databaseUrl, 'core.loads');
  try {
    const customer = await db.query(
      `INSERT INTO core.customers (name, email, phone, address, type) VALUES ('Bench Shipper', 'bench@csv.example', '555-0100', 'Dallas, TX', 'shipper') RETURNING id`,
    );
    await db.query(
      `INSERT INTO core.loads (load_number, customer_id, status, pickup_location, pickup_date, delivery_location, delivery_date, rate, expenses, weight, commodity, created_at)
       SELECT 'CSV-' || lpad(n::text, 6, '0'), $2::uuid, (ARRAY['pending', 'assigned', 'in-transit', 'delivered', 'invoiced'])[n % 5 + 1],
              'Chicago, IL', current_date + n % 60, 'Memphis, TN', current_date + n % 60 + 2,
              1200 + (n * 37 % 530000) / 100.0, 0, 10000 + n % 34000, 'General freight', now() - n * interval '1 second'
       FROM generate_series(1, $1::int) AS n`,
      [LOADS, customer.rows[0].id],
    );
    await db.query('ANALYZE');
  } finally {
    await db.end();
  }
}

const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(2)} s`;

const system = await startIsolatedSystem({ label: 'benchcsv' });
try {
  const cookie = await signIn(system.url, 'bench@example.com');
  const file = trucksCsv();
  const importCsv = async (title, dryRun) => {
    const started = performance.now();
    const answer = await fetch(`${system.url}/api/trucks/import?dryRun=${dryRun}`, {
      method: 'POST',
      headers: { cookie, origin: system.url, 'content-type': 'text/csv' },
      body: file,
    });
    const result = await answer.json();
    const { errors, ...counts } = result;
    console.log(`${title.padEnd(40)} ${seconds(started).padStart(8)}   ${answer.status} ${JSON.stringify(counts)}${errors?.length ? `, ${errors.length} errors` : ''}`);
  };
  console.log(`\nCSV import: ${TRUCKS.toLocaleString('en-US')} trucks, ${(file.length / 1024 / 1024).toFixed(1)} MB\n`);
  // One small import first: the servers' code paths compiled, as in a system that has been up a while.
  await fetch(`${system.url}/api/trucks/import?dryRun=true`, { method: 'POST', headers: { cookie, origin: system.url, 'content-type': 'text/csv' }, body: 'truckNumber\nW-1\n' });
  await importCsv('Dry run [goal 3 s]', true);
  await importCsv('Import [goal 5 s]', false);
  await importCsv('The same file again (nothing changes)', false);

  await seedLoads(system.databaseUrl);
  console.log(`\nCSV export: ${LOADS.toLocaleString('en-US')} loads\n`);
  for (let round = 1; round <= 3; round++) {
    const started = performance.now();
    const answer = await fetch(`${system.url}/api/loads?format=csv`, { headers: { cookie } });
    const reader = answer.body.getReader();
    let firstByte;
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      firstByte ??= performance.now() - started;
      bytes += value.length;
      for (const byte of value) if (byte === 0x0a) lines++;
    }
    console.log(
      `GET /api/loads?format=csv, round ${round}: first byte ${Math.round(firstByte)} ms [goal 500 ms], whole ${seconds(started)}, ` +
        `${(bytes / 1024 / 1024).toFixed(1)} MB, ${lines - 1} rows`,
    );
  }
} finally {
  await system.stop();
}
