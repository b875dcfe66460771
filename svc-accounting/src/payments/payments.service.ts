import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  centsToMoney,
  fail,
  fieldIssues,
  MONEY_RANGE,
  ok,
  parseCents,
  PAYMENT_MESSAGES,
  paymentInputSchema,
  type PaymentFields,
  type RpcReply,
} from '@tms/contracts';
import { CrudService, EVENTS, ServiceRequests } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import { isRecordId } from '../record-id.js';
import { PaymentEntity } from './payment.entity.js';
import { PAYMENT_CONSTRAINTS } from './payments.errors.js';

const MONEY_MAX_CENTS = parseCents(MONEY_RANGE.max)!;

/** A refusal found inside a transaction: thrown to roll back what the transaction did, answered as it is. */
class Refusal extends Error {
  constructor(readonly reply: RpcReply<never>) {
    super('refused');
  }
}

/**
 * A payment pays an invoice of this service and names a customer of svc-core (asked for over NATS). Its amount is
 * added to its invoice's paid amount in the same transaction, under the invoice's row lock: editing a payment adds
 * the difference (or moves the amount to another invoice), deleting one takes it back. So an invoice's paid amount
 * is always its opening paid amount plus its payments, however many are recorded at once.
 */
@Injectable()
export class PaymentsService extends CrudService<PaymentEntity, typeof paymentInputSchema> {
  constructor(
    @InjectRepository(PaymentEntity) repository: Repository<PaymentEntity>,
    private readonly services: ServiceRequests,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, {
      entity: 'payment',
      schema: paymentInputSchema,
      constraints: PAYMENT_CONSTRAINTS,
      order: { createdAt: 'DESC' },
    });
  }

  protected override check(fields: Partial<PaymentFields>) {
    return this.services.refuseMissing([
      { field: 'customerId', service: 'core', resource: 'customers', id: fields.customerId, message: PAYMENT_MESSAGES.customerNotFound },
    ]);
  }

  override async create(payload: unknown): Promise<RpcReply<PaymentEntity>> {
    const parsed = paymentInputSchema.safeParse(payload);
    if (!parsed.success) return fail('invalid', 'Invalid input', fieldIssues(parsed.error));
    const fields = parsed.data;
    return this.write('created', async (manager) => {
      await this.addToInvoice(manager, fields.invoiceId, parseCents(fields.amount)!);
      return manager.save(manager.create(PaymentEntity, fields));
    }, fields);
  }

  override async update(id: unknown, changes: unknown): Promise<RpcReply<PaymentEntity>> {
    if (!isRecordId(id)) return this.notFound;
    const parsed = paymentInputSchema.partial().strict().safeParse(changes ?? {});
    if (!parsed.success) return fail('invalid', 'Invalid input', fieldIssues(parsed.error));
    return this.write('updated', async (manager) => {
      const existing = await this.lockPayment(manager, id);
      const [oldInvoice, oldCents] = [existing.invoiceId, parseCents(existing.amount)!];
      const payment = manager.merge(PaymentEntity, existing, parsed.data as never);
      const newCents = parseCents(payment.amount)!;
      if (payment.invoiceId === oldInvoice) {
        await this.addToInvoice(manager, oldInvoice, newCents - oldCents);
      } else {
        // Both invoices, locked in id order so that two payments moved between them never wait on each other.
        const moves: [string, bigint][] = [[oldInvoice, -oldCents], [payment.invoiceId, newCents]];
        moves.sort(([a], [b]) => (a < b ? -1 : 1));
        for (const [invoiceId, cents] of moves) await this.addToInvoice(manager, invoiceId, cents);
      }
      return manager.save(payment);
    }, parsed.data);
  }

  override async delete(id: unknown): Promise<RpcReply<{ id: string }>> {
    if (!isRecordId(id)) return this.notFound;
    return this.guard(async () => {
      try {
        await this.repository.manager.transaction(async (manager) => {
          const payment = await this.lockPayment(manager, id);
          await this.addToInvoice(manager, payment.invoiceId, -parseCents(payment.amount)!);
          await manager.delete(PaymentEntity, { id });
        });
      } catch (error) {
        if (error instanceof Refusal) return error.reply;
        throw error;
      }
      this.announce('deleted', { id });
      return ok({ id });
    });
  }

  /** Checks the customer (over NATS, before any lock), then runs `step` in one transaction and announces the change. */
  private write(change: 'created' | 'updated', step: (manager: EntityManager) => Promise<PaymentEntity>, fields: Partial<PaymentFields>) {
    return this.guard(async (): Promise<RpcReply<PaymentEntity>> => {
      const refused = await this.check(fields);
      if (refused) return refused;
      let saved: PaymentEntity;
      try {
        saved = await this.repository.manager.transaction(step);
      } catch (error) {
        if (error instanceof Refusal) return error.reply;
        throw error;
      }
      this.announce(change, saved);
      return ok(saved);
    });
  }

  private async lockPayment(manager: EntityManager, id: string): Promise<PaymentEntity> {
    const payment = await manager.findOne(PaymentEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!payment) throw new Refusal(this.notFound);
    return payment;
  }

  /** Adds `cents` (negative to take back) to an invoice's paid amount, under its row lock. */
  private async addToInvoice(manager: EntityManager, invoiceId: string, cents: bigint) {
    const invoice = await manager.findOne(InvoiceEntity, { where: { id: invoiceId }, lock: { mode: 'pessimistic_write' } });
    if (!invoice) throw new Refusal(fail('invalid', 'Invalid input', { invoiceId: [PAYMENT_MESSAGES.invoiceNotFound] }));
    if (cents === 0n) return;
    const paid = parseCents(invoice.paidAmount)! + cents;
    if (paid > MONEY_MAX_CENTS || paid < -MONEY_MAX_CENTS) {
      throw new Refusal(fail('invalid', 'Invalid input', { amount: [PAYMENT_MESSAGES.paidTooMuch] }));
    }
    await manager.update(InvoiceEntity, { id: invoiceId }, { paidAmount: centsToMoney(paid) });
  }
}
