/**
 * `node scripts/check-deployables.mjs` (a step of `npm test`, after the build): each part of the TMS runs from its
 * own deployable, with no Docker engine, so that a missing dependency fails here rather than in a deploy.
 *
 *  - Services: each one's folder assembled as its image holds it (scripts/deployable.mjs: the service, the workspace
 *    packages it uses, a lock cut down to their dependencies; `npm ci --omit=dev`, pruned; the build's dist/), its
 *    image (that over the Node runtime image) at most 250 MB, started against this machine's Postgres (a fresh database) and NATS (a subject root of its own). Each
 *    must answer its probes (HEALTH_PORT: /livez, /readyz), and the gateway's /api/health must find every service up
 *    over NATS.
 *  - Front ends: each one's dist/ copied alone to a folder; each remote served from there by a plain static server
 *    on an origin of its own; the gateway's deployable serves the shell's copy (SHELL_DIST) and points the shell at
 *    the remotes (REMOTE_*_URL). In Chromium, signed in, a screen of every remote renders, loaded from its server.
 *
 *  - One change, one rebuild: an edit to mfe-fleet/src changes mfe-fleet's build inputs and no other part's.
 *
 * `--build` builds each part in its own folder from its sources alone (`npm ci`, `npm run build`) instead of taking
 * the repository's dist/: the per-part build the Dockerfile does. Slower; not part of `npm test`.
 * Everything it starts is stopped; its database, JetStream streams and folders are removed. Output of each process:
 * test-results/deployables/.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, createWriteStream, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import express from 'express';
import pg from 'pg';
import { DEFAULT_DATABASE_URL, DEFAULT_NATS_URL } from '@tms/service-kit/config';
import { chromium } from 'playwright-core';
import { assemble } from './deployable.mjs';
import { CHROMIUM_PATH, repoRoot } from './setup.mjs';
import { freePort } from './system.mjs';

const SERVICES = ['svc-core', 'svc-accounting', 'svc-telematics', 'svc-ai'];
const GATEWAY = 'svc-gateway';
const MAX_SERVICE_BYTES = 250 * 1024 * 1024;
/**
 * What a service image holds besides its deployable: the runtime image (distroless nodejs20: Node's binary, measured
 * here as the same Node 20, and about 30 MB of Debian's libraries, certificates and time zones).
 */
const RUNTIME_IMAGE_BYTES = statSync(process.execPath).size + 30 * 1024 * 1024;
/** Each remote, the screen that shows it loaded, and the gateway variable that says where it is. */
const REMOTES = [
  { part: 'mfe-dispatch', route: '/customers', heading: 'Customer Management', variable: 'REMOTE_DISPATCH_URL' },
  { part: 'mfe-fleet', route: '/fleet', heading: 'Fleet Management', variable: 'REMOTE_FLEET_URL' },
  { part: 'mfe-accounting', route: '/accounting', heading: 'Accounting', variable: 'REMOTE_ACCOUNTING_URL' },
  { part: 'mfe-safety', route: '/safety', heading: 'Safety & Compliance', variable: 'REMOTE_SAFETY_URL' },
];
const START_TIMEOUT_MS = 60000;

const buildEach = process.argv.includes('--build');
const databaseServer = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const natsUrl = process.env.NATS_URL ?? DEFAULT_NATS_URL;
const suffix = randomBytes(5).toString('hex');
const subjectRoot = `deployables${suffix}`;
const databaseUrl = Object.assign(new URL(databaseServer), { pathname: `/tms_deployables_${suffix}` }).toString();
const workDir = mkdtempSync(path.join(os.tmpdir(), 'tms-deployables-'));
const logDir = path.join(repoRoot, 'test-results/deployables');
mkdirSync(logDir, { recursive: true });

const log = (message) => console.log(`[deployables] ${message}`);
const running = [];
const servers = [];

/** Runs a command to its end; rejects with its output when it fails. */
function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${output}`))));
  });
}

const npm = (args, cwd) => run('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund'], cwd);

/** The disk space a folder takes, as `du` counts it (whole blocks: a little more than the bytes an image holds). */
function folderBytes(dir) {
  let total = lstatSync(dir).blocks * 512;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : lstatSync(full).blocks * 512;
  }
  return total;
}
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A part's dist/: the repository's, or (--build) one built in the part's own folder from its sources alone. */
async function builtDist(part) {
  if (!buildEach) return path.join(repoRoot, part, 'dist');
  const folder = path.join(workDir, 'build', part);
  assemble(part, folder, { build: true });
  await npm(['ci'], folder);
  await run('npm', ['run', 'build'], folder);
  return path.join(folder, part, 'dist');
}

/** A service's deployable: its folder, its production dependencies, its build and the packages' builds. */
async function serviceDeployable(service) {
  const folder = path.join(workDir, service);
  const { workspaces } = assemble(service, folder);
  await npm(['ci', '--omit=dev'], folder);
  if (buildEach) {
    const dist = await builtDist(service);
    const built = path.dirname(path.dirname(dist));
    for (const dir of workspaces) cpSync(path.join(built, dir, 'dist'), path.join(folder, dir, 'dist'), { recursive: true });
  }
  const bytes = folderBytes(folder);
  const image = bytes + RUNTIME_IMAGE_BYTES;
  if (image > MAX_SERVICE_BYTES) {
    throw new Error(`${service}'s image would be ${megabytes(image)} (${megabytes(bytes)} over the runtime's ${megabytes(RUNTIME_IMAGE_BYTES)}), over ${megabytes(MAX_SERVICE_BYTES)}`);
  }
  log(`${service}: ${workspaces.join(' + ')}, ${megabytes(bytes)}; image about ${megabytes(image)}`);
  return folder;
}

/** Starts `node dist/main.js` in a deployable, its output in test-results/deployables/{name}.log. */
function startProcess(name, cwd, env) {
  const output = createWriteStream(path.join(logDir, `${name}.log`));
  const child = spawn(process.execPath, ['dist/main.js'], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(output);
  child.stderr.pipe(output);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const entry = { name, child, exited };
  running.push(entry);
  return entry;
}

/** Waits until a URL answers 200; fails at once when the process exits first. */
async function waitForOk(url, { name, exited }) {
  let gone;
  void exited.then((status) => (gone = status));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (gone !== undefined) throw new Error(`${name} exited (${gone}) before ${url} answered: see test-results/deployables/${name}.log`);
    const status = await fetch(url, { signal: AbortSignal.timeout(1000) }).then((response) => response.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${START_TIMEOUT_MS / 1000} s: see test-results/deployables/${name}.log`);
}

/** A plain static server for a remote's deployable, on an origin of its own; it counts what it served. */
async function serveStatic(folder) {
  const port = await freePort();
  const served = [];
  const server = express()
    .use((request, response, next) => {
      served.push(request.path);
      response.set('Access-Control-Allow-Origin', '*'); // the shell fetches the manifest across origins
      next();
    })
    .use(express.static(folder))
    .listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  servers.push(server);
  return { origin: `http://127.0.0.1:${port}`, served };
}

async function withAdminDatabase(query) {
  const admin = Object.assign(new URL(databaseServer), { pathname: '/postgres' }).toString();
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A fingerprint of a folder's files (paths and contents): what a build cache keys a part's build by. */
function fingerprint(dir) {
  const hash = createHash('sha256');
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(dir, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/**
 * A change to one domain rebuilds that domain's parts and no others: every part's build inputs (what the Dockerfile's
 * build stage copies: its --build deployable) are the same before and after an edit to mfe-fleet/src, but mfe-fleet's.
 */
function checkOneChangeRebuildsOnePart() {
  const parts = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).workspaces.filter((dir) => !dir.startsWith('packages/'));
  const inputs = (root) =>
    Object.fromEntries(
      parts.map((part) => {
        const folder = mkdtempSync(path.join(workDir, `inputs-${part}-`));
        assemble(part, folder, { build: true, root });
        return [part, fingerprint(folder)];
      }),
    );
  const before = inputs(repoRoot);
  const edited = path.join(workDir, 'edited-repository');
  cpSync(repoRoot, edited, { recursive: true, filter: (source) => !/(^|\/)(node_modules|dist|test-results|\.git)$/.test(source) });
  appendFileSync(path.join(edited, 'mfe-fleet/src/index.ts'), '\n// an edit\n');
  const after = inputs(edited);
  const rebuilt = parts.filter((part) => before[part] !== after[part]);
  if (rebuilt.join() !== 'mfe-fleet') throw new Error(`An edit to mfe-fleet/src changes the build inputs of ${rebuilt.join(', ') || 'nothing'}`);
  log(`an edit to mfe-fleet/src changes mfe-fleet's build inputs and no other part's (${parts.length} parts compared)`);
}

async function check() {
  const started = Date.now();
  checkOneChangeRebuildsOnePart();
  log(`assembling ${[...SERVICES, GATEWAY].join(', ')} in ${workDir}`);
  const folders = Object.fromEntries(await Promise.all([...SERVICES, GATEWAY].map(async (service) => [service, await serviceDeployable(service)])));

  await withAdminDatabase(`CREATE DATABASE "${new URL(databaseUrl).pathname.slice(1)}"`);
  const env = { DATABASE_URL: databaseUrl, NATS_URL: natsUrl, NATS_SUBJECT_ROOT: subjectRoot };
  await Promise.all(
    SERVICES.map(async (service) => {
      const healthPort = await freePort();
      const processEntry = startProcess(service, path.join(folders[service], service), { ...env, NODE_ENV: 'production', HEALTH_PORT: String(healthPort) });
      await waitForOk(`http://127.0.0.1:${healthPort}/livez`, processEntry);
      await waitForOk(`http://127.0.0.1:${healthPort}/readyz`, processEntry);
      log(`${service}: started from its deployable, /livez and /readyz answer`);
    }),
  );

  const frontEnds = Object.fromEntries(
    await Promise.all(
      ['shell', ...REMOTES.map(({ part }) => part)].map(async (part) => {
        const folder = path.join(workDir, part);
        cpSync(await builtDist(part), folder, { recursive: true });
        return [part, folder];
      }),
    ),
  );
  const remotes = await Promise.all(REMOTES.map(async (remote) => ({ ...remote, ...(await serveStatic(frontEnds[remote.part])) })));
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const gateway = startProcess(GATEWAY, path.join(folders[GATEWAY], GATEWAY), {
    ...env,
    NODE_ENV: 'test', // the development issuer: signing in needs no identity provider
    PORT: String(port),
    APP_URL: appUrl,
    // The driver app's origin (issue 44), on a port of its own: 3001 may be another system's.
    DRIVER_PORT: String(await freePort()),
    SHELL_DIST: frontEnds.shell,
    ...Object.fromEntries(remotes.map(({ variable, origin }) => [variable, `${origin}/mf-manifest.json`])),
  });
  await waitForOk(`${appUrl}/healthz`, gateway);
  log(`${GATEWAY}: started from its deployable, /healthz answers`);

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await (await browser.newContext({ baseURL: appUrl })).newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Log In' }).first().click();
    await page.getByLabel('Email').fill(`deployables+${suffix}@example.com`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === appUrl && !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/api'));

    const health = await (await page.request.get('/api/health')).json();
    const down = Object.entries(health.services ?? {}).filter(([, state]) => state !== 'up');
    if (health.status !== 'ok' || down.length) throw new Error(`/api/health: ${JSON.stringify(health)}`);
    log(`every service answers its NATS health request: ${Object.keys(health.services).join(', ')}`);

    for (const { part, route, heading, origin, served } of remotes) {
      const screenshot = path.join(logDir, `${part}.png`);
      await page.goto(route);
      await page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor({ timeout: 20000 }).catch(async (error) => {
        await page.screenshot({ path: screenshot });
        throw new Error(`${part}: ${route} did not show "${heading}" (${error.message.split('\n')[0]}): see ${path.relative(repoRoot, screenshot)}`);
      });
      if (!served.includes('/mf-manifest.json') || !served.some((file) => file.endsWith('.js'))) {
        await page.screenshot({ path: screenshot });
        throw new Error(`${part}: ${route} rendered, but not from ${origin} (it served ${served.join(', ') || 'nothing'}): see ${path.relative(repoRoot, screenshot)}`);
      }
      log(`${part}: ${route} shows "${heading}", loaded by the shell from its own server ${origin}`);
    }
  } finally {
    await browser.close();
  }
  log(`all deployables work (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    await Promise.all(
      running.map(async ({ child, exited }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15000);
        await exited;
        clearTimeout(killer);
      }),
    );
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await withAdminDatabase(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`).catch((error) => log(`could not drop the database: ${error.message}`));
    // The GPS stream, the device grants and the upload buckets this run's services made, named after its root.
    const nc = await connect({ servers: natsUrl }).catch(() => null);
    if (nc) {
      const jsm = await jetstreamManager(nc);
      for await (const name of jsm.streams.names()) if (name.includes(subjectRoot)) await jsm.streams.delete(name);
      await nc.close();
    }
    rmSync(workDir, { recursive: true, force: true });
  })();
  return cleaning;
}

process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
let failed = false;
try {
  await check();
} catch (error) {
  failed = true;
  console.error(`[deployables] FAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
