import { PAYMENT_METHODS, paymentInputSchema, type Invoice, type Payment } from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, ResourceFormModal, resourceListQuery, SEARCHABLE, useChoices, useLookup, type ResourceDialogProps } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { paymentsApi } from './payments.api.js';
import { invoiceChoices, paymentFormValues, paymentPayload, paymentTexts, withInvoice, type InvoiceChoice, type PaymentFormValues } from './payment-form.js';

const METHOD_OPTIONS = optionsOf(PAYMENT_METHODS);
const INVOICE_SEARCH = { optionFilterProp: 'search' } as const;

/** An invoice in the picker: its number, then its customer, load and balance in smaller type. */
function InvoiceOption({ choice }: { choice: InvoiceChoice }) {
  return (
    <span style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }} data-testid="invoice-choice">
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {choice.label}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[choice.customer, choice.loadNumber].filter(Boolean).map((part) => ` · ${part}`).join('')}
        </Typography.Text>
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        Balance {choice.balance}
      </Typography.Text>
    </span>
  );
}

/** 'Record Payment' / 'Edit Payment': the invoice fills the customer and, when empty, the amount left to pay. */
export function PaymentDialog(props: ResourceDialogProps<Payment>) {
  const [form] = Form.useForm<PaymentFormValues>();
  const invoices = useLookup('invoices');
  const invoiceList = useQuery(resourceListQuery<Invoice>('invoices'));
  const customers = useLookup('customers');
  const loads = useLookup('loads');
  const invoiceOptions = useMemo(() => invoiceChoices(invoiceList.data ?? [], customers.label, loads.label), [invoiceList.data, customers, loads]);
  const customerChoices = useChoices('customers');

  const follow = (changed: Partial<PaymentFormValues>, values: PaymentFormValues) => {
    const invoice = invoices.get(changed.invoiceId);
    if (invoice) form.setFieldsValue(withInvoice(values, invoice));
  };

  return (
    <ResourceFormModal
      {...props}
      name="payment"
      api={paymentsApi}
      texts={paymentTexts}
      schema={paymentInputSchema}
      toFormValues={paymentFormValues}
      toPayload={paymentPayload}
      form={form}
      onValuesChange={follow}
    >
      <FormGrid>
        <FormField label="Invoice" name="invoiceId">
          <Select
            options={invoiceOptions}
            loading={invoiceList.isPending}
            showSearch={INVOICE_SEARCH}
            optionRender={(option) => <InvoiceOption choice={option.data as InvoiceChoice} />}
            popupMatchSelectWidth={520}
            placeholder="Select invoice"
          />
        </FormField>
        <FormField label="Customer" name="customerId">
          <Select {...customerChoices} placeholder="Select customer" />
        </FormField>
        <FormField label="Amount" name="amount">
          <MoneyInput />
        </FormField>
        <FormField label="Payment Date" name="paymentDate">
          <DayPicker />
        </FormField>
        <FormField label="Payment Method" name="paymentMethod">
          <Select options={METHOD_OPTIONS} placeholder="Select payment method" showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Reference Number" name="referenceNumber">
          <Input autoComplete="off" />
        </FormField>
      </FormGrid>
      <FormField label="Notes" name="notes">
        <Input.TextArea rows={3} />
      </FormField>
    </ResourceFormModal>
  );
}
