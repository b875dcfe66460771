import { chargeAmount, chargeInputSchema } from './charge.js';
import { chargeTermsSchema, DEFAULT_CHARGE_TERMS, termsThatApply } from './charge-terms.js';
import { detentionAt, detentionDescription, type DetentionStop } from './detention.js';

/** Times on one day: '10:00' → 2027-03-01T10:00:00Z. */
const at = (clock: string) => `2027-03-01T${clock}:00.000Z`;
/** An appointment 10:00-12:00 (unless given), arrived and departed at these clocks. */
const stop = (arrived: string | null, departed: string | null, appointment: [string | null, string | null] = ['10:00', '12:00']): DetentionStop => ({
  appointmentStart: appointment[0] && at(appointment[0]),
  appointmentEnd: appointment[1] && at(appointment[1]),
  arrivedAt: arrived && at(arrived),
  departedAt: departed && at(departed),
});
const terms = DEFAULT_CHARGE_TERMS; // 2 free hours, 40.00 an hour, capped at 5 hours, by 15 minutes

describe('detention at a stop (issue 43), in exact cents', () => {
  it('bills nothing before the free time is reached', () => {
    const detention = detentionAt(stop('10:00', '11:30'), terms);
    expect(detention).toMatchObject({ state: 'none', waitedMinutes: 90, billedMinutes: 0, hours: '0.00', amount: '0.00' });
    expect(detention.detentionStartsAt).toBe(at('12:00'));
  });

  it('bills nothing when the free time is reached exactly', () => {
    expect(detentionAt(stop('10:00', '12:00'), terms)).toMatchObject({ state: 'none', waitedMinutes: 120, hours: '0.00', amount: '0.00' });
  });

  it('bills one increment for a minute over, and one for an increment exactly', () => {
    expect(detentionAt(stop('10:00', '12:01'), terms)).toMatchObject({ state: 'billable', billedMinutes: 15, hours: '0.25', amount: '10.00' });
    expect(detentionAt(stop('10:00', '12:15'), terms)).toMatchObject({ state: 'billable', billedMinutes: 15, hours: '0.25', amount: '10.00' });
    // A second past the increment is the next one.
    expect(detentionAt({ ...stop('10:00', null), departedAt: '2027-03-01T12:15:01.000Z' }, terms)).toMatchObject({ billedMinutes: 30, hours: '0.50', amount: '20.00' });
  });

  it('caps the billed time', () => {
    expect(detentionAt(stop('10:00', '17:00'), terms)).toMatchObject({ state: 'billable', billedMinutes: 300, hours: '5.00', amount: '200.00', capped: false });
    expect(detentionAt(stop('10:00', '19:30'), terms)).toMatchObject({ state: 'billable', billedMinutes: 300, hours: '5.00', amount: '200.00', capped: true });
    // No cap: all of it.
    expect(detentionAt(stop('10:00', '19:30'), { ...terms, detentionCapHours: null })).toMatchObject({ billedMinutes: 450, hours: '7.50', amount: '300.00' });
  });

  it('is a late arrival, not billable, for a truck that arrived after its appointment', () => {
    expect(detentionAt(stop('12:01', '18:00'), terms)).toMatchObject({ state: 'late-arrival', billedMinutes: 0, amount: '0.00' });
    // One time alone: after it is late.
    expect(detentionAt(stop('10:05', '18:00', ['10:00', null]), terms)).toMatchObject({ state: 'late-arrival' });
    // At the appointment's end exactly is on time.
    expect(detentionAt(stop('12:00', '14:30', ['10:00', '12:00']), terms)).toMatchObject({ state: 'billable', hours: '0.50', amount: '20.00' });
  });

  it('starts the clock at the appointment for a truck that came early', () => {
    const detention = detentionAt(stop('08:00', '12:30'), terms);
    expect(detention).toMatchObject({ state: 'billable', clockStartsAt: at('10:00'), waitedMinutes: 150, billedMinutes: 30, hours: '0.50', amount: '20.00' });
  });

  it('starts the clock at the arrival without an appointment', () => {
    expect(detentionAt(stop('09:10', '11:40', [null, null]), terms)).toMatchObject({ clockStartsAt: at('09:10'), hours: '0.50', amount: '20.00' });
  });

  it('runs while the truck waits, counted to now', () => {
    expect(detentionAt(stop('10:00', null), terms, new Date(at('11:45')))).toMatchObject({ state: 'free-time', waitedMinutes: 105, amount: '0.00' });
    expect(detentionAt(stop('10:00', null), terms, new Date(at('12:40')))).toMatchObject({ state: 'running', billedMinutes: 45, hours: '0.75', amount: '30.00' });
    expect(detentionAt(stop(null, null), terms)).toMatchObject({ state: 'not-arrived', amount: '0.00' });
  });

  it('rounds hours that are no whole hundredth half up, and prices them as a line would', () => {
    // 7 minutes over, by 10: 10 minutes = 0.1666… h → 0.17 h; 0.17 × 55.55 = 9.4435 → 9.44.
    const odd = { ...terms, billingIncrementMinutes: 10, detentionRatePerHour: '55.55', detentionFreeHours: '1.50' };
    expect(detentionAt(stop('10:00', '11:37'), odd)).toMatchObject({ billedMinutes: 10, hours: '0.17', amount: '9.44' });
    expect(detentionAt(stop('10:00', '11:37'), odd).amount).toBe(chargeAmount('0.17', '55.55'));
  });

  it('says what it billed', () => {
    const detention = detentionAt(stop('10:00', '13:20'), terms);
    expect(detentionDescription('Acme DC', detention, terms)).toBe('Detention at Acme DC: waited 3 h 20 min, 1.5 h billed after 2 h free');
  });
});

describe('a charge line', () => {
  it("works out quantity × rate, rounded half up to the cent", () => {
    expect(chargeAmount('1.25', '40.00')).toBe('50.00');
    expect(chargeAmount('0.33', '10.01')).toBe('3.30');
    expect(chargeAmount('1.5', '0.01')).toBe('0.02');
    expect(chargeAmount('1.49', '0.01')).toBe('0.01');
    // Beyond what a line may hold (the service refuses it), yet exact.
    expect(chargeAmount('9999.99', '99999999.99')).toBe('999998999900.00');
    expect(chargeAmount('', '1.00')).toBeUndefined();
    expect(chargeAmount('1.234', '1.00')).toBeUndefined();
  });

  it('takes a TONU with no stop, and says what is wrong in plain words', () => {
    const tonu = chargeInputSchema.parse({ code: 'TONU', quantity: '1', unit: 'flat', rate: '250' });
    expect(tonu).toMatchObject({ quantity: '1.00', rate: '250.00', billable: true, payableToDriver: false, reimbursable: false, status: 'requested', stopId: null, documentId: null });
    const wrong = chargeInputSchema.safeParse({ code: 'FREIGHT', quantity: '1.234', unit: 'week', rate: '' });
    expect(wrong.success).toBe(false);
    const messages = Object.fromEntries(wrong.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      code: 'Code must be one of: LINEHAUL, FUEL_SURCHARGE, DETENTION, LAYOVER, TONU, LUMPER, STOP_OFF, TARP, OTHER',
      quantity: 'Enter a quantity like 1.5 (at most 2 decimals, up to 9999.99)',
      unit: 'Unit must be one of: hour, day, stop, flat, mile',
      rate: 'Rate is required',
    });
  });
});

describe('charge terms', () => {
  it("are the customer's where it has them, else the company's", () => {
    const applied = termsThatApply(DEFAULT_CHARGE_TERMS, { detentionRatePerHour: '55.00', detentionFreeHours: null, tonuFlat: '150.00' }, 'Acme');
    expect(applied).toMatchObject({ detentionFreeHours: '2.00', detentionRatePerHour: '55.00', tonuFlat: '150.00', customerName: 'Acme' });
    expect(applied.from).toMatchObject({ detentionFreeHours: 'company', detentionRatePerHour: 'customer', tonuFlat: 'customer', layoverPerDay: 'company' });
  });

  it('check every field', () => {
    expect(chargeTermsSchema.parse({ detentionFreeHours: '2', detentionRatePerHour: '40', detentionCapHours: '', billingIncrementMinutes: '15' })).toEqual({
      ...DEFAULT_CHARGE_TERMS,
      detentionCapHours: null,
    });
    const wrong = chargeTermsSchema.safeParse({ detentionFreeHours: '', detentionRatePerHour: '40', detentionCapHours: '100', billingIncrementMinutes: 0 });
    const messages = Object.fromEntries(wrong.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      detentionFreeHours: 'Detention free hours are required',
      detentionCapHours: 'Enter hours like 2 or 1.5 (at most 2 decimals, up to 99.99)',
      billingIncrementMinutes: 'Must be between 1 and 240',
    });
    const missing = chargeTermsSchema.safeParse({ detentionFreeHours: '2', detentionRatePerHour: '40', billingIncrementMinutes: '' });
    expect(missing.error!.issues.map((issue) => issue.message)).toEqual(['Billing increment is required']);
  });
});
