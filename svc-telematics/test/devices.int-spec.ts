import { Kvm } from '@nats-io/kv';
import { deviceGrantsBucket, type DeviceGrant } from '@tms/contracts';
import { hashDeviceToken } from '@tms/gps-stream';
import { startTelematicsService, type TelematicsService } from './support/telematics-service.js';

/** Revocation sticks: whatever the order in which updates and deletes of a device meet, at one replica or two. */
let service: TelematicsService;

beforeAll(async () => {
  service = await startTelematicsService();
  await service.replica(); // a second pod: the two race each other too
}, 60_000);

afterAll(async () => {
  await service?.stop();
}, 60_000);

it('leaves no grant for a device deleted while it was updated, over 200 races', async () => {
  const devices = await Promise.all(
    Array.from({ length: 200 }, async (_, index) => {
      const reply = await service.call<{ id: string; token: string }>('devices.create', { name: `Unit ${index}` });
      if (!reply.ok) throw new Error(JSON.stringify(reply));
      return reply.data;
    }),
  );
  const answers = await Promise.all(
    devices.map(async ({ id }, index) => {
      const update = service.call('devices.update', { id, changes: { name: `Renamed ${index}` } });
      const remove = service.call('devices.delete', { id });
      return { update: await update, remove: await remove };
    }),
  );
  expect(answers.every(({ remove }) => remove.ok)).toBe(true);
  const kv = await new Kvm(service.nats).open(deviceGrantsBucket(service.root));
  for (const { token, id } of devices) {
    expect(await kv.get(hashDeviceToken(token)).then((entry) => (entry?.operation === 'PUT' ? entry.json<DeviceGrant>() : null))).toBeNull();
    expect((await service.call('devices.get', { id })).ok).toBe(false);
  }
  // A restarted replica's reconciliation finds nothing to put back.
  await service.replica();
  for (const { token } of devices) expect((await kv.get(hashDeviceToken(token)))?.operation ?? 'none').not.toBe('PUT');
}, 120_000);
