/** Starts the whole built system once for the end-to-end tests, on a fresh database and a free port. */
import { startIsolatedSystem } from '../../scripts/system.mjs';

export default async function globalSetup() {
  const system = await startIsolatedSystem({ label: 'e2e' });
  process.env.E2E_BASE_URL = system.url;
  globalThis.__tmsSystem = system;
}
