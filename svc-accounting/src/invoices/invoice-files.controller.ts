import { Controller, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { INVOICE_EMAIL_ACTIONS, INVOICE_FILE_ACTIONS, rpcSubject, type IdPayload } from '@tms/contracts';
import { actorOf, config, DeadlineInterceptor } from '@tms/service-kit';
import { InvoiceEmailService } from './invoice-email.service.js';
import { InvoiceFilesService } from './invoice-files.service.js';
import { InvoicesService } from './invoices.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'accounting', 'invoices', action);

/** `{root}.accounting.invoices.{draft|pdf|packet}` (issue 26), `overdue`, `email-draft` and `email` (issue 46), `for-load` (issue 47). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class InvoiceFilesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly files: InvoiceFilesService,
    private readonly email: InvoiceEmailService,
  ) {}

  @MessagePattern(subject(INVOICE_FILE_ACTIONS.draft))
  draft(@Payload() payload: unknown) {
    return this.invoices.draft(payload);
  }

  @MessagePattern(subject(INVOICE_FILE_ACTIONS.forLoad))
  forLoad(@Payload() payload: unknown) {
    return this.invoices.forLoad(payload);
  }

  @MessagePattern(subject(INVOICE_FILE_ACTIONS.overdue))
  overdue() {
    return this.invoices.overdue();
  }

  @MessagePattern(subject(INVOICE_FILE_ACTIONS.pdf))
  pdf(@Payload() payload: IdPayload) {
    return this.files.pdf(payload?.id);
  }

  @MessagePattern(subject(INVOICE_FILE_ACTIONS.packet))
  packet(@Payload() payload: IdPayload) {
    return this.files.packet(payload?.id);
  }

  @MessagePattern(subject(INVOICE_EMAIL_ACTIONS.draft))
  emailDraft(@Payload() payload: IdPayload) {
    return this.email.draft(payload?.id);
  }

  @MessagePattern(subject(INVOICE_EMAIL_ACTIONS.send))
  send(@Payload() payload: IdPayload & { to?: unknown }, @Ctx() context: NatsContext) {
    return this.email.send(payload?.id, { to: payload?.to }, { resource: 'invoices', actor: actorOf(context) });
  }
}
