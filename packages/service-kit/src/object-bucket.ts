import { Objm, type ObjectStore, type ObjectStoreOptions } from '@nats-io/obj';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { config } from './config.js';

/**
 * A JetStream object store bucket, on its own NATS connection: both are opened on first use, and again after a
 * failure (NATS was away), so a service starts and serves the rest of its work without them. With `options` the
 * bucket is created when missing (its owner); without, it is only opened (a reader of another's bucket).
 */
export class ObjectBucket {
  private connection?: Promise<NatsConnection>;
  private bucket?: Promise<ObjectStore>;

  constructor(
    readonly name: string,
    private readonly options?: Partial<ObjectStoreOptions>,
    private readonly servers = config.natsUrl,
  ) {}

  store(): Promise<ObjectStore> {
    this.bucket ??= this.open().catch((error: unknown) => {
      this.bucket = undefined;
      throw error;
    });
    return this.bucket;
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    this.bucket = undefined;
    if (connection) await (await connection).drain().catch(() => undefined);
  }

  private async open(): Promise<ObjectStore> {
    this.connection ??= connect({ servers: this.servers, name: `${this.name}-client` }).catch((error: unknown) => {
      this.connection = undefined;
      throw error;
    });
    const objects = new Objm(await this.connection);
    return this.options ? objects.create(this.name, this.options) : objects.open(this.name);
  }
}
