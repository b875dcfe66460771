import { formatDollars, invoiceBalance, type Invoice, type Payment, type PaymentInput } from '@tms/contracts';
import { dayFromText, dayToText, resourceTexts, textOrNull } from '@tms/ui';
import dayjs, { type Dayjs } from 'dayjs';

/** What the Payments tab and its dialog say (spec 2.4 and 8): payments are recorded; failures carry no retry text. */
export const paymentTexts = resourceTexts({ one: 'payment', many: 'payments', title: 'Payment' }, 'record', {
  createFailed: 'Failed to record payment.',
  updateFailed: 'Failed to update payment.',
  deleteFailed: 'Failed to delete payment.',
});

export interface PaymentFormValues {
  invoiceId: string | undefined;
  customerId: string | undefined;
  amount: string | null;
  paymentDate: Dayjs | null;
  paymentMethod: string | undefined;
  referenceNumber: string;
  notes: string;
}

/** The dialog's starting values: the payment being edited; or a new one dated today (spec 5). */
export function paymentFormValues(payment: Payment | null, now: number = Date.now()): PaymentFormValues {
  return {
    invoiceId: payment?.invoiceId ?? undefined,
    customerId: payment?.customerId ?? undefined,
    amount: payment?.amount ?? null,
    paymentDate: payment ? dayFromText(payment.paymentDate) : dayjs(now).startOf('day'),
    paymentMethod: payment?.paymentMethod ?? undefined,
    referenceNumber: payment?.referenceNumber ?? '',
    notes: payment?.notes ?? '',
  };
}

/**
 * Spec 5: choosing an invoice sets the customer from the invoice and, if the amount is empty, the amount to what is
 * left to pay (total - paid, 2 decimals). Answers the fields to change.
 */
export function withInvoice(values: PaymentFormValues, invoice: Pick<Invoice, 'customerId' | 'total' | 'paidAmount'>): Partial<PaymentFormValues> {
  return {
    customerId: invoice.customerId,
    ...(values.amount?.trim() ? {} : { amount: invoiceBalance(invoice.total, invoice.paidAmount) }),
  };
}

export function paymentPayload(values: PaymentFormValues): PaymentInput {
  return {
    invoiceId: values.invoiceId ?? '',
    customerId: values.customerId ?? '',
    amount: values.amount ?? '',
    paymentDate: dayToText(values.paymentDate) ?? '',
    paymentMethod: (values.paymentMethod ?? '') as PaymentInput['paymentMethod'],
    referenceNumber: textOrNull(values.referenceNumber),
    notes: textOrNull(values.notes),
  };
}

/**
 * A choice of the payment dialog's invoice picker (issue 46): the invoice by its number, with its customer, its load
 * and what is left to pay beside it, found by any of them (a broker's remittance names load numbers).
 */
export interface InvoiceChoice {
  value: string;
  label: string;
  customer: string;
  loadNumber: string;
  balance: string;
  /** What the search box matches: number, customer and load number. */
  search: string;
}

export function invoiceChoices(
  invoices: readonly Invoice[],
  customerName: (id: string) => string | undefined,
  loadNumber: (id: string) => string | undefined,
): InvoiceChoice[] {
  return invoices.map((invoice) => {
    const customer = customerName(invoice.customerId) ?? '';
    const load = loadNumber(invoice.loadId) ?? '';
    return {
      value: invoice.id,
      label: invoice.invoiceNumber,
      customer,
      loadNumber: load,
      balance: formatDollars(invoiceBalance(invoice.total, invoice.paidAmount)),
      search: [invoice.invoiceNumber, customer, load].filter(Boolean).join(' '),
    };
  });
}
