import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { DOCUMENT_MESSAGES, documentCreateSchema, fail, fieldIssues, invalidInput, isRecordId, ok, type ChangeKind, type RpcReply } from '@tms/contracts';
import { allValues, announceChange, EVENTS, IdempotencyKeys, internalErrorReply, KEY_TAKEN, keyReused, keyUsedUp, recordChange, Refusal, requestHash, type ChangeContext } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { LoadEntity } from '../loads/load.entity.js';
import { DocumentFiles } from './document-files.js';
import { DocumentEntity } from './document.entity.js';

const notFound = fail('not_found', DOCUMENT_MESSAGES.notFound);
const loadNotFound = fail('not_found', DOCUMENT_MESSAGES.loadNotFound);

/** Postgres refused the row because its load is gone (deleted since we looked). */
const isMissingLoad = (error: unknown) => (error as { driverError?: { constraint?: string } }).driverError?.constraint === 'documents_load_id_fkey';

/**
 * A load's documents: kept (the uploaded bytes moved to DocumentFiles, then the row written), listed per load,
 * read and deleted. Not a CrudService: a document is never edited, and its list is one load's, not a paged table.
 */
@Injectable()
export class DocumentsService {
  constructor(
    @InjectRepository(DocumentEntity) private readonly documents: Repository<DocumentEntity>,
    @InjectRepository(LoadEntity) private readonly loads: Repository<LoadEntity>,
    private readonly files: DocumentFiles,
    @Inject(EVENTS) private readonly events: ClientProxy,
  ) {}

  async create(payload: unknown, context: ChangeContext): Promise<RpcReply<DocumentEntity>> {
    // The load is named by the route (/api/loads/:id/documents): one that cannot exist is not found, not invalid.
    if (!isRecordId((payload as { loadId?: unknown } | null)?.loadId)) return loadNotFound;
    const parsed = documentCreateSchema.safeParse(payload);
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const { object, ...fields } = parsed.data;
    return this.guard(async () => {
      // Once per Idempotency-Key (a phone's queue sends a document until it is answered): the same upload again
      // answers the document it made, and its bytes are dropped.
      const once = context.idempotencyKey ? { user: context.actor?.id ?? '', key: context.idempotencyKey, hash: requestHash(fields) } : undefined;
      const earlier = once && (await this.earlier(once, context.resource));
      if (earlier) {
        await this.files.takeUpload(object);
        return earlier;
      }
      if (!(await this.loads.existsBy({ id: fields.loadId }))) return loadNotFound;
      const data = await this.files.takeUpload(object);
      if (!data) return fail('invalid', DOCUMENT_MESSAGES.expired);
      if (data.byteLength !== fields.fileSize) return invalidInput({ fileSize: [DOCUMENT_MESSAGES.sizeMismatch] });
      const id = randomUUID();
      await this.files.keep(id, data, fields.fileName);
      let saved: DocumentEntity;
      try {
        saved = await this.documents.manager.transaction(async (manager) => {
          if (once) await this.keys.claim(manager, once.user, context.resource, once.key, once.hash, id);
          const document = await manager.save(manager.create(DocumentEntity, { id, ...fields }));
          await recordChange(manager, context, 'create', id, allValues(document, 'to'));
          return document;
        });
      } catch (error) {
        await this.files.discard(id);
        if (isMissingLoad(error)) return loadNotFound;
        // The same key sent twice at once: the first made it.
        if (error instanceof Refusal && error.reply === KEY_TAKEN) return (await this.earlier(once!, context.resource)) ?? KEY_TAKEN;
        throw error;
      }
      this.announce('created', saved);
      return ok(saved);
    });
  }

  private readonly keys = new IdempotencyKeys('core');

  /** What an Idempotency-Key already made: its document, or the conflict of a key used otherwise or used up. */
  private async earlier(once: { user: string; key: string; hash: string }, resource: string): Promise<RpcReply<DocumentEntity> | undefined> {
    const found = await this.keys.earlier(this.documents.manager, once.user, resource, once.key, once.hash);
    if (!found) return undefined;
    if ('reused' in found) return keyReused();
    const document = await this.documents.findOneBy({ id: found.recordId });
    return document ? ok(document) : keyUsedUp();
  }

  /** The documents of one load, oldest first (their data is never in an answer). */
  async list(loadId: unknown): Promise<RpcReply<DocumentEntity[]>> {
    if (!isRecordId(loadId)) return loadNotFound;
    return this.guard(async () => {
      if (!(await this.loads.existsBy({ id: loadId }))) return loadNotFound;
      return ok(await this.documents.find({ where: { loadId }, order: { uploadedAt: 'ASC', id: 'ASC' } }));
    });
  }

  async get(id: unknown): Promise<RpcReply<DocumentEntity>> {
    if (!isRecordId(id)) return notFound;
    return this.guard(async () => {
      const found = await this.documents.findOneBy({ id });
      return found ? ok(found) : notFound;
    });
  }

  /** Deletes the row, then (by the sweep) its bytes. */
  async delete(id: unknown, context: ChangeContext): Promise<RpcReply<{ id: string }>> {
    if (!isRecordId(id)) return notFound;
    return this.guard(async () => {
      const deleted = await this.documents.manager.transaction(async (manager) => {
        const document = await manager.findOneBy(DocumentEntity, { id });
        if (!document) return false;
        await recordChange(manager, context, 'delete', id, allValues(document, 'from'));
        await manager.delete(DocumentEntity, { id });
        return true;
      });
      if (!deleted) return notFound;
      await this.files.sweep();
      this.announce('deleted', { id });
      return ok({ id });
    });
  }

  private async guard<T>(step: () => Promise<RpcReply<T>>): Promise<RpcReply<T>> {
    try {
      return await step();
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  private announce(change: ChangeKind, record: unknown) {
    announceChange(this.events, 'document', change, record);
  }
}
