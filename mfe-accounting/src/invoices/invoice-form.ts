import {
  DEFAULT_INVOICE_STATUS,
  INVOICE_MESSAGES,
  LOAD_STATUS_LABELS,
  LOAD_STATUSES,
  invoiceBalance,
  invoiceTotal,
  parseCents,
  type Invoice,
  type InvoiceDraft,
  type InvoiceInput,
  type Load,
} from '@tms/contracts';
import { dayFromText, dayToText, resourceTexts, textOrNull } from '@tms/ui';
import dayjs, { type Dayjs } from 'dayjs';

/** What the Invoices tab and its dialog say (spec 2.4 and 8): invoices are created; failures carry no retry text. */
export const invoiceTexts = resourceTexts({ one: 'invoice', many: 'invoices', title: 'Invoice' }, 'create', {
  createFailed: 'Failed to create invoice.',
  updateFailed: 'Failed to update invoice.',
  deleteFailed: 'Failed to delete invoice.',
});

/** Spec 5 and 9: a new invoice's number is 'INV-' followed by the current timestamp. */
export const generatedInvoiceNumber = (now: number = Date.now()) => `INV-${now}`;

/** The invoice dialog's fields as the inputs hold them: money as text, never a JavaScript number. */
export interface InvoiceFormValues {
  invoiceNumber: string;
  loadId: string | undefined;
  customerId: string | undefined;
  status: string;
  invoiceDate: Dayjs | null;
  dueDate: Dayjs | null;
  subtotal: string | null;
  tax: string | null;
  /** Read-only: subtotal + tax. */
  total: string;
  paidAmount: string | null;
  notes: string;
}

/** The dialog's starting values: the invoice being edited; or a draft numbered 'INV-' + `now`, dated today. */
export function invoiceFormValues(invoice: Invoice | null, now: number = Date.now()): InvoiceFormValues {
  return {
    invoiceNumber: invoice?.invoiceNumber ?? generatedInvoiceNumber(now),
    loadId: invoice?.loadId ?? undefined,
    customerId: invoice?.customerId ?? undefined,
    status: invoice?.status ?? DEFAULT_INVOICE_STATUS,
    invoiceDate: invoice ? dayFromText(invoice.invoiceDate) : dayjs(now).startOf('day'),
    dueDate: dayFromText(invoice?.dueDate),
    subtotal: invoice?.subtotal ?? null,
    tax: invoice?.tax ?? '0',
    total: invoice?.total ?? '',
    paidAmount: invoice?.paidAmount ?? '0',
    notes: invoice?.notes ?? '',
  };
}

/**
 * 'Create Invoice' for a delivered load (issue 26): the create defaults, with the load, its customer, the load's rate
 * as the subtotal and the dates the server worked out from the payment terms.
 */
export function invoiceFormValuesFromDraft(draft: InvoiceDraft, now: number = Date.now()): InvoiceFormValues {
  const values = invoiceFormValues(null, now);
  return {
    ...values,
    loadId: draft.loadId,
    customerId: draft.customerId,
    invoiceDate: dayFromText(draft.invoiceDate),
    dueDate: dayFromText(draft.dueDate),
    subtotal: draft.subtotal,
    total: totalOf({ subtotal: draft.subtotal, tax: values.tax }),
  };
}

/** The invoice row menu's downloads and what a failure says. */
export const INVOICE_DOWNLOAD_TEXTS = {
  invoice: 'Download Invoice',
  packet: 'Download Packet',
  invoiceFailed: 'Failed to download invoice.',
  packetFailed: 'Failed to download packet.',
} as const;

/** Spec 5: the total, always subtotal + tax to 2 decimals ('' while either is not an amount). */
export const totalOf = (values: Pick<InvoiceFormValues, 'subtotal' | 'tax'>) => invoiceTotal(values.subtotal, values.tax) ?? '';

/**
 * Spec 5: choosing a load sets the customer from the load and, if the subtotal is empty, the subtotal from the load's
 * rate; the total follows. Answers the fields to change.
 */
export function withLoad(values: InvoiceFormValues, load: Pick<Load, 'customerId' | 'rate'>): Partial<InvoiceFormValues> {
  const subtotal = values.subtotal?.trim() ? values.subtotal : load.rate;
  return { customerId: load.customerId, subtotal, total: totalOf({ subtotal, tax: values.tax }) };
}

/**
 * The dialog's warning when 'paid' is chosen while money is still due (the spec leaves statuses free: it does not
 * refuse); undefined otherwise, or while the amounts are not amounts yet.
 */
export function paidWithBalanceWarning(values: Partial<Pick<InvoiceFormValues, 'status' | 'total' | 'paidAmount'>>): string | undefined {
  if (values.status !== 'paid' || !values.total || parseCents(values.total) === undefined) return undefined;
  if (values.paidAmount?.trim() && parseCents(values.paidAmount.trim()) === undefined) return undefined;
  const balance = invoiceBalance(values.total, values.paidAmount?.trim());
  return parseCents(balance)! > 0n ? INVOICE_MESSAGES.paidWithBalanceDue(balance) : undefined;
}

/** The dialog's warning for a load chosen before it is delivered (statuses before 'delivered'); undefined otherwise. */
export function undeliveredLoadWarning(load: Pick<Load, 'loadNumber' | 'status'> | undefined): string | undefined {
  if (!load || LOAD_STATUSES.indexOf(load.status) >= LOAD_STATUSES.indexOf('delivered')) return undefined;
  return INVOICE_MESSAGES.loadNotDelivered(load.loadNumber, LOAD_STATUS_LABELS[load.status]);
}

/** The body of POST/PATCH /api/invoices: money and dates as text, empty optionals as null. */
export function invoicePayload(values: InvoiceFormValues): InvoiceInput {
  return {
    invoiceNumber: values.invoiceNumber ?? '',
    loadId: values.loadId ?? '',
    customerId: values.customerId ?? '',
    status: values.status as InvoiceInput['status'],
    invoiceDate: dayToText(values.invoiceDate) ?? '',
    dueDate: dayToText(values.dueDate) ?? '',
    subtotal: values.subtotal ?? '',
    tax: textOrNull(values.tax),
    total: totalOf(values),
    paidAmount: textOrNull(values.paidAmount),
    notes: textOrNull(values.notes),
  };
}

/** The Invoices list's filters (issue 47); none holds a label of the invoice dialog. */
export const INVOICE_FILTER_TEXTS = {
  status: 'Filter by status',
  unpaid: 'Unpaid',
  customer: 'Filter by customer',
} as const;
