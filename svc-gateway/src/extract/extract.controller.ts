import { Body, Controller, Delete, Get, HttpCode, HttpException, Inject, Param, Post } from '@nestjs/common';
import {
  EXTRACT_ACTION,
  EXTRACT_LAYOUTS_RESOURCE,
  EXTRACT_RESOURCE,
  EXTRACT_UPLOAD_TTL_MS,
  extractLoadRequestSchema,
  extractUploadBucket,
  rpcSubject,
  type ExtractLayout,
  type ExtractLoadPayload,
  type ExtractLoadResult,
  type FieldIssues,
} from '@tms/contracts';
import { UploadStore } from '@tms/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { RequestId, RequestLogger } from '../http/request-ids.js';
import { NATS_CONNECTION, type GatewayNats } from '../nats/nats.module.js';
import { serviceUnavailableMessage } from '../services/rpc-errors.js';
import { ServiceClient } from '../services/service-client.js';
import { uploadedDocument } from './extract-body.js';

const invalid = (message: string, issues: FieldIssues = {}) => new HttpException({ message, issues }, 400);

/**
 * POST /api/extract-load { fileData: <data URL>, fileType } (spec 7): the document's bytes go to the JetStream object
 * store (a document is larger than a NATS message may be), then svc-ai is asked, by the object's name, for the load
 * form's fields. A file over EXTRACT_MAX_FILE_BYTES is a 413; a bad body, type or file a 400 whose message says why.
 */
@Controller('api')
export class ExtractController {
  private readonly logger = new RequestLogger(ExtractController.name);
  private readonly uploads: UploadStore;

  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(NATS_CONNECTION) nats: GatewayNats,
  ) {
    this.uploads = new UploadStore(extractUploadBucket(services.subjectRoot), EXTRACT_UPLOAD_TTL_MS, nats.connection());
  }

  @Post(EXTRACT_RESOURCE)
  @HttpCode(200)
  async extract(@Body() body: unknown, @RequestId() requestId?: string): Promise<ExtractLoadResult> {
    const parsed = extractLoadRequestSchema.safeParse(body ?? {});
    if (!parsed.success) {
      const issues: FieldIssues = {};
      for (const issue of parsed.error.issues) (issues[issue.path.join('.') || 'body'] ??= []).push(issue.message);
      throw invalid(Object.values(issues)[0][0], issues);
    }
    const { fileData, fileType } = parsed.data;
    const data = uploadedDocument(fileData);

    let object: string;
    try {
      object = await this.uploads.put(data, fileType);
    } catch (error) {
      this.logger.warn(requestId, `The upload could not be stored in JetStream: ${error instanceof Error ? error.message : String(error)}`);
      throw new HttpException({ message: serviceUnavailableMessage('ai') }, 503);
    }
    const payload: ExtractLoadPayload = { object, fileType };
    try {
      return await this.services.call<ExtractLoadResult>('ai', rpcSubject(this.services.subjectRoot, 'ai', EXTRACT_RESOURCE, EXTRACT_ACTION), payload, { timeoutMs: this.config.extractTimeoutMs, requestId });
    } catch (error) {
      // svc-ai takes (reads and deletes) the object; when it did not answer, the object must not wait for its TTL.
      void this.uploads.remove(object);
      throw error;
    }
  }

  /** The layouts svc-ai learned from saved loads (issue 49), most recently learned first. */
  @Get(EXTRACT_LAYOUTS_RESOURCE)
  layouts(@RequestId() requestId?: string): Promise<ExtractLayout[]> {
    return this.services.call<ExtractLayout[]>('ai', rpcSubject(this.services.subjectRoot, 'ai', EXTRACT_LAYOUTS_RESOURCE, 'list'), {}, { requestId });
  }

  /** Forgets a learned layout: its documents are read by the general rules again. */
  @Delete(`${EXTRACT_LAYOUTS_RESOURCE}/:id`)
  @HttpCode(204)
  async forget(@Param('id') id: string, @RequestId() requestId?: string): Promise<void> {
    await this.services.call('ai', rpcSubject(this.services.subjectRoot, 'ai', EXTRACT_LAYOUTS_RESOURCE, 'delete'), { id }, { requestId });
  }
}
