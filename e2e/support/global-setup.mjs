/**
 * Starts the whole built system once for the end-to-end tests: a fresh database on the configured Postgres server,
 * its own NATS subject root and a free port, so a developer's running system is never touched.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { repoRoot, startSystem } from '../../scripts/system.mjs';

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export default async function globalSetup() {
  const suffix = randomBytes(5).toString('hex');
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const databaseUrl = new URL(server);
  databaseUrl.pathname = `/tms_e2e_${suffix}`;
  const port = await freePort();
  const logDir = path.join(repoRoot, 'test-results');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, 'e2e-system.log');
  const system = await startSystem({
    port,
    logFile,
    env: { DATABASE_URL: databaseUrl.toString(), NATS_SUBJECT_ROOT: `e2e${suffix}`, NODE_ENV: 'test' },
  });
  process.env.E2E_BASE_URL = system.url;
  process.env.E2E_SYSTEM_LOG = logFile;
  globalThis.__tmsSystem = { system, databaseUrl: databaseUrl.toString() };
}
