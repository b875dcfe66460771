/**
 * svc-telematics' GPS writer alone (PositionsWriter with its IFTA totals), on a fresh database: positions per second
 * and the writer's own CPU, to compare two builds of svc-telematics run one after the other (issue 29: the totals may
 * cost the writer at most 10%).
 *   node bench/gps-writer.mjs <svc-telematics dist folder> <gps|fleet>
 * gps:   bench/gps.mjs's positions (truck n % 5000, 7 ms apart, 1° of longitude between a truck's consecutive
 *        positions: each a gap), 60,000 single ones (the first 5,000 apart: each truck's first), then 250,000 in
 *        batches of 100 of one truck;
 * fleet: 1,000 trucks at 40-70 mph on straight courses, a position every 30 s each, 200 rounds (the first apart).
 * Batches of 5,000 positions, as the consumer's (GPS_CONSUMER_BATCH). Prints one JSON line: the gaps' and days'
 * checksums (equal for builds that count alike) and each part's time.
 */
import 'reflect-metadata';
import path from 'node:path';
import pg from 'pg';
import { DataSource } from 'typeorm';

const [distDir, scenario] = process.argv.slice(2);
const dist = path.resolve(distDir);
const { PositionsWriter } = await import(`${dist}/positions/positions.writer.js`);
const { IftaTotals } = await import(`${dist}/ifta/ifta-totals.js`);
const { TELEMATICS_DATABASE } = await import(`${dist}/app.module.js`);
const { openDatabase } = await import('@tms/service-kit');

const name = `tms_wbench_${process.pid}`;
const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
server.pathname = '/postgres';
const admin = new pg.Client({ connectionString: server.toString() });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
server.pathname = `/${name}`;
const url = server.toString();
const ds = await openDatabase(
  new DataSource({ type: 'postgres', url, schema: 'telematics', ...TELEMATICS_DATABASE, migrationsTableName: 'migrations', migrationsTransactionMode: 'each', synchronize: false }),
);
const ifta = new IftaTotals(ds);
const writer = new PositionsWriter(ds, ifta);
const DEVICES = 5000;
const id = (prefix, n) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const truckId = (n) => id('00000000', n % DEVICES);
const deviceId = (n) => id('11111111', n % DEVICES);
await ds.query(`INSERT INTO telematics.devices (id, name, truck_id) SELECT ('11111111-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'd' || n,
  ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid FROM generate_series(0, ${DEVICES - 1}) n`);

const receivedAt = new Date().toISOString();
const BATCH = 5000;
async function timed(label, envelopes) {
  const batches = [];
  let batch = [];
  let count = 0;
  for (const envelope of envelopes) {
    batch.push(envelope);
    count += envelope.positions.length;
    if (count >= BATCH) {
      batches.push(batch);
      batch = [];
      count = 0;
    }
  }
  if (batch.length) batches.push(batch);
  const total = envelopes.reduce((sum, e) => sum + e.positions.length, 0);
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (const b of batches) await writer.write(b);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { label, positions: total, ms: Math.round(ms), perSecond: Math.round((total * 1000) / ms), nodeCpuMs: Math.round((used.user + used.system) / 1000) };
}

const results = [];
if (scenario === 'gps') {
  // bench/gps.mjs's positions: n-th position 7 ms after the previous, truck n % 5000, coordinates cycling.
  const since = Date.now() - 24 * 3_600_000;
  const position = (n, truck = truckId(n)) => ({
    truckId: truck, driverId: null, loadId: null, latitude: 30 + (n % 1000) / 100, longitude: -97 - (n % 700) / 100, speed: n % 70, heading: n % 360, accuracy: null,
    timestamp: new Date(since + n * 7).toISOString(),
  });
  let n = 0;
  const single = [];
  for (let i = 0; i < 60_000; i++, n++) single.push({ deviceId: deviceId(n), receivedAt, positions: [position(n)] });
  results.push(await timed('single-first', single.slice(0, DEVICES)));
  results.push(await timed('single', single.slice(DEVICES)));
  const batched = [];
  for (let i = 0; i < 2500; i++, n += 100) batched.push({ deviceId: deviceId(n), receivedAt, positions: Array.from({ length: 100 }, (_, k) => position(n + k, truckId(n))) });
  results.push(await timed('batched', batched));
} else {
  // A moving fleet: 1,000 trucks at 40-70 mph on straight courses, a position every 30 s each.
  const TRUCKS = 1000;
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const trucks = Array.from({ length: TRUCKS }, () => ({ lat: 32 + random() * 12, lon: -118 + random() * 36, heading: random() * 2 * Math.PI, mph: 40 + random() * 30 }));
  const since = Date.now() - 3 * 24 * 3_600_000;
  const envelopes = [];
  for (let round = 0; round < 200; round++) {
    const at = new Date(since + round * 30_000).toISOString();
    trucks.forEach((t, k) => {
      const miles = (t.mph * 30) / 3600;
      t.lat += (miles / 69) * Math.cos(t.heading);
      t.lon += (miles / (69 * Math.cos((t.lat * Math.PI) / 180))) * Math.sin(t.heading);
      if (t.lat > 45 || t.lat < 31 || t.lon > -80 || t.lon < -119) t.heading += Math.PI;
      envelopes.push({ deviceId: deviceId(k), receivedAt, positions: [{ truckId: truckId(k), driverId: null, loadId: null, latitude: Number(t.lat.toFixed(6)), longitude: Number(t.lon.toFixed(6)), speed: t.mph, heading: 90, accuracy: 5, timestamp: at }] });
    });
  }
  // The first round (each truck's first position) apart: it reads windows, as a start does.
  results.push(await timed('first', envelopes.slice(0, TRUCKS)));
  results.push(await timed('fleet', envelopes.slice(TRUCKS)));
}
const [{ gaps }] = await ds.query(`SELECT count(*)::int || ' ' || coalesce(sum(millimeters), 0) || ' ' || coalesce(sum(extract(epoch from ends_at - starts_at)), 0) AS gaps FROM telematics.ifta_gaps`).catch(() => [{ gaps: -1 }]);
const [{ days }] = await ds.query(`SELECT count(*)::int || ' ' || coalesce(sum(millimeters), 0) || ' ' || md5(string_agg(truck_id::text || day::text || jurisdiction || millimeters::text, ',' ORDER BY truck_id, day, jurisdiction)) AS days FROM telematics.ifta_truck_days`).catch(() => [{ days: -1 }]);
console.log(JSON.stringify({ dist: distDir, scenario, gaps, days, results }));
await ds.destroy();
await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
await admin.end();
