/**
 * "Nothing lost": sends positions at a steady rate through the whole built system while it SIGKILLs svc-telematics,
 * then SIGKILLs the gateway (the supervisor restarts both), then restarts Postgres (immediate shutdown); finally
 * counts: every position that got a 202 must be in Postgres exactly once. Exits 1 if one is missing or doubled.
 * It runs its own Postgres server (initdb into a temporary folder), so that restarting it disturbs nobody.
 *   LOST_RATE     positions per second (default 100)
 *   LOST_PHASE_S  seconds between the steps (default 5)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, chownSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, repoRoot, startIsolatedSystem } from '../scripts/system.mjs';
import { benchTruckId, seedTrucks, signIn } from './support.mjs';

const RATE = Number(process.env.LOST_RATE ?? 100);
const PHASE_MS = Number(process.env.LOST_PHASE_S ?? 5) * 1000;
const BIN = '/usr/lib/postgresql/15/bin';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message) => console.log(`[nothing-lost] ${message}`);

// --- A Postgres server of our own ------------------------------------------------------------------------------
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tms-lost-pg-'));
const asPostgres = (command, args) => {
  const runAs = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  // The server's own output goes to its log file (-l): nothing of it may hold our pipe open.
  return execFileSync(runAs[0], runAs[1], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
};
if (process.getuid?.() === 0) chownSync(dataDir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
const pgPort = await freePort();
asPostgres(`${BIN}/initdb`, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
const pgCtl = (...args) =>
  asPostgres(`${BIN}/pg_ctl`, ['-D', dataDir, '-l', path.join(dataDir, 'log'), '-o', `-p ${pgPort} -k /tmp -c listen_addresses=127.0.0.1`, '-w', ...args]);
pgCtl('start');
process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

/** The pid of one of the system's processes: node dist/main.js in `dir`, with this system's database. */
function pidOf(dir, databaseUrl) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) !== path.join(repoRoot, dir)) continue;
      // Its command line is its title (tms-svc-telematics-1: node's --title writes over it), not dist/main.js.
      if (!/dist\/main\.js|^tms-/.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) continue;
      if (!readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`DATABASE_URL=${databaseUrl}`)) continue;
      return Number(entry);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  throw new Error(`No ${dir} process of this system`);
}

const system = await startIsolatedSystem({ label: 'nothinglost', env: { GPS_RATE_LIMIT_PER_SECOND: '100000', GPS_RATE_LIMIT_BURST: '100000' } });
let failed = false;
try {
  const cookie = await signIn(system.url, 'lost@example.com');
  // The feed reports for 50 trucks, which must exist.
  await seedTrucks(system.databaseUrl, 50);
  const registered = await fetch(`${system.url}/api/devices`, {
    method: 'POST',
    headers: { cookie, origin: new URL(system.url).origin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Nothing-lost feed' }),
  });
  const device = await registered.json();
  const accepted = new Set();
  const answers = new Map();
  let sending = true;
  let n = 0;
  const start = Date.now() - 3_600_000;
  const sender = (async () => {
    while (sending) {
      const tick = Date.now();
      const i = n++;
      const position = { truckId: benchTruckId(i % 50), latitude: 40, longitude: -90, timestamp: new Date(start + i * 10).toISOString() };
      fetch(`${system.url}/api/gps`, {
        method: 'POST',
        headers: { authorization: `Bearer ${device.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(position),
        signal: AbortSignal.timeout(10_000),
      }).then(
        (response) => {
          answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
          if (response.status === 202) accepted.add(`${position.truckId}|${position.timestamp}`);
        },
        () => answers.set('error', (answers.get('error') ?? 0) + 1),
      );
      await sleep(Math.max(0, 1000 / RATE - (Date.now() - tick)));
    }
  })();

  await sleep(PHASE_MS);
  log(`SIGKILL svc-telematics (${accepted.size} accepted so far)`);
  process.kill(pidOf('svc-telematics', system.databaseUrl), 'SIGKILL');
  await sleep(PHASE_MS);
  log(`SIGKILL the gateway (${accepted.size} accepted so far)`);
  process.kill(pidOf('svc-gateway', system.databaseUrl), 'SIGKILL');
  await sleep(PHASE_MS);
  log(`Restarting Postgres, immediate shutdown (${accepted.size} accepted so far)`);
  pgCtl('-m', 'immediate', 'restart');
  await sleep(PHASE_MS);
  sending = false;
  await sender;
  await sleep(11_000); // the last requests' answers
  log(`Sent ${n}; answers ${JSON.stringify(Object.fromEntries(answers))}; ${accepted.size} accepted (202)`);

  // Unacknowledged stream messages come back after the consumer's ack wait (30 s): wait for them to be written.
  const db = new pg.Client({ connectionString: system.databaseUrl });
  await db.connect();
  const stored = async () =>
    (await db.query(`SELECT truck_id::text || '|' || to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS key, count(*)::int AS copies
       FROM telematics.positions WHERE device_id = $1 GROUP BY 1`, [device.id])).rows;
  let rows = await stored();
  const deadline = Date.now() + 120_000;
  while ([...accepted].some((key) => !rows.find((row) => row.key === key)) && Date.now() < deadline) {
    await sleep(2000);
    rows = await stored();
  }
  await db.end();
  const byKey = new Map(rows.map((row) => [row.key, row.copies]));
  const missing = [...accepted].filter((key) => !byKey.has(key));
  const doubled = rows.filter((row) => row.copies !== 1);
  log(`In Postgres: ${rows.length} positions; accepted but missing: ${missing.length}; stored more than once: ${doubled.length}`);
  failed = missing.length > 0 || doubled.length > 0;
  log(failed ? 'FAILED: an accepted position was lost or doubled' : 'Every accepted position is in Postgres exactly once');
} finally {
  await system.stop();
  try {
    pgCtl('-m', 'fast', 'stop');
  } catch {
    // already stopped
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
