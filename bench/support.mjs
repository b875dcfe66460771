/**
 * What the API benchmarks share: signing in as a browser would, one autocannon scenario printed as a line, and trucks
 * seeded straight into Postgres.
 */
import autocannon from 'autocannon';
import pg from 'pg';

export { signIn } from '../scripts/sign-in.mjs';

/**
 * Runs one scenario and prints its figures. `body` and `path`, when given, make each request's body and path (fresh
 * ones each time); the first failed answer is printed, so a failing scenario says why. `warmupSeconds` of the same
 * load first, not counted: the servers' code paths compiled and their pools open, as in a system that has been up a
 * while.
 */
export function measure(title, { url, method = 'GET', headers, path, body, connections = 10, seconds = 10, warmupSeconds = 0 }) {
  let firstFailure;
  const request = {
    method,
    ...((body || path) && { setupRequest: (raw) => ({ ...raw, ...(path && { path: path() }), ...(body && { body: body() }) }) }),
    onResponse: (status, responseBody) => {
      if (status >= 400 && !firstFailure) firstFailure = `${status} ${responseBody.slice(0, 200)}`;
    },
  };
  return new Promise((resolve, reject) => {
    const warmup = warmupSeconds > 0 ? { warmup: { connections, duration: warmupSeconds } } : {};
    autocannon({ url, headers, connections, duration: seconds, requests: [request], ...warmup }, (error, result) => {
      if (error) return reject(error);
      const failed = result.non2xx + result.errors + result.timeouts;
      console.log(
        `${title.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   ` +
          `latency p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms   ` +
          `${result.requests.total} requests, ${failed} failed${firstFailure ? ` (first: ${firstFailure})` : ''}`,
      );
      resolve(result);
    });
  });
}

/** The id of the benchmarks' truck `n`: the same in every seeding, so positions can name it. */
export const benchTruckId = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Trucks 0..count-1 (ids by benchTruckId) straight into a system's Postgres (GPS positions must name trucks that
 * exist), once svc-core has made its tables: a system answers its gateway's health before its services have migrated.
 */
export async function seedTrucks(databaseUrl, count) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (let tries = 0; ; tries++) {
      try {
        await db.query(
          `INSERT INTO core.trucks (id, truck_number, type, license_plate)
           SELECT ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'BENCH-' || n, 'Dry Van', 'BENCH ' || n
           FROM generate_series(0, $1::int - 1) AS n ON CONFLICT DO NOTHING`,
          [count],
        );
        return;
      } catch (error) {
        if (tries > 60) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    await db.end();
  }
}

/**
 * A connection to a system's Postgres once `table` exists: a system answers its health before its services have
 * migrated, so a benchmark that seeds straight into the database waits for the table it fills.
 */
export async function databaseWith(databaseUrl, table) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  for (let tries = 0; !(await db.query(`SELECT to_regclass($1) AS found`, [table])).rows[0].found; tries++) {
    if (tries > 120) {
      await db.end();
      throw new Error(`${table} was not made within a minute`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return db;
}

/**
 * Registers `count` devices through the API, device n bound to truck n (benchTruckId: seed the trucks first), as ELDs
 * in a fleet are; answers their tokens, token n for truck n.
 */
export async function registerDevices(system, cookie, count) {
  const headers = { cookie, 'content-type': 'application/json', origin: new URL(system.url).origin };
  const tokens = [];
  for (let start = 0; start < count; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, async (_, i) => {
        const body = JSON.stringify({ name: `Bench ${start + i}`, truckId: benchTruckId(start + i) });
        let response = await fetch(`${system.url}/api/devices`, { method: 'POST', headers, body });
        // A system answers before its services are up (svc-telematics still migrating): they get a minute.
        for (let tries = 0; response.status === 503 && tries < 60; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          response = await fetch(`${system.url}/api/devices`, { method: 'POST', headers, body });
        }
        if (response.status !== 201) throw new Error(`Registering a device answered ${response.status}: ${await response.text()}`);
        return (await response.json()).token;
      }),
    );
    tokens.push(...batch);
  }
  return tokens;
}

/**
 * GPS position n of a fleet of `trucks` (as the peers' gps.lua makes them: truck n % trucks, coordinates cycling over
 * Texas), with a time of its own: a day back plus 7 ms a position, so every position of a run is new and in the past.
 */
export function gpsPositions(trucks) {
  const since = Date.now() - 24 * 3_600_000;
  return (n) => ({
    truckId: benchTruckId(n % trucks),
    latitude: 30 + (n % 1000) / 100,
    longitude: -97 - (n % 700) / 100,
    speed: n % 70,
    heading: n % 360,
    timestamp: new Date(since + n * 7).toISOString(),
  });
}
