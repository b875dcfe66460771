import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { StorageType } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { DOCUMENT_UPLOAD_TTL_MS, documentsBucket, documentUploadBucket } from '@tms/contracts';
import { config, NATS_CONNECTION, ObjectBucket, UploadStore } from '@tms/service-kit';
import { DataSource } from 'typeorm';

/** Removed documents' objects deleted per round of a sweep. */
const SWEEP_BATCH = 100;

/**
 * The bytes of kept documents, in the JetStream object store bucket documentsBucket(root): one object per document,
 * named by its id. Why there and not in a bytea column: a document (up to 15 MB) can never travel in one NATS message,
 * and the object store already stores, reads and verifies (SHA-256) it in chunks under max_payload, so the gateway
 * streams a download straight from it, and Postgres keeps only small rows. svc-core is the only writer: an upload
 * arrives in the short-lived bucket documentUploadBucket(root), and is moved here once its row can be written.
 *
 * Deleting: a deleted row leaves its id in core.removed_document_files (a trigger, in the row's own transaction, so
 * a load's cascade too); `sweep` deletes those objects, then the ids, and runs again at start for what was left.
 */
@Injectable()
export class DocumentFiles implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DocumentFiles.name);
  private readonly uploads: UploadStore;
  private readonly bucket: ObjectBucket;
  private sweeping: Promise<void> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly database: DataSource,
    @Inject(NATS_CONNECTION) nats: NatsConnection,
  ) {
    this.uploads = new UploadStore(documentUploadBucket(config.subjectRoot), DOCUMENT_UPLOAD_TTL_MS, nats);
    // Kept until deleted: no TTL, no size cap (the disk's, as for Postgres), on file storage.
    this.bucket = new ObjectBucket(documentsBucket(config.subjectRoot), { storage: StorageType.File }, nats);
  }

  onApplicationBootstrap() {
    void this.sweep();
  }

  /** An upload's bytes, taken from the upload bucket (null when it expired or was taken). */
  takeUpload(object: string): Promise<Uint8Array | null> {
    return this.uploads.take(object);
  }

  /** Stores a document's bytes under its id. */
  async keep(id: string, data: Uint8Array, fileName: string): Promise<void> {
    await (await this.bucket.store()).putBlob({ name: id, description: fileName }, data);
  }

  /** Deletes the bytes of a document whose row was never written. */
  async discard(id: string): Promise<void> {
    await (await this.bucket.store()).delete(id).catch((error: unknown) => this.logger.warn(`Could not delete ${this.bucket.name}/${id}: ${describe(error)}`));
  }

  /**
   * Deletes the objects of removed documents (see above). Sweeps run one after another; a failure (NATS away) is
   * logged and left for the next sweep, never failing the delete that asked for it.
   */
  sweep(): Promise<void> {
    this.sweeping = this.sweeping.then(() => this.sweepOnce()).catch((error: unknown) => {
      this.logger.warn(`Removed documents' files are left for the next sweep: ${describe(error)}`);
    });
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    for (;;) {
      const removed: { id: string }[] = await this.database.query(`SELECT id FROM core.removed_document_files LIMIT ${SWEEP_BATCH}`);
      if (!removed.length) return;
      const store = await this.bucket.store();
      // Deleting an object that is already gone succeeds: replicas sweeping together do no harm.
      for (const { id } of removed) await store.delete(id);
      await this.database.query(`DELETE FROM core.removed_document_files WHERE id = ANY($1::uuid[])`, [removed.map(({ id }) => id)]);
      if (removed.length < SWEEP_BATCH) return;
    }
  }

  /** A sweep under way finishes first: the NATS connection is closed only after every module's destroy. */
  async onModuleDestroy() {
    await this.sweeping;
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
