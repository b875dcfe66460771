/**
 * GPS ingestion benchmark (issue 41), side by side with ../shared/peers (README there) in one run on this machine:
 * the bare-Node ceiling (node:http answering 202, nothing else), the naive monolith (Express + one INSERT per request)
 * and our POST /api/gps through the whole built system, with 5,000 devices each bound to a truck of its own (tokens
 * spread over the requests, every position new). All three are started first, then measured in interleaved rounds
 * (ceiling, naive, ours one position per request, ours batches of 100; then again), each with wrk as the peers'
 * harness runs it (2 threads, 50 connections, BENCH_SECONDS after a 5 s warm-up in the first round; bench/gps-wrk.lua),
 * because this machine drifts between runs minutes apart. Prints every round's figures with the machine's load and
 * ratios, each one's median round, and the goals; asserts nothing. Then, on our system alone:
 *  - latency at a steady 2,000 positions/s (autocannon, which can hold a rate), once svc-telematics has written every
 *    position accepted before;
 *  - GET /api/gps/latest with BENCH_GPS_STORED positions stored for 5,000 trucks (seeded straight into Postgres).
 *   BENCH_SECONDS      seconds per measurement (default 15)
 *   BENCH_ROUNDS       rounds (default 3)
 *   BENCH_CONNECTIONS  connections (default 50)
 *   BENCH_GPS_STORED   positions stored for the last scenario (default 10000000; 0 leaves it out)
 *   BENCH_GPS_AUTOCANNON=1  each round also measures our single posts with autocannon (the client this benchmark used
 *                      before, in Node), to show what the client changes
 *   BENCH_GPS_BACKLOG_ONLY=1  our system alone, one round, and svc-telematics' rate writing its backlog (comparing
 *                      two builds of svc-telematics, run after one another)
 * Needs wrk (Debian: apt-get install wrk).
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, repoRoot, startIsolatedSystem } from '../scripts/system.mjs';
import { gpsPositions, registerDevices, seedTrucks, signIn } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const stored = Number(process.env.BENCH_GPS_STORED ?? 10_000_000);
const backlogOnly = process.env.BENCH_GPS_BACKLOG_ONLY === '1';
const withAutocannon = process.env.BENCH_GPS_AUTOCANNON === '1';
const DEVICES = 5000;
const THREADS = 2;
const BATCH = 100;
const PEERS = path.resolve(repoRoot, '../shared/peers');
const WRK_SCRIPT = path.join(repoRoot, 'bench/gps-wrk.lua');

try {
  execFileSync('wrk', ['--version'], { stdio: 'ignore' });
} catch (error) {
  // wrk prints its version and exits 1; only a missing wrk throws ENOENT.
  if (error.code === 'ENOENT') throw new Error('bench/gps.mjs measures with wrk, as the peers do: apt-get install wrk');
}

/** Positions are numbered across the whole run (bench/gps-wrk.lua: each wrk thread a range of 10 million of its own). */
const SINCE_MS = Date.now() - 30 * 24 * 3_600_000;
let nextStart = 0;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** One wrk run: answers requests/s, positions/s, latency percentiles (ms) and failures. */
function wrk(url, { batch = 1, tokensFile, duration = seconds }) {
  const start = nextStart;
  nextStart += THREADS * 10_000_000;
  const env = { ...process.env, THREADS: String(THREADS), DEVICES: String(DEVICES), BATCH: String(batch), START: String(start), SINCE_MS: String(SINCE_MS) };
  if (tokensFile) env.TOKENS_FILE = tokensFile;
  else delete env.TOKENS_FILE;
  const args = ['-t', String(THREADS), '-c', String(connections), '-d', `${duration}s`, '--timeout', '10s', '-s', WRK_SCRIPT, url];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', (code) => {
      const line = out.split('\n').find((text) => text.startsWith('{"requests"'));
      if (code !== 0 || !line) return reject(new Error(`wrk exited ${code}: ${err || out}`));
      const figures = JSON.parse(line);
      const perSecond = figures.requests / figures.seconds;
      resolve({ ...figures, perSecond, positionsPerSecond: perSecond * batch, failed: figures.non2xx + figures.errors, firstRefusal: err.trim().split('\n')[0] });
    });
  });
}

const describe = (title, figures, unit = 'req/s') =>
  `${title.padEnd(34)} ${String(Math.round(unit === 'pos/s' ? figures.positionsPerSecond : figures.perSecond)).padStart(7)} ${unit}  ` +
  `p50 ${figures.p50.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms  ${figures.requests} requests, ${figures.failed} failed` +
  `${figures.failed && figures.firstRefusal ? ` (${figures.firstRefusal})` : ''}`;

function run(title, { url, method = 'POST', headers = {}, body, connections: conns = connections, rate, duration = seconds }) {
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
      console.log(
        `${title.padEnd(46)} ${String(Math.round(result.requests.average)).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
          `${result.requests.total} requests, ${failed} failed${firstFailure ? ` (first: ${firstFailure})` : ''}`,
      );
      resolve({ result });
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

/** A database of its own for the naive monolith (it makes its tables); answers its URL and how to drop it. */
async function ownDatabase(name) {
  const admin = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
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
    // Already all written when asked (the backlog was small): no rate to tell.
    return { ms, perSecond: first >= accepted ? undefined : Math.round(((accepted - first) * 1000) / ms) };
  } finally {
    await db.end();
  }
}

const json = { 'content-type': 'application/json' };
const position = gpsPositions(DEVICES);
let counter = 0;
const median = (values) => [...values].sort((x, y) => x - y)[values.length >> 1];
const ratio = (x, y) => `${(x / y).toFixed(2)}x`;

console.log(`\nGPS ingestion: wrk, ${THREADS} threads, ${connections} connections, ${seconds} s a measurement, ${rounds} interleaved rounds; ${os.cpus().length} cores\n`);
const stops = [];
try {
  // All three first, then the rounds: each round measures each server in turn, within a minute of the others.
  const ceiling = backlogOnly ? undefined : await startPeer('ceiling.mjs', {});
  if (ceiling) stops.push(ceiling.stop);
  const naiveDatabase = backlogOnly ? undefined : await ownDatabase(`tms_bench_naive_${process.pid}`);
  if (naiveDatabase) stops.push(naiveDatabase.drop);
  const naive = naiveDatabase && (await startPeer('server.mjs', { DATABASE_URL: naiveDatabase.url }));
  if (naive) stops.push(naive.stop);
  const system = await startIsolatedSystem({ label: 'benchgps', env: { GPS_RATE_LIMIT_PER_SECOND: '100000', GPS_RATE_LIMIT_BURST: '100000' } });
  stops.push(system.stop);
  const cookie = await signIn(system.url, 'bench@example.com');
  // Each device is an ELD bound to its own truck, as in a fleet.
  await seedTrucks(system.databaseUrl, DEVICES);
  const tokens = await registerDevices(system, cookie, DEVICES);
  const tokensFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'tms-bench-gps-')), 'tokens');
  writeFileSync(tokensFile, `${tokens.join('\n')}\n`);
  const ours = `${system.url}/api/gps`;
  const device = (n) => ({ ...json, authorization: `Bearer ${tokens[n % DEVICES]}` });

  const targets = [
    ...(backlogOnly ? [] : [
      { key: 'ceiling', title: 'bare node:http ceiling', url: `${ceiling.url}/api/gps` },
      { key: 'naive', title: 'naive monolith (INSERT per request)', url: `${naive.url}/api/gps` },
    ]),
    { key: 'single', title: `ours, ${DEVICES} devices, 1 per request`, url: ours, tokensFile },
    { key: 'batched', title: `ours, batches of ${BATCH}`, url: ours, tokensFile, batch: BATCH, unit: 'pos/s' },
  ];
  /** Positions our system acknowledged: svc-telematics has them all to write. */
  let accepted = 0;
  const measured = async (target, duration) => {
    const result = await wrk(target.url, { ...target, duration });
    if (target.url === ours) accepted += (result.requests - result.non2xx) * (target.batch ?? 1);
    return result;
  };
  for (const target of targets) await measured(target, 5); // warm-up: code compiled, pools open
  const figures = Object.fromEntries(targets.map((target) => [target.key, []]));
  for (let round = 1; round <= (backlogOnly ? 1 : rounds); round++) {
    console.log(`Round ${round} (load average ${loadAverage()})`);
    for (const target of targets) {
      const result = await measured(target, seconds);
      figures[target.key].push(result);
      console.log(`  ${describe(target.title, result, target.unit)}`);
      if (withAutocannon && target.key === 'single') {
        const { result: other } = await run(`  ours, 1 per request, with autocannon`, {
          url: ours,
          body: () => {
            const n = counter++;
            return { headers: device(n), body: JSON.stringify(position(n)) };
          },
        });
        accepted += other['2xx'];
      }
    }
    if (!backlogOnly) {
      const [single, naiveRound, ceilingRound, batched] = ['single', 'naive', 'ceiling', 'batched'].map((key) => figures[key].at(-1));
      console.log(
        `  single: ${ratio(single.perSecond, naiveRound.perSecond)} the naive monolith, ${(single.perSecond / ceilingRound.perSecond).toFixed(2)} of the ceiling; ` +
          `batches: ${ratio(batched.positionsPerSecond, naiveRound.perSecond)} the naive monolith`,
      );
    }
  }
  // Batches are taken faster than svc-telematics writes them: its rate writing the backlog, with the CPU to itself.
  const written = await positionsWritten(system.databaseUrl, accepted);
  console.log(
    written.perSecond === undefined
      ? '\nsvc-telematics had written every accepted position by the end of the last measurement'
      : `\n${'svc-telematics writing the backlog to Postgres'.padEnd(46)} ${String(written.perSecond).padStart(7)} pos/s  ` +
          `(every accepted position stored ${(written.ms / 1000).toFixed(1)} s after the last measurement)`,
  );

  if (!backlogOnly) {
    const middle = (key, pick = (result) => result.perSecond) => median(figures[key].map(pick));
    const [ceilingRate, naiveRate, singleRate, batchedRate] = [middle('ceiling'), middle('naive'), middle('single'), middle('batched', (result) => result.positionsPerSecond)];
    const singleP99 = middle('single', (result) => result.p99);
    console.log(`\nMedian rounds: ceiling ${Math.round(ceilingRate)} req/s, naive ${Math.round(naiveRate)} req/s, ours ${Math.round(singleRate)} req/s (p99 ${singleP99.toFixed(1)} ms), batches ${Math.round(batchedRate)} pos/s`);
    console.log(`Single positions: ${ratio(singleRate, naiveRate)} the naive monolith (goal 4x), ${(singleRate / ceilingRate).toFixed(2)} of the ceiling (goal 0.2), p99 ${singleP99.toFixed(1)} ms at ${connections} connections (goal 50 ms)`);
    console.log(`Batches of ${BATCH}:   ${ratio(batchedRate, naiveRate)} the naive monolith in positions/s (goal 40x)`);
    console.log(`Every round: ${figures.single.map((single, index) => `${ratio(single.perSecond, figures.naive[index].perSecond)} / ${(single.perSecond / figures.ceiling[index].perSecond).toFixed(2)} / ${ratio(figures.batched[index].positionsPerSecond, figures.naive[index].perSecond)}`).join(', ')} (single vs naive / single vs ceiling / batches vs naive)\n`);

    const steady = await run('POST /api/gps at a steady 2,000 positions/s', {
      url: ours,
      rate: 2000,
      body: () => {
        const n = counter++;
        return { headers: device(n), body: JSON.stringify(position(n)) };
      },
    });
    console.log(`At 2,000/s: p99 ${steady.result.latency.p99} ms (goal < 50 ms)`);
    if (stored > 0) await latestWithStored(system, cookie);
  }
} finally {
  while (stops.length) await stops.pop()();
}

/** GET /api/gps/latest with `stored` positions: seeded straight into Postgres (the API would take hours). */
async function latestWithStored(system, cookie) {
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
  console.log(`Latest: p50 ${latest.result.latency.p50} ms with ${rows[0].positions} positions stored (goal < 15 ms)`);
}
