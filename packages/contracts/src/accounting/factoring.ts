import { z } from 'zod';
import { optionalFreeText, optionalText, requiredHundredths, requiredInteger, requiredText, type IntegerRange } from '../fields.js';
import { SHARED_MESSAGES } from '../messages.js';
import { blankable, blankableEmail } from './company.js';
import type { ImportColumns } from '../imports.js';
import { LEDGER_ENTRY_KINDS } from './factoring-ledger.js';

/**
 * Issue 45: selling invoices to a factoring company, with any factor, from files. svc-accounting keeps the factor's
 * settings, the schedules of accounts, the factor's reports and the ledger; a customer's `invoicing` (svc-core) says
 * whether its invoices are factored.
 *
 *   GET/PUT /api/factoring                       the factor (FACTOR_DEFAULTS until saved)
 *   GET     /api/factoring/invoices              invoices that could go on a schedule, each with why not, if not
 *   GET     /api/factoring/schedules             the schedules, newest first
 *   POST    /api/factoring/schedules             { invoiceIds }: a schedule SCH-0001... of ready invoices, or a 400 naming each refused
 *   GET     /api/factoring/schedules/{id}/pdf|csv|zip
 *   POST    /api/factoring/reports?kind=&dryRun=&mapping=   the factor's purchase or payment report (CSV body)
 *   GET     /api/factoring/reports/mapping?kind=  the columns remembered for a kind of report
 *   GET     /api/factoring/ledger?from=&to=      entries per invoice and the balances
 */
export const FACTORING_RESOURCE = 'factoring';
/** The audit trail's resources of factoring's records (the invoices' own changes are under 'invoices'). */
export const FACTORING_AUDITED_RESOURCES = [FACTORING_RESOURCE, 'factoring-schedules', 'factoring-reports', 'factoring-ledger'] as const;
/** The upload route of a factor's report, read as a CSV import is (the gateway leaves its body alone). */
export const FACTORING_REPORTS_PATH = 'factoring/reports';
export const FACTORING_ACTIONS = {
  get: 'get',
  put: 'put',
  invoices: 'invoices',
  schedules: 'schedules',
  schedule: 'schedule',
  schedulePdf: 'schedule-pdf',
  scheduleCsv: 'schedule-csv',
  scheduleZip: 'schedule-zip',
  report: 'report',
  mapping: 'mapping',
  ledger: 'ledger',
  balances: 'balances',
} as const;

/** A customer's invoices: billed and collected by the carrier, or sold to the factor. */
export const INVOICING_OPTIONS = ['direct', 'factored'] as const;
export type Invoicing = (typeof INVOICING_OPTIONS)[number];
export const INVOICING_LABELS: Record<Invoicing, string> = { direct: 'Direct', factored: 'Factored' };
export const DEFAULT_INVOICING: Invoicing = 'direct';
/** The tag an invoice sold to the factor shows beside its status (the spec's statuses are left as they are). */
export const FACTORED_TAG = 'Factored';
export const CHARGED_BACK_TAG = 'Charged back';

/** Where an invoice stands with the factor: bought (settled for the carrier), paid by the debtor, or charged back. */
export const INVOICE_FACTORING_STATES = ['factored', 'paidToFactor', 'chargedBack'] as const;
export type InvoiceFactoringState = (typeof INVOICE_FACTORING_STATES)[number];
/** The states in which an invoice is no receivable of the carrier's (aging, overdue, the Overview's outstanding). */
export const SETTLED_BY_FACTOR: readonly InvoiceFactoringState[] = ['factored', 'paidToFactor'];

export const RECOURSE_DAYS_RANGE: IntegerRange = { min: 1, max: 365 };
/** An invoice delivered longer ago than this goes on a schedule with a warning: factors buy fresh invoices. */
export const FACTORING_STALE_DAYS = 60;

export const FACTORING_MESSAGES = {
  name: 'Factor name is required',
  percent: 'A percent has at most 2 decimals, from 0 to 99.99',
  advancePercent: 'Advance percent is required',
  feePercent: 'Fee percent is required',
  recourseDays: 'Recourse days is required',
  recourseDaysRange: `Recourse days must be a whole number from ${RECOURSE_DAYS_RANGE.min} to ${RECOURSE_DAYS_RANGE.max}`,
  email: SHARED_MESSAGES.email,
  percentsOver: 'The advance and the fee together cannot pass 100%',
  invoiceIds: 'Pick at least one invoice',
  notSet: 'Save the factor in Settings first',
  invoiceNotFound: (id: string) => `Invoice ${id} not found`,
  cancelled: (invoice: string) => `${invoice}: cancelled`,
  onSchedule: (invoice: string, schedule: string) => `${invoice}: already on schedule ${schedule}`,
  noTotal: (invoice: string) => `${invoice}: total is 0`,
  paid: (invoice: string) => `${invoice}: paid already`,
  direct: (invoice: string, customer: string) => `${invoice}: ${customer} is invoiced direct, not factored`,
  noRateConfirmation: (invoice: string, load: string) => `${invoice}: no rate confirmation on load ${load}`,
  noBolOrPod: (invoice: string, load: string) => `${invoice}: no BOL or POD on load ${load}`,
  loadNotFound: (invoice: string) => `${invoice}: its load was not found`,
  stale: (invoice: string, days: number) => `${invoice}: delivered ${days} days ago (more than ${FACTORING_STALE_DAYS})`,
  notReady: 'Some invoices cannot go on a schedule',
  // The factor's reports.
  kind: "kind must be 'purchase' or 'payment'",
  mapping: 'mapping must be a JSON object of field to column header',
  missingColumn: (label: string) => `No column for ${label}: map one`,
  required: (label: string) => `${label} is required`,
  notMoney: (label: string) => `${label} must be an amount like 1250.00`,
  unmatched: (invoice: string) => `No invoice ${invoice}`,
  notSold: (invoice: string) => `${invoice} is not on a schedule`,
  notPurchased: (invoice: string) => `${invoice} has not been purchased`,
  alreadyPurchased: (invoice: string) => `${invoice} was purchased already, with other amounts`,
  alreadyPaid: (invoice: string) => `${invoice} was paid to the factor already, with other amounts`,
  chargedBack: (invoice: string) => `${invoice} was charged back`,
  repeatedRow: (invoice: string) => `${invoice} is in this report more than once`,
  contradicts: (label: string, theirs: string, ours: string) => `${label} ${theirs} contradicts ${ours} by the factor's terms`,
  overFace: (paid: string, face: string) => `Paid ${paid} is more than the invoice's ${face}`,
  notClean: 'Nothing was applied: fix the rows listed first',
} as const;

/** A percent of the face, to the hundredth: under 100 (an advance or a fee of the whole face is no factoring). */
const percent = (required: string) => requiredHundredths(required, FACTORING_MESSAGES.percent, 2);

/** The factor (GET/PUT /api/factoring): who buys the invoices, where debtors pay, and the terms. */
export const factorSettingsSchema = z.object({
  name: requiredText(FACTORING_MESSAGES.name),
  /** Where debtors of factored invoices pay: printed as the invoice's remit-to. */
  remitTo: blankable(optionalFreeText),
  email: blankableEmail(FACTORING_MESSAGES.email),
  clientNumber: blankable(optionalText),
  /** The notice of assignment printed in a box on factored invoices. */
  noticeText: blankable(optionalFreeText),
  advancePercent: percent(FACTORING_MESSAGES.advancePercent),
  feePercent: percent(FACTORING_MESSAGES.feePercent),
  recourseDays: requiredInteger(FACTORING_MESSAGES.recourseDays, FACTORING_MESSAGES.recourseDaysRange, RECOURSE_DAYS_RANGE),
});
export type FactorSettingsInput = z.input<typeof factorSettingsSchema>;
export type FactorSettings = z.output<typeof factorSettingsSchema>;

export const FACTOR_DEFAULTS: FactorSettings = {
  name: '',
  remitTo: '',
  email: '',
  clientNumber: '',
  noticeText: '',
  advancePercent: '97.00',
  feePercent: '3.00',
  recourseDays: 90,
};

/** An invoice the Factoring drawer offers: ready (no reasons) or not, with why, and any warning. */
export const factoringInvoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  customerName: z.string().nullable(),
  loadNumber: z.string().nullable(),
  total: z.string(),
  reasons: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type FactoringInvoice = z.infer<typeof factoringInvoiceSchema>;

export const scheduleInputSchema = z.object({
  invoiceIds: z.array(z.uuid({ error: FACTORING_MESSAGES.invoiceIds }), { error: FACTORING_MESSAGES.invoiceIds }).min(1, FACTORING_MESSAGES.invoiceIds).max(500),
});

export const scheduleRowSchema = z.object({
  invoiceId: z.string(),
  debtorName: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  loadNumber: z.string(),
  amount: z.string(),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

/** A schedule of accounts: the invoices offered to the factor at once. */
export const scheduleSchema = z.object({
  id: z.string(),
  scheduleNumber: z.string().describe("'SCH-0001', ..."),
  scheduleDate: z.string(),
  total: z.string(),
  rows: z.array(scheduleRowSchema),
  warnings: z.array(z.string()).describe('Accepted with a warning: invoices delivered more than 60 days ago'),
  createdAt: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** The CSV of a schedule: the PDF's rows. */
export const SCHEDULE_CSV_HEADER = ['Debtor', 'Invoice Number', 'Invoice Date', 'Load Number', 'Amount'] as const;
export const scheduleCsvRows = (schedule: Pick<Schedule, 'rows'>) => schedule.rows.map((row) => [row.debtorName, row.invoiceNumber, row.invoiceDate, row.loadNumber, row.amount]);
export const scheduleFileName = (scheduleNumber: string, extension: 'pdf' | 'csv' | 'zip') => `${scheduleNumber}.${extension}`;

/** The factor's reports, and the columns each is read by (a header matched by name, a title here, or the saved mapping). */
export const REPORT_KINDS = ['purchase', 'payment'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Record<ReportKind, string> = { purchase: 'Purchase report', payment: 'Payment report' };
export const REPORT_FIELDS = {
  purchase: ['invoiceNumber', 'advance', 'fee', 'reserve', 'purchaseDate'],
  payment: ['invoiceNumber', 'paid', 'reserveReleased', 'paymentDate'],
} as const satisfies Record<ReportKind, readonly string[]>;
/** The columns a row must have (a date left out is the day the report is applied). */
export const REPORT_REQUIRED: Record<ReportKind, readonly string[]> = { purchase: ['invoiceNumber', 'advance', 'fee', 'reserve'], payment: ['invoiceNumber', 'paid', 'reserveReleased'] };
export const REPORT_FIELD_LABELS: Record<string, string> = {
  invoiceNumber: 'Invoice number',
  advance: 'Advance',
  fee: 'Fee',
  reserve: 'Reserve',
  purchaseDate: 'Purchase date',
  paid: 'Amount paid',
  reserveReleased: 'Reserve released',
  paymentDate: 'Payment date',
};
/** Headers factors commonly write, beside the field's own name and label. */
export const REPORT_TITLES: Record<string, readonly string[]> = {
  invoiceNumber: ['Invoice', 'Invoice #', 'Inv #', 'Inv No', 'Invoice No'],
  advance: ['Advance Amount', 'Advanced'],
  fee: ['Fee Amount', 'Factoring Fee', 'Discount'],
  reserve: ['Reserve Amount', 'Rebate'],
  purchaseDate: ['Date', 'Purchased'],
  paid: ['Paid', 'Debtor Paid', 'Payment Amount', 'Amount'],
  reserveReleased: ['Released', 'Rebate Paid', 'Reserve Paid'],
  paymentDate: ['Date', 'Paid Date'],
};
export const reportColumns = (kind: ReportKind, mapping: Record<string, string> = {}): ImportColumns => ({
  key: 'invoiceNumber',
  titles: Object.fromEntries(REPORT_FIELDS[kind].map((field) => [field, [...(mapping[field] ? [mapping[field]] : []), ...REPORT_TITLES[field]]])),
});

export const reportQuerySchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: FACTORING_MESSAGES.kind }),
  dryRun: z.enum(['true', 'false'], { error: "dryRun must be 'true' or 'false'." }),
  /** Field → the factor's header for it, remembered for this kind once applied. */
  mapping: z.string().optional(),
});
export const reportMappingSchema = z.record(z.string(), z.string().max(200));

/** One row of a report as it would be applied, or why not. */
export const reportRowSchema = z.object({
  row: z.number().int(),
  invoiceNumber: z.string(),
  /** 'apply': new entries; 'applied': the same row was applied before (nothing changes); 'error': see errors. */
  outcome: z.enum(['apply', 'applied', 'error']),
  entries: z.array(z.object({ kind: z.enum(LEDGER_ENTRY_KINDS), amount: z.string() })),
  errors: z.array(z.string()),
});
export type ReportRow = z.infer<typeof reportRowSchema>;
export const reportResultSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  dryRun: z.boolean(),
  /** Whether it changed the books: only when not a dry run and every row is clean. */
  applied: z.boolean(),
  rows: z.array(reportRowSchema),
  /** The file's own problems (a column missing), beside the rows'. */
  errors: z.array(z.string()),
  mapping: reportMappingSchema,
});
export type ReportResult = z.infer<typeof reportResultSchema>;

export const ledgerQuerySchema = z.object({
  from: z.iso.date({ error: 'from must be a day, YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: 'to must be a day, YYYY-MM-DD' }).optional(),
});
export const ledgerEntrySchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  amount: z.string(),
  entryDate: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerBalancesSchema = z.object({ advanced: z.string(), fees: z.string(), reserveHeld: z.string(), owedBack: z.string() });
export const ledgerSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Entries per invoice, in the order they were made. */
  invoices: z.array(z.object({ invoiceId: z.string(), invoiceNumber: z.string(), state: z.enum(INVOICE_FACTORING_STATES).nullable(), entries: z.array(ledgerEntrySchema) })),
  /** The balances of the entries listed. */
  balances: ledgerBalancesSchema,
});
export type Ledger = z.infer<typeof ledgerSchema>;

/** What a ledger entry is written with (svc-accounting's own writes: never posted by a client). */
export const ledgerEntryInputSchema = z.object({
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  amount: z.string().regex(/^-?\d+\.\d{2}$/),
  entryDate: z.iso.date(),
  reportId: z.uuid().nullable(),
  /** The report row it comes from (kind, invoice and the row's values), so that a row applied twice writes nothing. */
  rowKey: z.string(),
});
export const factoringReportInputSchema = z.object({ kind: z.enum(REPORT_KINDS), rowCount: z.number().int(), mapping: reportMappingSchema });
