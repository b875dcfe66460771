import {
  DEFAULT_SETTLEMENT_STATUS,
  generatedSettlementNumber,
  PAID_SETTLEMENT_STATUS,
  settlementNetPay,
  settlementPayLines,
  type Settlement,
  type SettlementDraft,
  type SettlementDraftQuery,
  type SettlementInput,
  type SettlementPayLine,
} from '@tms/contracts';
import { dayFromText, dayToText, resourceTexts, textOrNull } from '@tms/ui';
import type { Dayjs } from 'dayjs';

/** What Driver Settlements and its dialog say: spec 2.11 and 8, word for word. */
export const settlementTexts = resourceTexts({ one: 'settlement', many: 'settlements', title: 'Settlement' }, 'create', {
  searchPlaceholder: 'Search by settlement number or driver...',
  createDescription: 'Create a new driver settlement',
  editDescription: 'Update settlement information',
  savingSubmit: 'Saving...',
  createFailed: 'Failed to create settlement.',
  updateFailed: 'Failed to update settlement.',
  created: ['Settlement created', 'Settlement has been successfully created.'],
  updated: ['Settlement updated', 'Settlement has been successfully updated.'],
  deleted: ['Settlement deleted'],
});

export interface SettlementFormValues {
  driverId: string | undefined;
  settlementNumber: string;
  periodStart: Dayjs | null;
  periodEnd: Dayjs | null;
  totalMiles: number | null;
  totalRevenue: string | null;
  driverPay: string | null;
  deductions: string | null;
  /** Read-only: driver pay - deductions. */
  netPay: string;
  status: string;
  paidDate: Dayjs | null;
  paymentMethod: string | undefined;
  notes: string;
  /** The loads the settlement pays: kept as they are when editing, set by 'Fill from loads' when creating. */
  loadIds: string[] | undefined;
  /** Issue 48: the driver's deductions (cash advances) it subtracts: kept when editing, set by 'Fill from loads'. */
  deductionIds: string[] | undefined;
}

/** The dialog's starting values: the settlement being edited; or a Pending one numbered SETTLE-YYYYMMDD-NNNN. */
export function settlementFormValues(settlement: Settlement | null, now: Date = new Date()): SettlementFormValues {
  return {
    driverId: settlement?.driverId ?? undefined,
    settlementNumber: settlement?.settlementNumber ?? generatedSettlementNumber(now),
    periodStart: dayFromText(settlement?.periodStart),
    periodEnd: dayFromText(settlement?.periodEnd),
    totalMiles: settlement?.totalMiles ?? null,
    totalRevenue: settlement?.totalRevenue ?? null,
    driverPay: settlement?.driverPay ?? null,
    deductions: settlement?.deductions ?? '0',
    netPay: settlement?.netPay ?? '',
    status: settlement?.status ?? DEFAULT_SETTLEMENT_STATUS,
    paidDate: dayFromText(settlement?.paidDate),
    paymentMethod: settlement?.paymentMethod ?? undefined,
    notes: settlement?.notes ?? '',
    loadIds: settlement?.loadIds,
    deductionIds: settlement?.deductionIds,
  };
}

/** Spec 5: net pay, always driver pay - deductions to 2 decimals ('' while either is not an amount). */
export const netPayOf = (values: Pick<SettlementFormValues, 'driverPay' | 'deductions'>) => settlementNetPay(values.driverPay, values.deductions) ?? '';

/**
 * Spec 7's body: empty optionals as null (the dialog leaves them out of a create's body, spec 5), the paid date only
 * while the status is Paid.
 */
export function settlementPayload(values: SettlementFormValues): SettlementInput {
  return {
    driverId: values.driverId ?? '',
    settlementNumber: values.settlementNumber ?? '',
    periodStart: dayToText(values.periodStart) ?? '',
    periodEnd: dayToText(values.periodEnd) ?? '',
    totalMiles: values.totalMiles ?? null,
    totalRevenue: values.totalRevenue ?? '',
    driverPay: values.driverPay ?? '',
    deductions: textOrNull(values.deductions),
    netPay: netPayOf(values),
    status: values.status as SettlementInput['status'],
    paidDate: values.status === PAID_SETTLEMENT_STATUS ? dayToText(values.paidDate) : null,
    paymentMethod: (values.paymentMethod || null) as SettlementInput['paymentMethod'],
    notes: textOrNull(values.notes),
    loadIds: values.loadIds,
    deductionIds: values.deductionIds,
  };
}

/** What 'Fill from loads' asks for: once a driver and a whole period are chosen, else undefined. */
export function settlementDraftRequest(values: Pick<SettlementFormValues, 'driverId' | 'periodStart' | 'periodEnd'>): SettlementDraftQuery | undefined {
  const [periodStart, periodEnd] = [dayToText(values.periodStart), dayToText(values.periodEnd)];
  return values.driverId && periodStart && periodEnd ? { driverId: values.driverId, periodStart, periodEnd } : undefined;
}

/**
 * 'Fill from loads': the spec's figures from the loads (miles, revenue, driver pay) and the loads it pays. Deductions
 * stay as typed, unless the driver owes cash advances (issue 48): then they are the advances' sum, and the settlement
 * subtracts those advances; net pay is driver pay minus the deductions (spec 5), as always.
 */
export function withSettlementDraft(values: Pick<SettlementFormValues, 'deductions'>, draft: SettlementDraft): Partial<SettlementFormValues> {
  const deductions = draft.deductionLines.length ? draft.deductions : values.deductions;
  return {
    totalMiles: draft.totalMiles,
    totalRevenue: draft.totalRevenue,
    driverPay: draft.driverPay,
    ...(draft.deductionLines.length ? { deductions } : {}),
    netPay: netPayOf({ driverPay: draft.driverPay, deductions }),
    loadIds: draft.loads.map((load) => load.loadId),
    deductionIds: draft.deductionLines.map((line) => line.deductionId),
  };
}

/** Issue 26's additions to the dialog: its button, the loads' table and the warnings. */
export const SETTLEMENT_FILL_TEXTS = {
  fill: 'Fill from loads',
  hint: 'Choose a driver and a period to fill the settlement from their delivered loads.',
  none: 'No delivered loads of this driver in this period are left to settle.',
  failed: 'Failed to fill from loads.',
  missingMiles: (loadNumbers: readonly string[]) =>
    `No loaded miles on ${loadNumbers.join(', ')}: per-mile pay counts none for ${loadNumbers.length === 1 ? 'it' : 'them'} until the miles are entered on the load.`,
} as const;

/** Issue 43: a line of the draft's driver pay: what it is for, and its amount. */
export type DraftPayLine = SettlementPayLine;

/** Issue 43: the draft's driver pay, each part its own line (contracts' settlementPayLines, as the statement prints them). */
export const draftPayLines = (draft: SettlementDraft): DraftPayLine[] => settlementPayLines(draft, draft.loads, draft);

/** Issue 48: the deductions the draft subtracts (cash advances), each its own line, as negative amounts. */
export function draftDeductionLines(draft: SettlementDraft): DraftPayLine[] {
  return draft.deductionLines.map((line) => ({ key: line.deductionId, label: `Deduction ${line.deductionDate}: ${line.description}`, amount: `-${line.amount}` }));
}

/** The row menu's driver statement, and what a failure says. */
export const SETTLEMENT_STATEMENT_TEXTS = { download: 'Download Statement', failed: 'Failed to download statement.' } as const;
