import { Objm, setSha256Backend, type ObjectStore, type ObjectStoreOptions } from '@nats-io/obj';
import type { NatsConnection } from '@nats-io/transport-node';
import { config } from '../config.js';

// Objects are checked with SHA-256 as they are put and read: Node's own is many times faster than the pure-JS
// default, whose hashing of a 20 MB upload held the thread (and every other request) for seconds on a busy machine.
setSha256Backend('native');

/** The process's one NATS connection, or its promise where it opens in the background (the gateway). */
export type SharedNats = NatsConnection | Promise<NatsConnection>;

/**
 * A JetStream object store bucket on the process's NATS connection (which stays its owner's), opened on first use and
 * again after a failure (NATS was away), so a process starts and serves the rest of its work without it. With
 * `options` the bucket is created when missing (its owner), with config.natsReplicas copies; without, it is only
 * opened (a reader of another's bucket).
 */
export class ObjectBucket {
  private bucket?: Promise<ObjectStore>;

  constructor(
    readonly name: string,
    private readonly options: Partial<ObjectStoreOptions> | undefined,
    private readonly nats: SharedNats,
  ) {}

  store(): Promise<ObjectStore> {
    this.bucket ??= this.open().catch((error: unknown) => {
      this.bucket = undefined;
      throw error;
    });
    return this.bucket;
  }

  private async open(): Promise<ObjectStore> {
    const objects = new Objm(await this.nats);
    return this.options ? objects.create(this.name, { replicas: config.natsReplicas, ...this.options }) : objects.open(this.name);
  }
}
