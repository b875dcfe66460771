import { invoiceBalance, invoiceTotal, marginPercent, settlementNetPay, subtractMoney, sumMoney } from '../index.js';

describe('accounting amounts', () => {
  it('adds subtotal and tax to the cent, where JavaScript numbers would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(invoiceTotal('0.10', '0.20')).toBe('0.30');
    expect(invoiceTotal('1234.57', '')).toBe('1234.57');
    expect(invoiceTotal('1234.5', null)).toBe('1234.50');
    expect(invoiceTotal('', '5')).toBeUndefined();
    expect(invoiceTotal('12.345', '0')).toBeUndefined();
  });

  it('works out balances and net pay as differences to the cent', () => {
    expect(invoiceBalance('1234.67', '234.57')).toBe('1000.10');
    expect(invoiceBalance('0.30', '0.10')).toBe('0.20');
    expect(settlementNetPay('1920.30', '150.10')).toBe('1770.20');
    expect(settlementNetPay('1920', '')).toBe('1920.00');
    expect(settlementNetPay('100', '100.01')).toBe('-0.01');
    expect(subtractMoney('0.30', '0.20')).toBe('0.10');
  });

  it('gives the margin in percent to one decimal, rounded half away from zero, and 0 with no revenue', () => {
    expect(marginPercent('0.10', '0.30')).toBe('33.3');
    expect(marginPercent('0.20', '0.30')).toBe('66.7');
    expect(marginPercent('1.05', '100.00')).toBe('1.1');
    expect(marginPercent('-37775.26', '67650.00')).toBe('-55.8');
    expect(marginPercent('-0.01', '1000.00')).toBe('0.0');
    expect(marginPercent('5.00', '0.00')).toBe('0.0');
    expect(marginPercent('0.00', '10.00')).toBe('0.0');
  });

  it('adds up 10,000 awkward amounts exactly', () => {
    const amounts = Array.from({ length: 10000 }, (_, n) => ['0.10', '0.20', '1234.57', '0.01', '99999.99', '33.33', '0.07'][(n + 1) % 7]);
    // 1428 of each, and one more of 0.20, 1234.57, 0.01 and 99999.99: worked out apart, in decimal.
    expect(sumMoney(amounts)).toBe('144712324.33');
  });
});
