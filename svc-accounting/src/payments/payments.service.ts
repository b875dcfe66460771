import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  centsToMoney,
  fieldIssues,
  invalidInput,
  isRecordId,
  MONEY_RANGE,
  ok,
  parseCents,
  PAYMENT_MESSAGES,
  paymentInputSchema,
  type RpcReply,
} from '@tms/contracts';
import { changedValues, CrudService, EVENTS, recordChange, ReferenceHolds, Refusal, type ChangeContext, type Hold } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import { PaymentEntity } from './payment.entity.js';
import { PAYMENT_HOLDS } from './payment.holds.js';
import { PAYMENT_CONSTRAINTS } from './payments.errors.js';

const MONEY_MAX_CENTS = parseCents(MONEY_RANGE.max)!;

const refused = (field: string, message: string) => new Refusal(invalidInput({ [field]: [message] }));

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

  override async create(payload: unknown, context: ChangeContext): Promise<RpcReply<PaymentEntity>> {
    const parsed = paymentInputSchema.safeParse(payload);
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const payment = this.repository.create({ ...parsed.data, id: randomUUID() });
    return this.once(parsed.data, context, (claim) => this.record('created', payment.id, async (manager, hold) => {
      await claim(manager, payment.id);
      await hold(payment);
      const invoice = await this.addToInvoice(manager, context, payment.invoiceId, parseCents(payment.amount)!, { payment, created: true });
      const saved = await manager.save(payment);
      await this.audit(manager, context, 'create', saved.id);
      return { payment: saved, invoices: [invoice] };
    }));
  }

  override async update(id: unknown, changes: unknown, context: ChangeContext): Promise<RpcReply<PaymentEntity>> {
    if (!isRecordId(id)) return this.notFound;
    const parsed = paymentInputSchema.partial().strict().safeParse(changes ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    return this.record('updated', id, async (manager, hold) => {
      const existing = await this.lockPayment(manager, id);
      const before = { ...existing };
      const payment = manager.merge(PaymentEntity, existing, parsed.data as never);
      await hold(payment, before);
      const [oldCents, newCents] = [parseCents(before.amount)!, parseCents(payment.amount)!];
      const paying = { payment, created: false };
      const save = async () => {
        const saved = await manager.save(payment);
        await this.audit(manager, context, 'update', id, before);
        return saved;
      };
      if (payment.invoiceId === before.invoiceId) {
        return { payment: await save(), invoices: [await this.addToInvoice(manager, context, payment.invoiceId, newCents - oldCents, paying)] };
      }
      // Both invoices, locked in id order so that two payments moved between them never wait on each other.
      const moves: [string, bigint, typeof paying | undefined][] = [[before.invoiceId, -oldCents, undefined], [payment.invoiceId, newCents, paying]];
      moves.sort(([a], [b]) => (a < b ? -1 : 1));
      const invoices: (InvoiceEntity | undefined)[] = [];
      for (const [invoiceId, cents, pays] of moves) invoices.push(await this.addToInvoice(manager, context, invoiceId, cents, pays));
      return { payment: await save(), invoices };
    });
  }

  override async delete(id: unknown, context: ChangeContext): Promise<RpcReply<{ id: string }>> {
    if (!isRecordId(id)) return this.notFound;
    return this.guard(async () => {
      const invoice = await this.write(id, async (manager, hold) => {
        const payment = await this.lockPayment(manager, id);
        await hold(undefined, payment);
        const changed = await this.addToInvoice(manager, context, payment.invoiceId, -parseCents(payment.amount)!);
        await this.audit(manager, context, 'delete', id, payment);
        await manager.delete(PaymentEntity, { id });
        return changed;
      });
      this.announce('deleted', { id });
      if (invoice) this.announce('updated', invoice, 'invoice');
      return ok({ id });
    });
  }

  /** Writes a payment in one transaction under its holder lock, then announces it and the invoices it changed. */
  private record(
    change: 'created' | 'updated',
    id: string,
    step: (manager: EntityManager, hold: Hold<PaymentEntity>) => Promise<{ payment: PaymentEntity; invoices: (InvoiceEntity | undefined)[] }>,
  ) {
    return this.guard(async (): Promise<RpcReply<PaymentEntity>> => {
      const { payment, invoices } = await this.write(id, step);
      this.announce(change, payment);
      for (const invoice of invoices) if (invoice) this.announce('updated', invoice, 'invoice');
      return ok(payment);
    });
  }

  private async lockPayment(manager: EntityManager, id: string): Promise<PaymentEntity> {
    const payment = await manager.findOne(PaymentEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!payment) throw new Refusal(this.notFound);
    return payment;
  }

  /**
   * Adds `cents` (negative to take back) to an invoice's paid amount, under its row lock, and answers the invoice
   * when it changed. `paying`: the payment now on this invoice, which must be for its customer, and which may not
   * be recorded on a cancelled invoice nor pay more than is due; paying it in full marks it paid.
   */
  private async addToInvoice(
    manager: EntityManager,
    context: ChangeContext,
    invoiceId: string,
    cents: bigint,
    paying?: { payment: PaymentEntity; created: boolean },
  ) {
    const invoice = await manager.findOne(InvoiceEntity, { where: { id: invoiceId }, lock: { mode: 'pessimistic_write' } });
    if (!invoice) throw refused('invoiceId', PAYMENT_MESSAGES.invoiceNotFound);
    if (paying && paying.payment.customerId !== invoice.customerId) throw refused('customerId', PAYMENT_MESSAGES.customerNotInvoices);
    if (paying && invoice.status === 'cancelled' && (paying.created || cents > 0n)) throw refused('invoiceId', PAYMENT_MESSAGES.invoiceCancelled);
    if (cents === 0n) return undefined;
    const [before, total] = [parseCents(invoice.paidAmount)!, parseCents(invoice.total)!];
    const paid = before + cents;
    if (paid > MONEY_MAX_CENTS || paid < -MONEY_MAX_CENTS) throw refused('amount', PAYMENT_MESSAGES.paidTooMuch);
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
