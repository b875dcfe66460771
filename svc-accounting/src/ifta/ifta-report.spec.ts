import { MILLIMETERS_PER_MILE, type IftaFuel, type IftaMiles, type IftaRates } from '@tms/contracts';
import { composeIftaReport, tenthsOfMile } from './ifta-report.js';

const mm = (miles: number) => String(Math.round(miles * MILLIMETERS_PER_MILE));
const query = { year: 2026, quarter: 4, truckId: undefined };
const noRates: IftaRates = { year: 2026, quarter: 4, rates: [] };
const fuel = (gallons: Record<string, string>, problems: IftaFuel['problems'] = []): IftaFuel => ({
  gallons: Object.entries(gallons).map(([jurisdiction, amount]) => ({ jurisdiction: jurisdiction as 'TX', gallons: amount })),
  problems,
});
const miles = (byState: Record<string, number>): IftaMiles => ({
  millimeters: Object.entries(byState).map(([jurisdiction, amount]) => ({ jurisdiction: jurisdiction as 'TX', millimeters: mm(amount) })),
  gaps: [],
  gapCount: 0,
});

describe('composeIftaReport', () => {
  it('works a return out as a clerk does by hand: MPG from the totals, taxable gallons from it, tax to the cent', () => {
    // 1,000.0 mi / 150.000 gal = 6.67 MPG (6.666...); TX 600.0 / 6.67 = 89.955 gal, net 89.955 − 100.000 = −10.045,
    // × 0.2000 = −2.009 → −$2.01; OK 400.0 / 6.67 = 59.970, net 9.970 × 0.1900 = 1.8943 → $1.89; total −$0.12.
    const rates: IftaRates = { ...noRates, rates: [{ jurisdiction: 'TX', rate: '0.2000' }, { jurisdiction: 'OK', rate: '0.1900' }] };
    const report = composeIftaReport(query, miles({ TX: 600, OK: 400 }), fuel({ TX: '100.000', OK: '50.000' }), rates, new Map());
    expect(report).toMatchObject({ totalMiles: '1000.0', totalGallons: '150.000', fleetMpg: '6.67', totalTaxDue: '-0.12', missingRates: [], from: '2026-10-01', to: '2027-01-01' });
    expect(report.jurisdictions.map((row) => [row.jurisdiction, row.miles, row.taxableGallons, row.netTaxableGallons, row.taxDue])).toEqual([
      ['OK', '400.0', '59.970', '9.970', '1.89'],
      ['TX', '600.0', '89.955', '-10.045', '-2.01'],
    ]);
  });

  it('adds up ten thousand segments exactly, with no drift', () => {
    // 10,000 segments of 0.1 mile each (160,934.4 mm): 1,000.0 miles, where 0.1 added 10,000 times in floating point is 1000.0000000001588.
    const total = Array.from({ length: 10_000 }, () => 160_934_400n / 1000n).reduce((sum, part) => sum + part, 0n);
    expect(tenthsOfMile(total)).toBe(10_000n);
  });

  it('leaves the tax of a state without a rate, and of OTHER, uncomputed, listing the state as missing', () => {
    const report = composeIftaReport(query, miles({ KS: 100, OTHER: 50 }), fuel({ KS: '30.000' }), noRates, new Map());
    expect(report.missingRates).toEqual(['KS']);
    expect(report.jurisdictions.map((row) => [row.jurisdiction, row.rate, row.taxDue])).toEqual([
      ['KS', null, null],
      ['OTHER', null, null],
    ]);
  });

  it('has no fleet MPG, and so no taxable gallons, without Diesel bought', () => {
    const report = composeIftaReport(query, miles({ TX: 10 }), fuel({}), { ...noRates, rates: [{ jurisdiction: 'TX', rate: '0.2000' }] }, new Map());
    expect(report).toMatchObject({ fleetMpg: null, totalGallons: '0.000' });
    expect(report.jurisdictions[0]).toMatchObject({ taxableGallons: null, netTaxableGallons: null, taxDue: null });
  });

  it('names the trucks of gaps and of fuel whose state cannot be read', () => {
    const trucks = new Map([['t1', { truckNumber: 'T-1', vin: null }]]);
    const gaps: IftaMiles = { millimeters: [], gapCount: 1, gaps: [{ truckId: 't1', from: 'a', to: 'b', millimeters: mm(12.34), reason: 'no-positions' }] };
    const problem = { fuelId: 'f1', truckId: 't1', transactionDate: '2026-11-02', location: 'Springfield', gallons: '50.000' };
    const report = composeIftaReport(query, gaps, fuel({}, [problem]), noRates, trucks);
    expect(report.gaps).toEqual([{ truckId: 't1', truckNumber: 'T-1', from: 'a', to: 'b', miles: '12.3', reason: 'no-positions' }]);
    expect(report.problems).toEqual([{ kind: 'fuel-location', ...problem, truckNumber: 'T-1', message: "The state of 'Springfield' cannot be read: write the location as 'City, ST'" }]);
  });
});
