/**
 * `npm run bench`: the API's throughput and latency, measured with autocannon against the whole built system
 * (gateway → NATS → svc-core → Postgres) on a fresh database. Prints one line per scenario.
 *   BENCH_SECONDS   how long each scenario runs (default 10)
 *   BENCH_TRUCKS    how many trucks the list answers (default 200)
 */
import { startIsolatedSystem } from '../scripts/system.mjs';
import { measure as measureWith, signIn } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const truckCount = Number(process.env.BENCH_TRUCKS ?? 200);
const connections = 10;
const measure = (title, scenario) => measureWith(title, { ...scenario, connections, seconds });

const system = await startIsolatedSystem({ label: 'bench' });
try {
  const cookie = await signIn(system.url, 'bench@example.com');
  const headers = { cookie, 'content-type': 'application/json', origin: new URL(system.url).origin };
  const seeded = [];
  for (let index = 0; index < truckCount; index++) {
    const response = await fetch(`${system.url}/api/trucks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ truckNumber: `B-${index}`, type: 'Dry Van', licensePlate: `BN-${index}`, status: 'available' }),
    });
    if (response.status !== 201) throw new Error(`Seeding truck ${index} answered ${response.status}: ${await response.text()}`);
    seeded.push((await response.json()).id);
  }

  console.log(`\nTMS API, ${connections} connections, ${seconds} s per scenario, ${truckCount} trucks in the list\n`);
  await measure('GET /api/health (all services)', { url: `${system.url}/api/health`, headers });
  await measure('GET /api/auth/user', { url: `${system.url}/api/auth/user`, headers });
  await measure(`GET /api/trucks (${truckCount} rows)`, { url: `${system.url}/api/trucks`, headers });
  let created = 0;
  await measure('POST /api/trucks', {
    url: `${system.url}/api/trucks`,
    method: 'POST',
    headers,
    body: () => JSON.stringify({ truckNumber: `P-${created++}`, type: 'Reefer', licensePlate: 'BENCH', status: 'available' }),
  });
  // Each edit changes a plate, going round the seeded trucks: each one is a real update (and an audit entry).
  let edits = 0;
  await measure('PATCH /api/trucks/:id', {
    url: `${system.url}/api/trucks/${seeded[0]}`,
    method: 'PATCH',
    headers,
    path: () => `/api/trucks/${seeded[edits % seeded.length]}`,
    body: () => JSON.stringify({ licensePlate: `E-${edits++}` }),
  });
} finally {
  await system.stop();
}
