import { z } from 'zod';
import { MONEY_RANGE, optionalHundredths, optionalMoney } from '../fields.js';
import { centsToMoney, parseCents } from '../money.js';
import type { FieldIssues } from '../rpc.js';
import { optionalChoice } from './choices.js';

/**
 * A driver's pay rule (issue 26): a percent of each load's rate, dollars per loaded mile, or a flat amount per load.
 * The rate travels as text, like money, and pay is worked out in BigInt: never a float between a rate and a cent.
 */
export const PAY_TYPES = ['percent', 'perMile', 'perLoad'] as const;
export type PayType = (typeof PAY_TYPES)[number];
export const PAY_TYPE_LABELS: Record<PayType, string> = {
  percent: 'Percent of Rate',
  perMile: 'Per Mile',
  perLoad: 'Per Load',
};
/** Decimals a pay rate may have, by type: '28.00' (%), '0.655' ($/mile), '350.00' ($/load). */
export const PAY_RATE_DECIMALS: Record<PayType, number> = { percent: 2, perMile: 3, perLoad: 2 };
/** The largest rate of each type. */
export const PAY_RATE_MAX: Record<PayType, string> = { percent: '100.00', perMile: '99.999', perLoad: MONEY_RANGE.max };

export const PAY_MESSAGES = {
  payType: 'Choose a pay type from the list',
  payRate: 'Enter a pay rate like 28.00, 0.655 or 350.00',
  payRateRequired: 'Pay rate is required with a pay type',
  payTypeRequired: 'Choose a pay type for this pay rate',
  detentionSharePercent: 'Enter a percent like 50 or 12.5 (at most 2 decimals, from 0 to 100)',
  payRateFormat: {
    percent: 'A percent has at most 2 decimals, from 0 to 100.00',
    perMile: 'Dollars per mile have at most 3 decimals, from 0 to 99.999',
    perLoad: `Dollars per load have at most 2 decimals, from 0 to ${MONEY_RANGE.max}`,
  } satisfies Record<PayType, string>,
} as const;

/** Digits with up to 3 decimals ('28', '0.655', '.655'), at least one digit. */
const RATE_TEXT = /^(?=\.?\d)(\d{0,8})(?:\.(\d{1,3}))?$/;

export const optionalPayType = optionalChoice(PAY_TYPES, PAY_MESSAGES.payType);
/** A rate's text; its decimals and range are the pay type's (payRuleIssues). */
export const optionalPayRate = z
  .string({ error: PAY_MESSAGES.payRate })
  .trim()
  .max(16, PAY_MESSAGES.payRate)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || RATE_TEXT.test(value), PAY_MESSAGES.payRate);

/** Issue 43: dollars for each stop of a load beyond its first pickup and its last delivery; empty is none. */
export const optionalPerStopPay = optionalMoney;
/** Issue 43: the driver's percent of the detention billed and approved on a load; empty is none. */
export const optionalDetentionSharePercent = optionalHundredths(PAY_MESSAGES.detentionSharePercent, 3).refine(
  (value) => value === null || parseCents(value)! <= 10000n,
  PAY_MESSAGES.detentionSharePercent,
);

export interface PayRule {
  payType: PayType | null;
  payRate: string | null;
  /** Issue 43: per extra stop ('25.00'), and the percent of approved detention ('50.00'); null or left out: none. */
  perStopPay?: string | null;
  detentionSharePercent?: string | null;
}

/** A rate in units of its type's last decimal (28.5% → 2850), or undefined when it has more decimals or is too large. */
function scaledRate(payType: PayType, payRate: string): bigint | undefined {
  const [, whole, fraction = ''] = RATE_TEXT.exec(payRate) ?? [];
  const decimals = PAY_RATE_DECIMALS[payType];
  if (whole === undefined || fraction.length > decimals) return undefined;
  const scaled = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0'));
  return scaled > maxScaledRate(payType) ? undefined : scaled;
}

const maxScaledRate = (payType: PayType) => {
  const [whole, fraction] = PAY_RATE_MAX[payType].split('.');
  return BigInt(whole) * 10n ** BigInt(fraction.length) + BigInt(fraction);
};

/** The rate as it is kept: its type's decimals ('28' → '28.00', '.655' per mile → '0.655'). */
export function normalizedPayRate(payType: PayType, payRate: string): string | undefined {
  const scaled = scaledRate(payType, payRate);
  if (scaled === undefined) return undefined;
  const decimals = PAY_RATE_DECIMALS[payType];
  const unit = 10n ** BigInt(decimals);
  return `${scaled / unit}.${String(scaled % unit).padStart(decimals, '0')}`;
}

/** What is wrong with a rule as a whole (a type without a rate, a rate its type does not take), by field. */
export function payRuleIssues({ payType, payRate }: PayRule): FieldIssues | undefined {
  if (payType && !payRate) return { payRate: [PAY_MESSAGES.payRateRequired] };
  if (!payType && payRate) return { payType: [PAY_MESSAGES.payTypeRequired] };
  if (payType && payRate && normalizedPayRate(payType, payRate) === undefined) return { payRate: [PAY_MESSAGES.payRateFormat[payType]] };
  return undefined;
}

/** a / b rounded half up (both not negative). */
const roundedHalfUp = (a: bigint, b: bigint) => (a * 2n + b) / (b * 2n);

/**
 * A load's pay under a rule, rounded half up to the cent: percent of the rate, rate × loaded miles, or the flat rate.
 * '0.00' when there is no rule, or per mile when the load has no miles (the draft names those loads).
 */
export function loadPay(rule: PayRule, rate: string, miles: number | null): string {
  const { payType, payRate } = rule;
  const scaled = payType && payRate ? scaledRate(payType, payRate) : undefined;
  if (!payType || scaled === undefined) return '0.00';
  switch (payType) {
    case 'percent':
      // cents × hundredths of a percent / 10,000
      return centsToMoney(roundedHalfUp(parseCents(rate)! * scaled, 10000n));
    case 'perMile':
      // miles × thousandths of a dollar / 10 = cents
      return miles === null ? '0.00' : centsToMoney(roundedHalfUp(BigInt(miles) * scaled, 10n));
    case 'perLoad':
      return centsToMoney(scaled);
  }
}

/** Issue 43: the stops of a load paid as extra: each beyond its first pickup and its last delivery. */
export const extraStopsOf = (stopCount: number) => Math.max(0, stopCount - 2);

/** Issue 43: pay for a load's extra stops: their count × the rule's per-stop pay ('0.00' without one). */
export function stopPay(rule: Pick<PayRule, 'perStopPay'>, stopCount: number): string {
  const cents = rule.perStopPay ? parseCents(rule.perStopPay) : undefined;
  return cents === undefined ? '0.00' : centsToMoney(cents * BigInt(extraStopsOf(stopCount)));
}

/**
 * Issue 43: the driver's share of a load's detention (the amounts of its detention lines billed and approved): the
 * rule's percent of their sum, rounded half up to the cent ('0.00' without one).
 */
export function detentionShare(rule: Pick<PayRule, 'detentionSharePercent'>, detentionAmounts: readonly string[]): string {
  const hundredths = rule.detentionSharePercent ? parseCents(rule.detentionSharePercent) : undefined;
  if (hundredths === undefined) return '0.00';
  const cents = detentionAmounts.reduce((sum, amount) => sum + parseCents(amount)!, 0n);
  // cents × hundredths of a percent / 10,000
  return centsToMoney(roundedHalfUp(cents * hundredths, 10000n));
}
