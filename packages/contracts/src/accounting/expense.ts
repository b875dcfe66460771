import { z } from 'zod';
import { choice, optionalFreeText, optionalReference, optionalText, requiredAmount, requiredDate, requiredFreeText } from '../fields.js';
import { optionalChoice } from './choices.js';
import { INVOICE_MESSAGES } from './invoice.js';

/** Spec 9's expense categories and payment methods, in the order the forms offer them. */
export const EXPENSE_CATEGORIES = ['Fuel', 'Tolls', 'Maintenance', 'Insurance', 'Driver Pay', 'Other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_PAYMENT_METHODS = ['Cash', 'Check', 'Credit Card', 'ACH', 'Other'] as const;
export type ExpensePaymentMethod = (typeof EXPENSE_PAYMENT_METHODS)[number];

export const EXPENSE_MESSAGES = {
  category: 'Category is required',
  description: 'Description is required',
  amount: 'Amount is required',
  expenseDate: 'Date is required',
  paymentMethod: 'Choose a payment method from the list',
  loadNotFound: INVOICE_MESSAGES.loadNotFound,
} as const;

export const expenseInputSchema = z.object({
  expenseDate: requiredDate(EXPENSE_MESSAGES.expenseDate),
  category: choice(EXPENSE_CATEGORIES, EXPENSE_MESSAGES.category),
  description: requiredFreeText(EXPENSE_MESSAGES.description),
  amount: requiredAmount(EXPENSE_MESSAGES.amount),
  vendor: optionalText,
  paymentMethod: optionalChoice(EXPENSE_PAYMENT_METHODS, EXPENSE_MESSAGES.paymentMethod),
  loadId: optionalReference(EXPENSE_MESSAGES.loadNotFound),
  receiptUrl: optionalFreeText,
  notes: optionalFreeText,
});
export type ExpenseInput = z.input<typeof expenseInputSchema>;
export type ExpenseFields = z.output<typeof expenseInputSchema>;

export interface Expense extends ExpenseFields {
  id: string;
}
