import { z } from 'zod';
import { optionalText, requiredDate, requiredMoney, requiredReference, requiredText } from '../fields.js';

/**
 * Issue 48: what a driver owes back (a cash advance drawn on a fuel card), kept by svc-accounting until a settlement
 * subtracts it: the next settlement draft of that driver lists it and subtracts it, once (a settlement that is not
 * cancelled names it in `deductionIds`). A deduction imported from a statement keeps its line's key, so a statement
 * imported again changes nothing.
 */
export const DRIVER_DEDUCTIONS_RESOURCE = 'driver-deductions';
/** `{root}.accounting.driver-deductions.import-lines` (asked by svc-core's fuel import): DriverDeductionImportPayload → DriverDeductionImportAnswer. */
export const DRIVER_DEDUCTION_IMPORT_ACTION = 'import-lines';

export const DRIVER_DEDUCTION_MESSAGES = {
  driverId: 'Driver is required',
  driverNotFound: 'Driver not found',
  deductionDate: 'Date is required',
  description: 'Description is required',
  amount: 'Amount is required',
  duplicateImportKey: 'This line was imported already',
} as const;

export const driverDeductionInputSchema = z.object({
  driverId: requiredReference(DRIVER_DEDUCTION_MESSAGES.driverId, DRIVER_DEDUCTION_MESSAGES.driverNotFound),
  deductionDate: requiredDate(DRIVER_DEDUCTION_MESSAGES.deductionDate),
  description: requiredText(DRIVER_DEDUCTION_MESSAGES.description),
  amount: requiredMoney(DRIVER_DEDUCTION_MESSAGES.amount),
  /** The statement line's key it was imported from (layout, card's last four, invoice, item); none when typed. */
  importKey: optionalText,
});
export type DriverDeductionFields = z.output<typeof driverDeductionInputSchema>;

export interface DriverDeductionImportLine {
  key: string;
  driverId: string;
  deductionDate: string;
  description: string;
  amount: string;
}
export interface DriverDeductionImportPayload {
  dryRun: boolean;
  lines: DriverDeductionImportLine[];
}
/** The keys imported before (left as they are), and how many were created. */
export interface DriverDeductionImportAnswer {
  existing: string[];
  created: number;
}

/** A deduction as a settlement draft lists it. */
export const settlementDeductionSchema = z.object({
  deductionId: z.string(),
  deductionDate: z.string(),
  description: z.string(),
  amount: z.string(),
});
export type SettlementDeduction = z.infer<typeof settlementDeductionSchema>;
