/**
 * `npm start`: installs what is missing, builds everything, then runs the whole system on this machine until
 * Ctrl-C. Set SKIP_BUILD=1 to start from the last build.
 */
import { build, ensureInstalled } from './setup.mjs';

ensureInstalled();
if (!process.env.SKIP_BUILD) build();

// Imported only now: it needs the installed dependencies.
const { startSystem } = await import('./system.mjs');

let system;
try {
  system = await startSystem();
} catch (error) {
  console.error(`\n[tms] Could not start: ${error.message}`);
  process.exit(1);
}

const devIssuer = !process.env.OIDC_ISSUER_URL;
console.log(`
  TMS is running at ${system.url}
  Sign in: ${devIssuer ? 'open it, click Log In and enter any e-mail address on the development sign-in page.' : `through ${process.env.OIDC_ISSUER_URL}.`}
  Ctrl-C stops everything.
`);

// concurrently forwards Ctrl-C to every process; once they have all exited, stop what we started ourselves.
await system.finished;
process.exit(0);
