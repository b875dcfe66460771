import { formatDollars, INVOICE_STATUS_LABELS, invoiceBalance, type Customer, type Invoice, type Load } from '@tms/contracts';
import { CellText, formatDay, type RecordLookup, type ResourceColumn, type SearchField } from '@tms/ui';
import { FactoredTag } from '../factoring/FactoredTag.js';
import { InvoiceStatusBadge, NOT_AVAILABLE, numeric, UNKNOWN } from '../shared/display.js';

const money = (amount: string) => <span style={numeric}>{formatDollars(amount)}</span>;

/** Spec 2.9: Invoice #, Load #, Customer, Date, Due Date, Amount, Paid, Balance (total - paid), Status. */
export function invoiceColumns(loads: RecordLookup<Load>, customers: RecordLookup<Customer>): ResourceColumn<Invoice>[] {
  return [
    { title: 'Invoice #', dataIndex: 'invoiceNumber', key: 'invoiceNumber', width: 150, card: true, render: (value: string) => <CellText strong>{value}</CellText> },
    { title: 'Load #', key: 'load', width: 130, render: (_, invoice) => loads.label(invoice.loadId) ?? NOT_AVAILABLE },
    { title: 'Customer', key: 'customer', width: 190, card: true, render: (_, invoice) => customers.label(invoice.customerId) ?? UNKNOWN },
    { title: 'Date', dataIndex: 'invoiceDate', key: 'invoiceDate', width: 105, render: (day: string) => formatDay(day) },
    { title: 'Due Date', dataIndex: 'dueDate', key: 'dueDate', width: 105, card: true, render: (day: string) => formatDay(day) },
    { title: 'Amount', dataIndex: 'total', key: 'total', width: 95, align: 'right', render: money },
    { title: 'Paid', dataIndex: 'paidAmount', key: 'paidAmount', width: 95, align: 'right', render: money },
    {
      title: 'Balance', key: 'balance', width: 95, card: true, align: 'right',
      render: (_, invoice) => money(invoiceBalance(invoice.total, invoice.paidAmount)),
      sortValue: (invoice) => Number(invoiceBalance(invoice.total, invoice.paidAmount)),
    },
    {
      title: 'Status', dataIndex: 'status', key: 'status', width: 85, card: true,
      exportValue: (invoice) => INVOICE_STATUS_LABELS[invoice.status],
      // Issue 45: 'Factored' beside the spec's status while the factor holds the invoice.
      render: (status: string, invoice: Invoice) => (
        <>
          <InvoiceStatusBadge status={status} /> <FactoredTag invoice={invoice} />
        </>
      ),
    },
  ];
}

/** Spec 2.9: search matches invoice number, customer name and load number. */
export function invoiceSearchFields(loads: RecordLookup<Load>, customers: RecordLookup<Customer>): SearchField<Invoice>[] {
  return ['invoiceNumber', (invoice) => customers.label(invoice.customerId), (invoice) => loads.label(invoice.loadId)];
}
