import { allocateOldestFirst, centsToMoney, invoiceBalance, parseCents, remittanceTotals, type Invoice, type RemittanceInput } from '@tms/contracts';
import { dayToText, resourceTexts, textOrNull } from '@tms/ui';
import dayjs, { type Dayjs } from 'dayjs';

/** 'Receive Payment' (issue 46): one payment from a customer spread over their open invoices. */
export const remittanceTexts = resourceTexts({ one: 'payment', many: 'payments', title: 'Payment' }, 'receive', {
  createDescription: "One payment from a customer over their open invoices, oldest first. What is not applied is kept as the customer's credit.",
  createFailed: 'Failed to receive payment.',
  created: ['Payment received'],
});

export const REVERSE_TEXTS = {
  action: 'Reverse Remittance',
  confirm: 'Are you sure you want to reverse this remittance? Each of its payments is taken back from its invoice.',
  done: 'Remittance reversed',
  failed: 'Failed to reverse remittance.',
} as const;

export interface RemittanceFormValues {
  customerId: string | undefined;
  amount: string | null;
  paymentDate: Dayjs | null;
  paymentMethod: string | undefined;
  referenceNumber: string;
  notes: string;
  /** Spend the customer's credit too. */
  useCredit: boolean;
  /** The amount applied to each open invoice, by its id. */
  applied: Record<string, string | null>;
}

/** An invoice the customer still owes on: what the dialog's table shows, oldest first. */
export interface OpenInvoiceRow {
  id: string;
  invoiceNumber: string;
  loadNumber: string;
  invoiceDate: string;
  dueDate: string;
  total: string;
  balance: string;
}

export function remittanceFormValues(now: number = Date.now()): RemittanceFormValues {
  return { customerId: undefined, amount: null, paymentDate: dayjs(now).startOf('day'), paymentMethod: undefined, referenceNumber: '', notes: '', useCredit: false, applied: {} };
}

/**
 * A customer's invoices with a balance that a payment can go to (sent, overdue; not one a factor holds, which the
 * customer pays to the factor), oldest first (by date, then number).
 */
export function openInvoices(invoices: readonly Invoice[], customerId: string | undefined, loadNumber: (id: string) => string | undefined): OpenInvoiceRow[] {
  if (!customerId) return [];
  const heldByFactor = (invoice: Invoice) => Boolean(invoice.factoringState) && invoice.factoringState !== 'chargedBack';
  return invoices
    .filter((invoice) => invoice.customerId === customerId && (invoice.status === 'sent' || invoice.status === 'overdue') && !heldByFactor(invoice))
    .map((invoice) => ({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      loadNumber: loadNumber(invoice.loadId) ?? '',
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate,
      total: invoice.total,
      balance: invoiceBalance(invoice.total, invoice.paidAmount),
    }))
    .filter((row) => parseCents(row.balance)! > 0n)
    .sort((a, b) => a.invoiceDate.localeCompare(b.invoiceDate) || a.invoiceNumber.localeCompare(b.invoiceNumber));
}

/** What received plus credit spent makes available ('0.00' while the amount is not one). */
export function availableOf(values: Pick<RemittanceFormValues, 'amount' | 'useCredit'>, credit: string): string {
  const amount = parseCents(values.amount?.trim() ?? '') ?? 0n;
  return centsToMoney((amount > 0n ? amount : 0n) + (values.useCredit ? parseCents(credit)! : 0n));
}

/** The amounts applied, filled oldest first from what is available (the user may change each). */
export function appliedOldestFirst(rows: readonly OpenInvoiceRow[], available: string): Record<string, string | null> {
  const applications = allocateOldestFirst(rows.map((row) => ({ invoiceId: row.id, balance: row.balance })), available);
  const byInvoice = new Map(applications.map((application) => [application.invoiceId, application.amount]));
  return Object.fromEntries(rows.map((row) => [row.id, byInvoice.get(row.id) ?? null]));
}

/** The request body: the invoices given an amount above zero, in the table's order. */
export function remittancePayload(values: RemittanceFormValues, rows: readonly OpenInvoiceRow[], credit: string): RemittanceInput {
  return {
    customerId: values.customerId ?? '',
    amount: values.amount ?? '',
    paymentDate: dayToText(values.paymentDate) ?? '',
    paymentMethod: (values.paymentMethod ?? '') as RemittanceInput['paymentMethod'],
    referenceNumber: textOrNull(values.referenceNumber),
    notes: textOrNull(values.notes),
    creditUsed: values.useCredit ? credit : '0.00',
    applications: rows
      .map((row) => ({ invoiceId: row.id, amount: values.applied[row.id]?.trim() ?? '' }))
      .filter((application) => (parseCents(application.amount) ?? 0n) > 0n),
  };
}

/** The line under the table: what is applied, and what is left as credit or is too much. */
export function remittanceSummary(values: RemittanceFormValues, rows: readonly OpenInvoiceRow[], credit: string): { applied: string; left: string | undefined; available: string } {
  const payload = remittancePayload(values, rows, credit);
  const totals = remittanceTotals({ amount: availableOf(values, '0.00'), creditUsed: payload.creditUsed ?? '0.00', applications: payload.applications as { invoiceId: string; amount: string }[] });
  return { applied: totals.applied, left: totals.unapplied, available: totals.available };
}
