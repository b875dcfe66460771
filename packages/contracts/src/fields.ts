import { z } from 'zod';
import { centsToMoney, parseCents } from './money.js';

// In a browser zod must not compile its parsers with eval (`new Function`): the app's Content-Security-Policy refuses
// it and reports a violation. Every schema is built from these builders, so this runs before the first one exists.
if (typeof document !== 'undefined') z.config({ jitless: true });

/**
 * Building blocks for the entity schemas: forms send text, services store typed values. Every builder has limits,
 * so that no input can reach Postgres in a form it refuses (NUL, out-of-range numbers and dates) or in a size that
 * breaks an index or the list that carries the record.
 */

export interface IntegerRange {
  min: number;
  max: number;
}

/** Names, numbers, plates, phones: short enough that a unique index (btree rows ≤ ~2700 bytes) always takes it. */
export const SHORT_TEXT_MAX_LENGTH = 200;
/** Notes and descriptions. */
export const FREE_TEXT_MAX_LENGTH = 2000;
/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
/** Postgres `integer`. */
export const INT4_RANGE: IntegerRange = { min: -2147483648, max: 2147483647 };
/** Days a record may carry: Postgres has no year 0, and no business date lies beyond these. */
export const DATE_RANGE = { min: '1900-01-01', max: '2999-12-31' } as const;
/** Amounts of money: what Postgres numeric(10,2) holds, and no negative rate, cost or expense. */
export const MONEY_RANGE = { min: '0.00', max: '99999999.99' } as const;

/** The messages of the limits, shown under the field like the spec's own. */
export const FIELD_MESSAGES = {
  tooLong: (maxLength: number) => `Must be at most ${maxLength} characters`,
  controlCharacters: 'Must not contain control characters',
  lineBreak: 'Must be on one line',
  invalidCharacters: 'Must not contain invalid characters',
  outOfRange: (min: number | string, max: number | string) => `Must be between ${min} and ${max}`,
  negative: 'Must not be negative',
  /** An amount that moves money (a payment, an expense): nothing or less moves none. */
  notPositive: 'Must be more than 0.00',
  invalidDate: 'Enter a valid date',
  invalidMoney: 'Enter an amount like 1234.50',
} as const;

/**
 * What a builder takes and gives, as JSON Schema (the API document's, GET /api/openapi.json): its text as it may be
 * sent (`input`: patterns that say everything the parser checks, surrounding white space included, since it trims)
 * and as an answer gives it (`output`). zod can say neither of a check made in a transform (a real calendar day, an
 * amount within range), so each builder says it here, once; svc-gateway/src/openapi/field-schemas.spec.ts holds
 * every pattern to its parser.
 */
export interface FieldJsonSchema {
  input: Record<string, unknown>;
  output: Record<string, unknown>;
}

/** The metadata key under which a builder's schema carries its FieldJsonSchema (z.globalRegistry). */
export const FIELD_JSON_SCHEMA = 'fieldJsonSchema';

/** The FieldJsonSchema a schema carries, if it is one of these builders'. */
export const fieldJsonSchemaOf = (schema: z.core.$ZodType): FieldJsonSchema | undefined =>
  z.globalRegistry.get(schema)?.[FIELD_JSON_SCHEMA] as FieldJsonSchema | undefined;

/** `schema`, saying its FieldJsonSchema: for a field whose checks zod cannot put into JSON Schema (a transform's, a refinement's). */
export const withFieldJsonSchema = <T extends z.ZodType>(schema: T, jsonSchema: FieldJsonSchema): T => schema.meta({ [FIELD_JSON_SCHEMA]: jsonSchema });
const described = withFieldJsonSchema;

/** Text that the parser trims: `content` with any white space (JavaScript's \s, which is what trim() removes) around. */
export const trimmed = (content: string) => `^\\s*${content}\\s*$`;
/** As `trimmed`, and empty or white space only (the optional builders' null). */
export const trimmedOrEmpty = (content: string) => `^\\s*(?:${content})?\\s*$`;
export const orNull = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });

/** A real calendar day from 1900-01-01 to 2999-12-31 (DATE_RANGE), leap days included: what calendarDayOf takes. */
const CALENDAR_DAY =
  '(?:(?:19|2\\d)\\d\\d-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)' +
  '|(?:(?:19|2\\d)(?:0[48]|[2468][048]|[13579][26])|(?:20|24|28)00)-02-29)';
/** A day, or an ISO timestamp cut to its day (forms may hold either). */
const DAY_TEXT_PATTERN = `${CALENDAR_DAY}(?:T[\\d:.]+(?:Z|[+-]\\d{2}:?\\d{2})?)?`;
/** An amount within MONEY_RANGE with at most two decimals, at most 32 characters ('-0' is 0.00): moneyOf. */
const MONEY_TEXT_PATTERN = '(?=\\S{1,32}\\s*$)(?:(?=\\.?\\d)0*\\d{0,8}(?:\\.\\d{0,2})?|-(?=\\.?\\d)0*(?:\\.0{0,2})?)';
/** As MONEY_TEXT_PATTERN, more than 0.00. */
const AMOUNT_TEXT_PATTERN = '(?=\\S{1,32}\\s*$)(?=[\\d.]*[1-9])(?=\\.?\\d)0*\\d{0,8}(?:\\.\\d{0,2})?';
/** An amount as the services write it back: 'N.NN'. */
const MONEY_GIVEN = { type: 'string', pattern: '^\\d{1,8}\\.\\d{2}$' };
/** z.uuid()'s: RFC 9562 ids (versions 1 to 8), the nil and the max id. */
const UUID_PATTERN = z.regexes.uuid().source.slice(1, -1);
/** z.email()'s, at most EMAIL_MAX_LENGTH characters. */
export const EMAIL_PATTERN = `(?=\\S{1,${EMAIL_MAX_LENGTH}}\\s*$)${z.regexes.email.source.slice(1, -1)}`;

/**
 * Single-line text refuses a line break (saying so) and every other control character; lines (an address) keep line
 * breaks, free text tabs and line breaks.
 */
const TEXT_KINDS = {
  short: { maxLength: SHORT_TEXT_MAX_LENGTH, controlCharacter: /(?![\n\r])\p{Cc}/u, oneLine: true },
  lines: { maxLength: SHORT_TEXT_MAX_LENGTH, controlCharacter: /(?![\n\r])\p{Cc}/u, oneLine: false },
  free: { maxLength: FREE_TEXT_MAX_LENGTH, controlCharacter: /(?![\t\n\r])\p{Cc}/u, oneLine: false },
} as const;
type TextKind = keyof typeof TEXT_KINDS;

/** Half of a UTF-16 surrogate pair: it cannot be stored as UTF-8 (it would silently become U+FFFD). */
const LONE_SURROGATE = /\p{Cs}/u;

const withTextLimits = (text: z.ZodString, kind: TextKind) => {
  const { maxLength, controlCharacter, oneLine } = TEXT_KINDS[kind];
  return text
    .max(maxLength, FIELD_MESSAGES.tooLong(maxLength))
    .refine((value) => !(oneLine && /[\n\r]/.test(value)), FIELD_MESSAGES.lineBreak)
    .refine((value) => !controlCharacter.test(value), FIELD_MESSAGES.controlCharacters)
    .refine((value) => !LONE_SURROGATE.test(value), FIELD_MESSAGES.invalidCharacters);
};

/**
 * The control characters (Unicode's Cc) a kind of text refuses, and half a surrogate pair (a JSON Schema pattern is a
 * Unicode one: a pair is one character), as a character class's content.
 */
const REFUSED_CONTROLS: Record<TextKind, string> = {
  short: '\\x00-\\x1f\\x7f-\\x9f\\ud800-\\udfff',
  lines: '\\x00-\\x09\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\ud800-\\udfff',
  free: '\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\ud800-\\udfff',
};

/** Text of a kind once trimmed: from 1 to its most characters, none it refuses, starting and ending with no space. */
const textPattern = (kind: TextKind) => {
  const refused = REFUSED_CONTROLS[kind];
  return `[^\\s${refused}](?:[^${refused}]{0,${TEXT_KINDS[kind].maxLength - 2}}[^\\s${refused}])?`;
};

const required = (message: string, kind: TextKind) => {
  const text = { type: 'string', pattern: trimmed(textPattern(kind)) };
  return described(withTextLimits(z.string({ error: message }).trim().min(1, message), kind), { input: text, output: text });
};

/** Empty, missing or null all become null. */
const optional = (kind: TextKind) =>
  described(
    withTextLimits(z.string().trim(), kind)
      .nullish()
      .transform((value) => (value ? value : null)),
    { input: orNull({ type: 'string', pattern: trimmedOrEmpty(textPattern(kind)) }), output: orNull({ type: 'string', pattern: `^(?:${textPattern(kind)})$` }) },
  );

/** Non-empty single-line text after trimming, with the spec's 'X is required' message. */
export const requiredText = (message: string) => required(message, 'short');

/** Optional single-line text. */
export const optionalText = optional('short');

/** Non-empty short text of a few lines (an address). */
export const requiredLinesText = (message: string) => required(message, 'lines');

/** Non-empty free text (a description), which may span lines. */
export const requiredFreeText = (message: string) => required(message, 'free');

/** Optional free text (notes), which may span lines. */
export const optionalFreeText = optional('free');

/** An e-mail address, trimmed; `message` for anything that is not one. */
export const requiredEmail = (message: string) =>
  described(
    z
      .string({ error: message })
      .trim()
      .max(EMAIL_MAX_LENGTH, FIELD_MESSAGES.tooLong(EMAIL_MAX_LENGTH))
      .pipe(z.email({ error: message })),
    { input: { type: 'string', pattern: trimmed(EMAIL_PATTERN) }, output: { type: 'string', format: 'email', pattern: `^${EMAIL_PATTERN}$` } },
  );

const ISO_DAY = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** True for a real calendar day ('2027-02-30' is not one). */
export const isCalendarDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

/** The day of a date text, within DATE_RANGE; an ISO timestamp is cut to its day (forms may hold either). */
function calendarDayOf(value: string, ctx: z.RefinementCtx): string {
  const day = ISO_DAY.exec(value)?.[1];
  if (!day || !isCalendarDay(day)) {
    ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.invalidDate });
    return z.NEVER;
  }
  if (day < DATE_RANGE.min || day > DATE_RANGE.max) {
    ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.outOfRange(DATE_RANGE.min, DATE_RANGE.max) });
    return z.NEVER;
  }
  return day;
}

/** A calendar day as 'YYYY-MM-DD' (see calendarDayOf); empty, missing or null become null. */
export const optionalDate = described(
  z
    .string()
    .trim()
    .nullish()
    .transform((value, ctx) => (value ? calendarDayOf(value, ctx) : null)),
  { input: orNull({ type: 'string', pattern: trimmedOrEmpty(DAY_TEXT_PATTERN) }), output: orNull({ type: 'string', format: 'date' }) },
);

/** A calendar day as 'YYYY-MM-DD' (see calendarDayOf), with the spec's 'X is required' message when empty. */
export const requiredDate = (message: string) =>
  described(z.string({ error: message }).trim().min(1, message).transform(calendarDayOf), {
    input: { type: 'string', pattern: trimmed(DAY_TEXT_PATTERN) },
    output: { type: 'string', format: 'date' },
  });

/** Decimal text of a whole number from 0 to `max` (leading zeros and all), as a pattern. */
function upTo(max: number): string {
  const digits = String(max);
  const alternatives = ['0'];
  if (digits.length > 1) alternatives.push(`[1-9]\\d{0,${digits.length - 2}}`);
  for (let index = 0; index < digits.length; index++) {
    const [low, high] = [index === 0 ? 1 : 0, Number(digits[index]) - 1];
    const rest = digits.length - index - 1;
    if (high >= low) alternatives.push(`${digits.slice(0, index)}${low === high ? low : `[${low}-${high}]`}${rest ? `\\d{${rest}}` : ''}`);
  }
  alternatives.push(digits);
  return `0*(?:${alternatives.join('|')})`;
}

/** optionalInteger's JSON Schema for `range` (read when the schema is made: a getter's range as it is then). */
function integerJsonSchema({ min, max }: IntegerRange, orZero: boolean, required = false): FieldJsonSchema {
  const text =
    min <= 0 ? `\\+?${upTo(max)}|-${upTo(-min)}` : `\\+?(?!${upTo(min - 1)}\\s*$)${upTo(max)}`; // from min: not up to min - 1
  if (required) return { input: { anyOf: [{ type: 'integer', minimum: min, maximum: max }, { type: 'string', pattern: trimmed(`(?:${text})`) }] }, output: { type: 'integer' } };
  return {
    input: { anyOf: [{ type: 'integer', minimum: min, maximum: max }, { type: 'string', pattern: trimmedOrEmpty(text) }, { type: 'null' }] },
    output: orZero ? { type: 'integer' } : orNull({ type: 'integer' }),
  };
}

/** Digits only: '1e3', '0x10' and '12.0' are not how anyone types a whole number. */
const WHOLE_NUMBER_TEXT = /^[+-]?\d+$/;

/**
 * A whole number within `range` (Postgres `integer` unless a field has a tighter one; the range is read on every
 * check, so it may be a getter such as 'two years from now'), from a number or digits; empty becomes null.
 * `message` says it is not a whole number.
 */
export const optionalInteger = (message: string, range: IntegerRange = INT4_RANGE) =>
  described(integerText(message, range), integerJsonSchema(range, false));

const integerText = (message: string, range: IntegerRange) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return null;
      const number = typeof value === 'number' ? value : WHOLE_NUMBER_TEXT.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(number)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const { min, max } = range;
      if (number < 0 && min === 0) {
        ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.negative });
        return z.NEVER;
      }
      if (number < min || number > max) {
        ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.outOfRange(min, max) });
        return z.NEVER;
      }
      return number;
    });

/** A whole number as optionalInteger takes it, 0 when empty: for columns that default to 0 (weight, points). */
export const optionalIntegerOrZero = (message: string, range: IntegerRange = INT4_RANGE) =>
  described(
    optionalInteger(message, range).transform((number) => number ?? 0),
    integerJsonSchema(range, true),
  );

/** A whole number as optionalInteger takes it, `required` when missing or empty. */
export const requiredInteger = (required: string, message: string, range: IntegerRange = INT4_RANGE) =>
  described(
    z.union([z.number(), z.string()], { error: required }).transform((value, ctx) => {
      const parsed = integerText(message, range).safeParse(value);
      const issue = !parsed.success ? parsed.error.issues[0].message : parsed.data === null ? required : undefined;
      if (issue) {
        ctx.addIssue({ code: 'custom', message: issue });
        return z.NEVER;
      }
      return parsed.data as number;
    }),
    integerJsonSchema(range, false, true),
  );

/** Longer text is no amount within MONEY_RANGE; refusing it first keeps BigInt from reading megabytes of digits. */
const MONEY_TEXT_MAX_LENGTH = 32;
const MONEY_MAX_CENTS = parseCents(MONEY_RANGE.max)!;

/**
 * An amount of money within MONEY_RANGE as text with at most 2 decimals ('1234.5', '.5', '0012'), written back as
 * 'N.NN'. Numbers are refused: money travels as text so that no client rounds it in floating point.
 */
function moneyOf(text: string, ctx: z.RefinementCtx): string {
  const cents = text.length <= MONEY_TEXT_MAX_LENGTH ? parseCents(text) : undefined;
  if (cents === undefined) {
    ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.invalidMoney });
    return z.NEVER;
  }
  if (cents < 0n) {
    ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.negative });
    return z.NEVER;
  }
  if (cents > MONEY_MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.outOfRange(MONEY_RANGE.min, MONEY_RANGE.max) });
    return z.NEVER;
  }
  return centsToMoney(cents);
}

/** An amount that moves money (a payment, an expense): as requiredMoney, and more than 0.00. */
export const requiredAmount = (message: string) =>
  described(requiredMoney(message).pipe(z.string().refine((value) => parseCents(value)! > 0n, FIELD_MESSAGES.notPositive)), {
    input: { type: 'string', pattern: trimmed(AMOUNT_TEXT_PATTERN) },
    output: MONEY_GIVEN,
  });

/** An amount of money (see moneyOf), with the spec's 'X is required' message when missing or empty. */
export const requiredMoney = (message: string) =>
  described(
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : FIELD_MESSAGES.invalidMoney) })
      .trim()
      .min(1, message)
      .transform(moneyOf),
    { input: { type: 'string', pattern: trimmed(MONEY_TEXT_PATTERN) }, output: MONEY_GIVEN },
  );

/** An amount of money (see moneyOf); empty, missing or null become null. */
export const optionalMoney = described(
  z
    .string({ error: FIELD_MESSAGES.invalidMoney })
    .trim()
    .nullish()
    .transform((value, ctx) => (value ? moneyOf(value, ctx) : null)),
  { input: orNull({ type: 'string', pattern: trimmedOrEmpty(MONEY_TEXT_PATTERN) }), output: orNull(MONEY_GIVEN) },
);

/** An amount of money (see moneyOf), '0.00' when empty: for columns that default to 0 (expenses, tax). */
export const optionalMoneyOrZero = described(
  optionalMoney.transform((amount) => amount ?? '0.00'),
  { input: orNull({ type: 'string', pattern: trimmedOrEmpty(MONEY_TEXT_PATTERN) }), output: MONEY_GIVEN },
);

/**
 * A quantity with at most two decimals and at most `wholeDigits` whole digits ('1.5', '.25', '0012'), not negative,
 * written back as 'N.NN': a charge's hours, days or stops, a term's hours. Numbers are refused, as for money: a client
 * must not round it in floating point.
 */
const hundredthsText = (message: string, invalid: string, wholeDigits: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : invalid) })
    .trim()
    .transform((text, ctx) => hundredthsOf(text, ctx, invalid, wholeDigits));

function hundredthsOf(text: string, ctx: z.RefinementCtx, invalid: string, wholeDigits: number): string {
  const parts = text.length <= MONEY_TEXT_MAX_LENGTH ? /^(\d*)(?:\.(\d{0,2}))?$/.exec(text) : null;
  const whole = parts?.[1].replace(/^0+(?=\d)/, '');
  if (!parts || !(parts[1] + (parts[2] ?? '')) || whole!.length > wholeDigits) {
    ctx.addIssue({ code: 'custom', message: invalid });
    return z.NEVER;
  }
  return `${whole || '0'}.${(parts[2] ?? '').padEnd(2, '0')}`;
}
const hundredthsPattern = (wholeDigits: number) => `(?=\\S{1,32}\\s*$)(?=\\.?\\d)0*\\d{0,${wholeDigits}}(?:\\.\\d{0,2})?`;
const hundredthsGiven = (wholeDigits: number) => ({ type: 'string', pattern: `^\\d{1,${wholeDigits}}\\.\\d{2}$` });

/** A quantity with at most two decimals (hundredthsText), `message` when missing or empty. */
export const requiredHundredths = (message: string, invalid: string, wholeDigits: number) =>
  described(
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : invalid) })
      .trim()
      .min(1, message)
      .pipe(hundredthsText(message, invalid, wholeDigits)),
    { input: { type: 'string', pattern: trimmed(hundredthsPattern(wholeDigits)) }, output: hundredthsGiven(wholeDigits) },
  );

/** A quantity with at most two decimals (hundredthsText); empty, missing or null become null. */
export const optionalHundredths = (invalid: string, wholeDigits: number) =>
  described(
    z
      .string({ error: invalid })
      .trim()
      .nullish()
      .transform((value, ctx) => (value ? hundredthsOf(value, ctx, invalid, wholeDigits) : null)),
    { input: orNull({ type: 'string', pattern: trimmedOrEmpty(hundredthsPattern(wholeDigits)) }), output: orNull(hundredthsGiven(wholeDigits)) },
  );

/** Any text Postgres's uuid type takes (8-4-4-4-12 hex digits, any version): what a record's id in a path may be. */
export const RECORD_ID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const RECORD_ID = new RegExp(RECORD_ID_PATTERN);

/**
 * Whether an id that arrives unchecked (a payload's `id`, a hold's records) can name a record: the services ask it
 * before an id reaches SQL, where anything else would fail the query instead of answering 'not found'.
 */
export const isRecordId = (id: unknown): id is string => typeof id === 'string' && RECORD_ID.test(id);

/** A uuid reference that may be left empty (null unassigns it). */
export const optionalReference = (message: string) =>
  z
    .union([z.uuid({ error: message }), z.literal('')], { error: message })
    .nullish()
    .transform((value) => (value ? value : null));

/** A uuid reference that must be given: `message` when it is missing, `notFoundMessage` when it names no record. */
export const requiredReference = (message: string, notFoundMessage: string) =>
  described(z.string({ error: message }).trim().min(1, message).pipe(z.uuid({ error: notFoundMessage })), {
    input: { type: 'string', pattern: trimmed(UUID_PATTERN) },
    output: { type: 'string', format: 'uuid', pattern: `^${UUID_PATTERN}$` },
  });

/** A choice among the given values, with one message for 'missing' and 'not one of them'. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/** Turns a zod error into field → messages, the shape the forms and the HTTP 400 body share. */
export function fieldIssues(error: z.ZodError): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (issues[field] ??= []).push(issue.message);
  }
  return issues;
}

/**
 * A rule across a record's fields (a delivery not before its pickup): `broken` on the record as parsed or stored
 * (days as 'YYYY-MM-DD', whole numbers as numbers), its message shown under `field`. The forms check them with the
 * schema (withRules), the services on every record they write, an update's once merged with the stored record.
 */
export interface RecordRule {
  field: string;
  message: string;
  /** The fields it compares: an update that changes none of them is not held to it (a record older than the rule). */
  reads: readonly string[];
  broken: (record: Record<string, unknown>) => boolean;
}
export type RecordRules = readonly RecordRule[];

// A side that is empty, or not (yet) a valid day or number, breaks no rule: its own field says what is wrong with it.
const DAY_TEXT = /^\d{4}-\d{2}-\d{2}/;
const isDay = (value: unknown): value is string => typeof value === 'string' && DAY_TEXT.test(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** `field`, a day, must not come before `earlier` (either may be empty). */
export const dayNotBefore = (field: string, earlier: string, message: string): RecordRule => ({
  field,
  message,
  reads: [field, earlier],
  broken: ({ [field]: day, [earlier]: before }) => isDay(day) && isDay(before) && day.slice(0, 10) < before.slice(0, 10),
});

/** `field`, a whole number, must not be less than `smaller` (either may be empty). */
export const numberNotBelow = (field: string, smaller: string, message: string): RecordRule => ({
  field,
  message,
  reads: [field, smaller],
  broken: ({ [field]: value, [smaller]: least }) => isNumber(value) && isNumber(least) && value < least,
});

/** The messages of the broken rules under their fields; undefined when all hold. */
export function recordIssues(rules: RecordRules, record: object, changed?: readonly string[]): Record<string, string[]> | undefined {
  const issues: Record<string, string[]> = {};
  for (const { field, message, reads, broken } of rules) {
    if (changed && !reads.some((name) => changed.includes(name))) continue;
    if (broken(record as Record<string, unknown>)) (issues[field] ??= []).push(message);
  }
  return Object.keys(issues).length ? issues : undefined;
}

/**
 * A form's schema: the input schema, then its rules on the parsed values, each message under its field. The rules
 * run even when another field is wrong, so that every message shows at once.
 */
export function withRules<S extends z.ZodObject>(schema: S, rules: RecordRules): S {
  return schema.superRefine(
    (value, ctx) => {
      for (const [field, messages] of Object.entries(recordIssues(rules, value) ?? {})) {
        for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
      }
    },
    { when: () => true },
  ) as S;
}
