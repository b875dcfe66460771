/**
 * What `npm start` and `npm test` need before anything else, using only Node's own modules (the dependencies
 * may not be installed yet): the project's npm dependencies and, for the browser tests, Debian's Chromium.
 */
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const run = (command) => execSync(command, { cwd: repoRoot, stdio: 'inherit' });

/**
 * Installs the locked dependencies when node_modules is missing or older than package-lock.json: `npm ci`, which
 * installs exactly what the lock says and never rewrites it, so a fresh clone stays clean. The lock lists every
 * platform's optional binaries (as `npm install` writes them on any platform); one that left them out would be
 * rewritten by each install on another platform.
 */
export function ensureInstalled() {
  const installed = path.join(repoRoot, 'node_modules/.package-lock.json');
  const lock = path.join(repoRoot, 'package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('[tms] Installing the locked dependencies (npm ci)...');
  run('npm ci --no-audit --no-fund');
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The end-to-end tests drive Debian's Chromium; install it when it is missing and we may. */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`Chromium was not found at ${CHROMIUM_PATH}. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  console.log('[tms] Installing Chromium for the browser tests (apt-get install chromium)...');
  run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
}

export function build() {
  console.log('[tms] Building every package (npm run build)...');
  run('npm run build');
}
