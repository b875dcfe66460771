import { z } from 'zod';
import { choice, MONEY_RANGE, optionalFreeText, optionalMoneyOrZero, optionalText, requiredAmount, requiredDate, requiredReference } from '../fields.js';
import { centsToMoney, formatDollars, parseCents } from '../money.js';
import { PAYMENT_MESSAGES, PAYMENT_METHODS } from './payment.js';

/**
 * Issue 46: a remittance is one payment from a customer (a broker's ACH) spread over many of their invoices. Saving
 * it makes one spec payment per invoice it pays, all in one transaction and tied by `remittanceId`, so every spec
 * screen and total stays right; what it does not apply is kept as the customer's credit, offered on their next one.
 */

/** At most this many invoices in one remittance: a broker's weekly run, with room to spare. */
export const REMITTANCE_INVOICES_MAX = 1000;

export const REMITTANCE_MESSAGES = {
  customerId: PAYMENT_MESSAGES.customerId,
  customerNotFound: PAYMENT_MESSAGES.customerNotFound,
  amount: PAYMENT_MESSAGES.amount,
  paymentDate: PAYMENT_MESSAGES.paymentDate,
  paymentMethod: PAYMENT_MESSAGES.paymentMethod,
  invoiceId: PAYMENT_MESSAGES.invoiceId,
  appliedAmount: 'Amount applied is required',
  tooManyInvoices: `A remittance pays at most ${REMITTANCE_INVOICES_MAX} invoices`,
  invoiceTwice: 'Each invoice can be paid once in a remittance',
  /** More applied to the invoices than was received and taken from credit. */
  overApplied: (available: string) => `The amounts applied add up to more than the ${formatDollars(available)} received and taken from credit`,
  /** Received and credit spent past what one amount can hold. */
  overMax: `The amount and the credit used add up to more than ${formatDollars(MONEY_RANGE.max)}`,
  /** More credit taken than the customer has. */
  overCredit: (credit: string) => `The customer has ${formatDollars(credit)} of credit`,
  /** A remittance is changed only by reversing it whole and receiving it again. */
  unchangeable: 'A remittance cannot be changed: reverse it and receive it again',
  /** Its credit paid a later remittance's invoices: undoing it first would leave the customer owing credit. */
  creditSpent: 'The credit this remittance left was used by a later remittance: reverse that one first',
  /** One of its payments, edited or deleted alone. */
  paymentInRemittance: 'This payment is part of a remittance: reverse the remittance as a whole',
} as const;

export const remittanceApplicationSchema = z.object({
  invoiceId: requiredReference(REMITTANCE_MESSAGES.invoiceId, PAYMENT_MESSAGES.invoiceNotFound),
  amount: requiredAmount(REMITTANCE_MESSAGES.appliedAmount),
});

export const remittanceInputSchema = z.object({
  customerId: requiredReference(REMITTANCE_MESSAGES.customerId, REMITTANCE_MESSAGES.customerNotFound),
  /** What the customer sent: more than 0.00. */
  amount: requiredAmount(REMITTANCE_MESSAGES.amount),
  paymentDate: requiredDate(REMITTANCE_MESSAGES.paymentDate),
  paymentMethod: choice(PAYMENT_METHODS, REMITTANCE_MESSAGES.paymentMethod),
  referenceNumber: optionalText,
  notes: optionalFreeText,
  /** How much of the customer's credit (left over by earlier remittances) it spends too; 0.00 by default. */
  creditUsed: optionalMoneyOrZero,
  /** The invoices it pays and how much of each (none: all of it kept as credit); what is left of amount + credit used becomes credit. */
  applications: z
    .array(remittanceApplicationSchema)
    .max(REMITTANCE_INVOICES_MAX, REMITTANCE_MESSAGES.tooManyInvoices)
    .refine((applications) => new Set(applications.map((application) => application.invoiceId)).size === applications.length, REMITTANCE_MESSAGES.invoiceTwice)
    .optional(),
});
export type RemittanceInput = z.input<typeof remittanceInputSchema>;
export type RemittanceFields = z.output<typeof remittanceInputSchema>;
export type RemittanceApplication = z.output<typeof remittanceApplicationSchema>;

/**
 * A remittance as svc-accounting answers it: what it applied to invoices and what it left as credit, worked out when
 * it was saved (its payments, in `GET /api/payments`, name it by `remittanceId`).
 */
export const remittanceSchema = remittanceInputSchema.omit({ applications: true }).extend({
  id: z.string(),
  applied: z.string().describe('What its payments add up to'),
  unapplied: z.string().describe("What it left as the customer's credit: amount + creditUsed - applied"),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export interface Remittance extends Omit<RemittanceFields, 'applications'> {
  id: string;
  applied: string;
  unapplied: string;
}

/** The route beside the generic CRUD: `GET /api/remittances/credit?customerId=`, subject `{root}.accounting.remittances.credit`. */
export const REMITTANCE_CREDIT_ACTION = 'credit';
export const REMITTANCE_CREDIT_PATH = 'remittances/credit';

export const customerCreditSchema = z.object({ customerId: z.uuid(), credit: z.string() });

/** `GET /api/remittances/credit?customerId=`: what the customer's earlier remittances left unapplied and unspent. */
export type CustomerCredit = z.infer<typeof customerCreditSchema>;

/** An invoice a remittance may pay: its balance due. */
export interface OpenInvoice {
  invoiceId: string;
  balance: string;
}

/**
 * Spreads `available` over invoices oldest first, as the 'Receive Payment' dialog fills it (the user may edit each):
 * each invoice gets its whole balance while money is left, the last one touched what remains. Invoices are given
 * oldest first; exact to the cent.
 */
export function allocateOldestFirst(invoices: readonly OpenInvoice[], available: string): RemittanceApplication[] {
  let left = parseCents(available) ?? 0n;
  const applications: RemittanceApplication[] = [];
  for (const invoice of invoices) {
    if (left <= 0n) break;
    const balance = parseCents(invoice.balance) ?? 0n;
    if (balance <= 0n) continue;
    const applied = balance < left ? balance : left;
    applications.push({ invoiceId: invoice.invoiceId, amount: centsToMoney(applied) });
    left -= applied;
  }
  return applications;
}

/**
 * What a remittance applies and leaves as credit: applied = the sum of its applications; unapplied = amount + credit
 * used − applied. Undefined unapplied when the applications add up to more than is available (REMITTANCE_MESSAGES.overApplied).
 */
export function remittanceTotals(fields: Pick<RemittanceFields, 'amount' | 'creditUsed' | 'applications'>): { applied: string; unapplied: string | undefined; available: string } {
  const available = parseCents(fields.amount)! + parseCents(fields.creditUsed)!;
  const applied = (fields.applications ?? []).reduce((sum, application) => sum + parseCents(application.amount)!, 0n);
  return { applied: centsToMoney(applied), unapplied: applied > available ? undefined : centsToMoney(available - applied), available: centsToMoney(available) };
}
