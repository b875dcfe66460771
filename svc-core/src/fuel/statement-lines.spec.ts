import { litresToGallonsThousandths, wexKind, itemKind } from '@tms/contracts';
import { pricePerGallon, statementDay, statementLines, statementTime } from './statement-lines.js';

const efsRow = (values: Record<string, string>) => ({
  row: 2,
  values: {
    card: '7083051234560042',
    date: '03/05/2026',
    time: '10:05',
    invoice: 'INV1',
    unit: '101',
    driver: 'Fiona  Carter',
    state: 'TX',
    city: 'Midland',
    locationName: 'PILOT #1',
    item: 'ULSD',
    quantity: '125.500',
    amount: '489.32',
    fees: '0.00',
    ...values,
  },
});

describe('statementLines', () => {
  it('reads an EFS row: the card to its last four, the day and time, gallons and cents, and a fee as a line of its own', () => {
    const [fuel, fee] = statementLines('efs', [efsRow({ fees: '$2.50' })]);
    expect(fuel).toMatchObject({ row: 2, item: 'ULSD', kind: 'tractor', card: '0042', date: '2026-03-05', time: '10:05', driver: 'Fiona Carter', gallons: 125_500n, cents: 48_932n, litres: false, problems: [] });
    expect(fee).toMatchObject({ item: 'Fees', kind: 'fee', gallons: null, cents: 250n, problems: [] });
  });

  it('tells EFS items apart: reefer, DEF, oil, cash advance, anything else', () => {
    expect(['ULSD', 'RFR', 'DEFD', 'OIL', 'CADV', 'SCLE'].map(itemKind)).toEqual(['tractor', 'reefer', 'def', 'oil', 'cash', 'other']);
  });

  it('turns litres into gallons, by the measure or a Canadian row without one', () => {
    expect(litresToGallonsThousandths(378_541n)).toBe(100_000n);
    expect(litresToGallonsThousandths(3_785_412n)).toBe(1_000_000n);
    expect(litresToGallonsThousandths(1_000n)).toBe(264n); // 0.264172 gal
    const [measured] = statementLines('efs', [efsRow({ measure: 'L', quantity: '378.541' })]);
    expect(measured).toMatchObject({ litres: true, gallons: 100_000n });
    const [canadian] = statementLines('efs', [efsRow({ state: 'ON', quantity: '378.541' })]);
    expect(canadian).toMatchObject({ litres: true, gallons: 100_000n });
  });

  it('reads WEX product codes: 2 and 9 diesel, 1 E85, 3/7/12/15 gasoline, 21 and above non-fuel', () => {
    expect(['2', '9', '1', '3', '7', '12', '15'].map((code) => wexKind(code))).toEqual(['tractor', 'tractor', 'gasoline', 'gasoline', 'gasoline', 'gasoline', 'gasoline']);
    expect(wexKind('9', 'Diesel Reefer')).toBe('reefer');
    expect([wexKind('21', 'Car wash'), wexKind('25', 'Motor Oil'), wexKind('30', 'DEF')]).toEqual(['other', 'oil', 'def']);
    const [unknown] = statementLines('wex', [efsRow({ item: '5' })]);
    expect(unknown.problems).toEqual(["Product code '5' is not one this layout knows"]);
  });

  it("splits a Comdata row into its tractor, reefer, other, cash advance and fees, leaving out what is empty", () => {
    const lines = statementLines('comdata', [
      { row: 2, values: { card: '1234', date: '2026-03-05', invoice: 'C1', unit: '101', driver: 'Gus', state: 'OK', tractorGallons: '150', tractorCost: '548.85', reeferGallons: '', reeferCost: '0.00', otherCost: '12', cashAdvance: '200.00', fees: '3.00' } },
    ]);
    expect(lines.map((line) => [line.item, line.kind, line.gallons, line.cents])).toEqual([
      ['Tractor', 'tractor', 150_000n, 54_885n],
      ['Other', 'other', null, 1_200n],
      ['Cash Advance', 'cash', null, 20_000n],
      ['Fees', 'fee', null, 300n],
    ]);
  });

  it("names what it cannot read, and refuses credits", () => {
    const [line] = statementLines('generic', [efsRow({ date: '02/30/2026', time: '25:00', state: 'XX', quantity: 'ten', amount: '(4.00)' })]);
    expect(line.problems).toEqual([
      "'02/30/2026' is not a date (YYYY-MM-DD or MM/DD/YYYY)",
      "'25:00' is not a time of day",
      "'XX' is not a US state or Canadian province",
      "'ten' is not a quantity",
      'Credits and negative amounts are not imported',
    ]);
  });
});

describe('statement days, times and prices', () => {
  it('reads days and times as statements write them', () => {
    expect(['2026-03-05', '3/5/2026', '03/05/26', '2026-03-05T10:00:00'].map(statementDay)).toEqual(['2026-03-05', '2026-03-05', '2026-03-05', '2026-03-05']);
    expect(['14:05', '14:05:33', '2:05 PM', '12:10 am', '1405'].map(statementTime)).toEqual(['14:05', '14:05', '14:05', '00:10', '14:05']);
  });

  it('works out the price per gallon from the amount, to the thousandth', () => {
    expect(pricePerGallon(48_932n, 125_500n)).toBe('3.899');
    expect(pricePerGallon(56_781n, 100_000n)).toBe('5.678');
  });
});
