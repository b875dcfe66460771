/**
 * Where a single-position POST /api/gps spends the machine's CPU (issue 41, point 1):
 *   node bench/gps-profile.mjs
 * Starts one isolated system with its gateway and svc-telematics under V8's sampling profiler, registers BENCH_DEVICES
 * devices each bound to a truck of its own, and sends single positions from BENCH_CONNECTIONS connections (every
 * position new, tokens spread over the requests) for BENCH_SECONDS after a warm-up. Then prints:
 *  - each process's CPU per request (from /proc: the gateway, svc-telematics, the NATS server, Postgres, this client),
 *    so the request's whole cost is seen, not only the gateway's;
 *  - the gateway's CPU by step of a request (each sample to the first step found on its stack, most specific first:
 *    see STEPS), and svc-telematics' by step of its writer.
 * Shares of one process's samples do not move with what the machine does meanwhile; the µs figures do, somewhat.
 *   BENCH_SECONDS (default 15), BENCH_CONNECTIONS (default 50), BENCH_DEVICES (default 5000)
 *   BENCH_NODE_ARGS  more node arguments for the profiled parts (e.g. '--max-semi-space-size=32', to try a V8 setting)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import autocannon from 'autocannon';
import { gpsStreams } from '@tms/contracts';
import { repoRoot, startIsolatedSystem } from '../scripts/system.mjs';
import { gpsPositions, registerDevices, seedTrucks, signIn } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 5000);
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
const PROFILED = ['svc-gateway', 'svc-telematics'];
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'tms-gps-profile-'));

/**
 * The steps of a device request and of the writer, each a test of one stack frame (its function name and file). A
 * sample counts for the first step, in this order, that any frame of its stack passes: the most specific first (the
 * token's hash runs inside the request's handler, which runs inside node's HTTP parser).
 */
const STEPS = [
  ['garbage collection', (fn) => fn === '(garbage collector)'],
  ['native, no JS on the stack (program)', (fn) => fn === '(program)'],
  ['token check (hash, grant lookup)', (fn, url) => /device-grants\.js$|device-token\.js$/.test(url) || fn === 'admit'],
  ['rate limit', (fn, url) => /rate-limiter\.js$/.test(url)],
  ['validation (zod, binding rule)', (fn, url) => /\/zod\/|\/contracts\/dist\/telematics\//.test(url) || fn === 'checkGpsBody'],
  ['body (read, JSON.parse)', (fn, url) => /request-body\.js$/.test(url)],
  ['request id and metrics', (fn, url) => /request-id\.js$|observed-requests\.js$|\/prom-client\/|\/pino\/|gps-metrics\.js$/.test(url)],
  ['JetStream publish and ack (client)', (fn, url) => /gps-group-publisher\.js$|\/@nats-io\//.test(url)],
  ['writer: decode and check', (fn, url) => /positions\.consumer\.js$|refused-positions\.js$|dead-letters\.js$/.test(url)],
  ['writer: IFTA totals', (fn, url) => /\/ifta\//.test(url)],
  ['writer: Postgres client (pg)', (fn, url) => /\/node_modules\/(pg|pg-protocol|pg-pool|typeorm)\//.test(url)],
  ['writer: positions', (fn, url) => /\/positions\/.*\.js$/.test(url)],
  ['answer (writeHead, end)', (fn) => fn === 'writeHead' || fn === 'end' || fn === '_writeRaw' || fn === '_send'],
  ['HTTP parsing and sockets (node)', (fn, url) => /^node:(_http|net|internal\/(streams|stream_base|http|net)|stream)/.test(url) || /^parserOn/.test(fn)],
  ['device routing (device-requests)', (fn, url) => /device-requests\.js$/.test(url)],
];

/** A process's CPU seconds so far, user and system. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0; // gone meanwhile (a Postgres backend closing)
  }
}

const processes = () => readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
const commandOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};
/** A part's process: the one working in its folder on this system's database. */
function pidOf(part, databaseUrl) {
  const cwd = path.join(repoRoot, part);
  const pids = processes().filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === cwd && readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATABASE_URL=${databaseUrl}`);
    } catch {
      return false;
    }
  });
  if (pids.length !== 1) throw new Error(`${pids.length} processes of ${part} on ${databaseUrl}`);
  return pids[0];
}
/**
 * CPU seconds of every process whose command is `name` (Postgres: its server and every backend), by pid: a backend
 * that exits takes its seconds with it, so a delta is taken over the pids seen at both ends (and new ones whole).
 */
const cpuByPid = (name) => new Map(processes().filter((pid) => commandOf(pid) === name).map((pid) => [pid, cpuSeconds(pid)]));
function cpuDelta(before, after) {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}
/** The machine's busy and total CPU seconds, from /proc/stat. */
function machine() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4];
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

/** One profile's busy samples within `[from, to]` (monotonic µs), by step. */
function samplesBySteps(file, from, to) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const stepOf = new Map();
  const step = (id) => {
    if (stepOf.has(id)) return stepOf.get(id);
    const stack = [];
    for (let at = id; at !== undefined; at = parents.get(at)) stack.push(nodes.get(at).callFrame);
    const found = STEPS.find(([, test]) => stack.some((frame) => test(frame.functionName, frame.url)));
    const name = found?.[0] ?? 'other';
    stepOf.set(id, name);
    return name;
  };
  let at = profile.startTime;
  let busy = 0;
  const counts = new Map();
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index];
    if (at < from || at > to) return;
    const name = nodes.get(id).callFrame.functionName;
    if (name === '(idle)') return;
    busy++;
    const which = step(id);
    counts.set(which, (counts.get(which) ?? 0) + 1);
  });
  return { busy, counts };
}

const clockMicros = () => Number(process.hrtime.bigint() / 1000n);
const json = { 'content-type': 'application/json' };
const position = gpsPositions(DEVICES);
let counter = 0;

const extraArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const nodeArgs = Object.fromEntries(PROFILED.map((part) => [part, [...extraArgs, '--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, part)}`, '--cpu-prof-interval=200']]));
const system = await startIsolatedSystem({ label: 'gpsprof', nodeArgs, env: { GPS_RATE_LIMIT_PER_SECOND: '100000', GPS_RATE_LIMIT_BURST: '100000' } });
let window;
let perProcess;
try {
  const cookie = await signIn(system.url, 'bench@example.com');
  await seedTrucks(system.databaseUrl, DEVICES);
  const tokens = await registerDevices(system, cookie, DEVICES);
  const run = (duration) =>
    new Promise((resolve, reject) =>
      autocannon(
        {
          url: `${system.url}/api/gps`,
          method: 'POST',
          connections,
          duration,
          requests: [{ method: 'POST', setupRequest: (raw) => {
            const n = counter++;
            return { ...raw, headers: { ...json, authorization: `Bearer ${tokens[n % DEVICES]}` }, body: JSON.stringify(position(n)) };
          } }],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
  await run(5); // warm-up: code compiled, pools open
  const gateway = pidOf('svc-gateway', system.databaseUrl);
  const telematics = pidOf('svc-telematics', system.databaseUrl);
  const single = (pid) => () => new Map([[pid, cpuSeconds(pid)]]);
  const sources = {
    'svc-gateway': single(gateway),
    'svc-telematics': single(telematics),
    'nats-server': () => cpuByPid('nats-server'),
    'postgres (all databases)': () => cpuByPid('postgres'),
    'this client (autocannon)': () => {
      const { user, system: sys } = process.cpuUsage();
      return new Map([[process.pid, (user + sys) / 1e6]]);
    },
  };
  /** Messages in the GPS streams: how many requests each JetStream publish carried (the gateway groups them). */
  const streamMessages = async () => {
    const nc = await connect({ servers: system.natsUrl });
    try {
      const jsm = await jetstreamManager(nc);
      let sum = 0;
      for (const { name } of gpsStreams(system.subjectRoot)) sum += (await jsm.streams.info(name)).state.last_seq; // a work queue: its messages go once written, their numbers stay
      return sum;
    } finally {
      await nc.close();
    }
  };
  const messagesBefore = await streamMessages();
  const before = Object.fromEntries(Object.entries(sources).map(([name, read]) => [name, read()]));
  const machineBefore = machine();
  const from = clockMicros();
  const result = await run(seconds);
  const to = clockMicros();
  const machineAfter = machine();
  window = [from, to];
  const answered = result['2xx'];
  perProcess = Object.entries(sources).map(([name, read]) => [name, (cpuDelta(before[name], read()) * 1e6) / answered]);
  console.log(
    `\nSingle positions, ${DEVICES} devices, ${connections} connections, ${seconds} s: ${Math.round(result.requests.average)} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx + result.errors + result.timeouts} failed; ` +
      `machine ${(((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100).toFixed(0)}% busy (${os.cpus().length} cores), ` +
      `load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  const published = (await streamMessages()) - messagesBefore;
  console.log(`${answered} requests in ${published} JetStream messages: ${(answered / published).toFixed(1)} requests a publish`);
  console.log('\nCPU per request, by process (µs):');
  const total = perProcess.reduce((sum, [, micros]) => sum + micros, 0);
  for (const [name, micros] of perProcess) console.log(`  ${name.padEnd(26)} ${micros.toFixed(1).padStart(7)}  ${((micros / total) * 100).toFixed(1).padStart(5)}%`);
  console.log(`  ${'all'.padEnd(26)} ${total.toFixed(1).padStart(7)}`);
} finally {
  await system.stop();
}

for (const part of PROFILED) {
  const dir = path.join(profileDir, part);
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  if (files.length !== 1) throw new Error(`${dir} holds ${files.length} profiles`);
  const { busy, counts } = samplesBySteps(path.join(dir, files[0]), ...window);
  const micros = perProcess.find(([name]) => name === part)[1];
  console.log(`\n${part}, its busy samples by step (${busy} samples; µs per request from its ${micros.toFixed(1)} µs):`);
  for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1])) {
    const share = count / busy;
    console.log(`  ${name.padEnd(38)} ${(share * 100).toFixed(1).padStart(5)}%  ${(share * micros).toFixed(1).padStart(6)} µs`);
  }
}
console.log(`\nProfiles: ${profileDir} (open in Chrome DevTools' Performance panel)`);
