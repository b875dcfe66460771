import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  DOCUMENTS_RESOURCE,
  documentsBucket,
  fail,
  INVOICE_MESSAGES,
  isRecordId,
  ok,
  type Customer,
  type Load,
  type LoadDocument,
  type RenderedFile,
  type RpcReply,
} from '@tms/contracts';
import { config, internalErrorReply, NATS_CONNECTION, ObjectBucket, ServiceRequests, type SharedNats } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { CompanyService } from '../company/company.service.js';
import { invoicePdf, type InvoiceFacts } from '../pdf/invoice-pdf.js';
import { packetPdf, type PacketDocument } from '../pdf/packet.js';
import { RenderedFiles } from '../pdf/rendered-files.js';
import { InvoiceEntity } from './invoice.entity.js';

const notFound = fail('not_found', 'Invoice not found');

/**
 * An invoice as a PDF, alone or as the packet a customer or factoring company asks for (issue 26): the facts are
 * read at the time (the load and customer from svc-core, the profile here), the documents' bytes from svc-core's
 * documents bucket, which this service only reads.
 */
@Injectable()
export class InvoiceFilesService {
  private readonly documents: ObjectBucket;

  constructor(
    @InjectRepository(InvoiceEntity) private readonly invoices: Repository<InvoiceEntity>,
    private readonly services: ServiceRequests,
    private readonly company: CompanyService,
    private readonly files: RenderedFiles,
    @Inject(NATS_CONNECTION) nats: SharedNats,
  ) {
    this.documents = new ObjectBucket(documentsBucket(config.subjectRoot), undefined, nats);
  }

  async pdf(id: unknown): Promise<RpcReply<RenderedFile>> {
    return this.render(id, async (facts) => this.files.answer(`${facts.invoice.invoiceNumber}.pdf`, await invoicePdf(facts)));
  }

  async packet(id: unknown): Promise<RpcReply<RenderedFile>> {
    return this.render(id, async (facts) => {
      const listed = await this.services.request<LoadDocument[]>('core', DOCUMENTS_RESOURCE, 'list', { loadId: facts.load.id });
      if (!listed.ok) return listed;
      const documents: PacketDocument[] = [];
      for (const document of listed.data) documents.push({ document, data: await this.bytesOf(document) });
      return this.files.answer(`${facts.invoice.invoiceNumber}-packet.pdf`, await packetPdf(facts, documents));
    });
  }

  private async render(id: unknown, make: (facts: InvoiceFacts) => Promise<RenderedFile | RpcReply<never>>): Promise<RpcReply<RenderedFile>> {
    if (!isRecordId(id)) return notFound;
    try {
      const facts = await this.facts(id);
      if (!facts.ok) return facts;
      const made = await make(facts.data);
      return 'ok' in made ? made : ok(made);
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  private async facts(id: string): Promise<RpcReply<InvoiceFacts>> {
    const invoice = await this.invoices.findOneBy({ id });
    if (!invoice) return notFound;
    const [load, customer, company] = await Promise.all([
      this.services.get<Load>('core', 'loads', invoice.loadId),
      this.services.get<Customer>('core', 'customers', invoice.customerId),
      this.company.profile(),
    ]);
    if (!load.ok) return load.error.code === 'not_found' ? fail('not_found', INVOICE_MESSAGES.loadNotFound) : load;
    if (!customer.ok) return customer.error.code === 'not_found' ? fail('not_found', INVOICE_MESSAGES.customerNotFound) : customer;
    return ok({ company, invoice, load: load.data, customer: customer.data });
  }

  /** A document's bytes (checked against their SHA-256 by the store), or null when they cannot be read. */
  private async bytesOf(document: LoadDocument): Promise<Uint8Array | null> {
    try {
      return await (await this.documents.store()).getBlob(document.id);
    } catch {
      return null;
    }
  }
}
