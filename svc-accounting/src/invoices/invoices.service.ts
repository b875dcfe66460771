import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  fail,
  FIELD_MESSAGES,
  fieldIssues,
  INVOICE_MESSAGES,
  invoiceInputSchema,
  invoiceTotal,
  MONEY_RANGE,
  ok,
  parseCents,
  type InvoiceFields,
  type RpcReply,
} from '@tms/contracts';
import { CrudService, EVENTS, ServiceRequests } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { PaymentEntity } from '../payments/payment.entity.js';
import { isRecordId } from '../record-id.js';
import { InvoiceEntity } from './invoice.entity.js';
import { INVOICE_CONSTRAINTS } from './invoices.errors.js';

const MONEY_MAX_CENTS = parseCents(MONEY_RANGE.max)!;

/**
 * An invoice bills a load of svc-core to a customer of svc-core: both are asked for over NATS when written. Its
 * total is always subtotal + tax, written here; its paid amount grows with its payments (see PaymentsService), and
 * an invoice with payments keeps them: it cannot be deleted.
 */
@Injectable()
export class InvoicesService extends CrudService<InvoiceEntity, typeof invoiceInputSchema> {
  constructor(
    @InjectRepository(InvoiceEntity) repository: Repository<InvoiceEntity>,
    private readonly services: ServiceRequests,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, {
      entity: 'invoice',
      schema: invoiceInputSchema,
      constraints: INVOICE_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      keptBy: [{ entity: PaymentEntity, field: 'invoiceId', one: 'payment', many: 'payments' }],
    });
  }

  /** The load and the customer must exist in svc-core (400 under the field if not, 503 if it cannot say). */
  protected override check(fields: Partial<InvoiceFields>) {
    return this.services.refuseMissing([
      { field: 'loadId', service: 'core', resource: 'loads', id: fields.loadId, message: INVOICE_MESSAGES.loadNotFound },
      { field: 'customerId', service: 'core', resource: 'customers', id: fields.customerId, message: INVOICE_MESSAGES.customerNotFound },
    ]);
  }

  /** The total is subtotal + tax, whatever was sent, and must fit an amount. */
  protected override derive(invoice: InvoiceEntity) {
    const total = invoiceTotal(invoice.subtotal, invoice.tax)!;
    if (parseCents(total)! > MONEY_MAX_CENTS) {
      return fail('invalid', 'Invalid input', { total: [FIELD_MESSAGES.outOfRange(MONEY_RANGE.min, MONEY_RANGE.max)] });
    }
    invoice.total = total;
    return undefined;
  }

  /**
   * As CrudService's update, but under the invoice's row lock: a payment recorded meanwhile changes the paid amount
   * under the same lock, so an edit never writes back a paid amount it read before that payment.
   */
  override async update(id: unknown, changes: unknown): Promise<RpcReply<InvoiceEntity>> {
    if (!isRecordId(id)) return this.notFound;
    const parsed = invoiceInputSchema.partial().strict().safeParse(changes ?? {});
    if (!parsed.success) return fail('invalid', 'Invalid input', fieldIssues(parsed.error));
    return this.guard(async () => {
      // Asked before the lock is taken: svc-core may take its time.
      const refused = await this.check(parsed.data);
      if (refused) return refused;
      const updated = await this.repository.manager.transaction(async (manager): Promise<RpcReply<InvoiceEntity>> => {
        const existing = await manager.findOne(InvoiceEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!existing) return this.notFound;
        const invoice = manager.merge(InvoiceEntity, existing, parsed.data as never);
        const underived = this.derive(invoice);
        if (underived) return underived;
        return ok(await manager.save(invoice));
      });
      if (updated.ok) this.announce('updated', updated.data);
      return updated;
    });
  }
}
