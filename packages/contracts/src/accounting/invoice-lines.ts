import { z } from 'zod';
import { CHARGE_CODE_LABELS, CHARGE_CODES, CHARGE_UNIT_LABELS, CHARGE_UNITS, type Charge } from '../dispatch/charge.js';
import type { Load } from '../dispatch/load.js';
import { formatDollars, sumMoney } from '../money.js';

/**
 * Issue 43, point 4: what an invoice bills, line by line: the load's line haul (its `rate`), then each charge line
 * approved and billable, in the load's order. An invoice keeps its lines as they were when it was made (stored with
 * it), so a charge changed later never rewrites an invoice already sent.
 */
export const invoiceLineSchema = z.object({
  /** The charge line it was made from; null for the line haul (the load's rate). */
  chargeId: z.string().nullable(),
  code: z.enum(CHARGE_CODES),
  description: z.string(),
  quantity: z.string().describe("'N.NN'"),
  unit: z.enum(CHARGE_UNITS),
  rate: z.string().describe("'N.NN' dollars"),
  amount: z.string().describe("'N.NN' dollars"),
  stopId: z.string().nullable(),
  documentId: z.string().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** The dialog's warning for lines still requested: they are not billed until approved. */
export const chargesWaitingText = (count: number) => (count === 1 ? '1 charge waits for approval' : `${count} charges wait for approval`);

/** What of a load an invoice's lines are made of. */
export type InvoicedLoad = Pick<Load, 'loadNumber' | 'rate' | 'pickupLocation' | 'deliveryLocation'>;
export type InvoicedCharge = Pick<Charge, 'id' | 'code' | 'description' | 'quantity' | 'unit' | 'rate' | 'amount' | 'billable' | 'status' | 'stopId' | 'documentId'>;

/** The words a line prints: the line haul's own ('Freight charges, load ...'), else its code's label and what was typed or drafted on it. */
export const invoiceLineText = (line: Pick<InvoiceLine, 'chargeId' | 'code' | 'description'>) =>
  line.chargeId === null ? line.description : line.description ? `${CHARGE_CODE_LABELS[line.code]}: ${line.description}` : CHARGE_CODE_LABELS[line.code];

/** A line's quantity and rate as printed ('1.25 Hour x $40.00'); '' for a flat line of 1, whose amount says it all. */
export const invoiceLineQuantityText = (line: Pick<InvoiceLine, 'quantity' | 'unit' | 'rate'>) =>
  line.unit === 'flat' && line.quantity === '1.00' ? '' : `${line.quantity.replace(/\.00$/, '')} ${CHARGE_UNIT_LABELS[line.unit]} x ${formatDollars(line.rate)}`;

/**
 * The lines an invoice of `load` bills (the line haul, then each approved billable charge), their sum to the cent,
 * and how many billable lines still wait for approval (billed by none).
 */
export function invoiceLinesOf(load: InvoicedLoad, charges: readonly InvoicedCharge[]): { lines: InvoiceLine[]; subtotal: string; waitingForApproval: number } {
  const lineHaul: InvoiceLine = {
    chargeId: null,
    code: 'LINEHAUL',
    description: `Freight charges, load ${load.loadNumber}: ${load.pickupLocation} to ${load.deliveryLocation}`,
    quantity: '1.00',
    unit: 'flat',
    rate: load.rate,
    amount: load.rate,
    stopId: null,
    documentId: null,
  };
  const billed = charges.filter((charge) => charge.billable && charge.status === 'approved');
  const lines = [
    lineHaul,
    ...billed.map(({ id, code, description, quantity, unit, rate, amount, stopId, documentId }) => ({
      chargeId: id, code, description: description ?? '', quantity, unit, rate, amount, stopId: stopId ?? null, documentId: documentId ?? null,
    })),
  ];
  const waitingForApproval = charges.filter((charge) => charge.billable && charge.status === 'requested').length;
  return { lines, subtotal: sumMoney(lines.map((line) => line.amount)), waitingForApproval };
}
