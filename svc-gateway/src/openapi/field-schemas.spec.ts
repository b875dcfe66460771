import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { z } from 'zod';
import {
  companyProfileSchema,
  fuelInputSchema,
  isCalendarDay,
  fieldJsonSchemaOf,
  INT4_RANGE,
  optionalDate,
  optionalInteger,
  optionalIntegerOrZero,
  optionalMoney,
  optionalMoneyOrZero,
  optionalHundredths,
  requiredHundredths,
  requiredInteger,
  requiredAmount,
  requiredDate,
  requiredEmail,
  requiredMoney,
  requiredReference,
  optionalFreeText,
  optionalText,
  requiredFreeText,
  requiredLinesText,
  requiredText,
} from '@tms/contracts';

/**
 * Issue 40: the API document says what the server takes. Each builder whose checks zod cannot put into JSON Schema
 * (a transform's) says its JSON Schema itself (FieldJsonSchema); here it is held to the parser: a value passes the
 * input schema exactly when the builder takes it, and what the builder gives passes the output schema.
 */
const ajv = new Ajv2020({ strict: false, allErrors: true });
// The formats the document's answers name, as JSON Schema defines them.
ajv.addFormat('date', (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDay(text));
ajv.addFormat('email', z.regexes.email);
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

const pad = (text: fc.Arbitrary<string>) =>
  fc.tuple(fc.constantFrom('', ' ', '\t', '\n ', '\u00a0'), text, fc.constantFrom('', ' ', '\r\n', '\u3000')).map(([before, value, after]) => before + value + after);
const charsOf = (chars: string, maxLength = 40) => fc.string({ unit: fc.constantFrom(...chars), maxLength });
/** Text with what the text builders care about: white space, line breaks, tabs, control characters, surrogates. */
const text = fc.string({ unit: fc.oneof(fc.constantFrom('a', 'Z', '9', ' ', '\t', '\n', '\r', '\u000b', '\u0000', '\u001f', '\u007f', '\u0085', '\u00a0', '\u2028', '\ud800', '\udc00', '\ud83d\ude9a'), fc.string({ minLength: 1, maxLength: 1 })), maxLength: 12 });
const day = fc.date({ min: new Date('1850-01-01T00:00:00Z'), max: new Date('3100-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));

const CASES: [string, z.ZodType, fc.Arbitrary<unknown>][] = [
  [
    'requiredDate',
    requiredDate('Date is required'),
    fc.oneof(
      pad(day),
      pad(fc.tuple(day, fc.constantFrom('T10:00', 'T10:00:00Z', 'T23:59:59.999+05:30', 'T1', 'T', 'Z', ' 10:00')).map(([d, t]) => d + t)),
      fc.constantFrom('2027-02-29', '2028-02-29', '1900-02-29', '2000-02-29', '2100-02-29', '2400-02-29', '1899-12-31', '3000-01-01', '2027-04-31', '2027-13-01', '', ' ', null, 20270101),
      pad(charsOf('0123456789-TZ:.+ ', 30)),
    ),
  ],
  ['optionalDate', optionalDate, fc.oneof(pad(day), fc.constantFrom('', '   ', null, undefined, '2026-02-30', '2026-02-28T08:00Z'), pad(charsOf('0123456789-T:', 14)))],
  [
    'requiredMoney',
    requiredMoney('Rate is required'),
    fc.oneof(
      pad(charsOf('0123456789.-', 14)),
      pad(fc.constantFrom('99999999.99', '100000000', '0099999999.99', '-0', '-0.00', '-.0', '-', '.', '5.', '.5', '1e3', '1,200', '$5', '0'.repeat(31) + '1', '0'.repeat(32) + '1')),
      fc.integer().map(String),
      fc.constantFrom(5, null, ''),
    ),
  ],
  ['requiredAmount', requiredAmount('Amount is required'), fc.oneof(pad(charsOf('0123456789.-', 14)), fc.constantFrom('0', '0.00', '-0', '.01', '0.001', '000.10'))],
  ['optionalMoney', optionalMoney, fc.oneof(pad(charsOf('0123456789.-', 14)), fc.constantFrom('', ' ', null, undefined, '12.345', 12))],
  ['optionalMoneyOrZero', optionalMoneyOrZero, fc.oneof(pad(charsOf('0123456789.-', 14)), fc.constantFrom('', null, undefined))],
  [
    'requiredReference',
    requiredReference('Customer is required', 'Customer not found'),
    fc.oneof(pad(fc.uuid()), fc.uuid().map((id) => id.toUpperCase()), pad(charsOf('0123456789abcdefgAF-', 40)), fc.constantFrom('', ' ', '00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000001', 'ffffffff-ffff-ffff-ffff-ffffffffffff')),
  ],
  [
    'requiredEmail',
    requiredEmail('Enter a valid e-mail'),
    fc.oneof(pad(fc.emailAddress()), pad(charsOf("ab.@-_+'9", 20)), fc.constantFrom('', ' ', 'a@b.co', `${'a'.repeat(245)}@ex.ample`, `${'a'.repeat(246)}@ex.ample`, 'a@b', '.a@b.co', 'a..b@c.de')),
  ],
  [
    'optionalInteger',
    optionalInteger('Miles must be a whole number'),
    fc.oneof(fc.integer(), fc.double(), fc.constantFrom(INT4_RANGE.max, INT4_RANGE.max + 1, INT4_RANGE.min, INT4_RANGE.min - 1, '', ' ', null, undefined, '-0', '+0', '1e3', '12.0', '2147483647', '2147483648', '-2147483648', '-2147483649', '0002147483647'), pad(charsOf('0123456789+-', 12))),
  ],
  [
    'optionalInteger from 0 to 365',
    optionalInteger('Payment terms must be a whole number', { min: 0, max: 365 }),
    fc.oneof(fc.integer({ min: -400, max: 400 }), fc.integer({ min: -400, max: 400 }).map(String), pad(charsOf('0123456789+-', 5)), fc.constantFrom('-0', '365', '366', '0365', '299', '36', '364')),
  ],
  [
    'optionalInteger from 1900 to next year',
    optionalInteger('Year must be a whole number', { min: 1900, get max() { return new Date().getUTCFullYear() + 1; } }),
    fc.oneof(fc.integer({ min: 1800, max: 2200 }), fc.integer({ min: 1800, max: 2200 }).map(String), pad(charsOf('0123456789+-', 6)), fc.constantFrom('1899', '1900', '01900', '+1950', '-1950', '0', ''), fc.constant(String(new Date().getUTCFullYear() + 1)), fc.constant(String(new Date().getUTCFullYear() + 2))),
  ],
  ['optionalIntegerOrZero', optionalIntegerOrZero('Points must be a whole number', { min: 0, max: INT4_RANGE.max }), fc.oneof(fc.integer(), pad(charsOf('0123456789+-', 12)), fc.constantFrom('', null, -1, '-0'))],
  [
    'requiredHundredths',
    requiredHundredths('Quantity is required', 'Enter a quantity like 1.5', 4),
    fc.oneof(pad(charsOf('0123456789.-', 12)), fc.constantFrom('0', '0.00', '9999.99', '10000', '00009999.99', '.5', '5.', '.', '1.234', '1e3', '', ' ', null, 7)),
  ],
  ['optionalHundredths', optionalHundredths('Enter hours like 2', 2), fc.oneof(pad(charsOf('0123456789.-', 8)), fc.constantFrom('', ' ', null, undefined, '99.99', '100', '.', '-1', 2))],
  [
    'requiredInteger from 1 to 240',
    requiredInteger('Billing increment is required', 'Must be a whole number', { min: 1, max: 240 }),
    fc.oneof(fc.integer({ min: -10, max: 300 }), fc.integer({ min: -10, max: 300 }).map(String), pad(charsOf('0123456789+-', 5)), fc.constantFrom('', ' ', null, '0', '240', '241', '0015', 1.5)),
  ],
  ['requiredText', requiredText('Name is required'), fc.oneof(pad(text), fc.constantFrom('', ' ', 'a\nb', '\u0000', '\ud800x', '\ud83d\ude9a', 'x'.repeat(200), 'x'.repeat(201), ` ${'x'.repeat(200)} `))],
  ['optionalText', optionalText, fc.oneof(pad(text), fc.constantFrom('', ' ', null, undefined, 'a\rb', 'x'.repeat(201)))],
  ['requiredLinesText', requiredLinesText('Address is required'), fc.oneof(pad(text), fc.constantFrom('1 Main St\nJoliet', 'a\tb', '\n\n'))],
  ['requiredFreeText', requiredFreeText('Description is required'), fc.oneof(pad(text), fc.constantFrom('a\tb\nc', 'x'.repeat(2000), 'x'.repeat(2001), '\u0085'))],
  ['optionalFreeText', optionalFreeText, fc.oneof(pad(text), fc.constantFrom('', null, 'a\u007fb'))],
  ['fuel quantities', fuelInputSchema.shape.gallons, fc.oneof(pad(charsOf('0123456789.-', 12)), fc.constantFrom('0', '0.000', '0.001', '9999.999', '10000', '00009999.9995', '.5', '5.', '1e3', 7))],
  ["the company's e-mail", companyProfileSchema.shape.email, fc.oneof(pad(fc.emailAddress()), fc.constantFrom('', ' ', null, undefined, 'x', 'a@b'))],
  ["the company's MC number", companyProfileSchema.shape.mcNumber, fc.oneof(pad(charsOf('MCmc- 0123456789', 14)), fc.constantFrom('', null, undefined, 'MC-123456', 'mc 1', 'MC--1', '123456789'))],
  ["the company's DOT number", companyProfileSchema.shape.dotNumber, fc.oneof(pad(charsOf('0123456789x', 10)), fc.constantFrom('', null, '12345678', '123456789'))],
  ["the company's phone", companyProfileSchema.shape.phone, fc.oneof(pad(text), fc.constantFrom('', null, undefined))],
];

describe.each(CASES)('the API document on %s', (_name, schema, values) => {
  const described = fieldJsonSchemaOf(schema)!;
  const takes = ajv.compile(described.input);
  const gives = ajv.compile(described.output);

  it('says what it takes: the input schema passes a value exactly when the parser takes it', () => {
    fc.assert(
      fc.property(values, (value) => {
        const parsed = schema.safeParse(value);
        // undefined is a missing field: `required` says it, not the field's schema.
        if (value !== undefined) expect([value, takes(value)]).toEqual([value, parsed.success]);
        if (parsed.success) expect([value, parsed.data, gives(parsed.data)]).toEqual([value, parsed.data, true]);
      }),
      { numRuns: 2000, seed: 40 },
    );
  });
});
