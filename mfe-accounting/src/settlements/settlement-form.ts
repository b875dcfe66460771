import {
  DEFAULT_SETTLEMENT_STATUS,
  generatedSettlementNumber,
  PAID_SETTLEMENT_STATUS,
  settlementNetPay,
  type Settlement,
  type SettlementInput,
} from '@tms/contracts';
import { dayFromText, dayToText, textOrNull, type ResourceTexts } from '@tms/ui';
import type { Dayjs } from 'dayjs';

/** What Driver Settlements and its dialog say: spec 2.11 and 8, word for word. */
export const settlementTexts: ResourceTexts = {
  addButton: 'Create Settlement',
  searchPlaceholder: 'Search by settlement number or driver...',
  empty: 'No settlements found',
  emptyHint: 'Get started by creating your first settlement',
  createTitle: 'Create Settlement',
  editTitle: 'Edit Settlement',
  createDescription: 'Create a new driver settlement',
  editDescription: 'Update settlement information',
  createSubmit: 'Create Settlement',
  updateSubmit: 'Update Settlement',
  savingSubmit: 'Saving...',
  createFailed: 'Failed to create settlement.',
  updateFailed: 'Failed to update settlement.',
  deleteConfirm: 'Are you sure you want to delete this settlement?',
  deleteFailed: 'Failed to delete settlement. Please try again.',
  created: ['Settlement created', 'Settlement has been successfully created.'],
  updated: ['Settlement updated', 'Settlement has been successfully updated.'],
  deleted: ['Settlement deleted'],
};

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
  };
}
