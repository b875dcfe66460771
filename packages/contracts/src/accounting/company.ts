import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  FIELD_MESSAGES,
  fieldJsonSchemaOf,
  optionalFreeText,
  optionalInteger,
  optionalText,
  orNull,
  requiredFreeText,
  requiredText,
  trimmedOrEmpty,
  withFieldJsonSchema,
  type IntegerRange,
} from '../fields.js';
import { SHARED_MESSAGES } from '../messages.js';

/**
 * The carrier's own profile (issue 26), one record kept by svc-accounting: what its invoices and statements print.
 *
 *   GET /api/company   the profile (DEFAULT_COMPANY_PROFILE until one is saved)
 *   PUT /api/company   the whole profile; remitTo left empty is the address
 */
export const COMPANY_RESOURCE = 'company';
/** svc-accounting's actions on `{root}.accounting.company.{action}`. */
export const COMPANY_ACTIONS = ['get', 'put'] as const;

export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
/** Net 0 (due on receipt) to a year. */
export const PAYMENT_TERMS_RANGE: IntegerRange = { min: 0, max: 365 };

export const COMPANY_MESSAGES = {
  name: 'Company name is required',
  address: 'Address is required',
  email: SHARED_MESSAGES.email,
  mcNumber: 'MC number must be digits, like MC-123456',
  dotNumber: 'USDOT number must be 1 to 8 digits',
  paymentTermsDays: 'Payment terms must be a whole number of days',
} as const;

/** Optional text kept as '' rather than null: the profile (and the factor, issue 45) always answers every field as text. */
export const blankable = <T extends z.ZodType<string | null>>(text: T) => {
  const { input, output } = fieldJsonSchemaOf(text)!;
  const given = (output as { anyOf: Record<string, unknown>[] }).anyOf[0];
  return withFieldJsonSchema(text.transform((value) => value ?? ''), { input, output: { anyOf: [given, { const: '' }] } });
};

/** Text of one form, or empty or null (kept as ''), for the API document: `content` is its pattern. */
const blankableJsonSchema = (content: string) => ({
  input: orNull({ type: 'string', pattern: trimmedOrEmpty(content) }),
  output: { type: 'string', pattern: `^(?:${content})?$` },
});

/** An optional e-mail address kept as '' rather than null. */
export const blankableEmail = (message: string) =>
  withFieldJsonSchema(
    z
      .string({ error: message })
      .trim()
      .max(EMAIL_MAX_LENGTH, FIELD_MESSAGES.tooLong(EMAIL_MAX_LENGTH))
      .nullish()
      .transform((value) => value ?? '')
      .refine((value) => value === '' || z.email().safeParse(value).success, message),
    blankableJsonSchema(EMAIL_PATTERN),
  );

/** An FMCSA docket number: digits, optionally after 'MC' ('MC-123456', 'MC 123456', '123456'). */
const MC_NUMBER_PATTERN = '(?:[Mm][Cc][- ]?)?\\d{1,8}';
const MC_NUMBER = new RegExp(`^${MC_NUMBER_PATTERN}$`);
/** An optional MC number ('MC-123456', '123456') kept as '' rather than null: the company's, a customer's (issue 47). */
export const blankableMcNumber = (message: string) =>
  withFieldJsonSchema(
    blankable(optionalText).refine((value) => value === '' || MC_NUMBER.test(value), message),
    blankableJsonSchema(MC_NUMBER_PATTERN),
  );
const DOT_NUMBER_PATTERN = '\\d{1,8}';
const DOT_NUMBER = new RegExp(`^${DOT_NUMBER_PATTERN}$`);

export const companyProfileSchema = z.object({
  name: requiredText(COMPANY_MESSAGES.name),
  address: requiredFreeText(COMPANY_MESSAGES.address),
  phone: blankable(optionalText),
  email: blankableEmail(COMPANY_MESSAGES.email),
  mcNumber: blankableMcNumber(COMPANY_MESSAGES.mcNumber),
  dotNumber: withFieldJsonSchema(
    blankable(optionalText).refine((value) => value === '' || DOT_NUMBER.test(value), COMPANY_MESSAGES.dotNumber),
    blankableJsonSchema(DOT_NUMBER_PATTERN),
  ),
  /** Where customers send payment; left empty, the address. */
  remitTo: blankable(optionalFreeText),
  paymentTermsDays: optionalInteger(COMPANY_MESSAGES.paymentTermsDays, PAYMENT_TERMS_RANGE).transform((days) => days ?? DEFAULT_PAYMENT_TERMS_DAYS),
  /** Printed at the foot of every invoice. */
  invoiceNotes: blankable(optionalFreeText),
  /** Issue 44: whether the driver app shows a load's rate and the driver's pay; off unless set. */
  showPayToDrivers: z.boolean({ error: 'Show pay to drivers must be on or off' }).optional().transform((value) => value ?? false),
});
export type CompanyProfileInput = z.input<typeof companyProfileSchema>;
export type CompanyProfile = z.output<typeof companyProfileSchema>;

/** What GET /api/company answers before a profile is saved. */
export const DEFAULT_COMPANY_PROFILE: CompanyProfile = {
  name: '',
  address: '',
  phone: '',
  email: '',
  mcNumber: '',
  dotNumber: '',
  remitTo: '',
  paymentTermsDays: DEFAULT_PAYMENT_TERMS_DAYS,
  invoiceNotes: '',
  showPayToDrivers: false,
};
