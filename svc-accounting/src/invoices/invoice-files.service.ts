import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CHARGE_TERMS_RESOURCE,
  DEFAULT_COMPANY_PROFILE,
  GPS_STOP_EVIDENCE,
  DOCUMENTS_RESOURCE,
  documentsBucket,
  fail,
  INVOICE_MESSAGES,
  isRecordId,
  ok,
  type Customer,
  type InvoiceBillTo,
  type InvoiceIssuer,
  type Load,
  type LoadChargeTerms,
  type LoadDocument,
  type RenderedFile,
  type RpcReply,
  type StopEvidence,
  type StopEvidenceQuery,
} from '@tms/contracts';
import { config, internalErrorReply, NATS_CONNECTION, ObjectBucket, ServiceRequests, type SharedNats } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { CompanyService } from '../company/company.service.js';
import { FactorSettingsService } from '../factoring/factor-settings.service.js';
import { invoicePdf, type InvoiceFacts } from '../pdf/invoice-pdf.js';
import { packetPdf, type DetentionEvidence, type PacketDocument } from '../pdf/packet.js';
import { RenderedFiles } from '../pdf/rendered-files.js';
import { InvoiceEntity } from './invoice.entity.js';
import { billToOf, issuerOf } from './invoice-parties.js';

const notFound = fail('not_found', 'Invoice not found');

/** A file made here: its name and bytes. */
export interface NamedFile {
  fileName: string;
  bytes: Uint8Array;
}


/**
 * An invoice as a PDF, alone or as the packet a customer or factoring company asks for (issue 26): the bill-to and
 * the carrier as the invoice keeps them (as they were when it was issued), the load read at the time from svc-core,
 * the documents' bytes from svc-core's documents bucket, which this service only reads.
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
    private readonly factoring: FactorSettingsService,
  ) {
    this.documents = new ObjectBucket(documentsBucket(config.subjectRoot), undefined, nats);
  }

  async pdf(id: unknown): Promise<RpcReply<RenderedFile>> {
    return this.answer(id, async (facts) => ok(await this.invoiceFile(facts)));
  }

  async packet(id: unknown): Promise<RpcReply<RenderedFile>> {
    return this.answer(id, (facts) => this.packetFile(facts));
  }

  /** The packet's bytes and name: for its own route, and for a schedule's ZIP (issue 45). */
  async packetBytes(id: unknown): Promise<RpcReply<NamedFile>> {
    return this.made(id, (facts) => this.packetFile(facts));
  }

  /** Issue 46: what an invoice's e-mail says and carries: its facts, its PDF and its packet. */
  async attachments(id: unknown): Promise<RpcReply<{ facts: InvoiceFacts; files: NamedFile[] }>> {
    return this.made(id, async (facts) => {
      const packet = await this.packetFile(facts);
      return packet.ok ? ok({ facts, files: [await this.invoiceFile(facts), packet.data] }) : packet;
    });
  }

  private async invoiceFile(facts: InvoiceFacts): Promise<NamedFile> {
    return { fileName: `${facts.invoice.invoiceNumber}.pdf`, bytes: await invoicePdf(facts) };
  }

  /** The invoice and its load's documents (read from svc-core) as one PDF. */
  private async packetFile(facts: InvoiceFacts): Promise<RpcReply<NamedFile>> {
    const [listed, evidence] = await Promise.all([
      this.services.request<LoadDocument[]>('core', DOCUMENTS_RESOURCE, 'list', { loadId: facts.load.id }),
      this.detentionEvidence(facts),
    ]);
    if (!listed.ok) return listed;
    if (!evidence.ok) return evidence;
    const documents: PacketDocument[] = await Promise.all(listed.data.map(async (document) => ({ document, data: await this.bytesOf(document) })));
    return ok({ fileName: `${facts.invoice.invoiceNumber}-packet.pdf`, bytes: await packetPdf(facts, documents, evidence.data) });
  }

  /**
   * Issue 43: each detention line's evidence: its stop as the load has it, the free hours of the terms that apply
   * (svc-core's), and what svc-telematics saw of the load's truck inside the stop from half an hour before the
   * arrival to half an hour after the departure. GPS that cannot say is written on the page, never a failed packet.
   */
  private async detentionEvidence({ invoice, load }: InvoiceFacts): Promise<RpcReply<DetentionEvidence[]>> {
    const lines = (invoice.lines ?? []).filter((line) => line.code === 'DETENTION');
    if (!lines.length) return ok([]);
    const terms = await this.services.request<LoadChargeTerms>('core', CHARGE_TERMS_RESOURCE, 'for-load', { loadId: load.id });
    if (!terms.ok && terms.error.code !== 'not_found') return terms;
    const freeHours = terms.ok ? terms.data.detentionFreeHours : null;
    return ok(
      await Promise.all(
        lines.map(async (line): Promise<DetentionEvidence> => {
          const stop = load.stops?.find((candidate) => candidate.id === line.stopId) ?? null;
          const seen = await this.gpsAt(load.assignedTruckId ?? null, stop);
          return { line, stop, freeHours, ...seen };
        }),
      ),
    );
  }

  private async gpsAt(truckId: string | null, stop: DetentionEvidence['stop']): Promise<Pick<DetentionEvidence, 'gps' | 'gpsNote'>> {
    if (!stop) return { gps: null, gpsNote: 'No stop to look at.' };
    if (stop.latitude == null || stop.longitude == null) return { gps: null, gpsNote: 'The stop has no coordinates: GPS cannot place the truck at it.' };
    if (!truckId) return { gps: null, gpsNote: 'The load has no truck assigned: no GPS to show.' };
    const start = stop.arrivedAt ?? stop.appointmentStart;
    if (!start) return { gps: null, gpsNote: 'The truck has no arrival recorded at the stop.' };
    const margin = 30 * 60_000;
    const from = Date.parse(start) - margin;
    const to = stop.departedAt ? Date.parse(stop.departedAt) + margin : from + 86_400_000;
    const query: StopEvidenceQuery = {
      truckId, latitude: stop.latitude, longitude: stop.longitude, radiusMiles: stop.radiusMiles, from: new Date(from).toISOString(), to: new Date(to).toISOString(),
    };
    const seen = await this.services.request<StopEvidence>('telematics', GPS_STOP_EVIDENCE.resource, GPS_STOP_EVIDENCE.action, query);
    if (!seen.ok) return { gps: null, gpsNote: `GPS could not be read (${seen.error.message}).` };
    return seen.data.first ? { gps: seen.data, gpsNote: null } : { gps: null, gpsNote: 'No GPS position of the truck inside the stop at that time.' };
  }

  /** A file made from the invoice's facts, answered as a rendered file (small in the reply, large through the bucket). */
  private async answer(id: unknown, make: (facts: InvoiceFacts) => Promise<RpcReply<NamedFile>>): Promise<RpcReply<RenderedFile>> {
    const file = await this.made(id, make);
    if (!file.ok) return file;
    try {
      return ok(await this.files.answer(file.data.fileName, file.data.bytes));
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /** What `make` makes of the invoice's facts; an unknown invoice, an unanswered svc-core or a failure as its reply. */
  private async made<T>(id: unknown, make: (facts: InvoiceFacts) => Promise<RpcReply<T>>): Promise<RpcReply<T>> {
    if (!isRecordId(id)) return notFound;
    try {
      const facts = await this.facts(id);
      if (!facts.ok) return facts;
      return await make(facts.data);
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  private async facts(id: string): Promise<RpcReply<InvoiceFacts>> {
    const invoice = await this.invoices.findOneBy({ id });
    if (!invoice) return notFound;
    const [load, parties, factor] = await Promise.all([this.services.get<Load>('core', 'loads', invoice.loadId), this.parties(invoice), this.factorOf(invoice)]);
    if (!load.ok) return load.error.code === 'not_found' ? fail('not_found', INVOICE_MESSAGES.loadNotFound) : load;
    if (!parties.ok) return parties;
    if (!factor.ok) return factor;
    return ok({ invoice, load: load.data, ...parties.data, factor: factor.data });
  }

  /**
   * Issue 45: the factor an invoice is paid to: of a customer invoiced `factored` (svc-core's), or of an invoice on a
   * schedule already, once a factor is saved; none for a direct customer's, which prints as it always did.
   */
  private async factorOf(invoice: InvoiceEntity): Promise<RpcReply<InvoiceFacts['factor']>> {
    const factor = await this.factoring.settings();
    if (!factor.name) return ok(null);
    if (!invoice.scheduleId) {
      const customer = await this.services.get<Customer>('core', 'customers', invoice.customerId);
      if (!customer.ok) return customer.error.code === 'not_found' ? ok(null) : customer;
      if (customer.data.invoicing !== 'factored') return ok(null);
    }
    return ok({ name: factor.name, remitTo: factor.remitTo, noticeText: factor.noticeText });
  }

  /**
   * Whom the invoice bills and who issues it, as the invoice keeps them. One issued before they were kept (issue 39)
   * keeps them on its first print, as printed then: its bill-to, and the company profile once one is saved (until
   * then the defaults print).
   */
  private async parties(invoice: InvoiceEntity): Promise<RpcReply<Pick<InvoiceFacts, 'billTo' | 'issuer'>>> {
    if (invoice.billTo && invoice.issuedBy) return ok({ billTo: invoice.billTo, issuer: invoice.issuedBy });
    let billTo = invoice.billTo;
    if (!billTo) {
      const customer = await this.services.get<Customer>('core', 'customers', invoice.customerId);
      if (!customer.ok) return customer.error.code === 'not_found' ? fail('not_found', INVOICE_MESSAGES.customerNotFound) : customer;
      billTo = billToOf(customer.data);
    }
    const profile = invoice.issuedBy ? null : await this.company.saved();
    const issuer = invoice.issuedBy ?? (profile && issuerOf(profile));
    // Kept only where still empty: another print that kept them first wins, and this one prints what it kept.
    const [kept]: { bill_to: InvoiceBillTo; issued_by: InvoiceIssuer | null }[] = await this.invoices.query(
      `UPDATE accounting.invoices SET bill_to = COALESCE(bill_to, $2::jsonb), issued_by = COALESCE(issued_by, $3::jsonb) WHERE id = $1 RETURNING bill_to, issued_by`,
      [invoice.id, JSON.stringify(billTo), issuer && JSON.stringify(issuer)],
    );
    return ok({ billTo: kept?.bill_to ?? billTo, issuer: kept?.issued_by ?? issuer ?? issuerOf(DEFAULT_COMPANY_PROFILE) });
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
