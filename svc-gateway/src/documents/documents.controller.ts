import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Body, Controller, Delete, Get, HttpCode, HttpException, Inject, Param, Post, Res } from '@nestjs/common';
import type { ObjectResult } from '@nats-io/obj';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_UPLOAD_TTL_MS,
  DOCUMENTS_RESOURCE,
  documentsBucket,
  documentUploadBucket,
  documentUploadSchema,
  fieldIssues,
  rpcSubject,
  type Actor,
  type DocumentCreatePayload,
  type LoadDocument,
} from '@tms/contracts';
import { ObjectBucket, UploadStore } from '@tms/service-kit';
import type { Response } from 'express';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { RequestId, requestIdOf, RequestLogger } from '../http/request-ids.js';
import { NATS_CONNECTION, type GatewayNats } from '../nats/nats.module.js';
import { uploadedDocument } from '../extract/extract-body.js';
import { serviceUnavailableMessage } from '../services/rpc-errors.js';
import { ServiceClient } from '../services/service-client.js';

/**
 * How long keeping a document may take svc-core: it moves up to 15 MB from the upload bucket to its own, which takes
 * longer than a row's write (SERVICE_TIMEOUT_MS), but not as long as an extraction.
 */
const KEEP_TIMEOUT_MS = 15000;

/**
 * A load's documents (spec 3; packages/contracts dispatch/document.ts), kept by svc-core. The upload travels as
 * POST /api/extract-load's does (the same body parser, limit and data URL): its bytes go to the JetStream object store
 * (a document is larger than a NATS message may be) and svc-core is asked, by the object's name, to keep them for the
 * load. A download streams the kept object's chunks.
 */
@Controller('api')
export class DocumentsController {
  private readonly logger = new RequestLogger(DocumentsController.name);
  private readonly uploads: UploadStore;
  /** Kept documents' bytes, in the bucket svc-core owns (one object per document id): read only here. */
  private readonly files: ObjectBucket;

  constructor(
    private readonly services: ServiceClient,
    @Inject(NATS_CONNECTION) nats: GatewayNats,
  ) {
    this.uploads = new UploadStore(documentUploadBucket(services.subjectRoot), DOCUMENT_UPLOAD_TTL_MS, nats.connection());
    this.files = new ObjectBucket(documentsBucket(services.subjectRoot), undefined, nats.connection());
  }

  @Post('loads/:id/documents')
  @HttpCode(201)
  async upload(@Param('id') loadId: string, @Body() body: unknown, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<LoadDocument> {
    const { fields, data } = checkedUpload(body);
    let object: string;
    try {
      object = await this.uploads.put(data, fields.fileType);
    } catch (error) {
      this.logger.warn(requestId, `The upload could not be stored in JetStream: ${error instanceof Error ? error.message : String(error)}`);
      throw new HttpException({ message: serviceUnavailableMessage('core') }, 503);
    }
    const payload: DocumentCreatePayload = { ...fields, loadId, object };
    try {
      return await this.services.call<LoadDocument>('core', this.subject('create'), payload, { timeoutMs: KEEP_TIMEOUT_MS, actor, requestId });
    } catch (error) {
      // svc-core takes (reads and deletes) the object; when it refused or did not answer, it must not wait for its TTL.
      void this.uploads.remove(object);
      throw error;
    }
  }

  /** The load's documents, without their data. */
  @Get('loads/:id/documents')
  list(@Param('id') loadId: string, @RequestId() requestId?: string): Promise<LoadDocument[]> {
    return this.services.call<LoadDocument[]>('core', this.subject('list'), { loadId }, { requestId });
  }

  /** The bytes, as an attachment named after the file, streamed from the object store chunk by chunk. */
  @Get('documents/:id/download')
  async download(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const document = await this.services.call<LoadDocument>('core', this.subject('get'), { id }, { requestId: requestIdOf(res) });
    let file: ObjectResult | null;
    try {
      // The store checks the object's SHA-256 as its chunks arrive.
      file = await (await this.files.store()).get(document.id);
    } catch (error) {
      this.logger.warn(res, `${document.id} could not be read from JetStream: ${error instanceof Error ? error.message : String(error)}`);
      throw new HttpException({ message: serviceUnavailableMessage('core') }, 503);
    }
    if (!file) throw new HttpException({ message: DOCUMENT_MESSAGES.fileMissing }, 404);
    // attachment() also sets a type from the name's extension: the document's own type is set after it.
    res.status(200).attachment(document.fileName).type(document.fileType);
    res.setHeader('Content-Length', String(file.info.size));
    try {
      await pipeline(Readable.fromWeb(file.data as NodeReadableStream<Uint8Array>), res);
    } catch (error) {
      // Headers are gone: a cut-off answer (shorter than its Content-Length) is all a client can be told.
      this.logger.warn(res, `The download of ${document.id} was cut off: ${error instanceof Error ? error.message : String(error)}`);
      res.destroy();
    }
  }

  @Delete('documents/:id')
  @HttpCode(204)
  async remove(@Param('id') id: string, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<void> {
    await this.services.call('core', this.subject('delete'), { id }, { actor, requestId });
  }

  private subject(action: string) {
    return rpcSubject(this.services.subjectRoot, 'core', DOCUMENTS_RESOURCE, action);
  }
}

/**
 * A document upload's checks, staff's and drivers' alike: its fields (a 413 past the size limit), its data URL, and
 * the size it declares against its bytes.
 */
export function checkedUpload(body: unknown) {
  const parsed = documentUploadSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issues = fieldIssues(parsed.error);
    if (issues.fileSize?.includes(DOCUMENT_MESSAGES.tooLarge)) throw new HttpException({ message: DOCUMENT_MESSAGES.tooLarge }, 413);
    throw new HttpException({ message: Object.values(issues)[0][0], issues }, 400);
  }
  const { fileData, ...fields } = parsed.data;
  const data = uploadedDocument(fileData);
  if (data.byteLength !== fields.fileSize) {
    throw new HttpException({ message: DOCUMENT_MESSAGES.sizeMismatch, issues: { fileSize: [DOCUMENT_MESSAGES.sizeMismatch] } }, 400);
  }
  return { fields, data };
}
