import { z } from 'zod';
import {
  choice,
  dayNotBefore,
  optionalFreeText,
  optionalMoneyOrZero,
  requiredDate,
  requiredMoney,
  requiredReference,
  requiredText,
  type RecordRules,
} from '../fields.js';
import { LOAD_MESSAGES } from '../dispatch/load.js';
import { SHARED_MESSAGES } from '../messages.js';
import { formatDollars } from '../money.js';
import { INVOICE_FACTORING_STATES, type InvoiceFactoringState } from './factoring.js';
import { invoiceLineSchema, type InvoiceLine } from './invoice-lines.js';

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
};
export const DEFAULT_INVOICE_STATUS: InvoiceStatus = 'draft';

export const INVOICE_MESSAGES = {
  loadId: 'Load is required',
  invoiceNumber: 'Invoice number is required',
  customerId: LOAD_MESSAGES.customerId,
  status: SHARED_MESSAGES.status,
  invoiceDate: 'Invoice date is required',
  dueDate: 'Due date is required',
  dueBeforeInvoiceDate: 'Due date must not be before the invoice date',
  subtotal: 'Subtotal is required',
  total: 'Total is required',
  loadNotFound: 'Load not found',
  customerNotFound: LOAD_MESSAGES.customerNotFound,
  duplicateInvoiceNumber: 'An invoice with this invoice number already exists',
  /** Why an invoice its payments still use cannot be deleted, when the database rather than the count found them. */
  stillHasPayments: 'This invoice still has payments. Its history is kept, so it cannot be deleted.',
  /** An invoice bills its load's customer: the dialog fills it from the load, the service refuses another. */
  customerNotLoads: "The customer must be the load's customer",
  /** The invoice dialog's warning (it does not refuse: the spec lets any load be invoiced) for a load not delivered yet. */
  loadNotDelivered: (loadNumber: string, statusLabel: string) => `Load ${loadNumber} is ${statusLabel}, not delivered yet.`,
  /** The invoice dialog's warning (it does not refuse) when 'paid' is chosen while money is still due. */
  paidWithBalanceDue: (balance: string) => `This invoice still has a balance due of ${formatDollars(balance)}.`,
  /** The ledger's invariants (issue 40): 0 <= paid amount <= total, and never less than the payments recorded. */
  paidOverTotal: (total: string) => `The paid amount cannot be more than the total of ${formatDollars(total)}`,
  totalBelowPaid: (paid: string) => `The total cannot be less than the amount paid of ${formatDollars(paid)}`,
  paidBelowPayments: (payments: string) => `The paid amount cannot be less than the ${formatDollars(payments)} of payments recorded on this invoice`,
  cancelledWithPayments: 'This invoice has payments: refund them or move them to another invoice before cancelling it',
  /** Issue 45: the factoring ledger names it (found by the database rather than the count). */
  stillInLedger: 'This invoice is still in the factoring ledger. Its history is kept, so it cannot be deleted.',
  /** Issue 45: the factor has it on a schedule of accounts. */
  onSchedule: (schedule: string) => `This invoice is on schedule of accounts ${schedule} (factoring), so it cannot be deleted.`,
  /** The 409 of a second invoice for a load whose invoice is not cancelled (issue 26). */
  loadAlreadyInvoiced: (loadNumber: string, invoiceNumber: string) => `Load ${loadNumber} already has invoice ${invoiceNumber}.`,
} as const;

/**
 * What a create (and, field by field, an update) may carry. The total is read-only in the form: the service
 * writes subtotal + tax whatever total is sent. paidAmount is what was paid before any payment was recorded
 * here; each payment then adds to it.
 */
export const invoiceInputSchema = z.object({
  invoiceNumber: requiredText(INVOICE_MESSAGES.invoiceNumber),
  loadId: requiredReference(INVOICE_MESSAGES.loadId, INVOICE_MESSAGES.loadNotFound),
  customerId: requiredReference(INVOICE_MESSAGES.customerId, INVOICE_MESSAGES.customerNotFound),
  status: choice(INVOICE_STATUSES, INVOICE_MESSAGES.status),
  invoiceDate: requiredDate(INVOICE_MESSAGES.invoiceDate),
  dueDate: requiredDate(INVOICE_MESSAGES.dueDate),
  subtotal: requiredMoney(INVOICE_MESSAGES.subtotal),
  tax: optionalMoneyOrZero,
  total: requiredMoney(INVOICE_MESSAGES.total),
  paidAmount: optionalMoneyOrZero,
  notes: optionalFreeText,
});
/** Rules across an invoice's fields, checked by the form and by svc-accounting on every invoice written. */
export const INVOICE_RULES: RecordRules = [dayNotBefore('dueDate', 'invoiceDate', INVOICE_MESSAGES.dueBeforeInvoiceDate)];
export type InvoiceInput = z.input<typeof invoiceInputSchema>;
export type InvoiceFields = z.output<typeof invoiceInputSchema>;

/** Whom an invoice bills: its customer's name and address as svc-core had them when it was issued. */
export const invoiceBillToSchema = z.object({ name: z.string(), address: z.string() });
export type InvoiceBillTo = z.output<typeof invoiceBillToSchema>;

/** The carrier an invoice is from: the company profile as it was when the invoice was issued (what the PDF prints). */
export const invoiceIssuerSchema = z.object({
  name: z.string(), address: z.string(), phone: z.string(), email: z.string(), mcNumber: z.string(), dotNumber: z.string(), remitTo: z.string(), invoiceNotes: z.string(),
});
export type InvoiceIssuer = z.output<typeof invoiceIssuerSchema>;

/**
 * An invoice as svc-accounting answers it. Once issued it does not change under its reader: the bill-to and the
 * carrier it prints are kept as they were (null on an invoice issued before they were kept, until it is first printed).
 */
export const invoiceSchema = invoiceInputSchema.extend({
  id: z.string(),
  billTo: invoiceBillToSchema.nullable().describe('The customer billed, as it was when the invoice was issued'),
  issuedBy: invoiceIssuerSchema.nullable().describe('The carrier (company profile), as it was when the invoice was issued'),
  scheduleId: z.string().nullable().describe('Issue 45: the schedule of accounts it is on'),
  factoringState: z.enum(INVOICE_FACTORING_STATES).nullable().describe("Issue 45: 'factored' (bought by the factor: settled for the carrier), 'paidToFactor', 'chargedBack'"),
  factoredOn: z.string().nullable(),
  lines: z.array(invoiceLineSchema).describe('Issue 43: what it bills, kept as it was when it was made: the line haul, then each approved billable charge (empty on an invoice made before lines were kept)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export interface Invoice extends InvoiceFields {
  id: string;
  billTo?: InvoiceBillTo | null;
  issuedBy?: InvoiceIssuer | null;
  scheduleId?: string | null;
  factoringState?: InvoiceFactoringState | null;
  factoredOn?: string | null;
  lines?: InvoiceLine[];
}

/** The status of an invoice that bills nothing: its load may have another. */
export const CANCELLED_INVOICE_STATUS: InvoiceStatus = 'cancelled';

/** svc-accounting's actions on `{root}.accounting.invoices.{action}` beside the CRUD ones (issue 26). */
export const INVOICE_FILE_ACTIONS = { draft: 'draft', pdf: 'pdf', packet: 'packet', overdue: 'overdue', forLoad: 'for-load' } as const;

/** `GET /api/invoices/for-load?loadId=` (issue 47, the load's workspace): `{ invoice }`, the load's invoice that is not cancelled, or null. */
export const INVOICE_FOR_LOAD_PATH = 'invoices/for-load';

/**
 * `GET /api/invoices/overdue` (issue 46): the invoices overdue, the longest overdue first, each with whom it bills,
 * its balance and how many days past its due date it is in the company's calendar (the Dashboard's Needs Attention).
 */
export const OVERDUE_INVOICES_PATH = 'invoices/overdue';
export const overdueInvoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  customerId: z.string(),
  /** Whom it bills as issued (its bill-to); null for one issued before invoices kept it. */
  customerName: z.string().nullable(),
  dueDate: z.string(),
  balance: z.string(),
  daysOverdue: z.number().int(),
});
export type OverdueInvoice = z.infer<typeof overdueInvoiceSchema>;
/** Overdue invoices answered at most: the Dashboard shows five and counts the rest. */
export const OVERDUE_INVOICES_MAX = 1000;

/** GET /api/invoices/draft?loadId=: the invoice a load would get. */
export const invoiceDraftQuerySchema = z.object({
  loadId: requiredReference(INVOICE_MESSAGES.loadId, INVOICE_MESSAGES.loadNotFound),
});

/**
 * What the Create Invoice dialog is filled with: the load's customer, its lines (the line haul and the approved
 * billable charges, issue 43) and their sum as the subtotal, today, and today + the payment terms.
 */
export const invoiceDraftSchema = z.object({
  loadId: z.string(),
  customerId: z.string(),
  subtotal: z.string().describe('The sum of `lines`, to the cent'),
  lines: z.array(invoiceLineSchema),
  waitingForApproval: z.number().int().describe('Billable charge lines still requested: not billed until approved'),
  invoiceDate: z.string().describe("'YYYY-MM-DD' in the company's calendar (COMPANY_TIME_ZONE)"),
  dueDate: z.string(),
});
export type InvoiceDraft = z.infer<typeof invoiceDraftSchema>;
