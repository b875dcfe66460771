/**
 * Starts the whole built system once for the end-to-end tests, on a fresh database and a free port. The fleet remote
 * is served from an origin of its own, as its own deployable would be (a CDN, its nginx), so every fleet test also
 * shows that a remote loads across origins under the gateway's Content-Security-Policy.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import { SMTPServer } from 'smtp-server';
import { freePort, repoRoot, startIsolatedSystem } from '../../scripts/system.mjs';

async function startRemoteOrigin(dist) {
  const port = await freePort();
  const server = express()
    .use((_request, response, next) => {
      response.set('Access-Control-Allow-Origin', '*'); // the shell fetches the manifest across origins
      next();
    })
    .use(express.static(dist))
    .listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * The SMTP server the system sends invoices through (issue 46): each message it receives is written whole to
 * `dir` as an .eml file, in the order received, for a test to read back.
 */
async function startMailbox(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        writeFileSync(path.join(dir, `${String(++count).padStart(4, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

export default async function globalSetup() {
  const fleetOrigin = await startRemoteOrigin(path.join(repoRoot, 'mfe-fleet/dist'));
  const mailDir = path.join(repoRoot, 'test-results/e2e-mail');
  const mailbox = await startMailbox(mailDir);
  const system = await startIsolatedSystem({ label: 'e2e', env: { REMOTE_FLEET_URL: `${fleetOrigin.origin}/mf-manifest.json`, SMTP_URL: mailbox.url } });
  process.env.E2E_MAIL_DIR = mailDir;
  globalThis.__tmsMailbox = mailbox;
  process.env.E2E_BASE_URL = system.url;
  process.env.E2E_DRIVER_URL = system.driverUrl;
  process.env.E2E_FLEET_ORIGIN = fleetOrigin.origin;
  // For tests that seed more rows than a browser could create in time.
  process.env.E2E_DATABASE_URL = system.databaseUrl;
  globalThis.__tmsSystem = system;
  globalThis.__tmsFleetOrigin = fleetOrigin;
}
