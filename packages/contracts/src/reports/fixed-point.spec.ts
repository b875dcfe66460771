import { roundKeepingTotal } from './fixed-point.js';

describe('roundKeepingTotal', () => {
  it('gives the unit that rounding each part alone would add twice to one part only', () => {
    // 58.272 + 58.272 miles = 116.544 → 116.5 shown; each alone rounds to 58.3, and 58.3 + 58.3 = 116.6.
    expect(roundKeepingTotal([58_272n, 58_272n], 100n)).toEqual({ parts: [583n, 582n], total: 1165n });
  });

  it('hands the units missing from the total to the parts with the largest remainders', () => {
    // 1.45 + 2.35 + 3.2 = 7.0: down to 1, 2, 3 (6), one unit to hand out; 1.45 lost the most.
    expect(roundKeepingTotal([145n, 235n, 320n], 100n)).toEqual({ parts: [2n, 2n, 3n], total: 7n });
    expect(roundKeepingTotal([], 100n)).toEqual({ parts: [], total: 0n });
  });

  it('rounds credits as debts are, so lines of either sign still add up', () => {
    // −0.945 + 0.992 25 = 0.047 25 → 0.05 (cents): down to −0.95 and 0.99 (0.04), one cent to the larger remainder.
    expect(roundKeepingTotal([-9_450_000n, 9_922_500n], 100_000n)).toEqual({ parts: [-94n, 99n], total: 5n });
    expect(roundKeepingTotal([-150n, -150n], 100n)).toEqual({ parts: [-1n, -2n], total: -3n });
  });

  it('keeps the total and each part within a unit of its value, whatever the parts', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let run = 0; run < 500; run++) {
      const denominator = BigInt(1 + (next() % 1000));
      const numerators = Array.from({ length: next() % 12 }, () => BigInt((next() % 2_000_001) - 1_000_000));
      const { parts, total } = roundKeepingTotal(numerators, denominator);
      expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(total);
      parts.forEach((part, index) => {
        const off = part * denominator - numerators[index];
        expect(off < denominator && off > -denominator).toBe(true);
      });
    }
  });
});
