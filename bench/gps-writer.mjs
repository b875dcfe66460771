/**
 * svc-telematics' GPS writer alone (PositionsWriter with its IFTA totals), on a fresh database: positions per second
 * and the writer's own CPU, to compare two builds of svc-telematics run one after the other (issue 29: the totals may
 * cost the writer at most 10%), or the writer with and without the stop watcher (issue 42: at most 5%).
 *   node bench/gps-writer.mjs <svc-telematics dist folder> <gps|fleet|stops> [watch]
 *   node bench/gps-writer.mjs <svc-telematics dist folder> stops --pairs <n>
 * gps:   bench/gps.mjs's positions (truck n % 5000, 7 ms apart, 1° of longitude between a truck's consecutive
 *        positions: each a gap), 60,000 single ones (the first 5,000 apart: each truck's first), then 250,000 in
 *        batches of 100 of one truck;
 * fleet: 1,000 trucks at 40-70 mph on straight courses, a position every 30 s each, 200 rounds (the first apart).
 * stops: the fleet, 480 rounds (4 hours), each truck with a load of three stops: it stands 10 minutes at the first
 *        (from round 40) and at the second (from round 240), and never reaches the third, 300 miles on. `watch`: the
 *        stop watcher runs beside the writer as in the service (StopWatcher.tick every GPS_STOP_WATCH_INTERVAL_MS,
 *        default here 1000: fifteen times as often as the service, for a run of some tens of seconds), svc-core's
 *        side played in this process (the loads' stops kept in memory, the replies copied as JSON is); after the
 *        writer, one more look, and the stops decided are printed (2,000 arrivals, 2,000 departures when right).
 *        Without `watch` the writer notes no trucks: the writer as before the watcher. `--pairs n` runs n pairs of
 *        processes, without and with, each pair in turn in the other order, and prints each pair's slowdown and the
 *        median (issue 42's measure).
 * Batches of 5,000 positions, as the consumer's (GPS_CONSUMER_BATCH). Prints one JSON line: the gaps' and days'
 * checksums (equal for builds that count alike) and each part's time.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DataSource } from 'typeorm';

const [distDir, scenario, mode, count] = process.argv.slice(2);
if (mode === '--pairs') {
  // Pair by pair, each in a process of its own: the machine's drift over the run falls on both sides of each pair.
  const run = (...args) => JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), distDir, scenario, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim().split('\n').at(-1));
  const rate = (result) => result.results.at(-1).perSecond;
  const slowdowns = [];
  for (let pair = 0; pair < Number(count); pair++) {
    const [without, watched] = pair % 2 ? [run('watch'), run()].reverse() : [run(), run('watch')];
    const slowdown = 1 - rate(watched) / rate(without);
    slowdowns.push(slowdown);
    console.log(JSON.stringify({ pair, without: rate(without), with: rate(watched), slowdown: `${(slowdown * 100).toFixed(1)}%`, watcher: watched.watcher }));
  }
  const sorted = [...slowdowns].sort((a, b) => a - b);
  console.log(JSON.stringify({ pairs: sorted.length, medianSlowdown: `${(sorted[Math.floor((sorted.length - 1) / 2)] * 100).toFixed(1)}%` }));
  process.exit(0);
}
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
const watching = scenario === 'stops' && mode === 'watch';
const moved = watching ? new (await import(`${dist}/stops/moved-trucks.js`)).MovedTrucks() : undefined;
const writer = new PositionsWriter(ds, ifta, moved);
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
/** The watcher's looks: how many, their time, the stops told, and what svc-core's side then holds. */
let watcherFigures;
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
  const ROUNDS = scenario === 'stops' ? 480 : 200;
  /** The rounds a truck stands at its load's first and second stops (stops only). */
  const STANDS = scenario === 'stops' ? [40, 240] : [];
  const STAND_ROUNDS = 20;
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const trucks = Array.from({ length: TRUCKS }, () => ({ lat: 32 + random() * 12, lon: -118 + random() * 36, heading: random() * 2 * Math.PI, mph: 40 + random() * 30 }));
  const since = Date.now() - 3 * 24 * 3_600_000;
  const envelopes = [];
  const stands = trucks.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    const at = new Date(since + round * 30_000).toISOString();
    const standing = STANDS.findIndex((start) => round >= start && round < start + STAND_ROUNDS);
    trucks.forEach((t, k) => {
      if (standing >= 0) {
        if (round === STANDS[standing]) stands[k].push({ latitude: Number(t.lat.toFixed(6)), longitude: Number(t.lon.toFixed(6)) });
        envelopes.push({ deviceId: deviceId(k), receivedAt, positions: [{ truckId: truckId(k), driverId: null, loadId: null, latitude: Number(t.lat.toFixed(6)), longitude: Number(t.lon.toFixed(6)), speed: 0, heading: 90, accuracy: 5, timestamp: at }] });
        return;
      }
      const miles = (t.mph * 30) / 3600;
      t.lat += (miles / 69) * Math.cos(t.heading);
      t.lon += (miles / (69 * Math.cos((t.lat * Math.PI) / 180))) * Math.sin(t.heading);
      if (t.lat > 45 || t.lat < 31 || t.lon > -80 || t.lon < -119) t.heading += Math.PI;
      envelopes.push({ deviceId: deviceId(k), receivedAt, positions: [{ truckId: truckId(k), driverId: null, loadId: null, latitude: Number(t.lat.toFixed(6)), longitude: Number(t.lon.toFixed(6)), speed: t.mph, heading: 90, accuracy: 5, timestamp: at }] });
    });
  }
  // Each truck's load: its two stands, and a third stop 300 miles north of the second, with appointments.
  const loads = STANDS.length === 0 ? [] : trucks.map((t, k) => ({
    loadId: id('22222222', k),
    truckId: truckId(k),
    status: 'Assigned',
    since: new Date(since - 60_000).toISOString(),
    stops: [...stands[k], { latitude: Math.min(49, stands[k][1].latitude + 300 / 69), longitude: stands[k][1].longitude }].map((place, index) => ({
      id: id(`3333333${index}`, k),
      sequence: index + 1,
      type: index ? 'delivery' : 'pickup',
      ...place,
      radiusMiles: 0.5,
      appointmentStart: null,
      appointmentEnd: new Date(since + (index + 1) * 3 * 3_600_000).toISOString(),
      arrivedAt: null,
      departedAt: null,
      gpsArrivedAt: null,
      gpsDepartedAt: null,
    })),
  }));
  let watcher;
  let looking = Promise.resolve();
  const looks = { count: 0, ms: 0, told: 0 };
  if (watching) {
    // svc-core's side: the loads under way, and what GPS saw recorded on them (over NATS, hence the JSON copies).
    const stopsById = new Map(loads.flatMap((load) => load.stops.map((stop) => [stop.id, { load, stop }])));
    const core = {
      async request(_service, _resource, action, payload) {
        if (action === 'stops-to-watch') return { ok: true, data: JSON.parse(JSON.stringify({ loads })) };
        for (const seen of JSON.parse(JSON.stringify(payload)).stops) {
          const { load, stop } = stopsById.get(seen.stopId);
          if (seen.gpsArrivedAt) stop.gpsArrivedAt = seen.gpsArrivedAt;
          if (seen.gpsDepartedAt) stop.gpsDepartedAt = seen.gpsDepartedAt;
          if (seen.gpsArrivedAt && stop.sequence === 1) load.status = 'In Transit';
        }
        return { ok: true, data: { recorded: payload.stops.length } };
      },
    };
    const { StopWatcher } = await import(`${dist}/stops/stop-watcher.js`);
    watcher = new StopWatcher(ds, moved, core);
  }
  const look = async () => {
    const start = process.hrtime.bigint();
    looks.told += await watcher.tick();
    looks.count++;
    looks.ms += Number(process.hrtime.bigint() - start) / 1e6;
  };
  let writing = true;
  const intervalMs = Number(process.env.GPS_STOP_WATCH_INTERVAL_MS ?? 1000);
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  // The first round (each truck's first position) apart: it reads windows, as a start does.
  results.push(await timed('first', envelopes.slice(0, TRUCKS)));
  if (watcher) {
    await look(); // the loads, new to the watcher, decided from all their positions once
    looking = (async () => {
      while (writing) {
        await sleep(intervalMs);
        if (writing) await look();
      }
    })();
  }
  results.push(await timed(scenario, envelopes.slice(TRUCKS)));
  writing = false;
  await looking;
  if (watcher) {
    await look();
    const stops = loads.flatMap((load) => load.stops);
    looks.arrived = stops.filter((stop) => stop.gpsArrivedAt).length;
    looks.departed = stops.filter((stop) => stop.gpsDepartedAt).length;
    looks.inTransit = loads.filter((load) => load.status === 'In Transit').length;
    looks.ms = Math.round(looks.ms);
    watcherFigures = looks;
  }
}
const [{ gaps }] = await ds.query(`SELECT count(*)::int || ' ' || coalesce(sum(millimeters), 0) || ' ' || coalesce(sum(extract(epoch from ends_at - starts_at)), 0) AS gaps FROM telematics.ifta_gaps`).catch(() => [{ gaps: -1 }]);
const [{ days }] = await ds.query(`SELECT count(*)::int || ' ' || coalesce(sum(millimeters), 0) || ' ' || md5(string_agg(truck_id::text || day::text || jurisdiction || millimeters::text, ',' ORDER BY truck_id, day, jurisdiction)) AS days FROM telematics.ifta_truck_days`).catch(() => [{ days: -1 }]);
console.log(JSON.stringify({ dist: distDir, scenario, ...(watching && { watch: true, watcher: watcherFigures }), gaps, days, results }));
await ds.destroy();
await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
await admin.end();
