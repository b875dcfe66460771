import { formatDollars, type Customer, type Invoice, type Payment } from '@tms/contracts';
import { formatDay, type RecordLookup, type ResourceColumn, type SearchField } from '@tms/ui';
import { NOT_AVAILABLE, numeric, UNKNOWN } from '../shared/display.js';

/** Spec 2.9: Date, Invoice #, Customer, Amount, Method, Reference #. */
export function paymentColumns(invoices: RecordLookup<Invoice>, customers: RecordLookup<Customer>): ResourceColumn<Payment>[] {
  return [
    { title: 'Date', dataIndex: 'paymentDate', key: 'paymentDate', width: 115, render: (day: string) => formatDay(day) },
    { title: 'Invoice #', key: 'invoice', width: 170, render: (_, payment) => invoices.label(payment.invoiceId) ?? NOT_AVAILABLE },
    { title: 'Customer', key: 'customer', width: 200, render: (_, payment) => customers.label(payment.customerId) ?? UNKNOWN },
    { title: 'Amount', dataIndex: 'amount', key: 'amount', width: 120, align: 'right', render: (amount: string) => <span style={numeric}>{formatDollars(amount)}</span> },
    { title: 'Method', dataIndex: 'paymentMethod', key: 'paymentMethod', width: 120 },
    { title: 'Reference #', dataIndex: 'referenceNumber', key: 'referenceNumber', width: 150, render: (text: string | null) => text || '-' },
  ];
}

/** Spec 2.9: search matches invoice number, customer name and reference number. */
export function paymentSearchFields(invoices: RecordLookup<Invoice>, customers: RecordLookup<Customer>): SearchField<Payment>[] {
  return [(payment) => invoices.label(payment.invoiceId), (payment) => customers.label(payment.customerId), 'referenceNumber'];
}
