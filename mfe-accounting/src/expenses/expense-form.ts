import type { Expense, ExpenseInput } from '@tms/contracts';
import { dayFromText, dayToText, resourceTexts, textOrNull } from '@tms/ui';
import dayjs, { type Dayjs } from 'dayjs';

/** What the Expenses tab and its dialog say (spec 2.4 and 8): expenses are added; failures carry no retry text. */
export const expenseTexts = resourceTexts({ one: 'expense', many: 'expenses', title: 'Expense' }, 'add', {
  createFailed: 'Failed to add expense.',
  updateFailed: 'Failed to update expense.',
  deleteFailed: 'Failed to delete expense.',
});

export interface ExpenseFormValues {
  expenseDate: Dayjs | null;
  category: string | undefined;
  description: string;
  amount: string | null;
  vendor: string;
  paymentMethod: string | undefined;
  /** '' is the 'None' choice. */
  loadId: string;
  receiptUrl: string;
  notes: string;
}

/** The dialog's starting values: the expense being edited; or a new one dated today (spec 5). */
export function expenseFormValues(expense: Expense | null, now: number = Date.now()): ExpenseFormValues {
  return {
    expenseDate: expense ? dayFromText(expense.expenseDate) : dayjs(now).startOf('day'),
    category: expense?.category ?? undefined,
    description: expense?.description ?? '',
    amount: expense?.amount ?? null,
    vendor: expense?.vendor ?? '',
    paymentMethod: expense?.paymentMethod ?? undefined,
    loadId: expense?.loadId ?? '',
    receiptUrl: expense?.receiptUrl ?? '',
    notes: expense?.notes ?? '',
  };
}

export function expensePayload(values: ExpenseFormValues): ExpenseInput {
  return {
    expenseDate: dayToText(values.expenseDate) ?? '',
    category: (values.category ?? '') as ExpenseInput['category'],
    description: values.description ?? '',
    amount: values.amount ?? '',
    vendor: textOrNull(values.vendor),
    paymentMethod: (values.paymentMethod || null) as ExpenseInput['paymentMethod'],
    loadId: values.loadId || null,
    receiptUrl: textOrNull(values.receiptUrl),
    notes: textOrNull(values.notes),
  };
}
