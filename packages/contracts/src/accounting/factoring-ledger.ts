import { centsToMoney, parseCents } from '../money.js';
import { divideRounded, toUnits } from '../reports/fixed-point.js';

/**
 * Issue 45, point 5: what a factor's purchase and the debtor's payment put in the ledger, exact to the cent (BigInt
 * cents; a percent is hundredths of a percent). The carrier's view of one invoice sold to a factor:
 *
 *   purchase    advance = face × advance percent, fee = face × fee percent (each rounded half up to the cent),
 *               reserve = face - advance (held by the factor until the debtor pays)
 *   payment     the debtor pays P of the face F: short pay S = F - P, reserve released = reserve - fee - S
 *               (negative: the short pay passed the reserve, and the carrier owes the factor the rest)
 *   charge-back not paid within the recourse days: the carrier owes the advance back (chargeBack = advance), the
 *               reserve comes back less the fee (reserveReleased = reserve - fee), and the invoice is the carrier's
 *               receivable again with its full balance due
 *
 * So, per invoice once settled: reserve = fee + shortPay + reserveReleased, and advance + reserve = face.
 */
export const LEDGER_ENTRY_KINDS = ['advance', 'fee', 'reserve', 'reserveReleased', 'shortPay', 'chargeBack'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];
export const LEDGER_ENTRY_LABELS: Record<LedgerEntryKind, string> = {
  advance: 'Advance',
  fee: 'Fee',
  reserve: 'Reserve',
  reserveReleased: 'Reserve released',
  shortPay: 'Short pay',
  chargeBack: 'Charge-back',
};

const centsOf = (amount: string) => {
  const cents = parseCents(amount);
  if (cents === undefined) throw new RangeError(`Not an amount of money: ${JSON.stringify(amount)}`);
  return cents;
};

/** face × percent ('97.00': hundredths of a percent), rounded half up to the cent. */
export function percentOf(face: string, percent: string): string {
  return centsToMoney(divideRounded(centsOf(face) * toUnits(percent, 2), 10_000n));
}

export interface PurchaseEntries {
  advance: string;
  fee: string;
  reserve: string;
}

/** The entries of a purchase of an invoice of `face` (see above). */
export function purchaseEntries(face: string, advancePercent: string, feePercent: string): PurchaseEntries {
  const advance = percentOf(face, advancePercent);
  return { advance, fee: percentOf(face, feePercent), reserve: centsToMoney(centsOf(face) - centsOf(advance)) };
}

export interface PaymentEntries {
  shortPay: string;
  reserveReleased: string;
}

/** What the debtor's payment of `paid` of `face` releases of a purchase's reserve, less its fee and any short pay. */
export function paymentEntries(face: string, paid: string, { reserve, fee }: Pick<PurchaseEntries, 'reserve' | 'fee'>): PaymentEntries {
  const shortPay = centsOf(face) - centsOf(paid);
  if (shortPay < 0n) throw new RangeError(`The debtor paid ${paid}, more than the face of ${face}`);
  return { shortPay: centsToMoney(shortPay), reserveReleased: centsToMoney(centsOf(reserve) - centsOf(fee) - shortPay) };
}

export interface ChargeBackEntries {
  chargeBack: string;
  reserveReleased: string;
}

/** A charge-back after the recourse days: the advance owed back, the reserve back less the fee. */
export function chargeBackEntries({ advance, reserve, fee }: PurchaseEntries): ChargeBackEntries {
  return { chargeBack: advance, reserveReleased: centsToMoney(centsOf(reserve) - centsOf(fee)) };
}

/** The ledger's balances (GET /api/factoring/ledger, the Overview's figures). */
export interface LedgerBalances {
  /** Every advance received. */
  advanced: string;
  /** Every fee charged. */
  fees: string;
  /** The reserves of invoices the debtor has not paid yet (and not charged back). */
  reserveHeld: string;
  /** Advances charged back, and what short pays took past a reserve. */
  owedBack: string;
}

export interface LedgerEntryAmount {
  invoiceId: string;
  kind: LedgerEntryKind;
  amount: string;
}

/** The balances of a ledger's entries: an invoice's reserve is held until its payment or charge-back settles it. */
export function ledgerBalances(entries: readonly LedgerEntryAmount[]): LedgerBalances {
  const sums = Object.fromEntries(LEDGER_ENTRY_KINDS.map((kind) => [kind, 0n])) as Record<LedgerEntryKind, bigint>;
  const reserves = new Map<string, bigint>();
  const settled = new Set<string>();
  let owedBack = 0n;
  for (const { invoiceId, kind, amount } of entries) {
    const cents = centsOf(amount);
    sums[kind] += cents;
    if (kind === 'reserve') reserves.set(invoiceId, (reserves.get(invoiceId) ?? 0n) + cents);
    if (kind === 'reserveReleased') {
      settled.add(invoiceId);
      if (cents < 0n) owedBack -= cents;
    }
    if (kind === 'chargeBack') owedBack += cents;
  }
  let held = 0n;
  for (const [invoiceId, reserve] of reserves) if (!settled.has(invoiceId)) held += reserve;
  return { advanced: centsToMoney(sums.advance), fees: centsToMoney(sums.fee), reserveHeld: centsToMoney(held), owedBack: centsToMoney(owedBack) };
}
