import { loadPay, normalizedPayRate, payRuleIssues } from '../index.js';

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
});
