import { formatDollars, type Expense, type Load } from '@tms/contracts';
import { formatDay, type RecordLookup, type ResourceColumn, type SearchField } from '@tms/ui';
import { numeric } from '../shared/display.js';

const orDash = (text: string | null | undefined) => text || '-';

/** Spec 2.9: Date, Category, Description, Vendor, Amount, Load, Payment Method. */
export function expenseColumns(loads: RecordLookup<Load>): ResourceColumn<Expense>[] {
  return [
    { title: 'Date', dataIndex: 'expenseDate', key: 'expenseDate', width: 115, render: (day: string) => formatDay(day) },
    { title: 'Category', dataIndex: 'category', key: 'category', width: 115 },
    { title: 'Description', dataIndex: 'description', key: 'description', width: 240, ellipsis: true },
    { title: 'Vendor', dataIndex: 'vendor', key: 'vendor', width: 150, render: orDash },
    { title: 'Amount', dataIndex: 'amount', key: 'amount', width: 115, align: 'right', render: (amount: string) => <span style={numeric}>{formatDollars(amount)}</span> },
    { title: 'Load', key: 'load', width: 120, render: (_, expense) => (expense.loadId ? (loads.label(expense.loadId) ?? 'N/A') : '-') },
    { title: 'Payment Method', dataIndex: 'paymentMethod', key: 'paymentMethod', width: 140, render: orDash },
  ];
}

/** Spec 2.9: search matches description, category, vendor and load number. */
export function expenseSearchFields(loads: RecordLookup<Load>): SearchField<Expense>[] {
  return ['description', 'category', 'vendor', (expense) => loads.label(expense.loadId)];
}
