/**
 * Starts the whole built system once for the end-to-end tests, on a fresh database and a free port. The fleet remote
 * is served from an origin of its own, as its own deployable would be (a CDN, its nginx), so every fleet test also
 * shows that a remote loads across origins under the gateway's Content-Security-Policy.
 */
import path from 'node:path';
import express from 'express';
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

export default async function globalSetup() {
  const fleetOrigin = await startRemoteOrigin(path.join(repoRoot, 'mfe-fleet/dist'));
  const system = await startIsolatedSystem({ label: 'e2e', env: { REMOTE_FLEET_URL: `${fleetOrigin.origin}/mf-manifest.json` } });
  process.env.E2E_BASE_URL = system.url;
  process.env.E2E_DRIVER_URL = system.driverUrl;
  process.env.E2E_FLEET_ORIGIN = fleetOrigin.origin;
  // For tests that seed more rows than a browser could create in time.
  process.env.E2E_DATABASE_URL = system.databaseUrl;
  globalThis.__tmsSystem = system;
  globalThis.__tmsFleetOrigin = fleetOrigin;
}
