import { z } from 'zod';
import { optionalHundredths, optionalInteger, optionalMoney, requiredHundredths, requiredInteger, requiredMoney } from '../fields.js';

/**
 * What the carrier charges beyond the rate, and how (issue 43): the company's terms (Settings), which a customer may
 * override field by field (its dialog's optional fields; empty is the company's). svc-core keeps both: it drafts
 * detention and stop-off lines from them, beside the stops it owns.
 *
 *   GET /api/charge-terms               the company's terms (the defaults until saved)
 *   PUT /api/charge-terms               the whole of them, audited as `charge-terms`
 *   GET /api/loads/{id}/charge-terms    the terms that apply to a load: its customer's, else the company's
 */
export const CHARGE_TERMS_RESOURCE = 'charge-terms';
export const CHARGE_TERMS_PATH = 'charge-terms';

/** Free and capped hours have at most 2 whole digits (99.99 h). */
const HOURS_DIGITS = 2;
export const BILLING_INCREMENT_RANGE = { min: 1, max: 240 };

export const CHARGE_TERMS_MESSAGES = {
  detentionFreeHours: 'Detention free hours are required',
  hours: 'Enter hours like 2 or 1.5 (at most 2 decimals, up to 99.99)',
  detentionRatePerHour: 'Detention rate per hour is required',
  billingIncrementMinutes: 'Billing increment is required',
  billingIncrementFormat: `Billing increment must be a whole number of minutes from ${BILLING_INCREMENT_RANGE.min} to ${BILLING_INCREMENT_RANGE.max}`,
} as const;

/** The field labels, as the Settings card and the customer dialog show them. */
export const CHARGE_TERMS_LABELS = {
  detentionFreeHours: 'Detention free hours',
  detentionRatePerHour: 'Detention rate per hour',
  detentionCapHours: 'Detention cap (hours)',
  billingIncrementMinutes: 'Billing increment (minutes)',
  layoverPerDay: 'Layover per day',
  tonuFlat: 'TONU (flat)',
  stopOffPerStop: 'Stop-off per extra stop',
  fuelSurchargePerMile: 'Fuel surcharge per mile',
} as const;
export type ChargeTermField = keyof typeof CHARGE_TERMS_LABELS;
export const CHARGE_TERM_FIELDS = Object.keys(CHARGE_TERMS_LABELS) as ChargeTermField[];

/** The company's terms: PUT /api/charge-terms takes them whole. A cap left empty is no cap. */
export const chargeTermsSchema = z.object({
  detentionFreeHours: requiredHundredths(CHARGE_TERMS_MESSAGES.detentionFreeHours, CHARGE_TERMS_MESSAGES.hours, HOURS_DIGITS),
  detentionRatePerHour: requiredMoney(CHARGE_TERMS_MESSAGES.detentionRatePerHour),
  detentionCapHours: optionalHundredths(CHARGE_TERMS_MESSAGES.hours, HOURS_DIGITS),
  billingIncrementMinutes: requiredInteger(CHARGE_TERMS_MESSAGES.billingIncrementMinutes, CHARGE_TERMS_MESSAGES.billingIncrementFormat, BILLING_INCREMENT_RANGE),
  layoverPerDay: optionalMoney,
  tonuFlat: optionalMoney,
  stopOffPerStop: optionalMoney,
  fuelSurchargePerMile: optionalMoney,
});
export type ChargeTermsInput = z.input<typeof chargeTermsSchema>;
export type ChargeTerms = z.output<typeof chargeTermsSchema>;

/** The defaults: 2 free hours, then 40.00 an hour, at most 5 hours, billed by the quarter hour. */
export const DEFAULT_CHARGE_TERMS: ChargeTerms = {
  detentionFreeHours: '2.00',
  detentionRatePerHour: '40.00',
  detentionCapHours: '5.00',
  billingIncrementMinutes: 15,
  layoverPerDay: null,
  tonuFlat: null,
  stopOffPerStop: null,
  fuelSurchargePerMile: null,
};

/** A customer's own terms: each field optional, empty (null) is the company's. Spread into the customer's schema. */
export const customerChargeTermsFields = {
  detentionFreeHours: optionalHundredths(CHARGE_TERMS_MESSAGES.hours, HOURS_DIGITS),
  detentionRatePerHour: optionalMoney,
  detentionCapHours: optionalHundredths(CHARGE_TERMS_MESSAGES.hours, HOURS_DIGITS),
  billingIncrementMinutes: optionalInteger(CHARGE_TERMS_MESSAGES.billingIncrementFormat, BILLING_INCREMENT_RANGE),
  layoverPerDay: optionalMoney,
  tonuFlat: optionalMoney,
  stopOffPerStop: optionalMoney,
  fuelSurchargePerMile: optionalMoney,
};
export type CustomerChargeTerms = { [Field in ChargeTermField]: ChargeTerms[Field] | null };

/** The terms that apply to a load, and whose each field is. */
export const loadChargeTermsSchema = chargeTermsSchema.extend({
  from: z.record(z.enum(CHARGE_TERM_FIELDS as [ChargeTermField, ...ChargeTermField[]]), z.enum(['company', 'customer'])).describe("Each field's source: the customer's own, or the company's"),
  customerName: z.string().nullable(),
});
export type LoadChargeTerms = ChargeTerms & { from: Record<ChargeTermField, 'company' | 'customer'>; customerName: string | null };

/** The customer's terms where it has them, else the company's. */
export function termsThatApply(company: ChargeTerms, customer: Partial<CustomerChargeTerms> | null | undefined, customerName: string | null = null): LoadChargeTerms {
  const terms = { ...company } as Record<ChargeTermField, unknown>;
  const from = {} as Record<ChargeTermField, 'company' | 'customer'>;
  for (const field of CHARGE_TERM_FIELDS) {
    const own = customer?.[field];
    from[field] = own === null || own === undefined ? 'company' : 'customer';
    if (from[field] === 'customer') terms[field] = own;
  }
  return { ...(terms as ChargeTerms), from, customerName };
}
