import { EXPENSE_MESSAGES } from '@tms/contracts';
import type { HolderOf } from '@tms/service-kit';
import { ExpenseEntity } from './expense.entity.js';

/** An expense may name the load it was spent on, a load of svc-core held there while it does. */
export const EXPENSE_HOLDS: HolderOf<ExpenseEntity> = {
  holder: 'accounting.expenses',
  entity: ExpenseEntity,
  references: (expense) => [{ field: 'loadId', kind: 'load', id: expense.loadId, message: EXPENSE_MESSAGES.loadNotFound }],
};
