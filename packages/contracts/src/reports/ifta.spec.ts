import { divideRounded, fromUnits, toUnits } from './fixed-point.js';
import { iftaRatesFromRows, iftaRatesSchema, quarterDays, stateOfLocation } from './ifta.js';

describe('IFTA contracts', () => {
  it('reads the state of a fuel purchase only from a trailing postal code', () => {
    expect(stateOfLocation('Midland, TX')).toBe('TX');
    expect(stateOfLocation('amarillo,tx ')).toBe('TX');
    expect(stateOfLocation('Springfield')).toBeNull();
    expect(stateOfLocation('Paris, XX')).toBeNull();
    expect(stateOfLocation('Dallas, Texas')).toBeNull();
    // Outside IFTA, but its fuel counts in total gallons.
    expect(stateOfLocation('Washington, DC')).toBe('DC');
    expect(stateOfLocation('Whitehorse, YT')).toBe('YT');
  });

  it('knows a quarter’s days', () => {
    expect(quarterDays({ year: 2026, quarter: 1 })).toEqual({ from: '2026-01-01', to: '2026-04-01' });
    expect(quarterDays({ year: 2026, quarter: 4 })).toEqual({ from: '2026-10-01', to: '2027-01-01' });
  });

  it('keeps rates to 4 decimals and each state once', () => {
    expect(iftaRatesSchema.parse([{ jurisdiction: 'TX', rate: '.2' }])).toEqual([{ jurisdiction: 'TX', rate: '0.2000' }]);
    const refused = iftaRatesSchema.safeParse([{ jurisdiction: 'TX', rate: '0.2' }, { jurisdiction: 'TX', rate: '0.12345' }, { jurisdiction: 'ON', rate: '1' }]);
    expect(refused.success).toBe(false);
    const paths = refused.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['1.rate', 'Rate must be dollars per gallon with at most 4 decimals, like 0.2870'],
        ['2.jurisdiction', 'Choose a US state'],
      ]),
    );
    const nonIfta = iftaRatesSchema.safeParse([{ jurisdiction: 'DC', rate: '0.3' }]);
    expect(nonIfta.error?.issues.map((issue) => issue.message)).toEqual(['This jurisdiction is not in IFTA: its miles count as non-IFTA miles, with no rate']);
  });

  it('rounds exactly, halves away from zero', () => {
    expect(toUnits('10.4', 3)).toBe(10_400n);
    expect(fromUnits(-4725n, 3)).toBe('-4.725');
    expect(divideRounded(-9450n, 10_000n)).toBe(-1n);
    expect(divideRounded(-9449n, 10_000n)).toBe(-1n);
    expect(divideRounded(-4999n, 10_000n)).toBe(0n);
    expect(divideRounded(5000n, 10_000n)).toBe(1n);
    expect(() => toUnits('1.2345', 3)).toThrow(RangeError);
  });
});

describe('iftaRatesFromRows', () => {
  it('reads a published rate table: states by code or name, the first rate after each, headers and provinces passed over', () => {
    const rows = [
      ['Jurisdiction', 'Rate (US$/gal)', 'Surcharge'],
      ['Texas', '0.2000', ''],
      ['ok', '$0.19'],
      ['Indiana', 'n/a', '0.5400', '0.1200'],
      ['Ontario', '0.4510'],
      ['TX', '0.9999'],
      ['', ''],
    ];
    expect(iftaRatesFromRows(rows)).toEqual({
      rates: [
        { jurisdiction: 'TX', rate: '0.2000' },
        { jurisdiction: 'OK', rate: '0.19' },
        { jurisdiction: 'IN', rate: '0.5400' },
      ],
      skipped: ['Row 1: Jurisdiction, Rate (US$/gal), Surcharge', 'Row 5: Ontario, 0.4510'],
    });
  });
});
