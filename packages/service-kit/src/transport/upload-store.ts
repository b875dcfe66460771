import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { ObjectBucket, type SharedNats } from './object-bucket.js';

/**
 * Files too large for one NATS message (max_payload, 1 MB by default) travel through a JetStream object store
 * bucket, which chunks them: the sender puts the bytes and sends their object name in an ordinary request; the
 * receiver takes them (reads and deletes). Objects nobody took expire after `ttlMs`. Any replica of the receiver can
 * take an object, so queue groups keep working.
 */
export class UploadStore {
  private readonly logger = new Logger(UploadStore.name);
  private readonly bucket: ObjectBucket;

  /** `nats`: the process's connection (see ObjectBucket). */
  constructor(bucket: string, ttlMs: number, nats: SharedNats) {
    this.bucket = new ObjectBucket(bucket, { ttl: nanos(ttlMs), storage: StorageType.File, max_bytes: 1024 * 1024 * 1024 }, nats);
  }

  /** Stores the bytes under a new name, and answers it. */
  async put(data: Uint8Array, description = 'upload'): Promise<string> {
    const name = randomUUID();
    await (await this.bucket.store()).putBlob({ name, description }, data);
    return name;
  }

  /** The stored bytes (deleted from the store once read), or null when there is no such object (taken or expired). */
  async take(name: string): Promise<Uint8Array | null> {
    const data = await (await this.bucket.store()).getBlob(name);
    if (data) await this.remove(name);
    return data;
  }

  /**
   * The stored bytes chunk by chunk as they arrive, so that a reader holds one chunk at a time and may stop early
   * (the rest is never fetched); the object is deleted once read or given up. Null when there is no such object.
   */
  async takeChunks(name: string): Promise<AsyncIterable<Uint8Array> | null> {
    const object = await (await this.bucket.store()).get(name);
    if (!object) return null;
    const remove = () => this.remove(name);
    return (async function* () {
      const reader = object.data.getReader();
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) if (chunk.value.length) yield chunk.value;
        const error = await object.error;
        if (error) throw error;
      } finally {
        await reader.cancel().catch(() => undefined);
        await remove();
      }
    })();
  }

  /** Deletes an object (a sender whose request failed cleans up after itself). */
  async remove(name: string): Promise<void> {
    try {
      await (await this.bucket.store()).delete(name);
    } catch (error) {
      this.logger.warn(`Could not delete ${this.bucket.name}/${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
