import { Controller, Inject, Logger, UseInterceptors } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  documentsBucket,
  EXTRACT_FILE_TYPES,
  EXTRACT_LAYOUTS_RESOURCE,
  eventSubject,
  LEARNED_DOCUMENT_TYPES,
  rpcSubject,
  type ExtractFileType,
  type IdPayload,
  type LoadDocument,
  type LoadRead,
} from '@tms/contracts';
import { config, DeadlineInterceptor, NATS_CONNECTION, ObjectBucket, ServiceRequests } from '@tms/service-kit';
import { isEdi204 } from '../extract/edi-204.js';
import { ExtractService } from '../extract/extract.service.js';
import { learnLayout } from '../extract/layout-memory.js';
import { normalize } from '../extract/offline-extractor.js';
import { ExtractLayouts } from './extract-layouts.service.js';

/** How long reading a kept document to learn from it may take (it waits its turn in the extraction pool). */
const LEARN_WAIT_MS = 120_000;

const subject = (action: string) => rpcSubject(config.subjectRoot, 'ai', EXTRACT_LAYOUTS_RESOURCE, action);

/**
 * Learning from saved loads (issue 49): svc-core announces each document kept on a load (`{root}.events.document.created`,
 * heard by one replica of the queue group); the load's values are the truth for that document, so svc-ai reads the
 * document's bytes (svc-core's documents bucket, read only), asks svc-core for the load, and keeps where each value
 * stood (layout-memory.ts). An event lost while svc-ai was down teaches nothing: the next saved load of the layout does.
 * Also `{root}.ai.extract-layouts.{list|delete}` (GET / DELETE /api/extract-layouts).
 */
@Controller()
export class LayoutLearner {
  private readonly logger = new Logger(LayoutLearner.name);
  private readonly documents: ObjectBucket;

  constructor(
    private readonly extraction: ExtractService,
    private readonly layouts: ExtractLayouts,
    private readonly services: ServiceRequests,
    @Inject(NATS_CONNECTION) nats: NatsConnection,
  ) {
    this.documents = new ObjectBucket(documentsBucket(config.subjectRoot), undefined, nats);
  }

  @EventPattern(eventSubject(config.subjectRoot, 'document', 'created'))
  async documentKept(@Payload() document: unknown) {
    try {
      await this.learnFrom(document as LoadDocument);
    } catch (error) {
      this.logger.warn(`Nothing learned from document ${(document as LoadDocument | null)?.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** What the document says where the load's values stand, kept for its layout (nothing when it holds none). */
  async learnFrom(document: LoadDocument): Promise<void> {
    if (!document?.id || !document.loadId) return;
    if (!EXTRACT_FILE_TYPES.includes(document.fileType as ExtractFileType)) return;
    if (!(LEARNED_DOCUMENT_TYPES as readonly string[]).includes(document.documentType)) return;
    const load = await this.services.get<LoadRead>('core', 'loads', document.loadId);
    if (!load.ok) throw new Error(`the load could not be read (${load.error.message})`);
    const data = await (await this.documents.store()).getBlob(document.id);
    if (!data) return;
    const read = await this.extraction.read(data, document.fileType as ExtractFileType, Date.now() + LEARN_WAIT_MS);
    if (!read.read || isEdi204(read.text)) return;
    const text = normalize(read.text);
    const fields = learnLayout(text, load.data);
    if (!fields.length) return;
    // The sender or title: the first line's first cell ('SUMMIT FREIGHT BROKERAGE INC.', 'From: tenders@...').
    const title = text.split('\n').map((line) => line.trim().split(/\s{2,}/)[0]).find(Boolean)?.slice(0, 80) ?? document.fileName;
    const layout = await this.layouts.learn(text, { title, fields, loadId: load.data.id, loadNumber: load.data.loadNumber, documentId: document.id });
    this.logger.log(`Learned ${fields.map(({ field }) => field).join(', ')} of layout ${layout.id} from load ${load.data.loadNumber}`);
  }
}

/** `{root}.ai.extract-layouts.{list|delete}`. */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class ExtractLayoutsController {
  constructor(private readonly layouts: ExtractLayouts) {}

  @MessagePattern(subject('list'))
  list() {
    return this.layouts.list();
  }

  @MessagePattern(subject('delete'))
  delete(@Payload() payload: IdPayload) {
    return this.layouts.delete(payload?.id);
  }
}
