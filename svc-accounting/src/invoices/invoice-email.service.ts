import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CANCELLED_INVOICE_STATUS,
  centsToMoney,
  fail,
  fieldIssues,
  INVOICE_EMAIL_MESSAGES,
  invoiceEmailInputSchema,
  invoiceEmailSubject,
  invoiceEmailText,
  invalidInput,
  isRecordId,
  ok,
  parseCents,
  type CompanyProfile,
  type Customer,
  type InvoiceEmail,
  type InvoiceEmailSent,
  type Load,
  type RpcReply,
} from '@tms/contracts';
import { internalErrorReply, recordChange, ServiceRequests, type ChangeContext } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { CompanyService } from '../company/company.service.js';
import { Mailer } from '../mail/mailer.js';
import { usDate } from '../pdf/invoice-pdf.js';
import { InvoiceEntity } from './invoice.entity.js';
import { InvoiceFilesService } from './invoice-files.service.js';
import { InvoicesService } from './invoices.service.js';

const notFound = fail('not_found', 'Invoice not found');
const attachmentNames = (invoiceNumber: string) => [`${invoiceNumber}.pdf`, `${invoiceNumber}-packet.pdf`];

/**
 * Issue 46, point 5: 'Send Invoice'. An invoice goes to its customer's billing e-mail (else its e-mail) with its PDF
 * and its packet, from the company's e-mail; a draft becomes sent. Every sending is in the invoice's audit trail
 * (action 'send') with its recipients, its attachments and its result, failed ones too.
 */
@Injectable()
export class InvoiceEmailService {
  constructor(
    @InjectRepository(InvoiceEntity) private readonly invoices: Repository<InvoiceEntity>,
    private readonly invoicesService: InvoicesService,
    private readonly files: InvoiceFilesService,
    private readonly company: CompanyService,
    private readonly services: ServiceRequests,
    private readonly mailer: Mailer,
  ) {}

  /** What would be sent, and why it cannot be as it is: what the dialog shows. */
  async draft(id: unknown): Promise<RpcReply<InvoiceEmail>> {
    if (!isRecordId(id)) return notFound;
    try {
      const invoice = await this.invoices.findOneBy({ id });
      if (!invoice) return notFound;
      const [customer, load, profile] = await Promise.all([
        this.services.get<Customer>('core', 'customers', invoice.customerId),
        this.services.get<Load>('core', 'loads', invoice.loadId),
        this.company.profile(),
      ]);
      if (!customer.ok) return customer;
      if (!load.ok) return load;
      return ok({
        configured: this.mailer.configured,
        from: profile.email,
        to: [customer.data.billingEmail || customer.data.email].filter(Boolean),
        subject: invoiceEmailSubject(invoice.invoiceNumber, load.data.loadNumber, profile.name),
        attachments: attachmentNames(invoice.invoiceNumber),
        problem: this.problem(invoice, profile),
      });
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /** Sends it to `to`: the invoice as the answer says after (a draft is now sent). */
  async send(id: unknown, payload: unknown, context: ChangeContext): Promise<RpcReply<InvoiceEmailSent>> {
    if (!isRecordId(id)) return notFound;
    const input = invoiceEmailInputSchema.safeParse(payload ?? {});
    if (!input.success) return invalidInput(fieldIssues(input.error));
    try {
      const invoice = await this.invoices.findOneBy({ id });
      if (!invoice) return notFound;
      const profile = await this.company.profile();
      const problem = this.problem(invoice, profile);
      if (problem) return fail(this.mailer.configured ? 'conflict' : 'unavailable', problem);
      const made = await this.files.attachments(id);
      if (!made.ok) return made;
      const { facts, files } = made.data;
      const to = [...new Set(input.data.to.map((address) => address.toLowerCase()))];
      let result = 'Sent';
      try {
        await this.mailer.send({
          from: { name: profile.name, address: profile.email },
          to,
          subject: invoiceEmailSubject(invoice.invoiceNumber, facts.load.loadNumber, profile.name),
          text: invoiceEmailText({
            invoiceNumber: invoice.invoiceNumber,
            loadNumber: facts.load.loadNumber,
            total: invoice.total,
            balance: centsToMoney(parseCents(invoice.total)! - parseCents(invoice.paidAmount)!),
            dueDate: usDate(invoice.dueDate),
            companyName: profile.name,
            companyPhone: profile.phone,
          }),
          attachments: files.map(({ fileName, bytes }) => ({ filename: fileName, content: bytes, contentType: 'application/pdf' })),
        });
      } catch (error) {
        result = `Failed: ${error instanceof Error ? error.message : String(error)}`;
      }
      const at = new Date().toISOString();
      await this.invoices.manager.transaction((manager) =>
        recordChange(manager, context, 'send', id, {
          to: { to: to.join(', ') },
          attachments: { to: files.map((file) => file.fileName).join(', ') },
          result: { to: result },
        }),
      );
      if (result !== 'Sent') return fail('unavailable', INVOICE_EMAIL_MESSAGES.failed(result.slice('Failed: '.length)));
      if (invoice.status !== 'draft') return ok({ to, at, status: invoice.status });
      const sent = await this.invoicesService.update(id, { status: 'sent' }, context);
      return ok({ to, at, status: sent.ok ? sent.data.status : invoice.status });
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  private problem(invoice: InvoiceEntity, profile: CompanyProfile): string | null {
    if (!this.mailer.configured) return INVOICE_EMAIL_MESSAGES.notSetUp;
    if (!profile.email) return INVOICE_EMAIL_MESSAGES.noCompanyEmail;
    if (invoice.status === CANCELLED_INVOICE_STATUS) return INVOICE_EMAIL_MESSAGES.cancelled;
    return null;
  }
}
