import { Body, Controller, Get, HttpCode, HttpException, Inject, Param, Post, Query, Res } from '@nestjs/common';
import {
  ACCOUNT_STATEMENT_ACTION,
  ACCOUNT_STATEMENT_PATH,
  AGING_RESOURCE,
  INVOICE_EMAIL_ACTIONS,
  INVOICE_EMAIL_TIMEOUT_MS,
  INVOICE_FILE_ACTIONS,
  INVOICE_FOR_LOAD_PATH,
  REMITTANCE_CREDIT_ACTION,
  RENDERED_FILE_TTL_MS,
  renderedFilesBucket,
  rpcSubject,
  SETTLEMENT_FILE_ACTIONS,
  type Actor,
  type CustomerCredit,
  type InvoiceEmail,
  type InvoiceEmailSent,
  type Invoice,
  type InvoiceDraft,
  type OverdueInvoice,
  type RenderedFile,
  type SettlementDraft,
} from '@tms/contracts';
import { UploadStore } from '@tms/service-kit';
import type { Response } from 'express';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { RequestId, requestIdOf, RequestLogger } from '../http/request-ids.js';
import { NATS_CONNECTION, type GatewayNats } from '../nats/nats.module.js';
import { serviceUnavailableMessage } from '../services/rpc-errors.js';
import { ServiceClient } from '../services/service-client.js';

/** How long a packet may take svc-accounting: it reads and copies every document of the load (up to 15 MB each). */
const PACKET_TIMEOUT_MS = 30_000;

/**
 * Issue 26's accounting routes beside the generic CRUD (listed before it in ROUTES: `/api/invoices/draft` would
 * otherwise be read as the invoice `draft`): the drafts that fill the Create Invoice and Create Settlement dialogs,
 * and the PDFs svc-accounting renders (an invoice, its packet, a driver's statement), sent as attachments.
 */
@Controller('api')
export class AccountingFilesController {
  private readonly logger = new RequestLogger(AccountingFilesController.name);
  /** Rendered files too large for a NATS reply (a packet), which svc-accounting leaves here for us to take. */
  private readonly rendered: UploadStore;

  constructor(
    private readonly services: ServiceClient,
    @Inject(NATS_CONNECTION) nats: GatewayNats,
  ) {
    this.rendered = new UploadStore(renderedFilesBucket(services.subjectRoot), RENDERED_FILE_TTL_MS, nats.connection());
  }

  @Get('invoices/draft')
  invoiceDraft(@Query('loadId') loadId: unknown, @RequestId() requestId?: string): Promise<InvoiceDraft> {
    return this.services.call<InvoiceDraft>('accounting', this.subject('invoices', INVOICE_FILE_ACTIONS.draft), { loadId }, { requestId });
  }

  @Get(INVOICE_FOR_LOAD_PATH)
  invoiceForLoad(@Query('loadId') loadId: unknown, @RequestId() requestId?: string): Promise<{ invoice: Invoice | null }> {
    return this.services.call<{ invoice: Invoice | null }>('accounting', this.subject('invoices', INVOICE_FILE_ACTIONS.forLoad), { loadId }, { requestId });
  }

  @Get('invoices/overdue')
  overdueInvoices(@RequestId() requestId?: string): Promise<OverdueInvoice[]> {
    return this.services.call<OverdueInvoice[]>('accounting', this.subject('invoices', INVOICE_FILE_ACTIONS.overdue), {}, { requestId });
  }

  @Get('remittances/credit')
  remittanceCredit(@Query('customerId') customerId: unknown, @RequestId() requestId?: string): Promise<CustomerCredit> {
    return this.services.call<CustomerCredit>('accounting', this.subject('remittances', REMITTANCE_CREDIT_ACTION), { customerId }, { requestId });
  }

  @Get('settlements/draft')
  settlementDraft(@Query() query: Record<string, unknown>, @RequestId() requestId?: string): Promise<SettlementDraft> {
    const { driverId, periodStart, periodEnd, settlementId } = query;
    const payload = { driverId, periodStart, periodEnd, ...(settlementId ? { settlementId } : {}) };
    return this.services.call<SettlementDraft>('accounting', this.subject('settlements', SETTLEMENT_FILE_ACTIONS.draft), payload, { requestId });
  }

  @Get('invoices/:id/pdf')
  invoicePdf(@Param('id') id: string, @Res() res: Response) {
    return this.send(res, this.subject('invoices', INVOICE_FILE_ACTIONS.pdf), { id });
  }

  @Get('invoices/:id/packet')
  invoicePacket(@Param('id') id: string, @Res() res: Response) {
    return this.send(res, this.subject('invoices', INVOICE_FILE_ACTIONS.packet), { id }, PACKET_TIMEOUT_MS);
  }

  /** Issue 46: what 'Send Invoice' would send, and sending it. */
  @Get('invoices/:id/email')
  invoiceEmail(@Param('id') id: string, @RequestId() requestId?: string): Promise<InvoiceEmail> {
    return this.services.call<InvoiceEmail>('accounting', this.subject('invoices', INVOICE_EMAIL_ACTIONS.draft), { id }, { requestId });
  }

  @Post('invoices/:id/email')
  @HttpCode(200)
  sendInvoice(@Param('id') id: string, @Body() body: unknown, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<InvoiceEmailSent> {
    const to = (body as { to?: unknown } | undefined)?.to;
    return this.services.call<InvoiceEmailSent>('accounting', this.subject('invoices', INVOICE_EMAIL_ACTIONS.send), { id, to }, { actor, requestId, timeoutMs: INVOICE_EMAIL_TIMEOUT_MS });
  }

  @Get('settlements/:id/pdf')
  statementPdf(@Param('id') id: string, @Res() res: Response) {
    return this.send(res, this.subject('settlements', SETTLEMENT_FILE_ACTIONS.pdf), { id });
  }

  /** A customer's statement of account (issue 46): their open invoices, the period's payments, what they owe. */
  @Get(ACCOUNT_STATEMENT_PATH)
  accountStatement(@Query() query: Record<string, unknown>, @Res() res: Response) {
    const { customerId, from, to } = query;
    return this.send(res, this.subject(AGING_RESOURCE, ACCOUNT_STATEMENT_ACTION), { customerId, from, to });
  }

  /** Asks svc-accounting to render, and sends the file as an attachment: from the reply, or taken from the bucket. */
  private async send(res: Response, subject: string, payload: object, timeoutMs?: number): Promise<void> {
    const file = await this.services.call<RenderedFile>('accounting', subject, payload, { timeoutMs, requestId: requestIdOf(res) });
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
    // attachment() also sets a type from the name's extension: the file's own type is set after it.
    res.status(200).attachment(file.fileName).type(file.contentType);
    res.setHeader('Content-Length', String(bytes.byteLength));
    res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  private subject(resource: 'invoices' | 'settlements' | 'remittances' | typeof AGING_RESOURCE, action: string) {
    return rpcSubject(this.services.subjectRoot, 'accounting', resource, action);
  }
}
