import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { INVOICE_FILE_ACTIONS, rpcSubject, type IdPayload } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { InvoiceFilesService } from './invoice-files.service.js';
import { InvoicesService } from './invoices.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'accounting', 'invoices', action);

/** `{root}.accounting.invoices.{draft|pdf|packet}` (issue 26), and `overdue` (issue 46). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class InvoiceFilesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly files: InvoiceFilesService,
  ) {}

  @MessagePattern(subject(INVOICE_FILE_ACTIONS.draft))
  draft(@Payload() payload: unknown) {
    return this.invoices.draft(payload);
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
}
