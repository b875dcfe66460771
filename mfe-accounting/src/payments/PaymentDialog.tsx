import { PAYMENT_METHODS, paymentInputSchema, type Customer, type Invoice, type Payment } from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, ResourceFormModal, useResourceChoices, type ResourceDialogProps } from '@tms/ui';
import { Form, Input, Select } from 'antd';
import { useLookup } from '../shared/lookups.js';
import { paymentsApi } from './payments.api.js';
import { paymentFormValues, paymentPayload, paymentTexts, withInvoice, type PaymentFormValues } from './payment-form.js';

const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: method }));
const SEARCHABLE = { optionFilterProp: 'label' } as const;
const invoiceNumber = (invoice: Invoice) => invoice.invoiceNumber;
const customerName = (customer: Customer) => customer.name;

/** 'Record Payment' / 'Edit Payment': the invoice fills the customer and, when empty, the amount left to pay. */
export function PaymentDialog(props: ResourceDialogProps<Payment>) {
  const [form] = Form.useForm<PaymentFormValues>();
  const invoices = useLookup<Invoice>('invoices');
  const invoiceChoices = useResourceChoices<Invoice>('invoices', invoiceNumber);
  const customerChoices = useResourceChoices<Customer>('customers', customerName);

  const follow = (changed: Partial<PaymentFormValues>, values: PaymentFormValues) => {
    const invoice = changed.invoiceId ? invoices.get(changed.invoiceId) : undefined;
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
          <Select options={invoiceChoices.options} loading={invoiceChoices.loading} placeholder="Select invoice" showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Customer" name="customerId">
          <Select options={customerChoices.options} loading={customerChoices.loading} placeholder="Select customer" showSearch={SEARCHABLE} />
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
