import { formatDollars, parseCents, PAYMENT_METHODS, REMITTANCE_CREDIT_PATH, remittanceInputSchema, type CustomerCredit, type Invoice, type Remittance } from '@tms/contracts';
import { api, createResourceApi, DayPicker, FormField, FormGrid, formatDay, MoneyInput, optionsOf, ResourceFormModal, resourceListQuery, SEARCHABLE, useChoices, useLookup } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, Select, Table, Typography } from 'antd';
import { useMemo } from 'react';
import {
  appliedOldestFirst,
  availableOf,
  openInvoices,
  remittanceFormValues,
  remittancePayload,
  remittanceSummary,
  remittanceTexts,
  type OpenInvoiceRow,
  type RemittanceFormValues,
} from './remittance-form.js';

const METHOD_OPTIONS = optionsOf(PAYMENT_METHODS);

/** Saving or reversing a remittance changes payments, invoices and the customer's credit too. */
export const remittancesApi = createResourceApi<Remittance>('remittances', { alsoRefetch: ['payments', 'invoices', REMITTANCE_CREDIT_PATH] });

const creditQuery = (customerId: string | undefined) => ({
  queryKey: [`/api/${REMITTANCE_CREDIT_PATH}`, customerId],
  queryFn: () => api.get<CustomerCredit>(`/api/${REMITTANCE_CREDIT_PATH}?customerId=${encodeURIComponent(customerId!)}`),
  enabled: Boolean(customerId),
});

/**
 * 'Receive Payment' (issue 46): a customer's payment over their open invoices. Choosing the customer lists what they
 * owe, oldest first; the amount (and their credit, when they have some and it is ticked) is applied oldest first,
 * each invoice's share editable; what is left is kept as their credit. Saved as one remittance: one payment each.
 */
export function ReceivePaymentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<RemittanceFormValues>();
  const customerChoices = useChoices('customers');
  const invoiceList = useQuery(resourceListQuery<Invoice>('invoices'));
  const loads = useLookup('loads');
  const customerId = Form.useWatch('customerId', form);
  const values = Form.useWatch([], form) as RemittanceFormValues | undefined;
  const rows = useMemo(() => openInvoices(invoiceList.data ?? [], customerId, loads.label), [invoiceList.data, customerId, loads]);
  const credit = useQuery(creditQuery(customerId)).data?.credit ?? '0.00';
  const hasCredit = parseCents(credit)! > 0n;

  const follow = (changed: Partial<RemittanceFormValues>, all: RemittanceFormValues) => {
    if ('customerId' in changed) {
      form.setFieldsValue({ useCredit: false, applied: {} });
      return;
    }
    if ('amount' in changed || 'useCredit' in changed) {
      form.setFieldsValue({ applied: appliedOldestFirst(rows, availableOf(all, credit)) });
      return;
    }
    // An invoice is never given more than it still owes.
    for (const row of rows) {
      const applied = parseCents(all.applied?.[row.id]?.trim() ?? '');
      if (applied !== undefined && applied > parseCents(row.balance)!) form.setFieldValue(['applied', row.id], row.balance);
    }
  };

  const summary = values ? remittanceSummary({ ...remittanceFormValues(), ...values, applied: values.applied ?? {} }, rows, credit) : undefined;
  const columns = [
    { title: 'Invoice #', dataIndex: 'invoiceNumber', key: 'invoiceNumber' },
    { title: 'Load #', dataIndex: 'loadNumber', key: 'loadNumber' },
    { title: 'Date', dataIndex: 'invoiceDate', key: 'invoiceDate', render: (day: string) => formatDay(day) },
    { title: 'Due Date', dataIndex: 'dueDate', key: 'dueDate', render: (day: string) => formatDay(day) },
    { title: 'Total', dataIndex: 'total', key: 'total', align: 'right' as const, render: formatDollars },
    { title: 'Balance', dataIndex: 'balance', key: 'balance', align: 'right' as const, render: formatDollars },
    {
      title: 'Applied',
      key: 'applied',
      width: 150,
      render: (_: unknown, row: OpenInvoiceRow) => (
        <Form.Item name={['applied', row.id]} noStyle>
          <MoneyInput aria-label={`Applied to ${row.invoiceNumber}`} style={{ width: '100%' }} />
        </Form.Item>
      ),
    },
  ];

  return (
    <ResourceFormModal<Remittance, RemittanceFormValues>
      open={open}
      record={null}
      onClose={onClose}
      name="remittance"
      api={remittancesApi}
      texts={remittanceTexts}
      schema={remittanceInputSchema}
      toFormValues={() => remittanceFormValues()}
      toPayload={(formValues) => remittancePayload({ ...formValues, applied: formValues.applied ?? {} }, rows, credit)}
      form={form}
      onValuesChange={follow}
      width={920}
    >
      <FormGrid>
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
      {hasCredit && (
        <Form.Item name="useCredit" valuePropName="checked">
          <Checkbox>Apply their credit of {formatDollars(credit)}</Checkbox>
        </Form.Item>
      )}
      <Table<OpenInvoiceRow>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 320 }}
        loading={invoiceList.isPending}
        locale={{ emptyText: customerId ? 'This customer owes nothing' : 'Choose a customer to see what they owe' }}
      />
      {summary && (
        <Typography.Paragraph style={{ marginTop: 12 }} data-testid="remittance-summary" type={summary.left === undefined ? 'danger' : undefined}>
          {summary.left === undefined
            ? `Applied ${formatDollars(summary.applied)}: more than the ${formatDollars(summary.available)} received`
            : `Applied ${formatDollars(summary.applied)} · ${formatDollars(summary.left)} kept as credit`}
        </Typography.Paragraph>
      )}
      <FormField label="Notes" name="notes">
        <Input.TextArea rows={2} />
      </FormField>
    </ResourceFormModal>
  );
}
