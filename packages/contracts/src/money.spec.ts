import { centsToMoney, formatDollars, parseCents, sumMoney } from './money.js';

describe('money as text', () => {
  it('reads amounts with up to 2 decimals as cents', () => {
    expect(parseCents('1234.50')).toBe(123450n);
    expect(parseCents('1234.5')).toBe(123450n);
    expect(parseCents('1234')).toBe(123400n);
    expect(parseCents('.05')).toBe(5n);
    expect(parseCents('7.')).toBe(700n);
    expect(parseCents('-12.34')).toBe(-1234n);
    expect(parseCents('0099999999.99')).toBe(9999999999n);
  });

  it('reads nothing else as an amount', () => {
    for (const text of ['', '.', '-', '1e3', '1E3', '12.345', '1,200.00', '$5', ' 5', '0x10', 'NaN', 'Infinity', '+5', '5-', '1.2.3', '١٢']) {
      expect(parseCents(text)).toBeUndefined();
    }
  });

  it('writes cents as N.NN', () => {
    expect(centsToMoney(123450n)).toBe('1234.50');
    expect(centsToMoney(5n)).toBe('0.05');
    expect(centsToMoney(0n)).toBe('0.00');
    expect(centsToMoney(-5n)).toBe('-0.05');
    expect(centsToMoney(12345678901234567890n)).toBe('123456789012345678.90');
  });

  it('sums exactly where floating point does not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney([])).toBe('0.00');
    // 3,334 × 99999999.99 + 3,333 × 0.01 + 3,333 × 0.07: a floating-point sum is 2 cents off.
    const rates = Array.from({ length: 10_000 }, (_, index) => ['99999999.99', '0.01', '0.07'][index % 3]);
    let floating = 0;
    for (const rate of rates) floating += Number(rate);
    expect(floating.toFixed(2)).toBe('333400000233.32');
    expect(sumMoney(rates)).toBe('333400000233.30');
  });

  it('sums amounts beyond what a double holds to the cent', () => {
    expect(sumMoney(Array.from({ length: 1000 }, () => '99999999.99'))).toBe('99999999990.00');
    expect(sumMoney(['90071992547409.93', '0.01'])).toBe('90071992547409.94');
  });

  it('refuses to sum text that is not an amount', () => {
    expect(() => sumMoney(['1.00', '1e3'])).toThrow(RangeError);
  });

  it('formats dollars with thousands separators and cents', () => {
    expect(formatDollars('1234.5')).toBe('$1,234.50');
    expect(formatDollars('0')).toBe('$0.00');
    expect(formatDollars('999.99')).toBe('$999.99');
    expect(formatDollars('1000')).toBe('$1,000.00');
    expect(formatDollars('99999999990.00')).toBe('$99,999,999,990.00');
    expect(formatDollars('-1234567.8')).toBe('-$1,234,567.80');
  });
});
