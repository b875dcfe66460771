import { z } from 'zod';
import { formatDollars } from '../money.js';
import { choice, optionalFreeText, optionalText, requiredAmount, requiredDate, requiredReference } from '../fields.js';
import { INVOICE_MESSAGES } from './invoice.js';

/** Spec 9's invoice payment methods, in the order the form offers them. */
export const PAYMENT_METHODS = ['Cash', 'Check', 'Wire', 'Credit Card', 'ACH'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_MESSAGES = {
  invoiceId: 'Invoice is required',
  customerId: INVOICE_MESSAGES.customerId,
  amount: 'Amount is required',
  paymentDate: 'Payment date is required',
  paymentMethod: 'Payment method is required',
  invoiceNotFound: 'Invoice not found',
  customerNotFound: INVOICE_MESSAGES.customerNotFound,
  /** A payment pays its invoice's customer's bill: the dialog fills it from the invoice, the service refuses another. */
  customerNotInvoices: "The customer must be the invoice's customer",
  invoiceCancelled: 'This invoice is cancelled: no payment can be recorded on it',
  /** A payment that would pay more than is due, naming what is due (the balance, as the screens show it). */
  overBalance: (balance: string) => `This payment is more than the invoice's balance due of ${formatDollars(balance)}`,
} as const;

export const paymentInputSchema = z.object({
  invoiceId: requiredReference(PAYMENT_MESSAGES.invoiceId, PAYMENT_MESSAGES.invoiceNotFound),
  customerId: requiredReference(PAYMENT_MESSAGES.customerId, PAYMENT_MESSAGES.customerNotFound),
  amount: requiredAmount(PAYMENT_MESSAGES.amount),
  paymentDate: requiredDate(PAYMENT_MESSAGES.paymentDate),
  paymentMethod: choice(PAYMENT_METHODS, PAYMENT_MESSAGES.paymentMethod),
  referenceNumber: optionalText,
  notes: optionalFreeText,
});
export type PaymentInput = z.input<typeof paymentInputSchema>;
export type PaymentFields = z.output<typeof paymentInputSchema>;

export interface Payment extends PaymentFields {
  id: string;
  /** The remittance that made it (issue 46), which is reversed whole; none for a payment recorded alone. */
  remittanceId?: string | null;
}
