import { EXPENSE_CATEGORIES, EXPENSE_PAYMENT_METHODS, expenseInputSchema, type Expense } from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, ResourceFormModal, SEARCHABLE, useChoices, type ResourceDialogProps } from '@tms/ui';
import { Input, Select } from 'antd';
import { expensesApi } from './expenses.api.js';
import { expenseFormValues, expensePayload, expenseTexts } from './expense-form.js';

const CATEGORY_OPTIONS = optionsOf(EXPENSE_CATEGORIES);
const METHOD_OPTIONS = optionsOf(EXPENSE_PAYMENT_METHODS);

/** 'Add Expense' / 'Edit Expense'. */
export function ExpenseDialog(props: ResourceDialogProps<Expense>) {
  const loads = useChoices('loads', { none: true });
  return (
    <ResourceFormModal
      {...props}
      name="expense"
      api={expensesApi}
      texts={expenseTexts}
      schema={expenseInputSchema}
      toFormValues={expenseFormValues}
      toPayload={expensePayload}
    >
      <FormGrid>
        <FormField label="Date" name="expenseDate">
          <DayPicker />
        </FormField>
        <FormField label="Category" name="category">
          <Select options={CATEGORY_OPTIONS} placeholder="Select category" showSearch={SEARCHABLE} />
        </FormField>
      </FormGrid>
      <FormField label="Description" name="description">
        <Input autoComplete="off" placeholder="Diesel, Pilot #412 Joliet" />
      </FormField>
      <FormGrid>
        <FormField label="Amount" name="amount">
          <MoneyInput />
        </FormField>
        <FormField label="Vendor" name="vendor">
          <Input autoComplete="off" />
        </FormField>
        <FormField label="Payment Method" name="paymentMethod">
          <Select options={METHOD_OPTIONS} placeholder="Select payment method" allowClear showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Load" name="loadId">
          <Select {...loads} />
        </FormField>
      </FormGrid>
      <FormField label="Receipt URL" name="receiptUrl">
        <Input autoComplete="off" />
      </FormField>
      <FormField label="Notes" name="notes">
        <Input.TextArea rows={3} />
      </FormField>
    </ResourceFormModal>
  );
}
