/**
 * What logging, metrics and request ids cost (issue 32, point 5: at most 5% on the GPS and list paths), as CPU time
 * per request, which a shared machine disturbs far less than requests per second.
 *   node bench/observe-cost.mjs <checkout> [<checkout>...]
 * Starts one isolated system from each built checkout (the first is "before", e.g. a worktree of a commit before
 * observability; this checkout, when not named, is added last), each part with its metrics port (HEALTH_PORT) and
 * JSON logs as in production, then, in rounds, sends every system at the same time:
 *  - GPS: single-position POST /api/gps at a fixed rate, from BENCH_DEVICES devices;
 *  - list: GET /api/trucks (BENCH_LIST_ROWS rows) at a fixed rate;
 * and reads the gateway's (and, for the list, svc-core's) CPU seconds from /proc/<pid>/stat before and after:
 * CPU µs per request. Prints every figure, the medians and each checkout's ratio to the first.
 *   BENCH_SECONDS    seconds per scenario (default 15)
 *   BENCH_ROUNDS     rounds (default 5)
 *   BENCH_GPS_RATE   GPS requests per second, to each system (default 1500)
 *   BENCH_LIST_RATE  list requests per second, to each system (default 30)
 *   BENCH_DEVICES    GPS devices (default 100)
 *   BENCH_LIST_ROWS  the list's rows (default 1000)
 *   BENCH_PROFILE=1  instead, this checkout alone, its gateway and svc-core under V8's sampling profiler: the share of
 *                    their CPU, during the GPS and the list runs, spent in logging, metrics and request-id code
 *                    (each sample goes to the nearest frame of a file of ours or of a package; OBSERVING lists the
 *                    files that count), which no neighbour on the machine moves. What a store entered in an
 *                    AsyncLocalStorage costs every promise (services keep one per request) is spread too thin to be
 *                    named by a frame: the side-by-side comparison is what shows it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { repoRoot } from '../scripts/system.mjs';
import { benchTruckId, databaseWith, seedTrucks, signIn } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const gpsRate = Number(process.env.BENCH_GPS_RATE ?? 1500);
const listRate = Number(process.env.BENCH_LIST_RATE ?? 30);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100);
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1000);
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

const profiling = process.env.BENCH_PROFILE === '1';
const checkouts = profiling ? [] : process.argv.slice(2).map((dir) => path.resolve(dir));
if (!checkouts.length && !profiling) throw new Error('Name the "before" checkout (built), e.g. node bench/observe-cost.mjs ../h-observe-base');
if (!checkouts.includes(repoRoot)) checkouts.push(repoRoot);
/** The parts profiled (BENCH_PROFILE), each writing its profile into a folder of its own when it exits. */
const PROFILED = ['svc-gateway', 'svc-core'];
const profileDir = profiling ? mkdtempSync(path.join(os.tmpdir(), 'tms-observe-profile-')) : undefined;
/** Logging, metrics and request ids: our files of them, and the packages they use. */
const OBSERVING =
  /\/svc-gateway\/dist\/http\/(observed-requests|request-ids)\.js$|\/service-kit\/dist\/(observed-requests|request-id|observe|logging|metrics|tracing)\.js$|\/node_modules\/(prom-client|pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|safe-stable-stringify|atomic-sleep|on-exit-leak-free)\//;
/** Microseconds of the monotonic clock, as V8's profiles time their samples. */
const clockMicros = () => Number(process.hrtime.bigint() / 1000n);

const commitOf = (dir) => execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD']).toString().trim();
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** A process's CPU seconds so far, user and system, all its threads (GC and libuv's included). */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's name (which may hold spaces, in parentheses): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The pid of a system's part (svc-gateway, svc-core): the process working in its folder on the system's database. */
function pidOf(dir, part, databaseUrl) {
  const cwd = path.join(dir, part);
  const pids = readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      return readlinkSync(`/proc/${entry}/cwd`) === cwd && readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`DATABASE_URL=${databaseUrl}`);
    } catch {
      return false; // gone meanwhile
    }
  });
  if (pids.length !== 1) throw new Error(`${pids.length} processes of ${part} run in ${dir} on ${databaseUrl}`);
  return Number(pids[0]);
}

/** A fixed-rate autocannon run; answers how many requests were answered and the latency. */
function load({ url, method = 'GET', headers, rate, request }) {
  let firstFailure;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method,
        headers,
        connections: 20,
        overallRate: rate,
        duration: seconds,
        requests: [{ method, ...(request && { setupRequest: (raw) => ({ ...raw, ...request() }) }), onResponse: (status, text) => {
          if (status >= 400 && !firstFailure) firstFailure = `${status} ${text.slice(0, 160)}`;
        } }],
      },
      (error, result) => {
        if (error) return reject(error);
        const failed = result.non2xx + result.errors + result.timeouts;
        if (failed) console.log(`    ${failed} failed${firstFailure ? ` (first: ${firstFailure})` : ''}`);
        resolve({ answered: result.requests.total, meanMs: result.latency.average, p99Ms: result.latency.p99 });
      },
    );
  });
}

/** Runs `work` and answers the CPU µs each pid spent per request answered. */
async function cpuPerRequest(pids, work) {
  const before = pids.map(cpuSeconds);
  const result = await work();
  const micros = pids.map((pid, index) => ((cpuSeconds(pid) - before[index]) * 1e6) / result.answered);
  return { ...result, micros };
}

let counter = 0;
const since = Date.now() - 24 * 3_600_000;
const position = (n) => ({ truckId: benchTruckId(n % DEVICES), latitude: 30 + (n % 1000) / 100, longitude: -97 - (n % 700) / 100, speed: n % 70, heading: n % 360, timestamp: new Date(since + n * 7).toISOString() });

async function startFrom(dir) {
  const { startIsolatedSystem } = await import(path.join(dir, 'scripts/system.mjs'));
  const nodeArgs = profiling
    ? Object.fromEntries(PROFILED.map((part) => [part, ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, part)}`, '--cpu-prof-interval=100']]))
    : undefined;
  const system = await startIsolatedSystem({
    label: `cost${checkouts.indexOf(dir)}`,
    healthPorts: true,
    nodeArgs,
    env: { GPS_RATE_LIMIT_PER_SECOND: '100000', GPS_RATE_LIMIT_BURST: '100000', LOG_FORMAT: 'json' },
  });
  const cookie = await signIn(system.url, 'bench@example.com');
  const json = { 'content-type': 'application/json' };
  await seedTrucks(system.databaseUrl, DEVICES);
  const db = await databaseWith(system.databaseUrl, 'core.trucks');
  // The rest of the list's rows with the field lengths of a real fleet (as bench/list-hop.mjs seeds them).
  await db.query(
    `INSERT INTO core.trucks (truck_number, type, status, license_plate, vin, year, make, model, created_at)
     SELECT 'TRK-' || lpad(n::text, 6, '0'), (ARRAY['Dry Van','Refrigerated','Flatbed'])[1 + n % 3], 'available',
            'PLT-' || n, '1FUJGLDR' || lpad(n::text, 9, '0'), 2015 + n % 10, 'Freightliner', 'Cascadia', now() - n * interval '1 second'
     FROM generate_series((SELECT count(*) FROM core.trucks) + 1, $1) n`,
    [LIST_ROWS],
  );
  await db.end();
  const tokens = [];
  for (let n = 0; n < DEVICES; n++) {
    const response = await fetch(`${system.url}/api/devices`, {
      method: 'POST',
      headers: { cookie, ...json, origin: new URL(system.url).origin },
      body: JSON.stringify({ name: `Cost ${n}`, truckId: benchTruckId(n) }),
    });
    if (response.status !== 201) throw new Error(`Registering a device answered ${response.status}: ${await response.text()}`);
    tokens.push((await response.json()).token);
  }
  const rows = (await (await fetch(`${system.url}/api/trucks`, { headers: { cookie } })).json()).length;
  if (rows !== LIST_ROWS) throw new Error(`${dir}: the list has ${rows} rows, not ${LIST_ROWS}`);
  return {
    name: `${path.basename(dir)} (${commitOf(dir)})`,
    system,
    gps: () =>
      cpuPerRequest([pidOf(dir, 'svc-gateway', system.databaseUrl)], () =>
        load({ url: `${system.url}/api/gps`, method: 'POST', rate: gpsRate, request: () => {
          const n = counter++;
          return { headers: { ...json, authorization: `Bearer ${tokens[n % DEVICES]}` }, body: JSON.stringify(position(n)) };
        } }),
      ),
    list: () => cpuPerRequest([pidOf(dir, 'svc-gateway', system.databaseUrl), pidOf(dir, 'svc-core', system.databaseUrl)], () => load({ url: `${system.url}/api/trucks`, headers: { cookie }, rate: listRate })),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

/**
 * Of a part's profile, the samples taken within `spans` (monotonic µs) that were not idle, and those of them whose
 * nearest frame of a file (ours or a package's, not Node's own or native) is OBSERVING's, by that file.
 */
function observingSamples(file, spans) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node);
  const nearestFile = new Map();
  const fileOf = (node) => {
    if (!nearestFile.has(node.id)) {
      const { url } = node.callFrame;
      const parent = parents.get(node.id);
      nearestFile.set(node.id, url.startsWith('/') || url.startsWith('file://') ? url : parent ? fileOf(parent) : '');
    }
    return nearestFile.get(node.id);
  };
  let at = profile.startTime;
  let busy = 0;
  const observing = new Map();
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index];
    if (!spans.some(([from, to]) => at >= from && at <= to)) return;
    const node = nodes.get(id);
    if (node.callFrame.functionName === '(idle)') return;
    busy++;
    const url = fileOf(node);
    if (OBSERVING.test(url)) {
      const name = /\/node_modules\/([^/]+)\//.exec(url)?.[1] ?? path.basename(url);
      observing.set(name, (observing.get(name) ?? 0) + 1);
    }
  });
  return { busy, observing };
}

function printShares(windows) {
  console.log('\nShare of CPU in logging, metrics and request-id code (V8 samples every 100 µs):');
  for (const [run, spans, parts] of [['GPS runs', windows.gps, ['svc-gateway']], ['list runs', windows.list, PROFILED]]) {
    for (const part of parts) {
      const dir = path.join(profileDir, part);
      const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
      if (files.length !== 1) throw new Error(`${dir} holds ${files.length} profiles`);
      const { busy, observing } = observingSamples(path.join(dir, files[0]), spans);
      const total = [...observing.values()].reduce((sum, count) => sum + count, 0);
      const percent = (count) => `${((count / busy) * 100).toFixed(2)}%`;
      const split = [...observing].sort((a, b) => b[1] - a[1]).map(([name, count]) => `${name} ${percent(count)}`);
      console.log(`  ${run.padEnd(9)} ${part.padEnd(11)} ${percent(total).padStart(6)} of ${busy} busy samples${split.length ? ` (${split.join(', ')})` : ''}`);
    }
  }
}

const systems = [];
const stopAll = async () => {
  while (systems.length) await systems.pop().system.stop();
};
try {
  for (const dir of checkouts) systems.push(await startFrom(dir));
  const names = systems.map((each) => each.name);
  console.log(`\nCPU per request, ${seconds} s per run, GPS at ${gpsRate}/s (1 position, ${DEVICES} devices), GET /api/trucks (${LIST_ROWS} rows) at ${listRate}/s\n`);
  // Warm-up, not counted: each path compiled, pools open.
  for (const each of systems) {
    await each.gps();
    await each.list();
  }
  const figures = systems.map(() => ({ gps: [], listGateway: [], listCore: [], listMean: [] }));
  /** When the (profiled) runs ran, in monotonic µs. */
  const windows = { gps: [], list: [] };
  const timed = async (spans, run) => {
    const from = clockMicros();
    const result = await run();
    spans.push([from, clockMicros()]);
    return result;
  };
  for (let round = 1; round <= rounds; round++) {
    // The systems take their load at the same time: whatever else the machine does meanwhile falls on each alike (run
    // one after the other, the second ran 10-45 µs higher per GPS request, whichever it was).
    await settle();
    const loadNow = loadAverage();
    const gpsRuns = await timed(windows.gps, () => Promise.all(systems.map((each) => each.gps())));
    await settle();
    const listRuns = await timed(windows.list, () => Promise.all(systems.map((each) => each.list())));
    systems.forEach((each, index) => {
      const [gps, list] = [gpsRuns[index], listRuns[index]];
      const mine = figures[index];
      mine.gps.push(gps.micros[0]);
      mine.listGateway.push(list.micros[0]);
      mine.listCore.push(list.micros[1]);
      mine.listMean.push(list.meanMs);
      console.log(
        `round ${round} ${each.name.padEnd(28)} load ${loadNow}  GPS gateway ${gps.micros[0].toFixed(1)} µs/req (p99 ${gps.p99Ms} ms)  ` +
          `list gateway ${list.micros[0].toFixed(0)} µs/req, svc-core ${list.micros[1].toFixed(0)} µs/req, mean ${list.meanMs.toFixed(2)} ms`,
      );
    });
  }
  // Profiles are written as the parts exit.
  if (profiling) {
    await stopAll();
    printShares(windows);
    rmSync(profileDir, { recursive: true, force: true });
  }
  console.log('\nMedians (ratio to the first):');
  const base = figures[0];
  names.forEach((name, index) => {
    const mine = figures[index];
    const line = (label, values, baseline, digits) =>
      `${label} ${median(values).toFixed(digits)} (${(median(values) / median(baseline)).toFixed(3)}x)`;
    console.log(
      `  ${name.padEnd(28)} ${line('GPS gateway µs/req', mine.gps, base.gps, 1)}  ${line('list gateway µs/req', mine.listGateway, base.listGateway, 0)}  ` +
        `${line('svc-core µs/req', mine.listCore, base.listCore, 0)}  ${line('list mean ms', mine.listMean, base.listMean, 2)}`,
    );
  });
} finally {
  await stopAll();
}
