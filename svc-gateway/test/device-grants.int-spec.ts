import { randomBytes } from 'node:crypto';
import { Kvm, type KV } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { hashDeviceToken } from '@tms/gps-stream';
import { config } from '@tms/service-kit';
import { DeviceGrants } from '../src/gps/device-grants.js';

// The gateway's view of the device-grants bucket, against the real NATS (JetStream key-value): a registration waits
// on whenKnown until the grant svc-telematics wrote has come through the watch (gps/devices.controller.ts), and a
// token is judged by its grant, revoked within the watch's milliseconds however often it was taken before.
let nc: NatsConnection;
let kv: KV;
let grants: DeviceGrants;
const bucket = `grants_test_${randomBytes(4).toString('hex')}`;
const grant = (deviceId: string) => JSON.stringify({ deviceId, truckId: null, driverId: null });
const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10)); // the watch delivers it
};

beforeAll(async () => {
  nc = await connect({ servers: config.natsUrl });
  kv = await new Kvm(nc).create(bucket, { history: 1 });
  grants = new DeviceGrants();
  await grants.follow(kv);
});

afterAll(async () => {
  grants.stop();
  await kv.destroy();
  await nc.close();
}, 60_000);

it('answers whenKnown once the grant written to the bucket has reached it, not before', async () => {
  let known = false;
  const waiting = grants.whenKnown('a-new-token', 10_000).then(() => (known = true));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(known).toBe(false);
  await kv.put(hashDeviceToken('a-new-token'), grant('device-1'));
  await waiting;
  expect(grants.grantOf('a-new-token')).toEqual({ deviceId: 'device-1', truckId: null, driverId: null });
});

it('answers whenKnown at once for a grant already there, and after the timeout for one that never comes', async () => {
  await kv.put(hashDeviceToken('a-token-already-there'), grant('device-2'));
  await until(() => grants.grantOf('a-token-already-there') !== undefined);
  await grants.whenKnown('a-token-already-there', 10_000);
  let known = false;
  void grants.whenKnown('a-token-never-written', 300).then(() => (known = true));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(known).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(known).toBe(true);
});

it('refuses a token once its grant is deleted, however often it was taken before, and knows an unknown token never', async () => {
  await kv.put(hashDeviceToken('a-token-used-a-lot'), grant('device-3'));
  await until(() => grants.grantOf('a-token-used-a-lot') !== undefined);
  for (let n = 0; n < 5; n++) expect(grants.grantOf('a-token-used-a-lot')?.deviceId).toBe('device-3');
  expect(grants.grantOf('a-token-nobody-has')).toBeUndefined();
  await kv.delete(hashDeviceToken('a-token-used-a-lot'));
  await until(() => grants.grantOf('a-token-used-a-lot') === undefined);
  // Granted again (a device restored): taken again.
  await kv.put(hashDeviceToken('a-token-used-a-lot'), grant('device-3'));
  await until(() => grants.grantOf('a-token-used-a-lot') !== undefined);
});
