/**
 * `npm start`: installs what is missing, builds everything, then runs the whole system on this machine until
 * Ctrl-C. Set SKIP_BUILD=1 to start from the last build.
 * `npm start -- --replicas 2 --nats-cluster 3`: the production topology on one machine (README: Deploying): that many
 * gateways and processes of every service, and a NATS cluster of its own with a user per part.
 */
import { parseArgs } from 'node:util';
import { build, ensureInstalled } from './setup.mjs';

const { values: options } = parseArgs({ options: { replicas: { type: 'string', default: '1' }, 'nats-cluster': { type: 'string', default: '0' } } });
const count = (name, value, min) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > 9) {
    console.error(`[tms] --${name} must be a whole number from ${min} to 9 (got "${value}").`);
    process.exit(1);
  }
  return number;
};
const replicas = count('replicas', options.replicas, 1);
const natsNodes = count('nats-cluster', options['nats-cluster'], 0);

ensureInstalled();
if (!process.env.SKIP_BUILD) build();

// Imported only now: it needs the installed dependencies.
const { startSystem } = await import('./system.mjs');

let system;
try {
  system = await startSystem({ replicas, natsNodes });
} catch (error) {
  console.error(`\n[tms] Could not start: ${error.message}`);
  process.exit(1);
}

const devIssuer = !process.env.OIDC_ISSUER_URL;
console.log(`
  TMS is running at ${system.url}${system.urls.length > 1 ? ` (gateways: ${system.urls.join(', ')})` : ''}${natsNodes ? `
  NATS: a cluster of ${natsNodes} (${system.natsUrl}), a user per part; processes tms-{part}-{n} in ps` : ''}
  Drivers' phones: ${system.driverUrl} (pair one from Driver Management's row menu, 'Pair Phone')
  Sign in: ${devIssuer ? 'open it, click Log In and enter any e-mail address on the development sign-in page.' : `through ${process.env.OIDC_ISSUER_URL}.`}
  Ctrl-C stops everything.
`);

// concurrently forwards Ctrl-C to every process; once they have all exited, stop what we started ourselves.
await system.finished;
process.exit(0);
