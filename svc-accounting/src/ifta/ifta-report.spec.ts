import { MILLIMETERS_PER_MILE, toUnits, type IftaFuel, type IftaMiles, type IftaRates } from '@tms/contracts';
import { composeIftaReport, tenthsOfMile } from './ifta-report.js';

const mm = (miles: number) => String(Math.round(miles * MILLIMETERS_PER_MILE));
const query = { year: 2026, quarter: 4, truckId: undefined };
const noRates: IftaRates = { year: 2026, quarter: 4, rates: [] };
const fuel = (gallons: Record<string, string>, problems: IftaFuel['problems'] = [], trucks: Record<string, string> = {}): IftaFuel => ({
  gallons: Object.entries(gallons).map(([jurisdiction, amount]) => ({ jurisdiction: jurisdiction as 'TX', gallons: amount })),
  problems,
  trucks: Object.entries(trucks).map(([truckId, amount]) => ({ truckId, gallons: amount })),
});
const miles = (byState: Record<string, number>, trucks: Record<string, number> = {}): IftaMiles => ({
  millimeters: Object.entries(byState).map(([jurisdiction, amount]) => ({ jurisdiction: jurisdiction as 'TX', millimeters: mm(amount) })),
  trucks: Object.entries(trucks).map(([truckId, amount]) => ({ truckId, millimeters: mm(amount) })),
  gaps: [],
  gapCount: 0,
});

describe('composeIftaReport', () => {
  it('works a return out as a clerk does by hand: MPG from the totals, taxable gallons from it, tax to the cent', () => {
    // 1,000.0 mi / 150.000 gal = 6.67 MPG (6.666...); TX 600.0 / 6.67 = 89.955 gal, net 89.955 − 100.000 = −10.045,
    // × 0.2000 = −2.009; OK 400.0 / 6.67 = 59.970, net 9.970 × 0.1900 = 1.8943; total −0.1147 → −$0.11. Down to the
    // cent, −2.01 and 1.89 make −0.12: the missing cent goes to OK, whose remainder (0.43 of a cent) is the larger.
    const rates: IftaRates = { ...noRates, rates: [{ jurisdiction: 'TX', rate: '0.2000' }, { jurisdiction: 'OK', rate: '0.1900' }] };
    const report = composeIftaReport(query, miles({ TX: 600, OK: 400 }), fuel({ TX: '100.000', OK: '50.000' }), rates, new Map());
    expect(report).toMatchObject({ totalMiles: '1000.0', totalGallons: '150.000', fleetMpg: '6.67', totalTaxDue: '-0.11', missingRates: [], from: '2026-10-01', to: '2027-01-01' });
    expect(report.jurisdictions.map((row) => [row.jurisdiction, row.miles, row.taxableGallons, row.netTaxableGallons, row.taxDue])).toEqual([
      ['OK', '400.0', '59.970', '9.970', '1.90'],
      ['TX', '600.0', '89.955', '-10.045', '-2.01'],
    ]);
  });

  it('shows lines that add up to the totals shown: 58.272 + 58.272 miles is 116.5, so one state has 58.3 and the other 58.2', () => {
    // Each alone would round to 58.3 (116.6 in all). 116.5 mi / 8.000 gal = 14.56 MPG; NM 58.3 / 14.56 = 4.004 12,
    // TX 58.2 / 14.56 = 3.997 25: 8.001 37 → 8.001 in all, 4.004 + 3.997. NM net −3.996 × 0.21 = −0.839 16, TX 3.997 ×
    // 0.2 = 0.7994: −0.039 76 → −$0.04 in all, −0.84 + 0.80.
    const rates: IftaRates = { ...noRates, rates: [{ jurisdiction: 'NM', rate: '0.21' }, { jurisdiction: 'TX', rate: '0.2' }] };
    const report = composeIftaReport(query, miles({ NM: 58.272, TX: 58.272 }), fuel({ NM: '8.000' }), rates, new Map());
    expect(report.jurisdictions.map((row) => [row.jurisdiction, row.miles, row.taxableGallons, row.netTaxableGallons, row.taxDue])).toEqual([
      ['NM', '58.3', '4.004', '-3.996', '-0.84'],
      ['TX', '58.2', '3.997', '3.997', '0.80'],
    ]);
    expect(report).toMatchObject({ totalMiles: '116.5', totalTaxableMiles: '116.5', fleetMpg: '14.56', totalTaxableGallons: '8.001', totalNetTaxableGallons: '0.001', totalTaxDue: '-0.04' });
  });

  it('keeps every column adding up to its total, for any miles, fuel and rates', () => {
    let seed = 11;
    const next = (below: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % below;
    const states = ['AK', 'AL', 'AZ', 'CA', 'CO', 'DC', 'IL', 'IN', 'KS', 'MO', 'NM', 'OK', 'TX', 'YT', 'OTHER'];
    const sum = (texts: (string | null)[], scale: number) => texts.reduce((total, text) => total + toUnits(text ?? '0', scale), 0n);
    for (let run = 0; run < 200; run++) {
      const picked = states.filter(() => next(3) > 0);
      const driven = miles(Object.fromEntries(picked.map((state) => [state, next(100_000_000) / 1000])));
      const bought = fuel(Object.fromEntries(picked.filter((state) => state !== 'OTHER' && next(2)).map((state) => [state, (next(10_000_000) / 1000).toFixed(3)])));
      const rates: IftaRates = { ...noRates, rates: picked.filter((state) => state !== 'OTHER' && next(4)).map((state) => ({ jurisdiction: state as 'TX', rate: (next(10_000) / 10_000).toFixed(4) })) };
      const report = composeIftaReport(query, driven, bought, rates, new Map());
      const lines = report.jurisdictions;
      expect(sum(lines.map((line) => line.miles), 1)).toBe(toUnits(report.totalMiles, 1));
      expect(sum(lines.map((line) => line.taxableMiles), 1)).toBe(toUnits(report.totalTaxableMiles, 1));
      expect(sum(lines.map((line) => line.taxPaidGallons), 3)).toBe(toUnits(report.totalGallons, 3));
      expect(sum(lines.map((line) => line.taxableGallons), 3)).toBe(toUnits(report.totalTaxableGallons ?? '0', 3));
      expect(sum(lines.map((line) => line.netTaxableGallons), 3)).toBe(toUnits(report.totalNetTaxableGallons ?? '0', 3));
      expect(sum(lines.map((line) => line.taxDue), 2)).toBe(toUnits(report.totalTaxDue, 2));
    }
  });

  it('adds up ten thousand segments exactly, with no drift', () => {
    // 10,000 segments of 0.1 mile each (160,934.4 mm): 1,000.0 miles, where 0.1 added 10,000 times in floating point is 1000.0000000001588.
    const total = Array.from({ length: 10_000 }, () => 160_934_400n / 1000n).reduce((sum, part) => sum + part, 0n);
    expect(tenthsOfMile(total)).toBe(10_000n);
  });

  it('leaves the tax of a state without a rate, and of OTHER, uncomputed, listing the state as missing', () => {
    const report = composeIftaReport(query, miles({ KS: 100, OTHER: 50 }), fuel({ KS: '30.000' }), noRates, new Map());
    expect(report.missingRates).toEqual(['KS']);
    expect(report.jurisdictions.map((row) => [row.jurisdiction, row.status, row.rate, row.taxDue])).toEqual([
      ['KS', 'needs-rate', null, null],
      ['OTHER', 'outside-states', null, null],
    ]);
  });

  it('counts DC, Alaska and a Canadian territory as non-IFTA: in total miles, gallons and MPG, with no rate and no tax', () => {
    // TX 300.0 + DC 100.0 + AK 50.0 = 450.0 mi, 150.0 of them non-IFTA; 450.0 / (TX 40.000 + DC 10.000 + YT 50.000 gal)
    // = 4.50 MPG; TX 300.0 / 4.50 = 66.667 gal, net 26.667 × 0.2000 = 5.3334 → $5.33. A rate once saved for DC is not used.
    const rates: IftaRates = { ...noRates, rates: [{ jurisdiction: 'TX', rate: '0.2000' }, { jurisdiction: 'DC', rate: '0.3000' }] };
    const report = composeIftaReport(query, miles({ TX: 300, DC: 100, AK: 50, OTHER: 0 }), fuel({ TX: '40.000', DC: '10.000', YT: '50.000' }), rates, new Map());
    expect(report).toMatchObject({ totalMiles: '450.0', totalTaxableMiles: '300.0', nonIftaMiles: '150.0', totalGallons: '100.000', fleetMpg: '4.50', totalTaxDue: '5.33', missingRates: [] });
    expect(report.jurisdictions.map((row) => [row.jurisdiction, row.status, row.miles, row.taxableMiles, row.taxableGallons, row.taxPaidGallons, row.rate, row.taxDue])).toEqual([
      ['AK', 'non-ifta', '50.0', '0.0', null, '0.000', null, null],
      ['DC', 'non-ifta', '100.0', '0.0', null, '10.000', null, null],
      ['TX', 'taxed', '300.0', '300.0', '66.667', '40.000', '0.2000', '5.33'],
      ['YT', 'non-ifta', '0.0', '0.0', null, '50.000', null, null],
      ['OTHER', 'outside-states', '0.0', '0.0', '0.000', '0.000', null, null],
    ]);
  });

  it('has no fleet MPG, and so no taxable gallons, without Diesel bought', () => {
    const report = composeIftaReport(query, miles({ TX: 10 }), fuel({}), { ...noRates, rates: [{ jurisdiction: 'TX', rate: '0.2000' }] }, new Map());
    expect(report).toMatchObject({ fleetMpg: null, totalGallons: '0.000' });
    expect(report.jurisdictions[0]).toMatchObject({ taxableGallons: null, netTaxableGallons: null, taxDue: null });
  });

  it('names the trucks of gaps and of fuel whose state cannot be read', () => {
    const trucks = new Map([['t1', { truckNumber: 'T-1', vin: null }]]);
    const gaps: IftaMiles = { millimeters: [], trucks: [], gapCount: 1, gaps: [{ truckId: 't1', from: 'a', to: 'b', millimeters: mm(12.34), reason: 'no-positions' }] };
    const problem = { fuelId: 'f1', truckId: 't1', transactionDate: '2026-11-02', location: 'Springfield', gallons: '50.000' };
    const report = composeIftaReport(query, gaps, fuel({}, [problem]), noRates, trucks);
    expect(report.gaps).toEqual([{ truckId: 't1', truckNumber: 'T-1', from: 'a', to: 'b', miles: '12.3', reason: 'no-positions' }]);
    expect(report.problems).toEqual([{ kind: 'fuel-location', ...problem, truckNumber: 'T-1', message: "The state of 'Springfield' cannot be read: write the location as 'City, ST'" }]);
  });

  it('warns of figures to look at before filing: a fleet or truck MPG outside 3.5-10, fuel without miles, miles without fuel', () => {
    const names = new Map([['t1', { truckNumber: 'T-1', vin: null }], ['t2', { truckNumber: 'T-2', vin: null }], ['t3', { truckNumber: 'T-3', vin: null }], ['t10', { truckNumber: 'T-10', vin: null }]]);
    // T-1 6.50 MPG (fine), T-2 12.00 MPG, T-3 fuel and no miles, T-10 miles and no fuel; the fleet 1,950.0 / 200.000 = 9.75.
    const driven = miles({ TX: 1950 }, { t1: 650, t2: 600, t10: 700 });
    const bought = fuel({ TX: '200.000' }, [], { t1: '100.000', t2: '50.000', t3: '50.000' });
    expect(composeIftaReport(query, driven, bought, noRates, names).warnings).toEqual([
      { kind: 'truck-mpg', truckId: 't2', truckNumber: 'T-2', message: 'Truck T-2: 12.00 MPG is outside 3.50-10.00: check its miles and fuel' },
      { kind: 'fuel-no-miles', truckId: 't3', truckNumber: 'T-3', message: 'Truck T-3 bought 50.000 gallons but has no miles in the period' },
      { kind: 'miles-no-fuel', truckId: 't10', truckNumber: 'T-10', message: 'Truck T-10 drove 700.0 miles but bought no fuel in the period' },
    ]);
    // The edges are plausible; a fleet at 3.49 MPG is not.
    expect(composeIftaReport(query, miles({ TX: 350 }, { t1: 350 }), fuel({ TX: '100.000' }, [], { t1: '100.000' }), noRates, names).warnings).toEqual([]);
    expect(composeIftaReport(query, miles({ TX: 1000 }, { t1: 1000 }), fuel({ TX: '100.000' }, [], { t1: '100.000' }), noRates, names).warnings).toEqual([]);
    expect(composeIftaReport(query, miles({ TX: 349 }), fuel({ TX: '100.000' }), noRates, names).warnings).toEqual([
      { kind: 'fleet-mpg', truckId: null, truckNumber: null, message: 'Fleet MPG 3.49 is outside 3.50-10.00: check for missing miles or fuel' },
    ]);
  });
});
