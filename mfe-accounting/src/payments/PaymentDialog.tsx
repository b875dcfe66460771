import { PAYMENT_METHODS, paymentInputSchema, type Payment } from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, ResourceFormModal, SEARCHABLE, useChoices, useLookup, type ResourceDialogProps } from '@tms/ui';
import { Form, Input, Select } from 'antd';
import { paymentsApi } from './payments.api.js';
import { paymentFormValues, paymentPayload, paymentTexts, withInvoice, type PaymentFormValues } from './payment-form.js';

const METHOD_OPTIONS = optionsOf(PAYMENT_METHODS);

/** 'Record Payment' / 'Edit Payment': the invoice fills the customer and, when empty, the amount left to pay. */
export function PaymentDialog(props: ResourceDialogProps<Payment>) {
  const [form] = Form.useForm<PaymentFormValues>();
  const invoices = useLookup('invoices');
  const invoiceChoices = useChoices('invoices');
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
          <Select {...invoiceChoices} placeholder="Select invoice" />
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
