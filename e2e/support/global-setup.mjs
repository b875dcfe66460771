/** Starts the whole built system once for the end-to-end tests, on a fresh database and a free port. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startIsolatedSystem } from '../../scripts/system.mjs';

export default async function globalSetup() {
  const logDir = path.join(repoRoot, 'test-results');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, 'e2e-system.log');
  const system = await startIsolatedSystem({ label: 'e2e', logFile });
  process.env.E2E_BASE_URL = system.url;
  globalThis.__tmsSystem = system;
}
