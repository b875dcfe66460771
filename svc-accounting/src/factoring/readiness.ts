import { Injectable } from '@nestjs/common';
import {
  CANCELLED_INVOICE_STATUS,
  DOCUMENTS_RESOURCE,
  FACTORING_MESSAGES,
  FACTORING_STALE_DAYS,
  parseCents,
  type Customer,
  type Load,
  type LoadDocument,
  type ScheduleRow,
} from '@tms/contracts';
import { ServiceRequests } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { CompanyService } from '../company/company.service.js';
import type { InvoiceEntity } from '../invoices/invoice.entity.js';

/** A rate confirmation, and a bill of lading or a proof of delivery (by its type's name: a POD type may be added). */
const RATE_CONFIRMATION = /^rate confirmation$/i;
const BOL_OR_POD = /^(bill of lading|bol|proof of delivery|pod)$/i;

/** Whether an invoice can go on a schedule: its row if it can, else why not; a warning either way. */
export interface Readiness {
  invoice: InvoiceEntity;
  row?: ScheduleRow;
  reasons: string[];
  warnings: string[];
  /** Whether its customer is invoiced 'factored' (the drawer offers only those). */
  factored: boolean;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Issue 45, point 3: an invoice is ready for a schedule when it is not cancelled, on no schedule, has a total above
 * 0, bills a factored customer, and its load keeps a rate confirmation and a BOL or POD; one delivered more than
 * FACTORING_STALE_DAYS ago is ready with a warning. The load, its documents and the customer are svc-core's, asked
 * over NATS (as the invoice packet asks for them); svc-core away is a failure, never a guess.
 */
@Injectable()
export class FactoringReadiness {
  constructor(
    private readonly services: ServiceRequests,
    private readonly company: CompanyService,
    private readonly dataSource: DataSource,
  ) {}

  /** Each invoice's readiness, in the order given; a failure of svc-core's answers that failure instead. */
  async of(invoices: InvoiceEntity[]): Promise<Readiness[] | { failed: { code: 'unavailable' | 'internal' | string; message: string } }> {
    const today = this.company.today();
    const customers = new Map<string, Promise<Awaited<ReturnType<ServiceRequests['get']>>>>();
    const customerOf = (id: string) => {
      if (!customers.has(id)) customers.set(id, this.services.get<Customer>('core', 'customers', id));
      return customers.get(id)!;
    };
    const scheduled = invoices.filter((invoice) => invoice.scheduleId).map((invoice) => invoice.scheduleId);
    const numbers = new Map<string, string>(
      scheduled.length
        ? (await this.dataSource.query(`SELECT id, schedule_number FROM accounting.factoring_schedules WHERE id = ANY($1::uuid[])`, [scheduled])).map(
            (row: { id: string; schedule_number: string }) => [row.id, row.schedule_number],
          )
        : [],
    );
    const results: Readiness[] = [];
    // A few at a time: each asks svc-core twice or three times.
    for (let start = 0; start < invoices.length; start += 16) {
      const batch = await Promise.all(invoices.slice(start, start + 16).map((invoice) => this.one(invoice, today, customerOf, numbers)));
      for (const result of batch) if ('failed' in result) return result;
      results.push(...(batch as Readiness[]));
    }
    return results;
  }

  private async one(
    invoice: InvoiceEntity,
    today: string,
    customerOf: (id: string) => ReturnType<ServiceRequests['get']>,
    scheduleNumbers: Map<string, string>,
  ): Promise<Readiness | { failed: { code: string; message: string } }> {
    const name = invoice.invoiceNumber;
    const reasons: string[] = [];
    const warnings: string[] = [];
    if (invoice.status === CANCELLED_INVOICE_STATUS) reasons.push(FACTORING_MESSAGES.cancelled(name));
    if (invoice.scheduleId) reasons.push(FACTORING_MESSAGES.onSchedule(name, scheduleNumbers.get(invoice.scheduleId) ?? invoice.scheduleId));
    if ((parseCents(invoice.total) ?? 0n) <= 0n) reasons.push(FACTORING_MESSAGES.noTotal(name));
    else if (invoice.status === 'paid' || parseCents(invoice.paidAmount)! >= parseCents(invoice.total)!) reasons.push(FACTORING_MESSAGES.paid(name));
    const [customer, load, documents] = await Promise.all([
      customerOf(invoice.customerId) as Promise<Awaited<ReturnType<ServiceRequests['get']>> & { data?: Customer }>,
      this.services.get<Load>('core', 'loads', invoice.loadId),
      this.services.request<LoadDocument[]>('core', DOCUMENTS_RESOURCE, 'list', { loadId: invoice.loadId }),
    ]);
    for (const answer of [customer, load, documents]) if (!answer.ok && answer.error.code !== 'not_found') return { failed: answer.error };
    const debtor = invoice.billTo?.name ?? (customer.ok ? (customer.data as Customer).name : '');
    const factored = customer.ok && (customer.data as Customer).invoicing === 'factored';
    if (customer.ok && !factored) reasons.push(FACTORING_MESSAGES.direct(name, (customer.data as Customer).name));
    if (!load.ok) {
      reasons.push(FACTORING_MESSAGES.loadNotFound(name));
      return { invoice, reasons, warnings, factored };
    }
    const types = documents.ok ? documents.data.map((document) => document.documentType) : [];
    if (!types.some((type) => RATE_CONFIRMATION.test(type))) reasons.push(FACTORING_MESSAGES.noRateConfirmation(name, load.data.loadNumber));
    if (!types.some((type) => BOL_OR_POD.test(type))) reasons.push(FACTORING_MESSAGES.noBolOrPod(name, load.data.loadNumber));
    const age = daysBetween(load.data.deliveryDate, today);
    if (age > FACTORING_STALE_DAYS) warnings.push(FACTORING_MESSAGES.stale(name, age));
    const row: ScheduleRow = {
      invoiceId: invoice.id, debtorName: debtor, invoiceNumber: name, invoiceDate: invoice.invoiceDate, loadNumber: load.data.loadNumber, amount: invoice.total,
    };
    return { invoice, row, reasons, warnings, factored };
  }
}
