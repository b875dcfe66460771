/**
 * GPS ingestion benchmark, one run on this machine, side by side with ../shared/peers (README there):
 *  1. the bare-Node ceiling (node:http answering 202, nothing else);
 *  2. the naive monolith (Express + one INSERT per request);
 *  3. our POST /api/gps through the whole built system, 5,000 devices, one position per request;
 *  4. the same with batches of 100 positions (positions per second);
 *  5. latency at a steady 2,000 positions/s, once svc-telematics has written every position accepted before;
 *  6. GET /api/gps/latest with BENCH_GPS_STORED positions stored for 5,000 trucks (seeded straight into Postgres).
 * Prints each figure and the ratios; asserts nothing.
 *   BENCH_SECONDS      seconds per scenario (default 10)
 *   BENCH_CONNECTIONS  connections (default 50)
 *   BENCH_GPS_STORED   positions stored for scenario 6 (default 10000000)
 *   BENCH_GPS_BACKLOG_ONLY=1  only scenarios 3 and 4 and svc-telematics' rate writing their backlog (comparing two
 *                      builds of svc-telematics, run after one another)
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, repoRoot, startIsolatedSystem } from '../scripts/system.mjs';
import { benchTruckId, seedTrucks, signIn } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const stored = Number(process.env.BENCH_GPS_STORED ?? 10_000_000);
const backlogOnly = process.env.BENCH_GPS_BACKLOG_ONLY === '1';
const DEVICES = 5000;
const PEERS = path.resolve(repoRoot, '../shared/peers');

const truckId = (n) => benchTruckId(n % DEVICES);
let counter = 0;
/** The first position's time: a day back, so that the millions a run sends (7 ms apart) all stay in the past. */
const since = Date.now() - 24 * 3_600_000;
/** A position as gps.lua makes it, with a timestamp that never repeats for a truck within a run. */
function position(n = counter++) {
  const at = new Date(since + n * 7).toISOString();
  return { truckId: truckId(n), latitude: 30 + (n % 1000) / 100, longitude: -97 - (n % 700) / 100, speed: n % 70, heading: n % 360, timestamp: at };
}

function run(title, { url, method = 'POST', headers = {}, body, connections: conns = connections, rate, perRequest = 1, duration = seconds }) {
  let firstFailure;
  const request = {
    method,
    ...(body && { setupRequest: (raw) => ({ ...raw, ...body() }) }),
    onResponse: (status, text) => {
      if (status >= 400 && !firstFailure) firstFailure = `${status} ${text.slice(0, 160)}`;
    },
  };
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: conns, duration, requests: [request], ...(rate && { overallRate: rate }) }, (error, result) => {
      if (error) return reject(error);
      const failed = result.non2xx + result.errors + result.timeouts;
      const perSecond = Math.round(result.requests.average * perRequest);
      console.log(
        `${title.padEnd(46)} ${String(perSecond).padStart(7)} ${perRequest > 1 ? 'pos/s' : 'req/s'}  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
          `${result.requests.total} requests, ${failed} failed${firstFailure ? ` (first: ${firstFailure})` : ''}`,
      );
      resolve({ perSecond, result });
    });
  });
}

async function startPeer(file, env) {
  // The peers folder is read-only: run a copy from here, so that express and pg resolve from our node_modules.
  const dir = path.join(repoRoot, 'test-results', 'bench-peers');
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(PEERS, file), path.join(dir, file));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(dir, file)], { env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

async function withDatabase(name, use) {
  const admin = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  }
}

/**
 * Waits until Postgres holds `accepted` positions; answers how long that took (ms) and how many positions per second
 * svc-telematics wrote meanwhile (its rate with the CPU to itself).
 */
async function positionsWritten(databaseUrl, accepted) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const stored = async () => (await db.query(`SELECT count(*)::int AS stored FROM telematics.positions`)).rows[0].stored;
  const since = Date.now();
  const first = await stored();
  try {
    for (let now = first; now < accepted; now = await stored()) {
      if (Date.now() - since > 300_000) throw new Error(`Only ${now} of ${accepted} accepted positions were written in 5 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const ms = Date.now() - since;
    return { ms, perSecond: ms ? Math.round(((accepted - first) * 1000) / ms) : 0 };
  } finally {
    await db.end();
  }
}

const json = { 'content-type': 'application/json' };
console.log(`\nGPS ingestion, ${connections} connections, ${seconds} s per scenario\n`);

async function peers() {
  const ceilingPeer = await startPeer('ceiling.mjs', {});
  const ceiling = await run('bare node:http ceiling', { url: `${ceilingPeer.url}/api/gps`, headers: json, body: () => ({ body: JSON.stringify(position()) }) });
  ceilingPeer.stop();
  const naive = await withDatabase(`tms_bench_naive_${process.pid}`, async (databaseUrl) => {
    const peer = await startPeer('server.mjs', { DATABASE_URL: databaseUrl });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    try {
      return await run('naive monolith (INSERT per request)', { url: `${peer.url}/api/gps`, headers: json, body: () => ({ body: JSON.stringify(position()) }) });
    } finally {
      peer.stop();
    }
  });
  return { ceiling, naive };
}
const { ceiling, naive } = backlogOnly ? {} : await peers();

const system = await startIsolatedSystem({ label: 'benchgps', env: { GPS_RATE_LIMIT_PER_SECOND: '100000', GPS_RATE_LIMIT_BURST: '100000' } });
try {
  const cookie = await signIn(system.url, 'bench@example.com');
  const headers = { cookie, ...json, origin: new URL(system.url).origin };
  // Each device is an ELD bound to its own truck, as in a fleet.
  await seedTrucks(system.databaseUrl, DEVICES);
  const tokens = [];
  for (let start = 0; start < DEVICES; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, DEVICES - start) }, async (_, i) => {
        const body = JSON.stringify({ name: `Bench ${start + i}`, truckId: truckId(start + i) });
        const response = await fetch(`${system.url}/api/devices`, { method: 'POST', headers, body });
        if (response.status !== 201) throw new Error(`Registering a device answered ${response.status}: ${await response.text()}`);
        return (await response.json()).token;
      }),
    );
    tokens.push(...batch);
  }
  const device = (n) => ({ ...json, authorization: `Bearer ${tokens[n % DEVICES]}` });
  const single = await run(`POST /api/gps, ${DEVICES} devices, 1 per request`, {
    url: `${system.url}/api/gps`,
    body: () => {
      const n = counter++;
      return { headers: device(n), body: JSON.stringify(position(n)) };
    },
  });
  const batched = await run(`POST /api/gps, batches of 100`, {
    url: `${system.url}/api/gps`,
    perRequest: 100,
    body: () => {
      const n = counter;
      counter += 100;
      // A device's batch holds its own truck's positions.
      return { headers: device(n), body: JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ ...position(n + i), truckId: truckId(n) }))) };
    },
  });
  // Batches are taken faster than svc-telematics writes them: measure the steady rate on a settled system, once every
  // accepted position is in Postgres, not while the backlog competes for the same two cores.
  const written = await positionsWritten(system.databaseUrl, single.result['2xx'] + batched.result['2xx'] * 100);
  console.log(
    `${'svc-telematics writing the backlog to Postgres'.padEnd(46)} ${String(written.perSecond).padStart(7)} pos/s  ` +
      `(every accepted position stored ${(written.ms / 1000).toFixed(1)} s after the batches ended)`,
  );
  if (!backlogOnly) {
    const steady = await run('POST /api/gps at a steady 2,000 positions/s', {
      url: `${system.url}/api/gps`,
      rate: 2000,
      body: () => {
        const n = counter++;
        return { headers: device(n), body: JSON.stringify(position(n)) };
      },
    });

    // Scenario 6: seed straight into Postgres (the API would take hours), then read through the whole path.
    const db = new pg.Client({ connectionString: system.databaseUrl });
    await db.connect();
    console.log(`\nSeeding ${stored.toLocaleString('en-US')} positions for ${DEVICES} trucks...`);
    const chunk = 1_000_000;
    for (let from = 0; from < stored; from += chunk) {
      await db.query(
        `INSERT INTO telematics.positions (id, device_id, truck_id, latitude, longitude, speed, heading, recorded_at)
         SELECT gen_random_uuid(), '00000000-0000-4000-8000-000000000000', ('00000000-0000-4000-8000-' || lpad((n % ${DEVICES})::text, 12, '0'))::uuid,
                30 + (n % 1000) / 100.0, -97 - (n % 700) / 100.0, n % 70, n % 360, now() - make_interval(secs => n / 100.0)
         FROM generate_series($1::bigint, $2::bigint) AS n ON CONFLICT DO NOTHING`,
        [from, Math.min(stored, from + chunk) - 1],
      );
    }
    await db.query(
      `INSERT INTO telematics.latest_positions AS l (subject_kind, subject_id, position_id, device_id, truck_id, latitude, longitude, speed, heading, recorded_at, created_at)
       SELECT DISTINCT ON (truck_id) 'truck', truck_id, id, device_id, truck_id, latitude, longitude, speed, heading, recorded_at, created_at
       FROM telematics.positions WHERE recorded_at > now() - interval '1 hour' ORDER BY truck_id, recorded_at DESC
       ON CONFLICT (subject_kind, subject_id) DO UPDATE SET recorded_at = EXCLUDED.recorded_at WHERE l.recorded_at < EXCLUDED.recorded_at`,
    );
    // A store that has held its positions for a while has been vacuumed and checkpointed: measure that, not Postgres
    // digesting a bulk load of millions of rows while the scenario runs.
    await db.query(`VACUUM (ANALYZE) telematics.positions`);
    await db.query(`VACUUM (ANALYZE) telematics.latest_positions`);
    await db.query(`CHECKPOINT`);
    const { rows } = await db.query(`SELECT count(*) AS positions FROM telematics.positions`);
    await db.end();
    console.log(`${rows[0].positions} positions stored\n`);
    const latest = await run(`GET /api/gps/latest (${DEVICES} trucks)`, { url: `${system.url}/api/gps/latest`, method: 'GET', headers: { cookie }, connections: 1 });

    const ratio = (a, b) => `${(a / b).toFixed(2)}x`;
    console.log(`\nSingle positions: ${ratio(single.perSecond, naive.perSecond)} the naive monolith (goal 3x), ${ratio(single.perSecond, ceiling.perSecond)} of the ceiling (goal 0.33x)`);
    console.log(`Batches of 100:   ${ratio(batched.perSecond, naive.perSecond)} the naive monolith in positions/s (goal 30x)`);
    console.log(`At 2,000/s:       p99 ${steady.result.latency.p99} ms (goal < 50 ms)`);
    console.log(`Latest:           p50 ${latest.result.latency.p50} ms with ${rows[0].positions} positions stored (goal < 15 ms)`);
  }
} finally {
  await system.stop();
}
