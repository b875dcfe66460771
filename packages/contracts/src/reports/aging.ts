import { z } from 'zod';
import { requiredDate, requiredReference } from '../fields.js';

/**
 * Receivables aging (issue 46): what each customer owes, by how long past due, as of a day (`GET
 * /api/reports/aging?asOf=`, `&format=csv`). An invoice counts from its invoice date when it is sent, overdue or
 * paid (a draft bills no one, a cancelled one nothing), with its balance as of that day: its total less what was paid
 * (nothing left for one marked paid), payments dated after the day given back. Days past due are the day less the
 * due date; on or before it, current.
 */
export const AGING_PATH = 'reports/aging';
export const AGING_RESOURCE = 'aging';

export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = { current: 'Current', days1to30: '1-30', days31to60: '31-60', days61to90: '61-90', over90: 'Over 90' };

/** The bucket of an invoice `daysPastDue` days past its due date (0 or less: current). */
export function agingBucket(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days1to30';
  if (daysPastDue <= 60) return 'days31to60';
  if (daysPastDue <= 90) return 'days61to90';
  return 'over90';
}

export const AGING_MESSAGES = { asOf: 'As of must be a date like 2026-06-30' } as const;

export const agingQuerySchema = z.object({
  /** The day aged as of ('YYYY-MM-DD'); the company's today when left out (a query holds no null). */
  asOf: requiredDate(AGING_MESSAGES.asOf).optional(),
});

const money = z.string();
const amounts = z.object({ current: money, days1to30: money, days31to60: money, days61to90: money, over90: money, total: money });
export const agingRowSchema = amounts.extend({
  customerId: z.string(),
  /** As its latest open invoice bills it; null when none kept it. */
  customerName: z.string().nullable(),
  /** Its invoices with a balance. */
  invoices: z.number().int(),
});
export type AgingRow = z.infer<typeof agingRowSchema>;
export const agingReportSchema = z.object({
  asOf: z.string(),
  /** Who owes the most first. */
  customers: z.array(agingRowSchema),
  totals: amounts,
});
export type AgingReport = z.infer<typeof agingReportSchema>;

export const AGING_CSV_HEADER = ['Customer', ...AGING_BUCKETS.map((bucket) => AGING_BUCKET_LABELS[bucket]), 'Total', 'Invoices'] as const;
export const agingCsvRows = (report: AgingReport) => [
  ...report.customers.map((row) => [row.customerName ?? row.customerId, ...AGING_BUCKETS.map((bucket) => row[bucket]), row.total, row.invoices]),
  ['Total', ...AGING_BUCKETS.map((bucket) => report.totals[bucket]), report.totals.total, report.customers.reduce((sum, row) => sum + row.invoices, 0)],
];
export const agingFileName = (asOf: string) => `aging-${asOf}.csv`;

/**
 * A customer's statement of account (issue 46) as a PDF: `GET /api/reports/statement?customerId=&from=&to=`. Their
 * open invoices as of `to` (as aging counts them: balances as of the day), the payments dated in the period, what they
 * owe, and the credit their remittances left. `to` is the company's today when left out; `from`, 30 days before `to`.
 */
export const ACCOUNT_STATEMENT_PATH = 'reports/statement';
export const ACCOUNT_STATEMENT_ACTION = 'statement';
export const STATEMENT_PERIOD_DAYS = 30;

export const ACCOUNT_STATEMENT_MESSAGES = {
  customerId: 'Customer is required',
  customerNotFound: 'Customer not found',
  from: 'From must be a date like 2026-06-01',
  to: 'To must be a date like 2026-06-30',
  fromAfterTo: 'From must be on or before To',
} as const;

export const accountStatementQuerySchema = z
  .object({
    customerId: requiredReference(ACCOUNT_STATEMENT_MESSAGES.customerId, ACCOUNT_STATEMENT_MESSAGES.customerNotFound),
    from: requiredDate(ACCOUNT_STATEMENT_MESSAGES.from).optional(),
    to: requiredDate(ACCOUNT_STATEMENT_MESSAGES.to).optional(),
  })
  .refine(({ from, to }) => !from || !to || from <= to, { path: ['from'], message: ACCOUNT_STATEMENT_MESSAGES.fromAfterTo });

/** The day `days` before `day` ('YYYY-MM-DD'), by the calendar. */
export const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
