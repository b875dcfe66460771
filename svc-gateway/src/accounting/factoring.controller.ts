import { Body, Controller, Get, HttpCode, HttpException, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  FACTORING_ACTIONS,
  FACTORING_REPORTS_PATH,
  FACTORING_RESOURCE,
  INVALID_INPUT,
  RENDERED_FILE_TTL_MS,
  renderedFilesBucket,
  rpcSubject,
  SCHEDULE_CSV_HEADER,
  scheduleCsvRows,
  scheduleFileName,
  type Actor,
  type FactoringInvoice,
  type FactorSettings,
  type Ledger,
  type RenderedFile,
  type ReportResult,
  type Schedule,
} from '@tms/contracts';
import { UploadStore } from '@tms/service-kit';
import type { Request, Response } from 'express';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { attachment, csvDocument } from '../http/csv.js';
import { RequestId, requestIdOf, RequestLogger } from '../http/request-ids.js';
import { NATS_CONNECTION, type GatewayNats } from '../nats/nats.module.js';
import { CsvImport } from '../resources/csv-import.js';
import { serviceUnavailableMessage } from '../services/rpc-errors.js';
import { ServiceClient } from '../services/service-client.js';

/** A schedule's ZIP renders a packet per invoice (200 invoices in a few seconds, more on a busy machine). */
const ZIP_TIMEOUT_MS = 120_000;
/** A report is read, checked and applied in one transaction, as an import is. */
const REPORT_TIMEOUT_MS = 60_000;

/** Issue 45: factoring, svc-accounting's; the gateway sends the files as attachments and a schedule's rows as CSV. */
@Controller('api')
export class FactoringController {
  private readonly logger = new RequestLogger(FactoringController.name);
  private readonly rendered: UploadStore;

  constructor(
    private readonly services: ServiceClient,
    private readonly csvUpload: CsvImport,
    @Inject(NATS_CONNECTION) nats: GatewayNats,
  ) {
    this.rendered = new UploadStore(renderedFilesBucket(services.subjectRoot), RENDERED_FILE_TTL_MS, nats.connection());
  }

  @Get(FACTORING_RESOURCE)
  get(@RequestId() requestId?: string): Promise<FactorSettings> {
    return this.call(FACTORING_ACTIONS.get, {}, { requestId });
  }

  @Put(FACTORING_RESOURCE)
  put(@Body() body: unknown, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<FactorSettings> {
    return this.call(FACTORING_ACTIONS.put, body ?? {}, { actor, requestId });
  }

  @Get(`${FACTORING_RESOURCE}/invoices`)
  invoices(@RequestId() requestId?: string): Promise<FactoringInvoice[]> {
    return this.call(FACTORING_ACTIONS.invoices, {}, { requestId, timeoutMs: REPORT_TIMEOUT_MS });
  }

  @Get(`${FACTORING_RESOURCE}/schedules`)
  schedules(@RequestId() requestId?: string): Promise<Schedule[]> {
    return this.call(FACTORING_ACTIONS.schedules, {}, { requestId });
  }

  @Post(`${FACTORING_RESOURCE}/schedules`)
  @HttpCode(201)
  createSchedule(@Body() body: unknown, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<Schedule> {
    return this.call('create-schedule', body ?? {}, { actor, requestId, timeoutMs: REPORT_TIMEOUT_MS });
  }

  @Get(`${FACTORING_RESOURCE}/schedules/:id/pdf`)
  schedulePdf(@Param('id') id: string, @Res() res: Response) {
    return this.send(res, FACTORING_ACTIONS.schedulePdf, id);
  }

  @Get(`${FACTORING_RESOURCE}/schedules/:id/zip`)
  scheduleZip(@Param('id') id: string, @Res() res: Response) {
    return this.send(res, FACTORING_ACTIONS.scheduleZip, id, ZIP_TIMEOUT_MS);
  }

  @Get(`${FACTORING_RESOURCE}/schedules/:id/csv`)
  async scheduleCsv(@Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const schedule = await this.call<Schedule>(FACTORING_ACTIONS.schedule, { id }, { requestId: requestIdOf(res) });
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachment(scheduleFileName(schedule.scheduleNumber, 'csv')));
    return csvDocument(SCHEDULE_CSV_HEADER, scheduleCsvRows(schedule));
  }

  @Post(FACTORING_REPORTS_PATH)
  @HttpCode(200)
  report(@Query() query: Record<string, unknown>, @Req() req: Request, @SignedIn() actor: Actor): Promise<ReportResult> {
    const { kind, dryRun, mapping } = query;
    if (kind !== 'purchase' && kind !== 'payment') throw new HttpException({ message: INVALID_INPUT, issues: { kind: ["kind must be 'purchase' or 'payment'"] } }, 400);
    if (mapping !== undefined && typeof mapping !== 'string') throw new HttpException({ message: INVALID_INPUT, issues: { mapping: ['mapping must be given once'] } }, 400);
    const subject = rpcSubject(this.services.subjectRoot, 'accounting', FACTORING_RESOURCE, FACTORING_ACTIONS.report);
    return this.csvUpload.send<ReportResult>('accounting', subject, typeof dryRun === 'string' ? dryRun : undefined, { kind, mapping }, req, actor);
  }

  @Get(`${FACTORING_REPORTS_PATH}/mapping`)
  mapping(@Query('kind') kind: unknown, @RequestId() requestId?: string): Promise<Record<string, string>> {
    return this.call(FACTORING_ACTIONS.mapping, { kind }, { requestId });
  }

  @Get(`${FACTORING_RESOURCE}/ledger`)
  ledger(@Query() query: Record<string, unknown>, @RequestId() requestId?: string): Promise<Ledger> {
    const { from, to } = query;
    return this.call(FACTORING_ACTIONS.ledger, { from, to }, { requestId });
  }

  private call<T>(action: string, payload: unknown, options: Parameters<ServiceClient['call']>[3]): Promise<T> {
    return this.services.call<T>('accounting', rpcSubject(this.services.subjectRoot, 'accounting', FACTORING_RESOURCE, action), payload, options);
  }

  /** Asks svc-accounting to render, and sends the file as an attachment: from the reply, or taken from the bucket. */
  private async send(res: Response, action: string, id: string, timeoutMs?: number): Promise<void> {
    const file = await this.call<RenderedFile>(action, { id }, { timeoutMs, requestId: requestIdOf(res) });
    let bytes: Uint8Array | null;
    if (file.data !== undefined) bytes = Buffer.from(file.data, 'base64');
    else {
      try {
        bytes = file.object ? await this.rendered.take(file.object) : null;
      } catch (error) {
        this.logger.warn(res, `${file.fileName} could not be read from JetStream: ${error instanceof Error ? error.message : String(error)}`);
        throw new HttpException({ message: serviceUnavailableMessage('accounting') }, 503);
      }
      if (!bytes) throw new HttpException({ message: serviceUnavailableMessage('accounting') }, 503);
    }
    res.status(200).attachment(file.fileName).type(file.contentType);
    res.setHeader('Content-Length', String(bytes.byteLength));
    res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
}
