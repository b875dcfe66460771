import { marginPercent, SETTLED_BY_FACTOR, subtractMoney, sumMoney, type Expense, type Invoice, type InvoiceStatus } from '@tms/contracts';

/** Spec 2.9: Recent Invoices and Recent Expenses show the latest 5, in list order. */
export const RECENT_LENGTH = 5;

/** Spec 9: pending revenue is what invoices neither paid nor cancelled will bring (issue 45: nor held by the factor, who paid for them). */
const NOT_PENDING: ReadonlySet<string> = new Set<InvoiceStatus>(['paid', 'cancelled']);

export interface OverviewFigures {
  /** The totals of paid invoices. */
  totalRevenue: string;
  /** Every expense's amount. */
  totalExpenses: string;
  netProfit: string;
  /** Profit over revenue in percent, one decimal; '0.0' with no revenue. */
  marginPercent: string;
  pendingRevenue: string;
  pendingInvoices: number;
  recentInvoices: Invoice[];
  recentExpenses: Expense[];
}

/** Spec 9's accounting figures, every amount added as whole cents (never as JavaScript numbers). */
export function overviewFigures(invoices: readonly Invoice[], expenses: readonly Expense[]): OverviewFigures {
  const paid = invoices.filter((invoice) => invoice.status === 'paid');
  const pending = invoices.filter((invoice) => !NOT_PENDING.has(invoice.status) && !(invoice.factoringState && SETTLED_BY_FACTOR.includes(invoice.factoringState)));
  const totalRevenue = sumMoney(paid.map((invoice) => invoice.total));
  const totalExpenses = sumMoney(expenses.map((expense) => expense.amount));
  const netProfit = subtractMoney(totalRevenue, totalExpenses);
  return {
    totalRevenue,
    totalExpenses,
    netProfit,
    marginPercent: marginPercent(netProfit, totalRevenue),
    pendingRevenue: sumMoney(pending.map((invoice) => invoice.total)),
    pendingInvoices: pending.length,
    recentInvoices: invoices.slice(0, RECENT_LENGTH),
    recentExpenses: expenses.slice(0, RECENT_LENGTH),
  };
}

/** The notes under the cards: '12.5% margin', '3 pending invoices'. */
export const marginNote = (percent: string) => `${percent}% margin`;
export const pendingNote = (count: number) => `${count.toLocaleString('en-US')} pending invoice${count === 1 ? '' : 's'}`;
