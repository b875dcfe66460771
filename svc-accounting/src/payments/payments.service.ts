import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  centsToMoney,
  invalidInput,
  parseCents,
  PAYMENT_MESSAGES,
  paymentInputSchema,
  type PaymentFields,
} from '@tms/contracts';
import { changedValues, CrudService, EVENTS, recordChange, ReferenceHolds, Refusal, type Change, type ChangeContext } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import { PaymentEntity } from './payment.entity.js';
import { PAYMENT_HOLDS } from './payment.holds.js';
import { PAYMENT_CONSTRAINTS } from './payments.errors.js';

const refused = (field: string, message: string) => new Refusal(invalidInput({ [field]: [message] }));

/** What a payment's change adds to one invoice's paid amount (negative: takes back); `paying`: the payment now on it. */
interface InvoiceMove {
  cents: bigint;
  paying?: PaymentEntity;
  created?: boolean;
}

/**
 * A payment pays an invoice of this service, for that invoice's customer (a customer of svc-core, held there while
 * the payment names it). Its amount is added to its invoice's paid amount in the same transaction, under the
 * invoice's row lock: editing a payment adds the difference (or moves the amount to another invoice), deleting one
 * takes it back. So an invoice's paid amount is always its opening paid amount plus its payments, however many are
 * recorded at once; it never passes the total, nothing is paid on a cancelled invoice, and the payment that pays
 * it in full marks it paid. Every invoice so changed is announced.
 */
@Injectable()
export class PaymentsService extends CrudService<PaymentEntity, typeof paymentInputSchema> {
  constructor(
    @InjectRepository(PaymentEntity) repository: Repository<PaymentEntity>,
    holds: ReferenceHolds,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, {
      entity: 'payment',
      schema: paymentInputSchema,
      constraints: PAYMENT_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      holds: { by: holds, holder: PAYMENT_HOLDS },
    });
  }

  /** The invoice named must exist (its foreign key refuses one deleted after this look). */
  protected override async check(fields: Partial<PaymentFields>) {
    if (fields.invoiceId === undefined || (await this.repository.manager.existsBy(InvoiceEntity, { id: fields.invoiceId }))) return undefined;
    return invalidInput({ invoiceId: [PAYMENT_MESSAGES.invoiceNotFound] });
  }

  /**
   * The change's amounts on the invoices: the payment's on the invoice it is now on, taken back from the one it was
   * on (the difference when that is the same one). Both invoices are locked in id order, so that two payments moved
   * between them never wait on each other; every invoice changed is announced with the payment.
   */
  protected override async effects(manager: EntityManager, { kind, record: payment, before, context }: Change<PaymentEntity>) {
    const moves = new Map<string, InvoiceMove>();
    if (before) moves.set(before.invoiceId, { cents: -parseCents(before.amount)! });
    if (payment) {
      const takenBack = moves.get(payment.invoiceId)?.cents ?? 0n;
      moves.set(payment.invoiceId, { cents: takenBack + parseCents(payment.amount)!, paying: payment, created: kind === 'create' });
    }
    const changed = [];
    for (const invoiceId of [...moves.keys()].sort()) {
      const invoice = await this.addToInvoice(manager, context, invoiceId, moves.get(invoiceId)!);
      if (invoice) changed.push({ entity: 'invoice', record: invoice });
    }
    return { changed };
  }

  /**
   * Adds `cents` (negative to take back) to an invoice's paid amount, under its row lock (the lock an invoice's own
   * edit takes, which lets the payment's foreign key name the row meanwhile), and answers the invoice when it
   * changed. `paying`: the payment now on this invoice, which must be for its customer, and which may not be recorded
   * on a cancelled invoice nor pay more than is due (`created`: a new one); paying it in full marks it paid.
   */
  private async addToInvoice(manager: EntityManager, context: ChangeContext, invoiceId: string, { cents, paying, created }: InvoiceMove) {
    const invoice = await manager.findOne(InvoiceEntity, { where: { id: invoiceId }, lock: { mode: 'for_no_key_update' } });
    if (!invoice) throw refused('invoiceId', PAYMENT_MESSAGES.invoiceNotFound);
    if (paying && paying.customerId !== invoice.customerId) throw refused('customerId', PAYMENT_MESSAGES.customerNotInvoices);
    if (paying && invoice.status === 'cancelled' && (created || cents > 0n)) throw refused('invoiceId', PAYMENT_MESSAGES.invoiceCancelled);
    if (cents === 0n) return undefined;
    const [before, total] = [parseCents(invoice.paidAmount)!, parseCents(invoice.total)!];
    const paid = before + cents;
    if (paying && cents > 0n && paid > total) {
      throw refused('amount', PAYMENT_MESSAGES.overBalance(centsToMoney(total > before ? total - before : 0n)));
    }
    const paidInFull = paying !== undefined && cents > 0n && paid === total && invoice.status !== 'paid';
    await manager.update(InvoiceEntity, { id: invoiceId }, { paidAmount: centsToMoney(paid), ...(paidInFull ? { status: 'paid' as const } : {}) });
    const changed = await manager.findOneByOrFail(InvoiceEntity, { id: invoiceId });
    // The invoice's own trail says what the payment did to it.
    await recordChange(manager, { ...context, resource: 'invoices' }, 'update', invoiceId, changedValues(invoice, changed));
    return changed;
  }
}
