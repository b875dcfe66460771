import type { Customer, Load, Stop } from '@tms/contracts';
import pg from 'pg';
import { httpRequest } from './support/http-request.js';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * Issue 42, arrivals and departures from GPS, through the whole built system: devices post a truck's positions
 * (gateway → JetStream → svc-telematics's writer), svc-telematics's stop watcher decides what the truck did at the
 * stops of its load and tells svc-core, and the load shows it. The watcher looks every second here
 * (GPS_STOP_WATCH_INTERVAL_MS); every answer is awaited for at most 60 s after its positions are stored.
 *
 * Positions are in the past, 30 s apart, with their own timestamps: minute m is BASE + m minutes, and each load was
 * assigned (its `since`) before BASE. Stops 0.1 mile off are inside the default radius of 0.5 mile; 3 miles off are not.
 */
let system: RunningSystem;
let cookie: string;
let db: pg.Pool;
let customer: Customer;

const BASE = Math.floor((Date.now() - 3 * 3_600_000) / 60_000) * 60_000;
const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();
const MILES_PER_DEGREE = 69.0933;
const PICKUP = { latitude: 41.5, longitude: -88 };
const DELIVERY = { latitude: 41.8, longitude: -88 };
const LAST = { latitude: 42.5, longitude: -88 };
type Place = typeof PICKUP;

/** Positions every 30 s from minute `from` to `to`, `milesNorth` of `place`. */
const track = (place: Place, milesNorth: number, from: number, to: number) => {
  const positions: { latitude: number; longitude: number; timestamp: string }[] = [];
  for (let minute = from; minute <= to; minute += 0.5) {
    positions.push({ latitude: +(place.latitude + milesNorth / MILES_PER_DEGREE).toFixed(7), longitude: place.longitude, timestamp: at(minute) });
  }
  return positions;
};
const INSIDE = 0.1;
const OUTSIDE = 3;

const request = (method: string, path: string, body?: unknown) => httpRequest(system.url, cookie, method, path, body);
const read = async (id: string) => (await request('GET', `/api/loads/${id}`)).json as Load;

interface UnderWay {
  load: Load;
  token: string;
  truckId: string;
}

let count = 0;
/** A truck with its device, and a load assigned to it with stops at these places (and fields), since before BASE. */
async function underWay(stops: { place: Place; type: 'pickup' | 'delivery'; fields?: Record<string, unknown> }[]): Promise<UnderWay> {
  const n = ++count;
  const truck = await request('POST', '/api/trucks', { truckNumber: `ARR-${n}`, type: 'Semi', status: 'available', licensePlate: `ARR-${n}` });
  expect(truck.status).toBe(201);
  const device = await request('POST', '/api/devices', { name: `ARR-${n} ELD`, truckId: truck.json.id });
  expect(device.status).toBe(201);
  const load = await request('POST', '/api/loads', {
    loadNumber: `ARR-L${n}`,
    customerId: customer.id,
    status: 'assigned',
    assignedTruckId: truck.json.id,
    pickupLocation: 'Joliet, IL',
    pickupDate: at(0).slice(0, 10),
    deliveryLocation: 'Rockford, IL',
    deliveryDate: at(0).slice(0, 10),
    rate: '1800.00',
    stops: stops.map(({ place, type, fields }, index) => ({ type, location: `Stop ${index + 1}, IL`, ...place, ...fields })),
  });
  expect(load.status).toBe(201);
  // Assigned before the positions below (the API assigns now): seeded, as the assignment an hour ago would have been.
  await db.query(`UPDATE core.loads SET assigned_at = $2 WHERE id = $1`, [load.json.id, at(-60)]);
  return { load: load.json as Load, token: device.json.token, truckId: truck.json.id };
}

/** Posts positions as the truck's device does, and waits until svc-telematics has stored them. */
async function drive({ token, truckId }: UnderWay, positions: { timestamp: string }[]) {
  const response = await fetch(`${system.url}/api/gps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(positions),
  });
  expect(response.status).toBe(202);
  const times = positions.map(({ timestamp }) => timestamp);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await db.query(`SELECT count(*)::int AS count FROM telematics.positions WHERE truck_id = $1 AND recorded_at = ANY($2::timestamptz[])`, [truckId, times]);
    if (rows[0].count === new Set(times).size) return;
    if (Date.now() > deadline) throw new Error('The positions were never stored');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The load once `done` holds of it: within 60 s of the positions being stored. */
async function once(load: Load, done: (stops: Stop[], load: Load) => boolean): Promise<Load> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const now = await read(load.id);
    if (done(now.stops!, now)) return now;
    if (Date.now() > deadline) throw new Error(`Not within 60 s: ${JSON.stringify(now.stops)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  system = await startIsolatedSystem({ label: 'stop-arrivals', env: { GPS_STOP_WATCH_INTERVAL_MS: '1000' } });
  cookie = await signIn(system.url, 'arrivals@example.com');
  db = new pg.Pool({ connectionString: system.databaseUrl, max: 2 });
  customer = (await request('POST', '/api/customers', { name: 'Arrivals Freight', email: 'ops@arrivals.example', phone: '555-0142', address: '1 Dock Rd, Joliet, IL', type: 'shipper' })).json;
}, 180_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
}, 60_000);

const twoStops = () => underWay([{ place: PICKUP, type: 'pickup' }, { place: DELIVERY, type: 'delivery' }]);

describe('arrivals and departures from GPS', () => {
  it('is an arrival after 2 minutes inside, at the first position inside, and a departure after 3 minutes outside, at the last inside; the load goes In Transit', async () => {
    const truck = await twoStops();
    // Inside 3 minutes, then outside 2 minutes: arrived, not yet departed (both decided from the same positions).
    await drive(truck, [...track(PICKUP, -5, 0, 2), ...track(PICKUP, INSIDE, 3, 6), ...track(PICKUP, OUTSIDE, 6.5, 8.5)]);
    const arrived = await once(truck.load, ([pickup], load) => pickup.gpsArrivedAt !== null && load.status === 'in-transit');
    expect(arrived.stops![0]).toMatchObject({ arrivedAt: at(3), arrivedSource: 'gps', gpsArrivedAt: at(3), departedAt: null, gpsDepartedAt: null });
    expect(arrived.stops![1]).toMatchObject({ arrivedAt: null, gpsArrivedAt: null });
    // A minute more outside: 3 minutes, a departure at the last position inside.
    await drive(truck, track(PICKUP, OUTSIDE, 9, 9.5));
    const departed = await once(truck.load, ([pickup]) => pickup.gpsDepartedAt !== null);
    expect(departed.stops![0]).toMatchObject({ arrivedAt: at(3), departedAt: at(6), departedSource: 'gps', gpsDepartedAt: at(6) });
    expect(departed.status).toBe('in-transit');
  }, 120_000);

  it('is no arrival after 1 minute inside', async () => {
    const truck = await twoStops();
    // A minute at the pickup, away, then back for 2 minutes: the arrival is the second visit's.
    await drive(truck, [...track(PICKUP, INSIDE, 0, 1), ...track(PICKUP, OUTSIDE, 1.5, 4), ...track(PICKUP, INSIDE, 5, 7), ...track(PICKUP, OUTSIDE, 7.5, 11)]);
    const seen = await once(truck.load, ([pickup]) => pickup.gpsDepartedAt !== null);
    expect(seen.stops![0]).toMatchObject({ gpsArrivedAt: at(5), gpsDepartedAt: at(7) });
  }, 120_000);

  it('meets the stops in order: waiting at the delivery before the pickup is no arrival there', async () => {
    const truck = await twoStops();
    await drive(truck, [
      ...track(DELIVERY, INSIDE, 0, 5),
      ...track(DELIVERY, -10, 5.5, 10),
      ...track(PICKUP, INSIDE, 11, 15),
      ...track(PICKUP, OUTSIDE, 15.5, 19),
      ...track(DELIVERY, INSIDE, 20, 24),
      ...track(DELIVERY, OUTSIDE, 24.5, 29),
    ]);
    const seen = await once(truck.load, ([, delivery]) => delivery.gpsDepartedAt !== null);
    expect(seen.stops!.map(({ gpsArrivedAt, gpsDepartedAt }) => [gpsArrivedAt, gpsDepartedAt])).toEqual([
      [at(11), at(15)],
      [at(20), at(24)],
    ]);
  }, 120_000);

  it('gives positions that come late the answer of the same positions in order, and a batch delivered again changes nothing', async () => {
    const truck = await twoStops();
    const later = [...track(PICKUP, INSIDE, 4, 6.5), ...track(PICKUP, OUTSIDE, 7, 11)];
    await drive(truck, later);
    await once(truck.load, ([pickup]) => pickup.gpsArrivedAt === at(4) && pickup.gpsDepartedAt === at(6.5));
    // The positions before them, late: the truck was inside from minute 0.
    const earlier = track(PICKUP, INSIDE, 0, 3.5);
    await drive(truck, earlier);
    const inOrder = await once(truck.load, ([pickup]) => pickup.gpsArrivedAt === at(0));
    expect(inOrder.stops![0]).toMatchObject({ arrivedAt: at(0), arrivedSource: 'gps', gpsDepartedAt: at(6.5), departedAt: at(6.5) });
    // Both again, with the truck going on to the delivery: decided together, the pickup's times stay.
    await drive(truck, [...earlier, ...later, ...track(DELIVERY, INSIDE, 30, 33)]);
    const again = await once(truck.load, ([, delivery]) => delivery.gpsArrivedAt !== null);
    expect(again.stops!.map(({ gpsArrivedAt, gpsDepartedAt }) => [gpsArrivedAt, gpsDepartedAt])).toEqual([
      [at(0), at(6.5)],
      [at(30), null],
    ]);
  }, 120_000);

  it("keeps a dispatcher's times, with GPS's beside them", async () => {
    const truck = await underWay([
      { place: PICKUP, type: 'pickup', fields: { arrivedAt: at(1), departedAt: at(4) } },
      { place: DELIVERY, type: 'delivery' },
      { place: LAST, type: 'delivery' },
    ]);
    await drive(truck, [...track(PICKUP, INSIDE, 3, 6), ...track(PICKUP, OUTSIDE, 6.5, 10)]);
    const seen = await once(truck.load, ([pickup]) => pickup.gpsDepartedAt !== null);
    expect(seen.stops![0]).toMatchObject({ arrivedAt: at(1), arrivedSource: 'dispatcher', gpsArrivedAt: at(3), departedAt: at(4), departedSource: 'dispatcher', gpsDepartedAt: at(6) });
  }, 120_000);

  it('estimates the stops ahead from the latest position: great-circle miles times 1.2 at 50 mph', async () => {
    const truck = await twoStops();
    // 20.73 miles south of the pickup at minute 0: 20.73 × 1.2 / 50 h = 29.9 min, so minute 30; the delivery is
    // 20.73 miles on: minute 60.
    await drive(truck, [{ latitude: +(PICKUP.latitude - 0.3).toFixed(7), longitude: PICKUP.longitude, timestamp: at(0) }]);
    const estimated = await once(truck.load, ([pickup, delivery]) => pickup.eta !== null && delivery.eta !== null);
    expect(estimated.stops!.map(({ eta }) => eta)).toEqual([at(30), at(60)]);
  }, 120_000);
});

describe("a truck's track (the Stops drawer's map)", () => {
  it('answers its positions in the span oldest first, thinned to 500 with the first and the last kept', async () => {
    const truck = await twoStops();
    // 700 positions, 10 s apart from minute 0, heading north from the pickup: two requests.
    const positions = Array.from({ length: 700 }, (_, index) => ({ latitude: +(PICKUP.latitude + index / 10_000).toFixed(7), longitude: PICKUP.longitude, timestamp: at(index / 6) }));
    await drive(truck, positions.slice(0, 400));
    await drive(truck, positions.slice(400));
    const span = `truckId=${truck.truckId}&from=${encodeURIComponent(at(-60))}&to=${encodeURIComponent(at(120))}`;
    const whole = await request('GET', `/api/gps/track?${span}`);
    expect(whole.status).toBe(200);
    expect(whole.json.positions).toBe(700);
    expect(whole.json.points.length).toBeLessThanOrEqual(500);
    expect(whole.json.points.length).toBeGreaterThan(300);
    expect(whole.json.points[0]).toEqual({ latitude: positions[0].latitude, longitude: PICKUP.longitude, at: positions[0].timestamp });
    expect(whole.json.points.at(-1)).toEqual({ latitude: positions[699].latitude, longitude: PICKUP.longitude, at: positions[699].timestamp });
    const times = whole.json.points.map((point: { at: string }) => Date.parse(point.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // A span of 10 minutes: its 61 positions, every one, bounds included.
    const part = await request('GET', `/api/gps/track?truckId=${truck.truckId}&from=${encodeURIComponent(at(50))}&to=${encodeURIComponent(at(60))}`);
    expect(part.json.positions).toBe(61);
    expect(part.json.points.map((point: { at: string }) => point.at)).toEqual(positions.slice(300, 361).map(({ timestamp }) => timestamp));
  }, 120_000);

  it('refuses a span backwards or longer than 31 days and a truck id that is none, and asks for a session', async () => {
    const truckId = '00000000-0000-4000-8000-000000000001';
    const backwards = await request('GET', `/api/gps/track?truckId=${truckId}&from=${encodeURIComponent(at(10))}&to=${encodeURIComponent(at(0))}`);
    expect(backwards.status).toBe(400);
    expect(backwards.json.issues).toEqual({ to: ['to must not be before from'] });
    const long = await request('GET', `/api/gps/track?truckId=${truckId}&from=2026-01-01T00:00:00Z&to=2026-02-02T00:00:00Z`);
    expect(long.json.issues).toEqual({ to: ['A track covers at most 31 days'] });
    const none = await request('GET', `/api/gps/track?truckId=7&from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(1))}`);
    expect(none.json.issues).toEqual({ truckId: ['Truck id must be a uuid'] });
    expect((await fetch(`${system.url}/api/gps/track?truckId=${truckId}&from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(1))}`)).status).toBe(401);
  }, 60_000);
});

