import { randomUUID } from 'node:crypto';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { gpsConsumerName, gpsDeadLetterStreamName, gpsPositionSchema, gpsStreamName, gpsSubject, type GpsEnvelope } from '@tms/contracts';
import { ensureGpsStreams } from '@tms/gps-stream';
import { startTelematicsService, type TelematicsService } from './support/telematics-service.js';

/**
 * Positions straight on the GPS stream, as a buggy older gateway might publish them: what Postgres cannot take is
 * set apart in the dead-letter stream, every other position is stored, and the stream goes on.
 */
let service: TelematicsService;
let published = 0;

const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
const good = (truckId: string = randomUUID()) => ({ latitude: 41.88, longitude: -87.63, timestamp: at(60), truckId, driverId: null, loadId: null, speed: 55, heading: 90, accuracy: 5 });
const envelope = (positions: unknown[]): GpsEnvelope => ({ deviceId: randomUUID(), receivedAt: at(0), positions: positions as GpsEnvelope['positions'] });
const publish = async (data: unknown) => {
  const js = jetstream(service.nats);
  await js.publish(gpsSubject(service.root), typeof data === 'string' ? data : JSON.stringify(data), { msgID: `test-${published++}` });
};
const count = async (sql: string, params: unknown[] = []) => Number((await service.db.query(sql, params))[0].count);
const stored = (truckIds: string[]) => count(`SELECT count(*) FROM telematics.positions WHERE truck_id = ANY($1::uuid[])`, [truckIds]);
const deadLetters = async () => (await (await jetstreamManager(service.nats)).streams.info(gpsDeadLetterStreamName(service.root))).state.messages;

async function eventually(probe: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Values no gateway of ours lets through, each refused by a column of telematics.positions or latest_positions. */
const POISON: Record<string, unknown>[] = [
  { accuracy: 1e-50 }, // real underflows
  { accuracy: 1e50 },
  { latitude: 1000 }, // numeric(10,7)
  { speed: 1e6 }, // numeric(5,2)
  { heading: -40000 }, // smallint
  { timestamp: 'soon' },
  { timestamp: '300000-01-01T00:00:00Z' },
  { loadId: 'not-a-uuid' },
  { latitude: null }, // NOT NULL
  { longitude: 'west' },
];

beforeAll(async () => {
  // The GPS stream and consumer as an older release left them: delivering a refused message again without end.
  service = await startTelematicsService(async (root, nats) => {
    await ensureGpsStreams(nats, root);
    await (await jetstreamManager(nats)).consumers.add(gpsStreamName(root), { durable_name: gpsConsumerName, ack_policy: AckPolicy.Explicit, max_deliver: -1 });
  });
}, 60_000);

afterAll(async () => {
  await service?.stop();
}, 60_000);

it('stores every good position of batches holding poison, and sets each poison apart with its reason', async () => {
  const trucks: string[] = [];
  const goodOnes = (n: number) => Array.from({ length: n }, () => good(trucks[trucks.push(randomUUID()) - 1]));
  // Poison among good ones in the same envelope, in envelopes of the same message, and in messages of the same batch.
  for (const poison of POISON) {
    await publish([envelope([...goodOnes(3), { ...good(), ...poison }, ...goodOnes(3)]), envelope(goodOnes(5))]);
  }
  await publish(envelope([null, ...goodOnes(2)])); // a position that is no object
  await publish('not json at all');
  await publish([{ deviceId: randomUUID(), positions: 'none' }]);
  await publish([{ ...envelope(goodOnes(1)), deviceId: 'not-a-uuid' }]); // refused by the devices' update
  const poisonCount = POISON.length + 4;
  const validTrucks = trucks.slice(0, -1);
  await eventually(async () => (await stored(validTrucks)) === validTrucks.length, 'every good position stored');
  await eventually(async () => (await deadLetters()) === poisonCount, `${poisonCount} dead letters`);
  expect(await count(`SELECT count(*) FROM telematics.positions`)).toBe(validTrucks.length);
  expect(await count(`SELECT count(*) FROM telematics.latest_positions WHERE truck_id = ANY($1::uuid[])`, [validTrucks])).toBe(validTrucks.length);

  // Each letter says why, and a refused position's letter is its envelope of one, ready to publish again once fixed.
  const jsm = await jetstreamManager(service.nats);
  const letters = await Promise.all(Array.from({ length: poisonCount }, (_, index) => jsm.streams.getMessage(gpsDeadLetterStreamName(service.root), { seq: index + 1 })));
  const underflow = letters.find((letter) => letter?.string().includes('1e-50'));
  expect(underflow?.header.get('Tms-Dead-Letter-Reason')).toBe('"1e-50" is out of range for type real');
  expect(underflow?.json<GpsEnvelope>().positions).toEqual([expect.objectContaining({ accuracy: 1e-50 })]);
  const health = await service.call('health');
  expect(health).toEqual({ ok: true, data: { service: 'svc-telematics', status: 'up', deadLetteredPositions: poisonCount } });
}, 60_000);

it('is not stuck afterwards: new positions are stored, none is left in the GPS stream, delivery is bounded', async () => {
  const truckIds = Array.from({ length: 50 }, () => randomUUID());
  await publish(truckIds.map((truckId) => envelope([good(truckId)])));
  await eventually(async () => (await stored(truckIds)) === truckIds.length, 'new positions stored');
  const jsm = await jetstreamManager(service.nats);
  await eventually(async () => (await jsm.streams.info(gpsStreamName(service.root))).state.messages === 0, 'the GPS stream emptied');
  expect((await jsm.consumers.info(gpsStreamName(service.root), gpsConsumerName)).config.max_deliver).toBeGreaterThan(0);
}, 60_000);

it('stores every value the contract takes, at the edges of each column', async () => {
  const edges = [
    { latitude: 90, longitude: 180, speed: 999.99, heading: 359, accuracy: 100000 },
    { latitude: -90, longitude: -180, speed: 0, heading: 358.6, accuracy: 0.001 },
    { latitude: 1e-300, longitude: -1e-300, speed: 5e-324, heading: 0, accuracy: 0 },
    { latitude: 89.99999999, longitude: 179.999999999, speed: 999.989, heading: 0.4, accuracy: 99999.99 },
  ].map((values, index) => gpsPositionSchema.parse({ ...good(), ...values, timestamp: index ? at(index) : '1970-01-01T00:00:00Z' }));
  await publish([envelope(edges)]);
  const truckIds = edges.map((position) => position.truckId!);
  await eventually(async () => (await stored(truckIds)) === edges.length, 'every edge value stored');
  expect(await deadLetters()).toBe(POISON.length + 4);
}, 60_000);
