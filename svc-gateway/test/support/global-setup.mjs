/**
 * The integration project's shared system: suites that use the system without changing it (no part stopped or
 * restarted, no configuration of their own) share one, each under records of its own, instead of starting a whole
 * system each. It starts when the first such suite asks for it (sharedSystem() in ./system.ts: a request to the small
 * server here, in jest's own process, whose address every worker inherits), so a run of other suites starts none.
 */
import http from 'node:http';
import { startIsolatedSystem } from '../../../scripts/system.mjs';

export default async function globalSetup() {
  const server = http.createServer(async (_request, response) => {
    try {
      globalThis.__tmsSharedSystem ??= startIsolatedSystem({ label: 'shared' });
      const { url, driverUrl, databaseUrl, logFile, healthPorts } = await globalThis.__tmsSharedSystem;
      response.setHeader('content-type', 'application/json').end(JSON.stringify({ url, driverUrl, databaseUrl, logFile, healthPorts }));
    } catch (error) {
      response.writeHead(500).end(String(error?.stack ?? error));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.TMS_SHARED_SYSTEM = `http://127.0.0.1:${server.address().port}`;
  globalThis.__tmsSharedSystemServer = server;
}
