/**
 * `node bench/fuel-import.mjs`: a fuel card statement of 10,000 lines (issue 48, point 5, goals in brackets): its dry
 * run with the GPS check (at most 5 s), its import (at most 5 s more) and the same file again (nothing changes), each
 * timed from the request to its answer as a browser sees it. 50 trucks and drivers; a week of positions every 5
 * minutes per truck (100,800) and their IFTA truck days seeded straight into Postgres. Prints figures; asserts nothing.
 */
import { startIsolatedSystem } from '../scripts/system.mjs';
import { databaseWith, seedTrucks, signIn } from './support.mjs';

const TRUCKS = 50;
const LINES = 10_000;
const DAYS = 7;
const ZONE_OFFSET_HOURS = 6; // the company's America/Chicago in winter; summer is an hour off, still within the window
const first = new Date(Date.now() - (DAYS + 2) * 86_400_000).toISOString().slice(0, 10);

async function seed(databaseUrl) {
  await seedTrucks(databaseUrl, TRUCKS);
  const db = await databaseWith(databaseUrl, 'telematics.ifta_truck_days');
  try {
    await db.query(
      `INSERT INTO core.drivers (name, email, phone, license_number, status)
       SELECT 'Bench Driver ' || n, 'bench' || n || '@fuel.example', '555-0100', 'BF-' || n, 'on-duty' FROM generate_series(0, $1::int - 1) AS n`,
      [TRUCKS],
    );
    // Near Dallas, TX (the stops' city data puts 'Dallas, TX' about there), every 5 minutes of the week.
    await db.query(
      `INSERT INTO telematics.positions (id, device_id, truck_id, latitude, longitude, recorded_at)
       SELECT gen_random_uuid(), gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid,
              32.78 + (m % 7) * 0.001, -96.80, $1::date + make_interval(mins => m * 5)
       FROM generate_series(0, $2::int - 1) AS t, generate_series(0, $3::int * 288 - 1) AS m`,
      [first, TRUCKS, DAYS],
    );
    await db.query(
      `INSERT INTO telematics.ifta_truck_days (day, truck_id, jurisdiction, millimeters)
       SELECT $1::date + d, ('00000000-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid, 'TX', 160934400
       FROM generate_series(0, $2::int - 1) AS t, generate_series(0, $3::int - 1) AS d ON CONFLICT DO NOTHING`,
      [first, TRUCKS, DAYS],
    );
    await db.query('ANALYZE');
  } finally {
    await db.end();
  }
}

/** 10,000 EFS lines: each truck's purchases through the week, in Dallas, TX, at times its positions cover. */
function statement() {
  const lines = ['Card #,Tran Date,Tran Time,Invoice,Unit,Driver Name,Odometer,Location Name,City,State/Prov,Item,Unit Price,Qty,Amt,Fees,Currency'];
  for (let n = 0; n < LINES; n++) {
    const truck = n % TRUCKS;
    const minutes = Math.floor(n / TRUCKS) * 47 + ZONE_OFFSET_HOURS * 60;
    const day = new Date(Date.parse(`${first}T00:00:00Z`) + Math.min(minutes, (DAYS - 1) * 1440) * 60_000).toISOString().slice(0, 10);
    const [month, date, year] = [day.slice(5, 7), day.slice(8, 10), day.slice(0, 4)];
    const time = `${String(Math.floor((minutes % 1440) / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const item = n % 10 === 9 ? 'DEF' : 'ULSD';
    lines.push(`70830512345${String(truck).padStart(5, '0')},${month}/${date}/${year},${time},B-${n},BENCH-${truck},Bench Driver ${truck},,PILOT #${truck},Dallas,TX,${item},3.899,100.000,389.90,0.00,USD`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(2)} s`;

const system = await startIsolatedSystem({ label: 'benchfuel' });
try {
  const cookie = await signIn(system.url, 'bench@example.com');
  await seed(system.databaseUrl);
  const file = statement();
  const send = async (title, dryRun, body = file) => {
    const started = performance.now();
    const answer = await fetch(`${system.url}/api/fuel/imports?layout=efs&dryRun=${dryRun}`, {
      method: 'POST',
      headers: { cookie, origin: system.url, 'content-type': 'text/csv' },
      body,
    });
    const result = await answer.json();
    console.log(`${title.padEnd(44)} ${seconds(started).padStart(8)}   ${answer.status} ${JSON.stringify(result.counts ?? result)}`);
  };
  console.log(`\nFuel card statement: ${LINES.toLocaleString('en-US')} lines, ${TRUCKS} trucks, ${(file.length / 1024 / 1024).toFixed(1)} MB\n`);
  // One small statement first: the servers' code paths compiled, as in a system that has been up a while.
  await send('Warm-up (2 lines)', true, file.split('\r\n').slice(0, 3).join('\r\n'));
  await send('Dry run with the GPS check [goal 5 s]', true);
  await send('Import [goal 5 s]', false);
  await send('The same file again (nothing changes)', false);
} finally {
  await system.stop();
}
