import { z } from 'zod';
import { loadSummarySchema } from '../dispatch/load.js';
import { PAY_TYPES } from './pay.js';
import {
  choice,
  dayNotBefore,
  INT4_RANGE,
  optionalDate,
  optionalFreeText,
  optionalInteger,
  optionalMoneyOrZero,
  optionalReference,
  requiredDate,
  requiredMoney,
  requiredReference,
  requiredText,
  type IntegerRange,
  type RecordRules,
} from '../fields.js';
import { SHARED_MESSAGES } from '../messages.js';
import { CHARGE_CODE_LABELS, type ChargeCode } from '../dispatch/charge.js';
import { formatDollars, sumMoney } from '../money.js';
import { settlementDeductionSchema } from './driver-deduction.js';
import { optionalChoice } from './choices.js';

export const SETTLEMENT_STATUSES = ['Pending', 'Approved', 'Paid', 'Cancelled'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
export const DEFAULT_SETTLEMENT_STATUS: SettlementStatus = 'Pending';
/** Spec 4: choosing Paid reveals the Paid Date field; a settlement in any other status has no paid date. */
export const PAID_SETTLEMENT_STATUS: SettlementStatus = 'Paid';

/** Spec 5 and 9: how a driver is paid. */
export const SETTLEMENT_PAYMENT_METHODS = ['Check', 'ACH', 'Cash', 'Wire'] as const;
export type SettlementPaymentMethod = (typeof SETTLEMENT_PAYMENT_METHODS)[number];

export const SETTLEMENT_MESSAGES = {
  driverId: 'Driver is required',
  settlementNumber: 'Settlement number is required',
  periodStart: 'Period start is required',
  periodEnd: 'Period end is required',
  totalRevenue: 'Total revenue is required',
  driverPay: 'Driver pay is required',
  netPay: 'Net pay is required',
  status: SHARED_MESSAGES.status,
  totalMiles: 'Total miles must be a whole number',
  paymentMethod: 'Choose a payment method from the list',
  driverNotFound: 'Driver not found',
  duplicateSettlementNumber: 'A settlement with this settlement number already exists',
  settlementNumberFixed: 'The settlement number cannot be changed',
  periodEndBeforeStart: 'Period end must not be before period start',
  deductionsOverPay: 'Deductions must not be more than driver pay',
  loadIds: 'Loads must be a list of loads',
  loadNotFound: 'Load not found',
  tooManyLoads: 'A settlement pays at most 1000 loads',
  deductionIds: 'Deductions must be a list of driver deductions',
  deductionNotFound: 'Driver deduction not found',
  /** Issue 48: a deduction is subtracted by one settlement (not cancelled) at most, and only from its own driver's. */
  deductionAlreadyTaken: (description: string, settlementNumber: string) => `${description} is already subtracted by settlement ${settlementNumber}.`,
  deductionOfAnotherDriver: (description: string) => `${description} is another driver's deduction.`,
  /** The 409 of a load another settlement (not cancelled) already pays. */
  loadAlreadyPaid: (loadNumber: string, settlementNumber: string) => `Load ${loadNumber} is already paid by settlement ${settlementNumber}.`,
  settlementNotFound: 'Settlement not found',
} as const;

/** The most loads one settlement pays (a year of a busy driver's loads). */
export const SETTLEMENT_LOADS_MAX = 1000;

/** The loads a settlement pays (issue 26): ids of svc-core's loads, each at most once; none when left out. */
export const settlementLoadIds = z
  .array(z.uuid({ error: SETTLEMENT_MESSAGES.loadNotFound }), { error: SETTLEMENT_MESSAGES.loadIds })
  .max(SETTLEMENT_LOADS_MAX, SETTLEMENT_MESSAGES.tooManyLoads)
  .nullish()
  .transform((ids) => [...new Set((ids ?? []).map((id) => id.toLowerCase()))]);

/** Issue 48: the driver deductions a settlement subtracts (cash advances): ids of svc-accounting's, each once. */
export const settlementDeductionIds = z
  .array(z.uuid({ error: SETTLEMENT_MESSAGES.deductionNotFound }), { error: SETTLEMENT_MESSAGES.deductionIds })
  .max(SETTLEMENT_LOADS_MAX, SETTLEMENT_MESSAGES.deductionIds)
  .nullish()
  .transform((ids) => [...new Set((ids ?? []).map((id) => id.toLowerCase()))]);

/** Miles driven: none is fewer than none. */
export const SETTLEMENT_MILES_RANGE: IntegerRange = { min: 0, max: INT4_RANGE.max };

/**
 * What a create (and, field by field, an update) may carry: spec 7's body. Net pay is read-only in the form; the
 * service writes driver pay minus deductions whatever is sent.
 */
export const settlementInputSchema = z.object({
  driverId: requiredReference(SETTLEMENT_MESSAGES.driverId, SETTLEMENT_MESSAGES.driverNotFound),
  settlementNumber: requiredText(SETTLEMENT_MESSAGES.settlementNumber),
  periodStart: requiredDate(SETTLEMENT_MESSAGES.periodStart),
  periodEnd: requiredDate(SETTLEMENT_MESSAGES.periodEnd),
  totalMiles: optionalInteger(SETTLEMENT_MESSAGES.totalMiles, SETTLEMENT_MILES_RANGE),
  totalRevenue: requiredMoney(SETTLEMENT_MESSAGES.totalRevenue),
  driverPay: requiredMoney(SETTLEMENT_MESSAGES.driverPay),
  deductions: optionalMoneyOrZero,
  netPay: requiredMoney(SETTLEMENT_MESSAGES.netPay),
  status: choice(SETTLEMENT_STATUSES, SETTLEMENT_MESSAGES.status),
  paidDate: optionalDate,
  paymentMethod: optionalChoice(SETTLEMENT_PAYMENT_METHODS, SETTLEMENT_MESSAGES.paymentMethod),
  notes: optionalFreeText,
  loadIds: settlementLoadIds,
  deductionIds: settlementDeductionIds,
});
/** Rules across a settlement's fields, checked by the form and by svc-accounting on every settlement written. */
export const SETTLEMENT_RULES: RecordRules = [dayNotBefore('periodEnd', 'periodStart', SETTLEMENT_MESSAGES.periodEndBeforeStart)];
export type SettlementInput = z.input<typeof settlementInputSchema>;
export type SettlementFields = z.output<typeof settlementInputSchema>;

export interface Settlement extends SettlementFields {
  id: string;
}

/** Spec 5: 'SETTLE-' + the day as YYYYMMDD + '-' + a random number 0000-9999. */
export function generatedSettlementNumber(now: Date = new Date(), random: () => number = Math.random): string {
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  return `SETTLE-${day}-${String(Math.floor(random() * 10000)).padStart(4, '0')}`;
}

/** The status of a settlement that pays nothing: its loads may be paid by another. */
export const CANCELLED_SETTLEMENT_STATUS: SettlementStatus = 'Cancelled';

/** svc-accounting's actions on `{root}.accounting.settlements.{action}` beside the CRUD ones (issue 26). */
export const SETTLEMENT_FILE_ACTIONS = { draft: 'draft', pdf: 'pdf' } as const;

/**
 * GET /api/settlements/draft?driverId=&periodStart=&periodEnd=: what a settlement would be, saving nothing.
 * `settlementId` (optional): the settlement being edited, whose own loads count as not yet paid.
 */
export const settlementDraftQuerySchema = z.object({
  driverId: requiredReference(SETTLEMENT_MESSAGES.driverId, SETTLEMENT_MESSAGES.driverNotFound),
  periodStart: requiredDate(SETTLEMENT_MESSAGES.periodStart),
  periodEnd: requiredDate(SETTLEMENT_MESSAGES.periodEnd),
  settlementId: optionalReference(SETTLEMENT_MESSAGES.settlementNotFound),
});
export type SettlementDraftQuery = z.input<typeof settlementDraftQuerySchema>;

/** One load of a draft (loadNumber, pickupLocation, deliveryLocation, deliveryDate, rate, miles): its pay under the driver's rule, rounded half up to the cent. */
export const settlementDraftLoadSchema = loadSummarySchema.omit({ id: true }).extend({
  loadId: z.string(),
  pay: z.string(),
  extraStops: z.number().int().describe('Issue 43: its stops beyond the first pickup and the last delivery'),
  stopPay: z.string().describe("Issue 43: extraStops × the rule's per-stop pay"),
  detentionPay: z.string().describe("Issue 43: the rule's percent of the load's detention billed and approved, half up to the cent"),
});
export type SettlementDraftLoad = z.infer<typeof settlementDraftLoadSchema>;

/** Issue 43: a charge line the driver paid (reimbursable and payable to the driver, e.g. a lumper): paid back on the settlement. */
export const settlementReimbursementSchema = z.object({
  loadId: z.string(),
  loadNumber: z.string(),
  chargeId: z.string(),
  code: z.string(),
  description: z.string(),
  amount: z.string(),
});
export type SettlementReimbursement = z.infer<typeof settlementReimbursementSchema>;

/** What a settlement pays beyond its loads' pay (issue 43): each part summed, in cents, and its lines. */
export interface SettlementPayParts {
  loadPay: string;
  stopPay: string;
  detentionPay: string;
  reimbursed: string;
  reimbursements: SettlementReimbursement[];
}

/** A line of a settlement's driver pay as the draft and the statement show it: what it is for, and its amount. */
export interface SettlementPayLine {
  key: string;
  label: string;
  amount: string;
}

/** '12.50' as a percent's text: '12.5%'. */
const percentText = (percent: string) => `${percent.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1')}%`;

/**
 * Issue 43: the driver pay, each part its own line: the loads' pay, the extra stops' pay and the share of approved
 * detention (when the rule has them or they pay anything), then each line the driver paid and is paid back.
 */
export function settlementPayLines(
  parts: SettlementPayParts,
  loads: readonly Pick<SettlementDraftLoad, 'extraStops'>[],
  rule: { perStopPay?: string | null; detentionSharePercent?: string | null },
): SettlementPayLine[] {
  const lines: SettlementPayLine[] = [{ key: 'loads', label: 'Load pay', amount: parts.loadPay }];
  const extraStops = loads.reduce((count, load) => count + load.extraStops, 0);
  if (rule.perStopPay || parts.stopPay !== '0.00') lines.push({ key: 'stops', label: `Extra stops: ${extraStops} x ${formatDollars(rule.perStopPay ?? '0.00')}`, amount: parts.stopPay });
  if (rule.detentionSharePercent || parts.detentionPay !== '0.00') {
    lines.push({ key: 'detention', label: `Detention share: ${percentText(rule.detentionSharePercent ?? '0.00')} of approved detention`, amount: parts.detentionPay });
  }
  for (const line of parts.reimbursements) {
    const what = CHARGE_CODE_LABELS[line.code as ChargeCode] ?? line.code;
    lines.push({ key: line.chargeId, label: `Reimbursed, load ${line.loadNumber}: ${what}${line.description ? ` (${line.description})` : ''}`, amount: line.amount });
  }
  return lines;
}

/** The settlement's parts and its driver pay (their sum, to the cent), from its loads and the lines paid back. */
export function settlementPayParts(loads: readonly Pick<SettlementDraftLoad, 'pay' | 'stopPay' | 'detentionPay'>[], reimbursements: SettlementReimbursement[]): SettlementPayParts & { driverPay: string } {
  const parts = {
    loadPay: sumMoney(loads.map((load) => load.pay)),
    stopPay: sumMoney(loads.map((load) => load.stopPay)),
    detentionPay: sumMoney(loads.map((load) => load.detentionPay)),
    reimbursed: sumMoney(reimbursements.map((line) => line.amount)),
    reimbursements,
  };
  return { ...parts, driverPay: sumMoney([parts.loadPay, parts.stopPay, parts.detentionPay, parts.reimbursed]) };
}

export const settlementDraftSchema = z.object({
  driverId: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  payType: z.enum(PAY_TYPES).nullable().describe("The driver's rule the pay was worked out with (both null: the driver has none, and every pay is 0.00)"),
  payRate: z.string().nullable(),
  loads: z.array(settlementDraftLoadSchema).describe('In delivery order'),
  totalRevenue: z.string(),
  totalMiles: z.number().int(),
  driverPay: z.string().describe('Issue 43: loadPay + stopPay + detentionPay + reimbursed'),
  loadPay: z.string().describe("The loads' pay under the rule"),
  stopPay: z.string().describe('Issue 43: pay for extra stops'),
  detentionPay: z.string().describe("Issue 43: the driver's share of approved detention"),
  reimbursed: z.string().describe('Issue 43: what the driver paid and is paid back (reimbursements)'),
  reimbursements: z.array(settlementReimbursementSchema),
  perStopPay: z.string().nullable(),
  detentionSharePercent: z.string().nullable(),
  deductions: z.string().describe("Issue 48: the sum of deductionLines, the driver's deductions no settlement subtracts yet"),
  deductionLines: z.array(settlementDeductionSchema).describe('Issue 48: each deduction (a cash advance) this settlement would subtract, oldest first'),
  netPay: z.string(),
  missingMiles: z.array(z.string()).describe('Load numbers without miles, when the rule is per mile (their pay is 0.00)'),
});
export type SettlementDraft = z.infer<typeof settlementDraftSchema>;
