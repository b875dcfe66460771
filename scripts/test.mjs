/**
 * `npm test`: installs what is missing, checks that every workspace declares what it uses (scripts/check-deps.mjs),
 * builds, checks that each part runs from its own deployable (scripts/check-deployables.mjs), and runs every jest
 * project (unit, integration against the real Postgres and NATS, end-to-end in Chromium). Extra arguments go to jest,
 * e.g. `npm test -- --selectProjects unit`; with them, the deployables check (a minute or two) is left out.
 */
import { spawnSync } from 'node:child_process';
import { build, ensureChromium, ensureInstalled, repoRoot } from './setup.mjs';

const jestArguments = process.argv.slice(2);
const step = (script) => {
  const { status } = spawnSync(process.execPath, [script], { cwd: repoRoot, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
};

ensureInstalled();
ensureChromium();
step('scripts/check-deps.mjs');
if (!process.env.SKIP_BUILD) build();
if (jestArguments.length === 0) step('scripts/check-deployables.mjs');

const jest = spawnSync(
  process.execPath,
  // One test file at a time, in band (the integration and browser tests each start a system of their own). The module
  // registries of a hundred test files grow past V8's default 4 GB heap in one process: it may take 8.
  ['--experimental-vm-modules', '--max-old-space-size=8192', 'node_modules/jest/bin/jest.js', '--runInBand', ...jestArguments],
  { cwd: repoRoot, stdio: 'inherit' },
);
process.exit(jest.status ?? 1);
