import {
  type Invoice,
  INVOICE_RULES,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type InvoiceDraft,
  invoiceInputSchema,
  withRules,
} from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, ResourceFormModal, SEARCHABLE, useChoices, useLookup, type ResourceDialogProps } from '@tms/ui';
import { Alert, Form, Input, Select } from 'antd';
import {
  invoiceFormValues,
  invoiceFormValuesFromDraft,
  invoicePayload,
  invoiceTexts,
  paidWithBalanceWarning,
  totalOf,
  undeliveredLoadWarning,
  withLoad,
  type InvoiceFormValues,
} from './invoice-form.js';
import { InvoiceLines } from './InvoiceLines.js';
import { invoicesApi } from './invoices.api.js';

/** The schema and the rules across its fields (contracts), each message under its field. */
const INVOICE_FORM_SCHEMA = withRules(invoiceInputSchema, INVOICE_RULES);

const STATUS_OPTIONS = optionsOf(INVOICE_STATUSES, INVOICE_STATUS_LABELS);

/**
 * 'Create Invoice' / 'Edit Invoice': the load fills the customer and subtotal; the total is subtotal + tax. With a
 * `draft` (a delivered load's 'Create Invoice'), it opens filled from it: its lines shown above the subtotal (their
 * sum), with a warning for the load's charges still waiting for approval (issue 43). An invoice edited shows the lines it keeps.
 */
export function InvoiceDialog({ draft, ...props }: ResourceDialogProps<Invoice> & { draft?: InvoiceDraft }) {
  const [form] = Form.useForm<InvoiceFormValues>();
  const loads = useLookup('loads');
  const loadChoices = useChoices('loads');
  const customerChoices = useChoices('customers');
  const [status, total, paidAmount] = [Form.useWatch('status', form), Form.useWatch('total', form), Form.useWatch('paidAmount', form)];
  const balanceWarning = paidWithBalanceWarning({ status, total, paidAmount });
  const loadWarning = undeliveredLoadWarning(loads.get(Form.useWatch('loadId', form)));

  const follow = (changed: Partial<InvoiceFormValues>, values: InvoiceFormValues) => {
    const load = loads.get(changed.loadId);
    if (load) form.setFieldsValue(withLoad(values, load));
    else if ('subtotal' in changed || 'tax' in changed) form.setFieldsValue({ total: totalOf(values) });
  };

  return (
    <ResourceFormModal
      {...props}
      name="invoice"
      api={invoicesApi}
      texts={invoiceTexts}
      schema={INVOICE_FORM_SCHEMA}
      toFormValues={draft ? () => invoiceFormValuesFromDraft(draft) : invoiceFormValues}
      toPayload={invoicePayload}
      form={form}
      onValuesChange={follow}
      width={680}
    >
      <FormGrid>
        <FormField label="Invoice Number" name="invoiceNumber">
          <Input autoComplete="off" />
        </FormField>
        <FormField label="Status" name="status">
          <Select options={STATUS_OPTIONS} showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Load" name="loadId">
          <Select {...loadChoices} placeholder="Select load" />
        </FormField>
        <FormField label="Customer" name="customerId">
          <Select {...customerChoices} placeholder="Select customer" />
        </FormField>
        <FormField label="Invoice Date" name="invoiceDate">
          <DayPicker />
        </FormField>
        <FormField label="Due Date" name="dueDate">
          <DayPicker />
        </FormField>
      </FormGrid>
      {loadWarning && <Alert type="warning" showIcon message={loadWarning} style={{ marginBottom: 16 }} />}
      <InvoiceLines lines={draft?.lines ?? props.record?.lines ?? []} waitingForApproval={draft?.waitingForApproval} />
      <FormGrid minWidth={140}>
        <FormField label="Subtotal" name="subtotal">
          <MoneyInput />
        </FormField>
        <FormField label="Tax" name="tax">
          <MoneyInput />
        </FormField>
        <FormField label="Total" name="total">
          <MoneyInput readOnly tabIndex={-1} />
        </FormField>
        <FormField label="Paid Amount" name="paidAmount">
          <MoneyInput />
        </FormField>
      </FormGrid>
      {balanceWarning && <Alert type="warning" showIcon message={balanceWarning} style={{ marginBottom: 16 }} />}
      <FormField label="Notes" name="notes">
        <Input.TextArea rows={3} />
      </FormField>
    </ResourceFormModal>
  );
}
