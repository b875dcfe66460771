import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  DEVICE_MESSAGES,
  deviceInputSchema,
  fail,
  fieldIssues,
  ok,
  type DeviceFields,
  type DeviceGrant,
  type RegisteredDevice,
  type RpcReply,
} from '@tms/contracts';
import { CrudService, EVENTS, hashDeviceToken, newDeviceToken, ServiceRequests } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { JetStreamConnection } from '../jetstream/jetstream.module.js';
import { DeviceEntity } from './device.entity.js';
import { DEVICE_CONSTRAINTS } from './devices.errors.js';

const codec = new TextEncoder();

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
    private readonly services: ServiceRequests,
    private readonly jetstream: JetStreamConnection,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, { entity: 'device', schema: deviceInputSchema, constraints: DEVICE_CONSTRAINTS, order: { createdAt: 'DESC' } });
  }

  /** The bucket follows the database: a grant lost (a bucket recreated, a write that failed) is put back at start. */
  async onApplicationBootstrap() {
    const rows: { hash: string; id: string; truck_id: string | null; driver_id: string | null }[] = await this.repository.query(
      `SELECT t.token_hash AS hash, d.id, d.truck_id, d.driver_id FROM telematics.device_tokens t JOIN telematics.devices d ON d.id = t.device_id`,
    );
    const kept = new Set(rows.map((row) => row.hash));
    for (const row of rows) await this.publishGrant(row.hash, { deviceId: row.id, truckId: row.truck_id, driverId: row.driver_id });
    for await (const key of await this.jetstream.grants.keys()) if (!kept.has(key)) await this.jetstream.grants.delete(key);
    this.logger.log(`${rows.length} device grants published`);
  }

  protected override check(fields: Partial<DeviceFields>) {
    return this.services.refuseMissing([
      { field: 'truckId', service: 'core', resource: 'trucks', id: fields.truckId, message: DEVICE_MESSAGES.truckNotFound },
      { field: 'driverId', service: 'core', resource: 'drivers', id: fields.driverId, message: DEVICE_MESSAGES.driverNotFound },
    ]);
  }

  /** Registers a device: its token is in this answer and nowhere else, ever. */
  override async create(payload: unknown): Promise<RpcReply<DeviceEntity>> {
    const parsed = this.options.schema.safeParse(payload);
    if (!parsed.success) return fail('invalid', 'Invalid input', fieldIssues(parsed.error));
    return this.guard(async () => {
      const refused = await this.check(parsed.data);
      if (refused) return refused;
      const token = newDeviceToken();
      const hash = hashDeviceToken(token);
      const saved = await this.repository.manager.transaction(async (manager) => {
        const device = await manager.save(manager.create(DeviceEntity, parsed.data));
        await manager.query(`INSERT INTO telematics.device_tokens (device_id, token_hash) VALUES ($1, $2)`, [device.id, hash]);
        // Inside the transaction: a device whose grant could not be published is not registered.
        await this.publishGrant(hash, { deviceId: device.id, truckId: device.truckId, driverId: device.driverId });
        return device;
      });
      this.announce('created', saved);
      const registered: RegisteredDevice = { ...(saved as never as RegisteredDevice), token };
      return ok(registered as never as DeviceEntity);
    });
  }

  /** A new name, truck or driver: the grant follows, so the binding rule uses the new ones at once. */
  override async update(id: unknown, changes: unknown): Promise<RpcReply<DeviceEntity>> {
    const reply = await super.update(id, changes);
    if (reply.ok) {
      const hash = await this.tokenHash(reply.data.id);
      if (hash) await this.publishGrant(hash, { deviceId: reply.data.id, truckId: reply.data.truckId, driverId: reply.data.driverId });
    }
    return reply;
  }

  /** Revokes a device: its grant is deleted first, so that a failure leaves it refused rather than listed as gone. */
  override async delete(id: unknown): Promise<RpcReply<{ id: string }>> {
    if (typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) {
      const hash = await this.guard(async () => ok(await this.tokenHash(id)));
      if (!hash.ok) return hash;
      if (hash.data) {
        try {
          await this.jetstream.grants.delete(hash.data);
        } catch (error) {
          this.logger.warn(`Revoking ${id}: ${String(error)}`);
          return fail('unavailable', 'The device could not be revoked right now. Please try again.');
        }
      }
    }
    return super.delete(id);
  }

  private async tokenHash(deviceId: string): Promise<string | undefined> {
    const rows: { token_hash: string }[] = await this.repository.query(`SELECT token_hash FROM telematics.device_tokens WHERE device_id = $1`, [deviceId]);
    return rows[0]?.token_hash;
  }

  private async publishGrant(hash: string, grant: DeviceGrant) {
    await this.jetstream.grants.put(hash, codec.encode(JSON.stringify(grant)));
  }
}
