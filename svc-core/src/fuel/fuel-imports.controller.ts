import { Controller, Inject, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import {
  fail,
  FUEL_CARD_LAYOUTS,
  FUEL_FLAGGED_ACTION,
  FUEL_IMPORT_INLINE_BYTES,
  FUEL_IMPORT_MESSAGES,
  FUEL_MAPPING_LAYOUT,
  FUEL_MAPPING_MESSAGES,
  FUEL_MAPPINGS_RESOURCE,
  isRecordId,
  FUEL_STATEMENT_ACTION,
  IMPORT_MESSAGES,
  IMPORT_UPLOAD_TTL_MS,
  importUploadBucket,
  invalidInput,
  ok,
  RENDERED_FILE_TTL_MS,
  renderedFilesBucket,
  rpcSubject,
  type FuelCardLayout,
  type FuelImportReply,
  type RpcReply,
} from '@tms/contracts';
import { actorOf, config, DeadlineInterceptor, internalErrorReply, NATS_CONNECTION, takeUploadedCsv, UploadStore, type SharedNats } from '@tms/service-kit';
import { FuelImportsService, layoutReading, mappingReading, type StatementReading } from './fuel-imports.service.js';
import { FuelMappingsService } from './fuel-mappings.service.js';

/** A statement's upload, as the gateway leaves it in the import bucket (as a CSV import's). */
interface StatementPayload {
  object?: unknown;
  layout?: unknown;
  /** A saved mapping's id, when the layout is 'mapping'. */
  mapping?: unknown;
  dryRun?: unknown;
}

/** `{root}.core.fuel.statement` (issue 48): a fuel card statement, dry run or applied. */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class FuelImportsController {
  private readonly uploads: UploadStore;
  private readonly answers: UploadStore;

  constructor(
    private readonly imports: FuelImportsService,
    private readonly mappings: FuelMappingsService,
    @Inject(NATS_CONNECTION) nats: SharedNats,
  ) {
    this.uploads = new UploadStore(importUploadBucket(config.subjectRoot), IMPORT_UPLOAD_TTL_MS, nats);
    this.answers = new UploadStore(renderedFilesBucket(config.subjectRoot), RENDERED_FILE_TTL_MS, nats);
  }

  @MessagePattern(rpcSubject(config.subjectRoot, 'core', 'fuel', FUEL_STATEMENT_ACTION))
  async statement(@Payload() payload: StatementPayload, @Ctx() context: NatsContext): Promise<RpcReply<FuelImportReply>> {
    const { object, layout, mapping, dryRun } = payload ?? {};
    if (layout !== FUEL_MAPPING_LAYOUT && !FUEL_CARD_LAYOUTS.includes(layout as FuelCardLayout)) return invalidInput({ layout: [FUEL_IMPORT_MESSAGES.layout] });
    if (typeof dryRun !== 'boolean') return invalidInput({ dryRun: [IMPORT_MESSAGES.dryRun] });
    let reading: StatementReading;
    if (layout === FUEL_MAPPING_LAYOUT) {
      let saved: Awaited<ReturnType<FuelMappingsService['find']>>;
      try {
        saved = await this.mappings.find(mapping);
      } catch (error) {
        return internalErrorReply(error);
      }
      if (!saved) return invalidInput({ mapping: [isRecordId(mapping) ? FUEL_MAPPING_MESSAGES.unknown : FUEL_MAPPING_MESSAGES.mapping] });
      reading = mappingReading(saved);
    } else reading = layoutReading(layout as FuelCardLayout);
    const taken = await takeUploadedCsv(this.uploads, object);
    if (!taken.ok) return taken;
    const file = taken.data;
    let answer: Awaited<ReturnType<FuelImportsService['statement']>>;
    try {
      answer = await this.imports.statement(file, reading, dryRun, { resource: 'fuel', actor: actorOf(context) });
    } catch (error) {
      return internalErrorReply(error);
    }
    if (!answer.ok) return answer;
    // A long statement's answer passes a NATS message: it waits in the bucket for the gateway.
    const bytes = Buffer.from(JSON.stringify(answer.data));
    if (bytes.byteLength <= FUEL_IMPORT_INLINE_BYTES) return answer;
    try {
      return ok({ object: await this.answers.put(bytes, 'fuel-import.json') });
    } catch {
      return fail('unavailable', IMPORT_MESSAGES.unreadable);
    }
  }

  @MessagePattern(rpcSubject(config.subjectRoot, 'core', 'fuel', FUEL_FLAGGED_ACTION))
  async flagged() {
    try {
      return ok(await this.imports.flagged());
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /** `{root}.core.fuel-mappings.list`: every saved mapping, by name. */
  @MessagePattern(rpcSubject(config.subjectRoot, 'core', FUEL_MAPPINGS_RESOURCE, 'list'))
  async mappingList() {
    try {
      return ok(await this.mappings.all());
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  @MessagePattern(rpcSubject(config.subjectRoot, 'core', FUEL_MAPPINGS_RESOURCE, 'create'))
  mappingCreate(@Payload() payload: unknown, @Ctx() context: NatsContext) {
    return this.mappings.create(payload, { resource: FUEL_MAPPINGS_RESOURCE, actor: actorOf(context) });
  }

  @MessagePattern(rpcSubject(config.subjectRoot, 'core', FUEL_MAPPINGS_RESOURCE, 'delete'))
  mappingDelete(@Payload() payload: { id?: unknown }, @Ctx() context: NatsContext) {
    return this.mappings.delete(payload?.id, { resource: FUEL_MAPPINGS_RESOURCE, actor: actorOf(context) });
  }
}
