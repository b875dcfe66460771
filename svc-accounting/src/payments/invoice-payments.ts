import { centsToMoney, invalidInput, parseCents, PAYMENT_MESSAGES } from '@tms/contracts';
import { recordWrites, Refusal, type ChangeContext } from '@tms/service-kit';
import { In, type EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import type { PaymentEntity } from './payment.entity.js';

/** What payments add to one invoice's paid amount (negative: take back); `paying`: the payment now on it. */
export interface InvoiceMove {
  cents: bigint;
  paying?: PaymentEntity;
  created?: boolean;
  /** Where a refusal of this move is said: '' for a payment's own fields, 'applications.3.' for a remittance's fourth. */
  fieldPrefix?: string;
}

/**
 * Moves money on invoices: adds each move's `cents` (negative to take back) to its invoice's paid amount, in the
 * write's transaction, and answers the invoices changed. The invoices are locked in id order (the lock an invoice's
 * own edit takes, which lets a payment's foreign key name the row meanwhile), so writes moving money on the same
 * invoices never wait on each other in a circle; read, written and audited in one statement each, whatever their
 * number (a remittance of 200 invoices). A payment now on an invoice (`paying`) must be for its customer, may not
 * be recorded on a cancelled invoice, nor pay more than is due (`created`: a new one). Paying one in full marks it
 * paid; taking back from one marked paid leaves it sent (the daily overdue step then looks at it). A lone payment
 * (PaymentsService) and a remittance's payments (RemittancesService) both move money through here.
 */
export async function moveOnInvoices(manager: EntityManager, context: ChangeContext, moves: ReadonlyMap<string, InvoiceMove>): Promise<InvoiceEntity[]> {
  const ids = [...moves.keys()].sort();
  if (!ids.length) return [];
  const invoices = new Map(
    (await manager.find(InvoiceEntity, { where: { id: In(ids) }, order: { id: 'ASC' }, lock: { mode: 'for_no_key_update' } })).map((invoice) => [invoice.id, invoice]),
  );
  const writes: { id: string; paidAmount: string; status: InvoiceEntity['status'] }[] = [];
  for (const id of ids) {
    const { cents, paying, created, fieldPrefix = '' } = moves.get(id)!;
    const refused = (field: string, message: string) => new Refusal(invalidInput({ [`${fieldPrefix}${field}`]: [message] }));
    const invoice = invoices.get(id);
    if (!invoice) throw refused('invoiceId', PAYMENT_MESSAGES.invoiceNotFound);
    if (paying && paying.customerId !== invoice.customerId) throw refused(fieldPrefix ? 'invoiceId' : 'customerId', PAYMENT_MESSAGES.customerNotInvoices);
    if (paying && invoice.status === 'cancelled' && (created || cents > 0n)) throw refused('invoiceId', PAYMENT_MESSAGES.invoiceCancelled);
    if (cents === 0n) continue;
    const [before, total] = [parseCents(invoice.paidAmount)!, parseCents(invoice.total)!];
    const paid = before + cents;
    if (paying && cents > 0n && paid > total) throw refused('amount', PAYMENT_MESSAGES.overBalance(centsToMoney(total > before ? total - before : 0n)));
    const paidInFull = paying !== undefined && cents > 0n && paid === total;
    const owingAgain = cents < 0n && paid < total && invoice.status === 'paid';
    writes.push({ id, paidAmount: centsToMoney(paid), status: paidInFull ? 'paid' : owingAgain ? 'sent' : invoice.status });
  }
  if (!writes.length) return [];
  await manager.query(
    `UPDATE accounting.invoices i SET paid_amount = w."paidAmount"::numeric, status = w.status, updated_at = now()
     FROM jsonb_to_recordset($1::jsonb) AS w(id uuid, "paidAmount" text, status text) WHERE i.id = w.id`,
    [JSON.stringify(writes)],
  );
  const changedIds = writes.map((write) => write.id);
  // The invoices' own trails say what the payments did to them.
  await recordWrites(manager, manager.getRepository(InvoiceEntity).metadata, { ...context, resource: 'invoices' }, changedIds, changedIds.map((id) => invoices.get(id)!));
  return manager.find(InvoiceEntity, { where: { id: In(changedIds) }, order: { id: 'ASC' } });
}
