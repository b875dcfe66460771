import type { Expense } from '@tms/contracts';
import { ListPage, useLookup } from '@tms/ui';
import { useMemo } from 'react';
import { ExpenseDialog } from './ExpenseDialog.js';
import { expenseColumns, expenseSearchFields } from './expense-columns.js';
import { expensesApi } from './expenses.api.js';
import { expenseTexts } from './expense-form.js';

/** Accounting's Expenses tab. */
export function ExpensesTab() {
  const loads = useLookup('loads');
  const columns = useMemo(() => expenseColumns(loads), [loads]);
  const searchFields = useMemo(() => expenseSearchFields(loads), [loads]);
  return (
    <ListPage<Expense>
      title="Expenses"
      headingLevel={2}
      texts={expenseTexts}
      api={expensesApi}
      columns={columns}
      searchFields={searchFields}
      dialog={ExpenseDialog}
    />
  );
}
