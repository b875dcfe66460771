import { centsToMoney, parseCents } from '../money.js';

/**
 * The figures accounting works out from amounts: exact, in BigInt cents, on the server and in the browser alike.
 * Each answers undefined when an amount is not money text (a half-typed field), so a form can leave its total empty.
 */
const cents = (amount: string | null | undefined) => (amount === null || amount === undefined || amount.trim() === '' ? undefined : parseCents(amount.trim()));

/** An empty optional amount counts as 0 (tax, deductions default to 0). */
const centsOrZero = (amount: string | null | undefined) =>
  amount === null || amount === undefined || amount.trim() === '' ? 0n : parseCents(amount.trim());

/** Spec 5: an invoice's total is subtotal plus tax, to 2 decimals. */
export function invoiceTotal(subtotal: string | null | undefined, tax: string | null | undefined): string | undefined {
  const [sub, taxed] = [cents(subtotal), centsOrZero(tax)];
  return sub === undefined || taxed === undefined ? undefined : centsToMoney(sub + taxed);
}

/** Spec 9: an invoice's balance is its total minus what has been paid, to 2 decimals. */
export function invoiceBalance(total: string, paidAmount: string | null | undefined): string {
  return centsToMoney((cents(total) ?? 0n) - (centsOrZero(paidAmount) ?? 0n));
}

/** Spec 5: a settlement's net pay is driver pay minus deductions, to 2 decimals. */
export function settlementNetPay(driverPay: string | null | undefined, deductions: string | null | undefined): string | undefined {
  const [pay, deducted] = [cents(driverPay), centsOrZero(deductions)];
  return pay === undefined || deducted === undefined ? undefined : centsToMoney(pay - deducted);
}

/** The difference of two amounts, exactly: 'a - b'. */
export function subtractMoney(a: string, b: string): string {
  return centsToMoney((cents(a) ?? 0n) - (cents(b) ?? 0n));
}

/**
 * Spec 9: the margin is profit over revenue in percent, to one decimal ('12.5'), and '0.0' with no revenue. Worked
 * out in BigInt and rounded half away from zero, so '1.05%' never becomes '1.0' through a float.
 */
export function marginPercent(profit: string, revenue: string): string {
  const [p, r] = [cents(profit) ?? 0n, cents(revenue) ?? 0n];
  if (r === 0n) return '0.0';
  // Tenths of a percent: profit / revenue * 1000, rounded.
  const negative = p < 0n !== r < 0n && p !== 0n;
  const [num, den] = [(p < 0n ? -p : p) * 1000n, r < 0n ? -r : r];
  const tenths = (num * 2n + den) / (den * 2n);
  const text = `${tenths / 10n}.${tenths % 10n}`;
  return negative && tenths !== 0n ? `-${text}` : text;
}
