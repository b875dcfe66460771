import { detentionShare, driverInputSchema, extraStopsOf, loadPay, normalizedPayRate, payRuleIssues, settlementPayParts, stopPay } from '../index.js';

describe('pay rules', () => {
  it('pays a percent of the rate, rounded half up to the cent', () => {
    const rule = { payType: 'percent', payRate: '25.00' } as const;
    expect(loadPay(rule, '0.50', null)).toBe('0.13'); // 0.125
    expect(loadPay(rule, '0.02', null)).toBe('0.01'); // 0.005
    expect(loadPay(rule, '0.01', null)).toBe('0.00'); // 0.0025
    expect(loadPay(rule, '1000.02', null)).toBe('250.01'); // 250.005
    expect(loadPay({ payType: 'percent', payRate: '33.33' }, '99999999.99', null)).toBe('33330000.00'); // 33329999.9966667
    expect(loadPay({ payType: 'percent', payRate: '100.00' }, '1234.57', 5)).toBe('1234.57');
  });

  it('pays per loaded mile to the cent (half up), nothing without miles, and a flat amount per load', () => {
    expect(loadPay({ payType: 'perMile', payRate: '0.655' }, '500.00', 101)).toBe('66.16'); // 66.155
    expect(loadPay({ payType: 'perMile', payRate: '0.655' }, '500.00', 7)).toBe('4.59'); // 4.585
    expect(loadPay({ payType: 'perMile', payRate: '0.001' }, '500.00', 4)).toBe('0.00'); // 0.004
    expect(loadPay({ payType: 'perMile', payRate: '0.001' }, '500.00', 5)).toBe('0.01'); // 0.005
    expect(loadPay({ payType: 'perMile', payRate: '0.655' }, '500.00', null)).toBe('0.00');
    expect(loadPay({ payType: 'perLoad', payRate: '350' }, '0.01', null)).toBe('350.00');
    expect(loadPay({ payType: null, payRate: null }, '500.00', 100)).toBe('0.00');
  });

  it("keeps a rate with its type's decimals and says what is wrong with half a rule", () => {
    expect(normalizedPayRate('percent', '28')).toBe('28.00');
    expect(normalizedPayRate('perMile', '.655')).toBe('0.655');
    expect(normalizedPayRate('perMile', '0.6')).toBe('0.600');
    expect(normalizedPayRate('perLoad', '350.5')).toBe('350.50');
    expect(normalizedPayRate('percent', '28.125')).toBeUndefined();
    expect(normalizedPayRate('percent', '100.01')).toBeUndefined();
    expect(payRuleIssues({ payType: 'percent', payRate: null })).toEqual({ payRate: ['Pay rate is required with a pay type'] });
    expect(payRuleIssues({ payType: null, payRate: '28.00' })).toEqual({ payType: ['Choose a pay type for this pay rate'] });
    expect(payRuleIssues({ payType: 'perMile', payRate: '0.6555' })).toEqual({ payRate: ['Dollars per mile have at most 3 decimals, from 0 to 99.999'] });
    expect(payRuleIssues({ payType: 'perLoad', payRate: '350.00' })).toBeUndefined();
    expect(payRuleIssues({ payType: null, payRate: null })).toBeUndefined();
  });

  it('pays each stop beyond the first pickup and the last delivery (issue 43)', () => {
    expect([2, 3, 5, 1].map(extraStopsOf)).toEqual([0, 1, 3, 0]);
    expect(stopPay({ perStopPay: '25.00' }, 2)).toBe('0.00');
    expect(stopPay({ perStopPay: '25.00' }, 3)).toBe('25.00');
    expect(stopPay({ perStopPay: '33.33' }, 5)).toBe('99.99');
    expect(stopPay({ perStopPay: null }, 5)).toBe('0.00');
    expect(stopPay({}, 5)).toBe('0.00');
  });

  it("shares the approved detention at the rule's percent, half up to the cent (issue 43)", () => {
    expect(detentionShare({ detentionSharePercent: '50.00' }, ['50.00', '30.00'])).toBe('40.00');
    expect(detentionShare({ detentionSharePercent: '50.00' }, ['0.01'])).toBe('0.01'); // 0.005
    expect(detentionShare({ detentionSharePercent: '12.50' }, ['10.00'])).toBe('1.25');
    expect(detentionShare({ detentionSharePercent: '33.33' }, ['0.03'])).toBe('0.01'); // 0.009999
    expect(detentionShare({ detentionSharePercent: '33.33' }, ['0.01'])).toBe('0.00'); // 0.003333
    expect(detentionShare({ detentionSharePercent: '100.00' }, ['123.45'])).toBe('123.45');
    expect(detentionShare({ detentionSharePercent: null }, ['123.45'])).toBe('0.00');
    expect(detentionShare({ detentionSharePercent: '50.00' }, [])).toBe('0.00');
  });

  it('adds the parts of a settlement into its driver pay, to the cent (issue 43)', () => {
    const loads = [
      { pay: '700.01', stopPay: '25.00', detentionPay: '25.00' },
      { pay: '0.02', stopPay: '0.00', detentionPay: '0.01' },
    ];
    const lumper = { loadId: 'l1', loadNumber: 'LD-1', chargeId: 'c1', code: 'LUMPER', description: '', amount: '185.55' };
    expect(settlementPayParts(loads, [lumper])).toEqual({ loadPay: '700.03', stopPay: '25.00', detentionPay: '25.01', reimbursed: '185.55', reimbursements: [lumper], driverPay: '935.59' });
  });

  it('takes a per-stop pay as money and a detention share from 0 to 100 with 2 decimals, both optional (issue 43)', () => {
    const driver = { name: 'A', email: 'a@example.com', phone: '1', licenseNumber: 'L', status: 'available' };
    expect(driverInputSchema.parse({ ...driver, perStopPay: '25', detentionSharePercent: '12.5' })).toMatchObject({ perStopPay: '25.00', detentionSharePercent: '12.50' });
    expect(driverInputSchema.parse(driver)).toMatchObject({ perStopPay: null, detentionSharePercent: null });
    expect(driverInputSchema.safeParse({ ...driver, detentionSharePercent: '100.01' }).error?.issues.map(({ path, message }) => [path, message])).toEqual([
      [['detentionSharePercent'], 'Enter a percent like 50 or 12.5 (at most 2 decimals, from 0 to 100)'],
    ]);
    expect(driverInputSchema.safeParse({ ...driver, detentionSharePercent: '1000' }).success).toBe(false);
    expect(driverInputSchema.safeParse({ ...driver, perStopPay: '-5' }).success).toBe(false);
  });
});
