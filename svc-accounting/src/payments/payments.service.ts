import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { fail, invalidInput, parseCents, PAYMENT_MESSAGES, paymentInputSchema, REMITTANCE_MESSAGES, type PaymentFields } from '@tms/contracts';
import { CrudService, EVENTS, ReferenceHolds, type Change } from '@tms/service-kit';
import { IsNull, Not, Repository, type EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import { moveOnInvoices, type InvoiceMove } from './invoice-payments.js';
import { PaymentEntity } from './payment.entity.js';
import { PAYMENT_HOLDS } from './payment.holds.js';
import { PAYMENT_CONSTRAINTS } from './payments.errors.js';

/**
 * A payment pays an invoice of this service, for that invoice's customer (a customer of svc-core, held there while
 * the payment names it). Its amount is added to its invoice's paid amount in the same transaction, under the
 * invoice's row lock: editing a payment adds the difference (or moves the amount to another invoice), deleting one
 * takes it back. So an invoice's paid amount is always its opening paid amount plus its payments, however many are
 * recorded at once; it never passes the total, nothing is paid on a cancelled invoice, and the payment that pays
 * it in full marks it paid (moveOnInvoices). Every invoice so changed is announced.
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

  /**
   * The invoice named must exist (its foreign key refuses one deleted after this look); a payment a remittance made
   * changes only with its remittance (reversed whole).
   */
  protected override async check(fields: Partial<PaymentFields>, id?: string) {
    if (id && (await this.madeByRemittance(id))) return fail('conflict', REMITTANCE_MESSAGES.paymentInRemittance);
    if (fields.invoiceId === undefined || (await this.repository.manager.existsBy(InvoiceEntity, { id: fields.invoiceId }))) return undefined;
    return invalidInput({ invoiceId: [PAYMENT_MESSAGES.invoiceNotFound] });
  }

  protected override async checkDelete(id: string) {
    return (await this.madeByRemittance(id)) ? fail('conflict', REMITTANCE_MESSAGES.paymentInRemittance) : super.checkDelete(id);
  }

  private async madeByRemittance(id: string) {
    return this.repository.exists({ where: { id, remittanceId: Not(IsNull()) } });
  }

  /**
   * The change's amounts on the invoices: the payment's on the invoice it is now on, taken back from the one it was
   * on (the difference when that is the same one), moved by moveOnInvoices; every invoice changed is announced with
   * the payment.
   */
  protected override async effects(manager: EntityManager, { kind, record: payment, before, context }: Change<PaymentEntity>) {
    const moves = new Map<string, InvoiceMove>();
    if (before) moves.set(before.invoiceId, { cents: -parseCents(before.amount)! });
    if (payment) {
      const takenBack = moves.get(payment.invoiceId)?.cents ?? 0n;
      moves.set(payment.invoiceId, { cents: takenBack + parseCents(payment.amount)!, paying: payment, created: kind === 'create' });
    }
    const invoices = await moveOnInvoices(manager, context, moves);
    const changed = invoices.map((invoice) => ({ entity: 'invoice', record: invoice }));
    return { changed };
  }
}
