import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { StorageType } from '@nats-io/jetstream';
import { Objm, type ObjectStore } from '@nats-io/obj';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { config } from './config.js';

/**
 * Files too large for one NATS message (max_payload, 1 MB by default) travel through a JetStream object store
 * bucket, which chunks them: the sender puts the bytes and sends their object name in an ordinary request; the
 * receiver takes them (reads and deletes). Objects nobody took expire after `ttlMs`. Any replica of the receiver can
 * take an object, so queue groups keep working.
 */
export class UploadStore {
  private readonly logger = new Logger(UploadStore.name);
  private connection?: Promise<NatsConnection>;
  private store?: Promise<ObjectStore>;

  constructor(
    private readonly bucket: string,
    private readonly ttlMs: number,
    private readonly servers = config.natsUrl,
  ) {}

  /** Stores the bytes under a new name, and answers it. */
  async put(data: Uint8Array, description = 'upload'): Promise<string> {
    const name = randomUUID();
    await (await this.open()).putBlob({ name, description }, data);
    return name;
  }

  /** The stored bytes (deleted from the store once read), or null when there is no such object (taken or expired). */
  async take(name: string): Promise<Uint8Array | null> {
    const store = await this.open();
    const data = await store.getBlob(name);
    if (data) await this.remove(name);
    return data;
  }

  /** Deletes an object (a sender whose request failed cleans up after itself). */
  async remove(name: string): Promise<void> {
    try {
      await (await this.open()).delete(name);
    } catch (error) {
      this.logger.warn(`Could not delete ${this.bucket}/${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    this.store = undefined;
    if (connection) await (await connection).drain().catch(() => undefined);
  }

  private open(): Promise<ObjectStore> {
    this.store ??= this.createStore().catch((error: unknown) => {
      this.store = undefined;
      throw error;
    });
    return this.store;
  }

  private async createStore(): Promise<ObjectStore> {
    this.connection ??= connect({ servers: this.servers, name: `${this.bucket}-client` }).catch((error: unknown) => {
      this.connection = undefined;
      throw error;
    });
    const objects = new Objm(await this.connection);
    return objects.create(this.bucket, { ttl: nanos(this.ttlMs), storage: StorageType.File, max_bytes: 1024 * 1024 * 1024 });
  }
}
