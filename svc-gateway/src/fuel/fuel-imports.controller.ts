import { Body, Controller, Delete, Get, HttpCode, HttpException, Inject, Param, Post, Query, Req } from '@nestjs/common';
import {
  FUEL_CARD_LAYOUTS,
  FUEL_FLAGGED_ACTION,
  FUEL_FLAGGED_PATH,
  FUEL_IMPORT_MESSAGES,
  FUEL_MAPPING_LAYOUT,
  FUEL_MAPPING_MESSAGES,
  FUEL_MAPPINGS_PATH,
  FUEL_MAPPINGS_RESOURCE,
  FUEL_IMPORT_PATH,
  FUEL_STATEMENT_ACTION,
  INVALID_INPUT,
  isRecordId,
  RENDERED_FILE_TTL_MS,
  renderedFilesBucket,
  rpcSubject,
  type Actor,
  type FlaggedFuelPurchase,
  type FuelCardMapping,
  type FuelCardLayout,
  type FuelImportReply,
  type FuelImportResult,
} from '@tms/contracts';
import { UploadStore } from '@tms/service-kit';
import type { Request } from 'express';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { RequestId, RequestLogger } from '../http/request-ids.js';
import { NATS_CONNECTION, type GatewayNats } from '../nats/nats.module.js';
import { CsvImport } from '../resources/csv-import.js';
import { serviceUnavailableMessage } from '../services/rpc-errors.js';
import { ServiceClient } from '../services/service-client.js';

/**
 * Issue 48: `POST /api/fuel/imports?layout=efs|wex|comdata|generic&dryRun=true|false` (or `layout=mapping&mapping=<id>`,
 * read by a saved mapping: `GET/POST /api/fuel/mappings`, `DELETE /api/fuel/mappings/{id}`), a fuel card statement as the
 * body (text/csv), uploaded and checked as every CSV upload is (CsvImport: size, type); svc-core answers every line.
 * A long statement's answer comes back through the rendered-files bucket.
 */
@Controller('api')
export class FuelImportsController {
  private readonly logger = new RequestLogger(FuelImportsController.name);
  private readonly answers: UploadStore;

  constructor(
    private readonly services: ServiceClient,
    private readonly csvUpload: CsvImport,
    @Inject(NATS_CONNECTION) nats: GatewayNats,
  ) {
    this.answers = new UploadStore(renderedFilesBucket(services.subjectRoot), RENDERED_FILE_TTL_MS, nats.connection());
  }

  @Post(FUEL_IMPORT_PATH)
  @HttpCode(200)
  async statement(@Query() query: Record<string, unknown>, @Req() req: Request, @SignedIn() actor: Actor): Promise<FuelImportResult> {
    const { layout, mapping, dryRun } = query;
    if (layout !== FUEL_MAPPING_LAYOUT && !FUEL_CARD_LAYOUTS.includes(layout as FuelCardLayout)) throw new HttpException({ message: INVALID_INPUT, issues: { layout: [FUEL_IMPORT_MESSAGES.layout] } }, 400);
    // A saved mapping is named by its id (refused when it is none, whatever the layout); whether it exists svc-core answers.
    if ((layout === FUEL_MAPPING_LAYOUT || mapping !== undefined) && !isRecordId(mapping)) throw new HttpException({ message: INVALID_INPUT, issues: { mapping: [FUEL_MAPPING_MESSAGES.mapping] } }, 400);
    const subject = rpcSubject(this.services.subjectRoot, 'core', 'fuel', FUEL_STATEMENT_ACTION);
    const more = layout === FUEL_MAPPING_LAYOUT ? { layout, mapping } : { layout };
    const reply = await this.csvUpload.send<FuelImportReply>('core', subject, typeof dryRun === 'string' ? dryRun : undefined, more, req, actor);
    if (!('object' in reply)) return reply;
    let bytes: Uint8Array | null = null;
    try {
      bytes = await this.answers.take(reply.object);
    } catch (error) {
      this.logger.warn(req.res, `A fuel import's answer could not be read from JetStream: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!bytes) throw new HttpException({ message: serviceUnavailableMessage('core') }, 503);
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as FuelImportResult;
  }

  /** The purchases the GPS check flagged lately (the Dashboard's Needs Attention). */
  @Get(FUEL_FLAGGED_PATH)
  flagged(@RequestId() requestId?: string): Promise<FlaggedFuelPurchase[]> {
    return this.services.call('core', rpcSubject(this.services.subjectRoot, 'core', 'fuel', FUEL_FLAGGED_ACTION), {}, { requestId });
  }

  /** The saved column mappings of statements of other layouts (issue 48, point 1), by name. */
  @Get(FUEL_MAPPINGS_PATH)
  mappings(@RequestId() requestId?: string): Promise<FuelCardMapping[]> {
    return this.services.call('core', rpcSubject(this.services.subjectRoot, 'core', FUEL_MAPPINGS_RESOURCE, 'list'), {}, { requestId });
  }

  /** Saves a mapping under its name (svc-core checks it: a name no other mapping has, a column for each required field). */
  @Post(FUEL_MAPPINGS_PATH)
  @HttpCode(201)
  saveMapping(@Body() body: unknown, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<FuelCardMapping> {
    return this.services.call('core', rpcSubject(this.services.subjectRoot, 'core', FUEL_MAPPINGS_RESOURCE, 'create'), body ?? {}, { actor, requestId });
  }

  @Delete(`${FUEL_MAPPINGS_PATH}/:id`)
  @HttpCode(204)
  async deleteMapping(@Param('id') id: string, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<void> {
    await this.services.call('core', rpcSubject(this.services.subjectRoot, 'core', FUEL_MAPPINGS_RESOURCE, 'delete'), { id }, { actor, requestId });
  }
}
