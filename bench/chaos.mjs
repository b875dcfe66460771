/**
 * `npm run chaos`: the production topology on this machine (two gateways, two replicas of every service, a NATS
 * cluster of three with a user per part; scripts/system.mjs) under a steady mix of writes (loads and invoices created
 * and updated, GPS positions from many devices), while it loses one NATS server (the one leading the GPS stream in
 * use: the worst case for positions), one gateway and one replica of each service to SIGKILL (the supervisor restarts
 * them), and then has svc-accounting rolled, one replica at a time, with SIGTERM, as a deploy does. Prints the requests sent and how they were answered, how soon each kill let writes
 * through again, and then checks that every acknowledged record and position is stored exactly once.
 *
 * The client stands in for a load balancer and a careful client: a gateway that refuses the connection is skipped for
 * the other (nothing reached it); a request whose connection breaks after it was sent is sent again to the other, the
 * same create with the same Idempotency-Key, so it is answered and stored once (how many were is printed). Bounded:
 * it stops by itself after CHAOS_SECONDS (default 100) of traffic.
 */
import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { gpsStreams } from '@tms/contracts';
import { benchTruckId, databaseWith, seedTrucks, signIn } from './support.mjs';
import { startIsolatedSystem } from '../scripts/system.mjs';

const SECONDS = Number(process.env.CHAOS_SECONDS ?? 100);
const DEVICES = Number(process.env.CHAOS_DEVICES ?? 12);
const RECORD_WORKERS = Number(process.env.CHAOS_WORKERS ?? 4);
const GPS_EVERY_MS = 500;
/** A request still unanswered after this is counted as a hang (the gateway answers within SERVICE_TIMEOUT_MS). */
const HANG_MS = 15_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const elapsed = (from) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
const say = (message) => console.log(`[chaos ${elapsed(startedAt)}] ${message}`);

const startedAt = Date.now();
say('starting 2 gateways, 2 replicas of every service and a NATS cluster of 3 (output: test-results/chaos-system.log)');
const system = await startIsolatedSystem({ label: 'chaos', replicas: 2, natsNodes: 3 });
say(`up: gateways ${system.urls.join(', ')}`);

/** Every request: what it was, when, and how it ended (status, or 'no answer'/'hang'). */
const requests = [];
/** The first answer of each kind of request and failing status, to say why it failed. */
const firstAnswers = new Map();
let nextGateway = 0;

/**
 * Sends to the gateways in turn; a refused connection (the gateway is down) goes to the next one, as a load balancer
 * does. A connection that breaks under a request (its gateway was killed) is sent again to the next one, as a client
 * does, when that is safe: a create carries an Idempotency-Key (a second arrival answers the first's record), an
 * update sets values, and a device's position is stored once however often it is sent.
 */
async function send(kind, method, path, { body, headers = {} } = {}) {
  const entry = { kind, sentAt: Date.now(), endedAt: 0, status: 0 };
  if (method === 'POST' && path !== '/api/gps') headers = { ...headers, 'idempotency-key': randomUUID() };
  requests.push(entry);
  const first = nextGateway++;
  for (let tries = 0; ; tries++) {
    const url = system.urls[(first + tries) % system.urls.length];
    try {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { ...headers, ...(headers.cookie && { origin: url }), ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(HANG_MS),
      });
      const text = await response.text();
      if (!response.ok && !firstAnswers.has(`${kind} ${response.status}`)) firstAnswers.set(`${kind} ${response.status}`, text.slice(0, 160));
      entry.status = response.status;
      entry.endedAt = Date.now();
      return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
    } catch (error) {
      const code = error?.cause?.code ?? error?.name;
      if (code === 'ECONNREFUSED' && tries < system.urls.length - 1) continue;
      if (code !== 'TimeoutError' && tries < system.urls.length - 1) {
        entry.resent = `${code} from ${url === system.urls[0] ? 'gateway-1' : 'gateway-2'}`;
        continue;
      }
      entry.status = code === 'TimeoutError' ? 'hang' : 'no answer';
      entry.error = `${code} from ${url === system.urls[0] ? 'gateway-1' : 'gateway-2'}`;
      entry.endedAt = Date.now();
      return { status: entry.status };
    }
  }
}

const ok = (status) => typeof status === 'number' && status >= 200 && status < 300;

// Set-up: a signed-in user (one sign-in serves both gateways: sessions live in Postgres), a customer, trucks and a
// device for each.
const cookie = await signIn(system.urls[0], 'chaos@example.com');
const user = { cookie };
const must = async (kind, method, path, body) => {
  for (let tries = 0; tries < 20; tries++) {
    const answer = await send(kind, method, path, { body, headers: user });
    if (ok(answer.status)) return answer.body;
    await sleep(500);
  }
  throw new Error(`${method} ${path} kept failing`);
};
await seedTrucks(system.databaseUrl, DEVICES);
const customer = await must('setup', 'POST', '/api/customers', { name: 'Chaos Foods', email: 'ap@chaos.example', phone: '555-0100', address: '1 Dock Rd, Dallas, TX', type: 'shipper' });
const devices = [];
for (let n = 0; n < DEVICES; n++) devices.push(await must('setup', 'POST', '/api/devices', { name: `Chaos ${n}`, truckId: benchTruckId(n) }));
requests.length = 0;
firstAnswers.clear();

/** What was acknowledged, to check against Postgres at the end. */
const ledger = {
  loads: new Map(), // loadNumber -> { id, allowed commodity values (the last acknowledged, and any failed after it) }
  invoices: new Map(), // invoiceNumber -> { id, allowed notes }
  positions: [], // { deviceId, timestamp }
  unacknowledgedCreates: [], // { table, number }
};
let running = true;

async function recordWorker(worker) {
  for (let n = 0; running; n++) {
    const loadNumber = `CH-${worker}-${n}-${randomUUID().slice(0, 6)}`;
    const created = await send('load create', 'POST', '/api/loads', {
      headers: user,
      body: {
        loadNumber, customerId: customer.id, status: 'delivered', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-01',
        deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-03', rate: '2450.00', weight: '42000', commodity: 'Paper', miles: '925',
      },
    });
    if (!ok(created.status)) {
      ledger.unacknowledgedCreates.push({ table: 'loads', number: loadNumber });
      continue;
    }
    const load = { id: created.body.id, allowed: ['Paper'] };
    ledger.loads.set(loadNumber, load);
    const commodity = `Paper ${n}`;
    const updated = await send('load update', 'PATCH', `/api/loads/${load.id}`, { headers: user, body: { commodity } });
    load.allowed = ok(updated.status) ? [commodity] : [...load.allowed, commodity];

    const invoiceNumber = `INV-${loadNumber}`;
    const invoiced = await send('invoice create', 'POST', '/api/invoices', {
      headers: user,
      body: { invoiceNumber, loadId: load.id, customerId: customer.id, status: 'sent', invoiceDate: '2027-03-04', dueDate: '2027-04-03', subtotal: '2450.00', total: '2450.00' },
    });
    if (!ok(invoiced.status)) {
      ledger.unacknowledgedCreates.push({ table: 'invoices', number: invoiceNumber });
      continue;
    }
    const invoice = { id: invoiced.body.id, allowed: [null] };
    ledger.invoices.set(invoiceNumber, invoice);
    const notes = `Chaos ${worker}-${n}`;
    const noted = await send('invoice update', 'PATCH', `/api/invoices/${invoice.id}`, { headers: user, body: { notes } });
    invoice.allowed = ok(noted.status) ? [notes] : [...invoice.allowed, notes];
  }
}

async function deviceLoop(device, n) {
  await sleep((GPS_EVERY_MS / DEVICES) * n);
  // A timestamp of its own for every position (a device's clock, an hour behind, one second a tick).
  const from = Date.now() - 3_600_000;
  for (let tick = 0; running; tick++) {
    const timestamp = new Date(from + tick * 1000).toISOString();
    const answer = await send('gps', 'POST', '/api/gps', {
      headers: { authorization: `Bearer ${device.token}` },
      body: { latitude: 41.8 + tick / 1e4, longitude: -87.6, timestamp },
    });
    if (ok(answer.status)) ledger.positions.push({ deviceId: device.id, timestamp });
    await sleep(GPS_EVERY_MS);
  }
}

// The events, and what they did to the writes.
const events = [];
const processes = system.processes;

/** Resolves once the process has started again and logged that it listens (or after 30 s). */
function listening(name) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => (subscription.unsubscribe(), resolve(false)), 30_000);
    const subscription = processes[name].stdout.subscribe((chunk) => {
      if (/listening on|Accepting GPS positions|health checks/.test(chunk.toString())) {
        clearTimeout(timer);
        subscription.unsubscribe();
        resolve(true);
      }
    });
  });
}

/**
 * The NATS server leading the GPS stream the gateways publish to first: losing it is the worst case for positions
 * (that stream takes nothing until a new leader is elected, 4 to 9 s), so that is the server the run kills.
 */
async function gpsLeader() {
  const { NATS_USER: user, NATS_PASSWORD: pass } = system.natsUser('svc-telematics');
  const nc = await connect({ servers: system.natsUrl.split(','), user, pass, inboxPrefix: `_INBOX_${user}` });
  try {
    const jsm = await jetstreamManager(nc);
    const leaders = [];
    for (const { name } of gpsStreams(system.subjectRoot)) leaders.push((await jsm.streams.info(name)).cluster?.leader);
    say(`GPS streams led by ${leaders.join(' and ')}`);
    return leaders[0].replace(/^tms-/, '');
  } finally {
    await nc.close();
  }
}

async function kill(names) {
  const at = Date.now();
  say(`SIGKILL ${names.join(', ')}`);
  for (const name of names) processes[name].kill('SIGKILL');
  events.push({ what: `SIGKILL ${names.join(', ')}`, at });
}

async function rollingRestart(service) {
  const from = Date.now();
  for (const name of [`${service}-1`, `${service}-2`]) {
    say(`rolling: SIGTERM ${name}`);
    const exited = new Promise((resolve) => processes[name].close.subscribe(({ exitCode }) => resolve(exitCode)));
    processes[name].kill('SIGTERM');
    const exitCode = await exited;
    say(`rolling: ${name} stopped (exit ${exitCode}); starting its new version`);
    const ready = listening(name);
    processes[name].start();
    say(`rolling: ${name} ${(await ready) ? 'listens again' : 'did not say it listens within 30 s'}`);
  }
  events.push({ what: `rolling restart of ${service}`, at: from, until: Date.now(), rolling: true });
}

const traffic = [
  ...Array.from({ length: RECORD_WORKERS }, (_, worker) => recordWorker(worker)),
  ...devices.map((device, n) => deviceLoop(device, n)),
];
const trafficFrom = Date.now();
say(`traffic: ${RECORD_WORKERS} workers creating and updating loads and invoices, ${DEVICES} devices posting every ${GPS_EVERY_MS} ms`);
const at = async (second) => sleep(Math.max(0, trafficFrom + second * 1000 - Date.now()));
await at(10);
await kill([await gpsLeader()]);
await at(25);
await kill(['gateway-1']);
await at(40);
await kill(['svc-core-1', 'svc-accounting-1', 'svc-telematics-1', 'svc-ai-1']);
await at(60);
await rollingRestart('svc-accounting');
await at(SECONDS);
running = false;
await Promise.all(traffic);
say('traffic stopped');
const sent = requests.splice(0);

// A device revoked through one gateway: how soon every gateway refuses it.
const revoked = await must('setup', 'POST', '/api/devices', { name: 'Chaos revoked', truckId: benchTruckId(0) });
const position = (url) =>
  fetch(`${url}/api/gps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${revoked.token}` },
    body: JSON.stringify({ latitude: 41.8, longitude: -87.6, timestamp: new Date().toISOString() }),
  }).then((response) => response.status);
for (const url of system.urls) for (const until = Date.now() + 10_000; (await position(url)) !== 202 && Date.now() < until; ) await sleep(20);
const revokedAt = Date.now();
await fetch(`${system.urls[0]}/api/devices/${revoked.id}`, { method: 'DELETE', headers: { cookie, origin: system.urls[0] } });
const refusedAfter = await Promise.all(
  system.urls.map(async (url) => {
    while ((await position(url)) !== 401) if (Date.now() - revokedAt > 10_000) return Infinity;
    return Date.now() - revokedAt;
  }),
);

// What was answered.
const problems = [];
const byStatus = new Map();
for (const { status } of sent) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
const answered2xx = sent.filter(({ status }) => ok(status)).length;
const failures = [...byStatus].filter(([status]) => !ok(status)).sort();
console.log(`\nRequests sent: ${sent.length}; answered 2xx: ${answered2xx}; answered with an error or not at all: ${sent.length - answered2xx}`);
for (const [status, count] of failures) console.log(`  ${String(status).padEnd(10)} ${count}`);
const resent = sent.filter(({ resent }) => resent);
console.log(`  sent again after their connection broke: ${resent.length} (${resent.filter(({ status }) => ok(status)).length} then 2xx)${resent.length ? `: ${[...new Set(resent.map(({ resent }) => resent))].join(', ')}` : ''}`);
for (const [what, body] of firstAnswers) console.log(`  first ${what}: ${body}`);
const kinds = [...new Set(sent.map(({ kind }) => kind))];
for (const kind of kinds) {
  const of = sent.filter((request) => request.kind === kind);
  console.log(`  ${kind.padEnd(15)} ${of.length} sent, ${of.filter(({ status }) => ok(status)).length} 2xx`);
}

console.log(`\nOne sign-in served both gateways. A device revoked through the first gateway was refused by each after ${refusedAfter.map((ms) => `${ms} ms`).join(' and ')} (from the revoke's request).`);
if (refusedAfter.some((ms) => ms > 1000)) problems.push('a revoked device was accepted for more than 1 s');

console.log('\nAfter each event (a failed write counts for the last event before its answer):');
const writeKinds = new Set(['load create', 'load update', 'invoice create', 'invoice update', 'gps']);
for (const [index, event] of events.entries()) {
  const next = events[index + 1]?.at ?? Infinity;
  if (event.rolling) {
    const inWindow = sent.filter((request) => request.endedAt >= event.at && request.sentAt <= event.until);
    const bad = inWindow.filter(({ status }) => !ok(status));
    console.log(`  ${event.what} (${((event.until - event.at) / 1000).toFixed(1)} s): ${inWindow.length} requests answered meanwhile, ${bad.length} failed`);
    continue;
  }
  const failed = sent.filter((request) => writeKinds.has(request.kind) && !ok(request.status) && request.endedAt >= event.at && request.endedAt < next);
  const sentAfter = (request) => { const s = (request.sentAt - event.at) / 1000; return `${s < 0 ? '-' : '+'}${Math.abs(s).toFixed(1)}`; };
  const lastSent = failed.length ? Math.max(...failed.map(({ sentAt }) => sentAt)) : event.at;
  const accepted = sent.filter((request) => writeKinds.has(request.kind) && ok(request.status) && request.sentAt > lastSent && request.sentAt < next);
  // A write held through the event (answered late, but answered 2xx) is no failure, so its wait is shown too.
  const slowest = sent
    .filter((request) => writeKinds.has(request.kind) && request.endedAt >= event.at && request.endedAt < next)
    .reduce((longest, request) => (request.endedAt - request.sentAt > longest.endedAt - longest.sentAt ? request : longest), { sentAt: 0, endedAt: 0 });
  console.log(
    `  ${event.what}: ${failed.length} writes failed (${failed.map((request) => `${request.kind} ${request.status}${request.error ? ` (${request.error})` : ''} sent at ${sentAfter(request)} s`).join('; ') || 'none'}); ` +
      `writes taken again from +${(Math.max(0, lastSent - event.at) / 1000).toFixed(1)} s (${accepted.length} taken after that until the next event); ` +
      `the slowest write answered meanwhile took ${((slowest.endedAt - slowest.sentAt) / 1000).toFixed(1)} s${slowest.kind ? ` (${slowest.kind} sent at ${sentAfter(slowest)} s)` : ''}`,
  );
  if ((lastSent - event.at) / 1000 > 5) problems.push(`${event.what}: writes failed for more than 5 s`);
}

// Exactly once: every acknowledged record is there once, with what was last acknowledged of it.
console.log('\nChecking what was acknowledged against Postgres...');
const db = await databaseWith(system.databaseUrl, 'telematics.positions');
try {
  const loads = await db.query(`SELECT load_number, id, commodity FROM core.loads WHERE load_number LIKE 'CH-%'`);
  const invoices = await db.query(`SELECT invoice_number, id, notes FROM accounting.invoices WHERE invoice_number LIKE 'INV-CH-%'`);
  const check = (table, acknowledged, rows, numberColumn, valueColumn) => {
    const found = new Map();
    for (const row of rows) found.set(row[numberColumn], [...(found.get(row[numberColumn]) ?? []), row]);
    for (const [number, record] of acknowledged) {
      const stored = found.get(number) ?? [];
      if (stored.length !== 1) problems.push(`${table} ${number}: acknowledged, stored ${stored.length} times`);
      else if (stored[0].id !== record.id) problems.push(`${table} ${number}: stored with another id`);
      else if (!record.allowed.includes(stored[0][valueColumn])) problems.push(`${table} ${number}: ${valueColumn} is ${stored[0][valueColumn]}, acknowledged ${record.allowed[0]}`);
    }
    const duplicates = [...found].filter(([, stored]) => stored.length > 1).length;
    const unacknowledgedStored = [...found.keys()].filter((number) => !acknowledged.has(number)).length;
    console.log(`  ${table}: ${acknowledged.size} acknowledged, ${rows.length} stored, ${duplicates} stored twice, ${unacknowledgedStored} stored though not acknowledged (the answer was lost, not the write)`);
  };
  check('loads', ledger.loads, loads.rows, 'load_number', 'commodity');
  check('invoices', ledger.invoices, invoices.rows, 'invoice_number', 'notes');

  // Positions reach Postgres through the stream: wait for svc-telematics to catch up.
  const countStored = async () => {
    const { rows } = await db.query(
      `SELECT device_id, recorded_at, count(*)::int AS count FROM telematics.positions WHERE device_id = ANY($1) GROUP BY device_id, recorded_at`,
      [devices.map(({ id }) => id)],
    );
    return new Map(rows.map((row) => [`${row.device_id}|${row.recorded_at.toISOString()}`, row.count]));
  };
  let stored = await countStored();
  const missing = () => ledger.positions.filter(({ deviceId, timestamp }) => !stored.has(`${deviceId}|${timestamp}`));
  for (const deadline = Date.now() + 60_000; missing().length && Date.now() < deadline; stored = await countStored()) await sleep(1000);
  const doubled = [...stored.values()].filter((count) => count > 1).length;
  console.log(`  positions: ${ledger.positions.length} acknowledged, ${stored.size} stored, ${missing().length} acknowledged but missing, ${doubled} stored twice`);
  if (missing().length) problems.push(`${missing().length} acknowledged positions missing`);
  if (doubled) problems.push(`${doubled} positions stored twice`);
} finally {
  await db.end();
}
// 'no answer': the connection broke under a request (its gateway was killed), as a load balancer would see it.
const unanswered = sent.filter(({ status }) => status === 'hang').length;
if (unanswered) problems.push(`${unanswered} requests had no answer within ${HANG_MS / 1000} s`);
console.log(problems.length ? `\nPROBLEMS:\n  ${problems.slice(0, 20).join('\n  ')}` : '\nNothing acknowledged was lost or doubled; every request was answered.');

await system.stop();
process.exit(problems.length ? 1 : 0);
