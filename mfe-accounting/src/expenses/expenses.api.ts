import type { Expense } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/** GET/POST /api/expenses, PATCH/DELETE /api/expenses/:id; the list is refetched after every change. */
export const expensesApi = createResourceApi<Expense>('expenses');
