import { z } from 'zod';
import {
  customerInputSchema,
  dayNotBefore,
  driverInputSchema,
  numberNotBelow,
  optionalDate,
  recordIssues,
  withRules,
  fieldIssues,
  FIELD_MESSAGES,
  optionalFreeText,
  optionalInteger,
  optionalIntegerOrZero,
  optionalMoney,
  optionalMoneyOrZero,
  RESOURCE_OWNERS,
  RESOURCE_SCHEMAS,
  requiredDate,
  requiredFreeText,
  requiredMoney,
  requiredReference,
  truckInputSchema,
} from '../src/index.js';

const validTruck = { truckNumber: 'T', type: 'Tanker', status: 'available', licensePlate: 'P' };
const truckIssues = (fields: Record<string, unknown>) => {
  const result = truckInputSchema.safeParse({ ...validTruck, ...fields });
  return result.success ? {} : fieldIssues(result.error);
};
const nextModelYear = new Date().getFullYear() + 2;

describe('truck schema', () => {
  it('reports the spec message for each missing required field', () => {
    const result = truckInputSchema.safeParse({ truckNumber: ' ', type: '', status: '', licensePlate: '' });
    expect(result.success).toBe(false);
    expect(fieldIssues(result.error!)).toEqual({
      truckNumber: ['Truck number is required'],
      type: ['Type is required'],
      status: ['Status is required'],
      licensePlate: ['License plate is required'],
    });
  });

  it('turns form text into typed values and empty optionals into null', () => {
    const truck = truckInputSchema.parse({
      truckNumber: ' T-100 ', type: 'Flatbed', status: 'available', licensePlate: 'ABC', year: '2021', vin: '', make: 'Volvo',
    });
    expect(truck).toEqual({
      truckNumber: 'T-100', type: 'Flatbed', status: 'available', licensePlate: 'ABC', vin: null, year: 2021, make: 'Volvo', model: null,
    });
  });

  it('refuses a year that is not a whole number, including numbers in other notations', () => {
    for (const year of ['20.5', '1e3', '1e10', '0x7E5', 'Infinity', true, {}]) {
      expect(truckIssues({ year })).toEqual({ year: ['Year must be a whole number'] });
    }
  });

  it(`takes model years from 1900 to two years ahead (${nextModelYear}), and no other`, () => {
    expect(truckInputSchema.parse({ ...validTruck, year: 1900 }).year).toBe(1900);
    expect(truckInputSchema.parse({ ...validTruck, year: String(nextModelYear) }).year).toBe(nextModelYear);
    const outOfRange = { year: [`Must be between 1900 and ${nextModelYear}`] };
    for (const year of [1899, nextModelYear + 1, 2147483648, -2147483649, 1e10, 9007199254740992, '99999999999999999999999']) {
      expect(truckIssues({ year })).toEqual(outOfRange);
    }
  });

  it('refuses text longer than 200 characters, saying so under the field, and keeps 200', () => {
    expect(truckInputSchema.parse({ ...validTruck, make: 'M'.repeat(200) }).make).toHaveLength(200);
    expect(truckIssues({ truckNumber: 'T'.repeat(201), make: 'M'.repeat(100_000) })).toEqual({
      truckNumber: ['Must be at most 200 characters'],
      make: ['Must be at most 200 characters'],
    });
  });

  it('counts the length after trimming', () => {
    expect(truckInputSchema.parse({ ...validTruck, truckNumber: ` ${'T'.repeat(200)} ` }).truckNumber).toHaveLength(200);
  });

  it('refuses a line break in single-line text, saying so', () => {
    expect(truckIssues({ make: 'Volvo\nTrucks', model: 'VNL\r\n860' })).toEqual({ make: [FIELD_MESSAGES.lineBreak], model: [FIELD_MESSAGES.lineBreak] });
  });

  it('refuses NUL and other control characters in text, and lone halves of a surrogate pair', () => {
    expect(truckIssues({ licensePlate: '\u0000', vin: 'A\tB', make: 'Vol\u007fvo', model: 'X\u0085' })).toEqual({
      licensePlate: ['Must not contain control characters'],
      vin: ['Must not contain control characters'],
      make: ['Must not contain control characters'],
      model: ['Must not contain control characters'],
    });
    expect(truckIssues({ make: 'Volvo \ud800' })).toEqual({ make: ['Must not contain invalid characters'] });
    expect(truckInputSchema.parse({ ...validTruck, make: 'Škoda 🚚', model: 'Ünï' })).toMatchObject({ make: 'Škoda 🚚', model: 'Ünï' });
  });
});

describe('driver schema', () => {
  const valid = { name: 'Ann Lee', email: 'ann@example.com', phone: '555', licenseNumber: 'L1', status: 'on-duty' };
  const driverIssues = (fields: Record<string, unknown>) => {
    const result = driverInputSchema.safeParse({ ...valid, ...fields });
    return result.success ? {} : fieldIssues(result.error);
  };

  it('accepts a driver without expirations or truck', () => {
    expect(driverInputSchema.parse(valid)).toMatchObject({ licenseExpiration: null, assignedTruckId: null });
  });

  it('says "Invalid email address" for a bad e-mail', () => {
    expect(driverIssues({ email: 'ann@' })).toEqual({ email: ['Invalid email address'] });
  });

  it('refuses an e-mail longer than 254 characters', () => {
    expect(driverIssues({ email: `${'a'.repeat(245)}@example.com` })).toEqual({ email: ['Must be at most 254 characters'] });
  });

  it('cuts a timestamp to its calendar day and refuses an impossible date', () => {
    expect(driverInputSchema.parse({ ...valid, licenseExpiration: '2027-03-04T00:00:00.000Z' }).licenseExpiration).toBe('2027-03-04');
    expect(driverIssues({ medicalCardExpiration: '2027-02-30x', licenseExpiration: '2027-02-30' })).toEqual({
      medicalCardExpiration: ['Enter a valid date'],
      licenseExpiration: ['Enter a valid date'],
    });
  });

  it('takes days from 1900-01-01 to 2999-12-31 only', () => {
    expect(driverInputSchema.parse({ ...valid, licenseExpiration: '1900-01-01', medicalCardExpiration: '2999-12-31' })).toMatchObject({
      licenseExpiration: '1900-01-01',
      medicalCardExpiration: '2999-12-31',
    });
    const outOfRange = ['Must be between 1900-01-01 and 2999-12-31'];
    expect(driverIssues({ licenseExpiration: '0000-01-01', medicalCardExpiration: '9999-12-31' })).toEqual({
      licenseExpiration: outOfRange,
      medicalCardExpiration: outOfRange,
    });
  });
});

describe('field builders', () => {
  it('keep integers within Postgres integer unless a field says otherwise', () => {
    const count = optionalInteger('Count must be a whole number');
    expect(count.parse(2147483647)).toBe(2147483647);
    expect(count.parse(-2147483648)).toBe(-2147483648);
    expect(count.safeParse(2147483648).error?.issues[0].message).toBe('Must be between -2147483648 and 2147483647');
  });

  it('let free text span lines, up to 2000 characters', () => {
    const description = requiredFreeText('Description is required');
    expect(description.parse(' Dent\n\tleft door ')).toBe('Dent\n\tleft door');
    expect(description.safeParse('x\u0000').error?.issues[0].message).toBe(FIELD_MESSAGES.controlCharacters);
    expect(description.safeParse(' ').error?.issues[0].message).toBe('Description is required');
    expect(optionalFreeText.parse('n'.repeat(2000))).toHaveLength(2000);
    expect(optionalFreeText.safeParse('n'.repeat(2001)).error?.issues[0].message).toBe('Must be at most 2000 characters');
    expect(optionalFreeText.parse('  ')).toBeNull();
  });
});

describe('customer schema', () => {
  it('keeps the line breaks of an address, up to 200 characters', () => {
    const customer = { name: 'Acme', email: 'ap@acme.example', phone: '555-0100', type: 'shipper' };
    expect(customerInputSchema.parse({ ...customer, address: '12 Main St\r\nSuite 4\nDallas, TX' }).address).toBe('12 Main St\r\nSuite 4\nDallas, TX');
    expect(customerInputSchema.safeParse({ ...customer, address: 'a'.repeat(201) }).error?.issues[0].message).toBe('Must be at most 200 characters');
    expect(customerInputSchema.safeParse({ ...customer, address: 'Dallas\u0000' }).error?.issues[0].message).toBe(FIELD_MESSAGES.controlCharacters);
  });
});

describe('money builders', () => {
  const rate = requiredMoney('Rate is required');
  const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);

  it('write an amount back as N.NN, whatever way it was typed', () => {
    expect(rate.parse('1234.50')).toBe('1234.50');
    expect(rate.parse(' 1234.5 ')).toBe('1234.50');
    expect(rate.parse('1500')).toBe('1500.00');
    expect(rate.parse('.5')).toBe('0.50');
    expect(rate.parse('007.10')).toBe('7.10');
    expect(rate.parse('0')).toBe('0.00');
  });

  it('say the field is required when it is missing or empty', () => {
    for (const value of [undefined, null, '', '  ']) expect(messages(rate, value)).toEqual(['Rate is required']);
  });

  it('refuse numbers, exponents, more than 2 decimals and anything else that is not an amount', () => {
    const notAnAmount = [1500, 12.5, '1e3', '1E3', '12.345', '99999999.999', '1,200.00', '$1200', '12.3.4', '0x10', 'NaN', 'Infinity', '+5', '١٢', '5'.repeat(40), true, {}];
    for (const value of notAnAmount) {
      expect(messages(rate, value)).toEqual(['Enter an amount like 1234.50']);
      expect(messages(optionalMoney, value)).toEqual(['Enter an amount like 1234.50']);
    }
  });

  it('take what numeric(10,2) holds and no negative amount', () => {
    expect(rate.parse('99999999.99')).toBe('99999999.99');
    for (const value of ['100000000', '100000000.00']) expect(messages(rate, value)).toEqual(['Must be between 0.00 and 99999999.99']);
    // Said as it is, never stored as 0.00 (issue 31).
    for (const value of ['-0.01', '-5']) expect(messages(rate, value)).toEqual(['Must not be negative']);
  });

  it('leave an optional amount empty as null, or as 0.00 where the column defaults to 0', () => {
    expect(optionalMoney.parse('')).toBeNull();
    expect(optionalMoney.parse(undefined)).toBeNull();
    expect(optionalMoney.parse('12')).toBe('12.00');
    expect(optionalMoneyOrZero.parse(null)).toBe('0.00');
    expect(optionalMoneyOrZero.parse(' ')).toBe('0.00');
    expect(optionalMoneyOrZero.parse('12.3')).toBe('12.30');
  });
});

describe('field builders for required dates and references, and integers that default to 0', () => {
  it('a required date says so when empty, and takes a day or a timestamp cut to its day', () => {
    const pickupDate = requiredDate('Pickup date is required');
    expect(pickupDate.parse('2027-03-04T10:00:00Z')).toBe('2027-03-04');
    for (const value of [undefined, null, '', ' ']) expect(pickupDate.safeParse(value).error?.issues[0].message).toBe('Pickup date is required');
    expect(pickupDate.safeParse('2027-02-30').error?.issues[0].message).toBe('Enter a valid date');
    expect(pickupDate.safeParse('0000-01-01').error?.issues[0].message).toBe('Must be between 1900-01-01 and 2999-12-31');
  });

  it('a required reference says it is required when missing, and not found when it is no id', () => {
    const customerId = requiredReference('Customer is required', 'Customer not found');
    const id = '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f';
    expect(customerId.parse(id)).toBe(id);
    for (const value of [undefined, null, '', 42]) expect(customerId.safeParse(value).error?.issues[0].message).toBe('Customer is required');
    expect(customerId.safeParse('not-a-uuid').error?.issues[0].message).toBe('Customer not found');
  });

  it('an integer that defaults to 0 is 0 when empty', () => {
    const weight = optionalIntegerOrZero('Weight must be a whole number', { min: 0, max: 100 });
    expect(weight.parse('')).toBe(0);
    expect(weight.parse(null)).toBe(0);
    expect(weight.parse('42')).toBe(42);
    expect(weight.safeParse('4.2').error?.issues[0].message).toBe('Weight must be a whole number');
    expect(weight.safeParse(-1).error?.issues[0].message).toBe('Must not be negative');
    expect(weight.safeParse(101).error?.issues[0].message).toBe('Must be between 0 and 100');
  });
});

describe('resource schemas', () => {
  it('has the input schema of every resource the gateway routes', () => {
    expect(Object.keys(RESOURCE_SCHEMAS).sort()).toEqual(Object.keys(RESOURCE_OWNERS).sort());
  });
});

describe('rules across fields', () => {
  const rules = [dayNotBefore('end', 'start', 'End must not be before start'), numberNotBelow('next', 'now', 'Next must not be less')];
  const schema = withRules(z.object({ start: optionalDate, end: optionalDate, now: optionalInteger('whole'), next: optionalInteger('whole') }), rules);

  it('say each broken rule under its field, and nothing when a side is empty or the days are equal', () => {
    expect(fieldIssues(schema.safeParse({ start: '2027-03-04', end: '2027-03-01', now: 10, next: 9 }).error!)).toEqual({
      end: ['End must not be before start'], next: ['Next must not be less'],
    });
    expect(schema.safeParse({ start: '2027-03-04', end: '2027-03-04', now: 10, next: 10 }).success).toBe(true);
    expect(schema.safeParse({ start: '2027-03-04', end: null, now: null, next: 1 }).success).toBe(true);
  });

  it('hold an update only to the rules of the fields it changes (a record older than a rule stays editable)', () => {
    const stored = { start: '2027-03-04', end: '2027-03-01', now: 1, next: 2 };
    expect(recordIssues(rules, stored, ['status'])).toBeUndefined();
    expect(recordIssues(rules, stored, ['start'])).toEqual({ end: ['End must not be before start'] });
  });
});

describe('a form schema with rules', () => {
  it('says a rule’s message beside the other fields’ messages, and nothing for a date that is not one', () => {
    const schema = withRules(z.object({ start: requiredDate('Start is required'), end: requiredDate('End is required'), rate: requiredMoney('Rate is required') }), [
      dayNotBefore('end', 'start', 'End must not be before start'),
    ]);
    expect(fieldIssues(schema.safeParse({ start: '2027-03-04', end: '2027-03-01', rate: '-500' }).error!)).toEqual({
      rate: ['Must not be negative'], end: ['End must not be before start'],
    });
    expect(fieldIssues(schema.safeParse({ start: '2027-02-30', end: '2027-03-01', rate: '1' }).error!)).toEqual({ start: ['Enter a valid date'] });
  });
});
