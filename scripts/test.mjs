/**
 * `npm test`: installs what is missing, builds, and runs every jest project (unit, integration against the real
 * Postgres and NATS, end-to-end in Chromium). Extra arguments go to jest, e.g. `npm test -- --selectProjects unit`.
 */
import { spawnSync } from 'node:child_process';
import { build, ensureChromium, ensureInstalled, repoRoot } from './setup.mjs';

ensureInstalled();
ensureChromium();
if (!process.env.SKIP_BUILD) build();

const jest = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--runInBand', ...process.argv.slice(2)],
  { cwd: repoRoot, stdio: 'inherit' },
);
process.exit(jest.status ?? 1);
