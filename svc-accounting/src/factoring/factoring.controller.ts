import { Controller, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import {
  FACTORING_ACTIONS,
  FACTORING_MESSAGES,
  FACTORING_RESOURCE,
  IMPORT_MESSAGES,
  IMPORT_UPLOAD_TTL_MS,
  importUploadBucket,
  invalidInput,
  REPORT_KINDS,
  rpcSubject,
  type IdPayload,
  type ReportKind,
} from '@tms/contracts';
import { actorOf, config, DeadlineInterceptor, NATS_CONNECTION, takeUploadedCsv, UploadStore, type SharedNats } from '@tms/service-kit';
import { Inject } from '@nestjs/common';
import { FactorSettingsService } from './factor-settings.service.js';
import { FactoringReportsService } from './factoring-reports.service.js';
import { FactoringSchedulesService } from './factoring-schedules.service.js';
import { LedgerService } from './ledger.service.js';
import { ScheduleFilesService } from './schedule-files.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'accounting', FACTORING_RESOURCE, action);

/** A report's upload, as the gateway leaves it in the import bucket (as a CSV import's). */
interface ReportPayload {
  object?: unknown;
  kind?: unknown;
  dryRun?: unknown;
  mapping?: unknown;
}

/** `{root}.accounting.factoring.{action}` (issue 45): the factor, schedules and their files, reports, the ledger. */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class FactoringController {
  private readonly uploads: UploadStore;

  constructor(
    private readonly settings: FactorSettingsService,
    private readonly schedules: FactoringSchedulesService,
    private readonly files: ScheduleFilesService,
    private readonly reports: FactoringReportsService,
    private readonly ledger: LedgerService,
    @Inject(NATS_CONNECTION) nats: SharedNats,
  ) {
    this.uploads = new UploadStore(importUploadBucket(config.subjectRoot), IMPORT_UPLOAD_TTL_MS, nats);
  }

  @MessagePattern(subject(FACTORING_ACTIONS.get))
  get() {
    return this.settings.read();
  }

  @MessagePattern(subject(FACTORING_ACTIONS.put))
  put(@Payload() payload: unknown, @Ctx() context: NatsContext) {
    return this.settings.put(payload, { resource: FACTORING_RESOURCE, actor: actorOf(context) });
  }

  @MessagePattern(subject(FACTORING_ACTIONS.invoices))
  invoices() {
    return this.schedules.offered();
  }

  @MessagePattern(subject(FACTORING_ACTIONS.schedules))
  list() {
    return this.schedules.schedules();
  }

  @MessagePattern(subject(FACTORING_ACTIONS.schedule))
  schedule(@Payload() payload: IdPayload) {
    return this.schedules.schedule(payload?.id);
  }

  @MessagePattern(subject('create-schedule'))
  create(@Payload() payload: unknown, @Ctx() context: NatsContext) {
    return this.schedules.make(payload, { resource: 'factoring-schedules', actor: actorOf(context) });
  }

  @MessagePattern(subject(FACTORING_ACTIONS.schedulePdf))
  pdf(@Payload() payload: IdPayload) {
    return this.files.pdf(payload?.id);
  }

  @MessagePattern(subject(FACTORING_ACTIONS.scheduleZip))
  zip(@Payload() payload: IdPayload) {
    return this.files.zip(payload?.id);
  }

  @MessagePattern(subject(FACTORING_ACTIONS.report))
  async report(@Payload() payload: ReportPayload, @Ctx() context: NatsContext) {
    const { object, kind, dryRun, mapping } = payload ?? {};
    if (!REPORT_KINDS.includes(kind as ReportKind)) return invalidInput({ kind: [FACTORING_MESSAGES.kind] });
    if (typeof dryRun !== 'boolean') return invalidInput({ dryRun: [IMPORT_MESSAGES.dryRun] });
    const taken = await takeUploadedCsv(this.uploads, object);
    if (!taken.ok) return taken;
    const file = taken.data;
    return this.reports.report(file, kind as ReportKind, dryRun, mapping, { resource: 'factoring-reports', actor: actorOf(context) });
  }

  @MessagePattern(subject(FACTORING_ACTIONS.mapping))
  mapping(@Payload() payload: unknown) {
    return this.reports.mappingOf(payload);
  }

  @MessagePattern(subject(FACTORING_ACTIONS.ledger))
  ledgerOf(@Payload() payload: unknown) {
    return this.ledger.ledger(payload);
  }
}
