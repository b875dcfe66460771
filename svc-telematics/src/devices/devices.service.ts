import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  deviceInputSchema,
  fail,
  type DeviceGrant,
  type RegisteredDevice,
} from '@tms/contracts';
import { hashDeviceToken, newDeviceToken } from '@tms/gps-stream';
import { CrudService, EVENTS, ReferenceHolds, Refusal, type Change, type Effects } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { GpsJetStream } from '../jetstream/jetstream.module.js';
import { DeviceEntity } from './device.entity.js';
import { DEVICE_HOLDS } from './device.holds.js';
import { DEVICE_CONSTRAINTS } from './devices.errors.js';

const codec = new TextEncoder();
const grantText = ({ deviceId, truckId, driverId }: DeviceGrant) => JSON.stringify({ deviceId, truckId, driverId });
const grantOf = (device: DeviceEntity): DeviceGrant => ({ deviceId: device.id, truckId: device.truckId, driverId: device.driverId });
/** The device a published grant names, or undefined for one that is not a grant. */
const grantedDevice = (text: string): string | undefined => {
  try {
    const { deviceId } = JSON.parse(text) as Partial<DeviceGrant>;
    return typeof deviceId === 'string' ? deviceId : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Devices and their tokens. A token is made here, answered once and kept only as its hash; what the gateway needs to
 * accept a device's positions (its grant: id, truck, driver) is published to the device-grants bucket under that
 * hash, and deleted from it on revocation: every gateway watching the bucket refuses the token at once.
 */
@Injectable()
export class DevicesService extends CrudService<DeviceEntity, typeof deviceInputSchema> implements OnApplicationBootstrap {
  private readonly logger = new Logger('Devices');

  constructor(
    @InjectRepository(DeviceEntity) repository: Repository<DeviceEntity>,
    holds: ReferenceHolds,
    private readonly jetstream: GpsJetStream,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, {
      entity: 'device',
      schema: deviceInputSchema,
      constraints: DEVICE_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      holds: { by: holds, holder: DEVICE_HOLDS },
      // An advisory lock on its id, which needs no row (a device being registered or already deleted has none):
      // every write of a device's grant happens under it, in the order the database's changes are made.
      lock: 'advisory',
    });
  }

  /**
   * The bucket follows the database: a grant lost (a bucket recreated, a write that failed) is put back at start, and
   * one left for a device that is gone is deleted. Where the two differ, the device is reconciled under its lock, so
   * that a change made meanwhile by another replica is never undone by what this one read before it.
   */
  async onApplicationBootstrap() {
    const rows: { hash: string; id: string; truck_id: string | null; driver_id: string | null }[] = await this.repository.query(
      `SELECT t.token_hash AS hash, d.id, d.truck_id, d.driver_id FROM telematics.device_tokens t JOIN telematics.devices d ON d.id = t.device_id`,
    );
    const expected = new Map(rows.map((row) => [row.hash, grantText({ deviceId: row.id, truckId: row.truck_id, driverId: row.driver_id })]));
    // Device → the hashes under which the bucket holds a grant for it that the database does not.
    const differing = new Map<string, string[]>();
    for await (const hash of await this.jetstream.grants.keys()) {
      const entry = await this.jetstream.grants.get(hash);
      const published = entry?.operation === 'PUT' ? entry.string() : undefined;
      if (published !== undefined && published === expected.get(hash)) expected.delete(hash);
      else if (published !== undefined) {
        const deviceId = grantedDevice(published);
        if (deviceId) differing.set(deviceId, [...(differing.get(deviceId) ?? []), hash]);
        else await this.jetstream.grants.delete(hash);
      }
    }
    for (const grant of expected.values()) {
      const { deviceId } = JSON.parse(grant) as DeviceGrant;
      if (!differing.has(deviceId)) differing.set(deviceId, []);
    }
    for (const [deviceId, hashes] of differing) await this.reconcile(deviceId, hashes);
    this.logger.log(`${rows.length} device grants in the bucket, ${differing.size} reconciled with the database`);
  }

  /**
   * The grant follows the device, in its transaction under its lock (`lock: 'advisory'`): a device registered gets its
   * token, in this answer and nowhere else, ever, and its grant published (a device whose grant could not be
   * published is not registered); a new name, truck or driver is published at once, from the row as it is then
   * (never for a device deleted meanwhile: the edit waits for the lock, then finds none); a revoked device's grant
   * is deleted before the commit, so that a failure leaves it refused rather than listed as gone.
   */
  protected override async effects(manager: EntityManager, change: Change<DeviceEntity>): Promise<Effects<DeviceEntity> | void> {
    if (change.kind === 'create') {
      const token = newDeviceToken();
      const hash = hashDeviceToken(token);
      await manager.query(`INSERT INTO telematics.device_tokens (device_id, token_hash) VALUES ($1, $2)`, [change.record.id, hash]);
      await this.publishGrant(hash, grantOf(change.record));
      const registered: RegisteredDevice = { ...(change.record as never as RegisteredDevice), token };
      return { answer: registered as never as DeviceEntity };
    }
    const hash = await this.tokenHash(manager, change.before.id);
    if (!hash) return;
    if (change.kind === 'update') return this.publishGrant(hash, grantOf(change.record));
    try {
      await this.jetstream.grants.delete(hash);
    } catch (error) {
      this.logger.warn(`Revoking ${change.before.id}: ${String(error)}`);
      throw new Refusal(fail('unavailable', 'The device could not be revoked right now. Please try again.'));
    }
  }

  /**
   * Makes the bucket hold what the database holds for one device, under its lock: its grant if it has one, and none
   * of the `published` hashes that are not its token's (a token is a device's for ever: no other can own its hash).
   */
  private reconcile(deviceId: string, published: string[]) {
    return this.underDeviceLock(deviceId, async (manager) => {
      const [device]: { hash: string; truck_id: string | null; driver_id: string | null }[] = await manager.query(
        `SELECT t.token_hash AS hash, d.truck_id, d.driver_id FROM telematics.devices d JOIN telematics.device_tokens t ON t.device_id = d.id WHERE d.id = $1`,
        [deviceId],
      );
      if (device) await this.publishGrant(device.hash, { deviceId, truckId: device.truck_id, driverId: device.driver_id });
      for (const hash of published) if (hash !== device?.hash) await this.jetstream.grants.delete(hash);
    });
  }

  /** Runs `step` in a transaction holding the device's lock, the one its writes take (`lock: 'advisory'`). */
  private underDeviceLock<T>(deviceId: string, step: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.repository.manager.transaction(async (manager) => {
      await this.lockAdvisory(manager, deviceId);
      return step(manager);
    });
  }

  private async tokenHash(manager: EntityManager, deviceId: string): Promise<string | undefined> {
    const rows: { token_hash: string }[] = await manager.query(`SELECT token_hash FROM telematics.device_tokens WHERE device_id = $1`, [deviceId]);
    return rows[0]?.token_hash;
  }

  private async publishGrant(hash: string, grant: DeviceGrant) {
    await this.jetstream.grants.put(hash, codec.encode(grantText(grant)));
  }
}
