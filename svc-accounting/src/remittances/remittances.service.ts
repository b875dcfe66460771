import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  centsToMoney,
  fail,
  invalidInput,
  isRecordId,
  MONEY_RANGE,
  ok,
  parseCents,
  REMITTANCE_MESSAGES,
  remittanceInputSchema,
  remittanceTotals,
  type CustomerCredit,
  type RemittanceApplication,
  type RpcReply,
} from '@tms/contracts';
import { CrudService, EVENTS, recordChange, recordWrites, ReferenceHolds, Refusal, allValues, type Change, type ChangeContext, type Effects, type WriteFields } from '@tms/service-kit';
import { In, Repository, type EntityManager } from 'typeorm';
import { moveOnInvoices, type InvoiceMove } from '../payments/invoice-payments.js';
import { PaymentEntity } from '../payments/payment.entity.js';
import { RemittanceEntity } from './remittance.entity.js';
import { REMITTANCE_HOLDS } from './remittance.holds.js';

/**
 * Issue 46: one payment from a customer over many of their invoices. Created, it makes one payment per invoice it
 * pays (all through moveOnInvoices, in its transaction, audited as payments and announced as created) and keeps what
 * it does not apply as the customer's credit; it spends credit earlier ones left (`creditUsed`). It is never edited:
 * deleting it reverses it whole, its payments taken back from their invoices. The customer's credit (the sum of
 * `unapplied` less `creditUsed` over their remittances) is read and changed under a lock of its own per customer, so
 * two remittances at once never spend the same credit, and a reversal that would leave it below zero is refused.
 */
@Injectable()
export class RemittancesService extends CrudService<RemittanceEntity, typeof remittanceInputSchema> {
  constructor(
    @InjectRepository(RemittanceEntity) repository: Repository<RemittanceEntity>,
    holds: ReferenceHolds,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, {
      entity: 'remittance',
      schema: remittanceInputSchema,
      // Its rules are said before it is written (derive, effects); the table's checks only guard them.
      constraints: {},
      order: { createdAt: 'DESC' },
      // Its row, so that two reversals of it at once are one after the other.
      lock: 'row',
      holds: { by: holds, holder: REMITTANCE_HOLDS },
    });
  }

  /**
   * What it applies and leaves as credit, from what it received, the credit it spends and its applications. Received,
   * it stays as it was (saved unchanged, it is answered as it is): changed only by reversing it and receiving it again.
   */
  protected override derive(record: RemittanceEntity, before: Readonly<RemittanceEntity> | undefined, fields: WriteFields) {
    if (before) {
      const changed = 'applications' in fields || Object.keys(fields).some((field) => JSON.stringify(record[field as keyof RemittanceEntity]) !== JSON.stringify(before[field as keyof RemittanceEntity]));
      return changed ? fail('conflict', REMITTANCE_MESSAGES.unchangeable) : undefined;
    }
    const totals = remittanceTotals({ amount: record.amount, creditUsed: record.creditUsed, applications: applicationsOf(fields) });
    if (parseCents(totals.available)! > parseCents(MONEY_RANGE.max)!) return invalidInput({ creditUsed: [REMITTANCE_MESSAGES.overMax] });
    if (totals.unapplied === undefined) return invalidInput({ applications: [REMITTANCE_MESSAGES.overApplied(totals.available)] });
    record.applied = totals.applied;
    record.unapplied = totals.unapplied;
    return undefined;
  }

  protected override async effects(manager: EntityManager, change: Change<RemittanceEntity>): Promise<Effects<RemittanceEntity>> {
    if (change.kind === 'update') return {};
    const remittance = change.kind === 'create' ? change.record : change.before;
    await this.lockAdvisory(manager, `credit:${remittance.customerId}`);
    // The credit the customer's other remittances leave: enough for this one's spending, or still enough without it.
    const credit = await this.creditOf(manager, remittance.customerId, remittance.id);
    if (change.kind === 'create') {
      if (parseCents(remittance.creditUsed)! > credit) throw new Refusal(invalidInput({ creditUsed: [REMITTANCE_MESSAGES.overCredit(centsToMoney(credit))] }));
      return this.pay(manager, remittance, applicationsOf(change.fields), change.context);
    }
    if (credit < 0n) throw new Refusal(fail('conflict', REMITTANCE_MESSAGES.creditSpent));
    return this.takeBack(manager, remittance, change.context);
  }

  /** Its payments, one per invoice, written and audited at once; the invoices they pay moved and announced. */
  private async pay(manager: EntityManager, remittance: RemittanceEntity, applications: RemittanceApplication[], context: ChangeContext): Promise<Effects<RemittanceEntity>> {
    const payments = applications.map(({ invoiceId, amount }) =>
      manager.create(PaymentEntity, {
        id: randomUUID(),
        invoiceId,
        customerId: remittance.customerId,
        amount,
        paymentDate: remittance.paymentDate,
        paymentMethod: remittance.paymentMethod,
        referenceNumber: remittance.referenceNumber,
        notes: remittance.notes,
        remittanceId: remittance.id,
      }),
    );
    const moves = new Map<string, InvoiceMove>(
      payments.map((payment, index) => [payment.invoiceId, { cents: parseCents(payment.amount)!, paying: payment, created: true, fieldPrefix: `applications.${index}.` }]),
    );
    const invoices = await moveOnInvoices(manager, context, moves);
    if (payments.length) await manager.insert(PaymentEntity, payments);
    const paymentIds = payments.map((payment) => payment.id);
    await recordWrites(manager, manager.getRepository(PaymentEntity).metadata, { ...context, resource: 'payments' }, paymentIds);
    const saved = paymentIds.length ? await manager.find(PaymentEntity, { where: { id: In(paymentIds) } }) : [];
    return {
      changed: [
        ...saved.map((payment) => ({ entity: 'payment', record: payment, change: 'created' as const })),
        ...invoices.map((invoice) => ({ entity: 'invoice', record: invoice })),
      ],
    };
  }

  /** The reversal: its payments taken back from their invoices and deleted, each audited. */
  private async takeBack(manager: EntityManager, remittance: RemittanceEntity, context: ChangeContext): Promise<Effects<RemittanceEntity>> {
    const payments = await manager.find(PaymentEntity, { where: { remittanceId: remittance.id }, order: { id: 'ASC' } });
    const invoices = await moveOnInvoices(manager, context, new Map(payments.map((payment) => [payment.invoiceId, { cents: -parseCents(payment.amount)! }])));
    if (payments.length) await manager.delete(PaymentEntity, payments.map((payment) => payment.id));
    for (const payment of payments) await recordChange(manager, { ...context, resource: 'payments' }, 'delete', payment.id, allValues(payment, 'from'));
    return {
      changed: [
        ...payments.map((payment) => ({ entity: 'payment', record: { id: payment.id }, change: 'deleted' as const })),
        ...invoices.map((invoice) => ({ entity: 'invoice', record: invoice })),
      ],
    };
  }

  /** A customer's credit: what their remittances left unapplied less what later ones spent, in cents (`except` one). */
  private async creditOf(manager: EntityManager, customerId: string, except?: string): Promise<bigint> {
    const [{ credit }] = (await manager.query(
      `SELECT coalesce(sum(unapplied - credit_used), 0)::text AS credit FROM accounting.remittances WHERE customer_id = $1 AND id IS DISTINCT FROM $2`,
      [customerId, except ?? null],
    )) as { credit: string }[];
    return parseCents(credit)!;
  }

  /** `GET /api/remittances/credit?customerId=`: the credit the 'Receive Payment' dialog offers. */
  async credit(payload: unknown): Promise<RpcReply<CustomerCredit>> {
    const customerId = (payload as { customerId?: unknown } | null)?.customerId;
    if (!isRecordId(customerId)) return invalidInput({ customerId: [REMITTANCE_MESSAGES.customerNotFound] });
    return this.guard(async () => ok({ customerId, credit: centsToMoney(await this.creditOf(this.repository.manager, customerId)) }));
  }
}

/** A create's applications as parsed (none given: none). */
const applicationsOf = (fields: WriteFields) => (fields.applications ?? []) as RemittanceApplication[];
