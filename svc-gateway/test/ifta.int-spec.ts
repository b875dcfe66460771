import pg from 'pg';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * IFTA through the whole built system: positions posted by devices (gateway → JetStream → svc-telematics, whose
 * writer keeps the miles per truck, day and state), fuel purchases in svc-core, rates in svc-accounting, and the
 * report the gateway composes. Every figure below was worked out by hand, on a sphere of radius 6,371,008.8 m
 * (haversine: d = 2R·asin√(sin²(Δφ/2) + cosφ1·cosφ2·sin²(Δλ/2)), miles = m / 1609.344):
 *
 * Truck IF-1 drives along 32.5°N from New Mexico into Texas, across their line, which us-atlas draws on the meridian
 * B = −103.06507523165232° between 32.0°N and 33.04°N:
 *   16:00 (32.5, B−1) → 17:40 (32.5, B+1): one segment, 116.544 mi in 100 min. The great circle crosses B at its
 *     middle (the two ends mirror each other), so NM 58.272 and TX 58.272 mi: 116.544 → 116.5 mi in all, and the
 *     states' lines must add up to it (largest remainder): one state 58.3, the other 58.2, where rounding each alone
 *     shows 58.3 twice (116.6). Positions are stored to 7 decimals, which leaves TX's part the longer by a hair: TX
 *     58.3, NM 58.2. A tool that gives the whole segment to one state shows 116.5 mi there and
 *     0 in the other.
 *   late, 16:50 (33.0, B) on the line itself: the segment becomes two of 67.603 mi each (Δφ 0.5°, Δλ 1°), at 81 mph:
 *     NM 67.6, TX 67.6, total 135.2066 → 135.2 mi.
 *   21:10 (32.5, B+2): 3.5 hours later, 58.273 mi away: a gap, 'no-positions', 58.3 mi, not counted.
 *   21:20 (33.5, B+2): 69.093 mi (1° of latitude) in 10 minutes: a gap, 'impossible-speed', 69.1 mi, not counted.
 * Truck IF-2 drives along 38.5°N from Colorado into Kansas across K = −102.04571573765737° (their line there):
 *   15:00 (38.5, K−0.5) → 15:45 (38.5, K+0.5): 54.073 mi, CO 27.0 and KS 27.0.
 * A driver's phone with no truck drives far: none of it counts.
 * Truck IF-3 (driven last, after the fleet's figures are checked) drives in Maryland, 13:00 (39.3, −76.7) → 13:15
 * (39.4, −76.6): 8.734 mi, then, after a gap, in the District of Columbia, 16:00 (38.88, −77.03) → 16:10 (38.92,
 * −76.99): 3.502 mi, both wholly inside. It buys 1.000 gal in 'Baltimore, MD' and 1.000 in 'Washington, DC'. DC is
 * outside IFTA: 12.236 → 12.2 total miles (MD 8.7, DC 3.5), of which 3.5 non-IFTA and 8.7 taxable; 12.2 / 2.000 gal
 * = 6.10 MPG; MD 8.7 / 6.10 = 1.426 taxable gallons, net 0.426, no rate (MD needs one); DC no taxable gallons.
 *
 * Diesel bought in the quarter: IF-1 'Midland, TX' 10.000 and 'Amarillo, tx' 5.125 (TX 15.125), 'Hobbs, NM' 5.675;
 * IF-2 'Goodland, KS' 9.000. Not counted: IF-1's Gas in 'Odessa, TX', its Diesel of the day before the quarter, and
 * its Diesel at 'Truck stop by the river' (listed as a problem: no state to read). Rates: TX 0.2000, NM 0.2100,
 * CO 0.2050; KS has none.
 *
 * Each column's lines add up to its total: the total is rounded, and the lines are rounded down, the units still
 * missing going to the lines with the largest remainders (the first on a tie).
 * IF-1 alone: 135.2 mi / 20.800 gal = 6.50 MPG; NM and TX taxable 67.6 / 6.50 = 10.400 gal; net NM 10.400 − 5.675 =
 * 4.725 → × 0.2100 = 0.99225; TX 10.400 − 15.125 = −4.725 → × 0.2000 = −0.945 (a credit); total 0.04725 → $0.05:
 * down to 0.99 and −0.95, the missing cent to TX (half a cent left over, against 0.225): NM $0.99, TX −$0.94.
 * The fleet: NM 67.6033 + TX 67.6033 + CO 27.0364 + KS 27.0364 = 189.2794 → 189.3 mi (down to 189.2, the tenth to
 * KS, whose part is the longer by a hair as TX's is: KS 27.1) / 29.800 gal = 6.3523 → 6.35 MPG; taxable CO 27.0 /
 * 6.35 = 4.2520, KS 27.1 / 6.35 = 4.2677, NM and TX 10.6457: 29.8110 → 29.811 gal (down to 29.808, the three
 * thousandths to CO, KS and NM): CO 4.252, KS 4.268, NM 10.646, TX 10.645. KS 4.268 − 9.000 = −4.732 with no rate:
 * tax due null, KS missing. CO 4.252 × 0.2050 = 0.87166, NM 4.971 × 0.21 = 1.04391, TX −4.480 × 0.2 = −0.896:
 * 1.01957 → $1.02 (down to 0.87 + 1.04 − 0.90 = 1.01, the cent to TX, 0.4 of a cent over): CO $0.87, NM $1.04,
 * TX −$0.89.
 */
const B = -103.06507523165232;
const K = -102.04571573765737;

let system: RunningSystem;
let clerk: string;
let db: pg.Pool;
let truckOne: string;
let truckTwo: string;

/** A day ten days ago (UTC) and its company quarter (America/Chicago: the positions, 15:00-21:20Z, are its daytime). */
const day = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
const year = Number(day.slice(0, 4));
const quarter = Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;
const quarterStart = `${year}-${String((quarter - 1) * 3 + 1).padStart(2, '0')}-01`;
const dayBeforeQuarter = new Date(Date.parse(`${quarterStart}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => `${day}T${time}:00.000Z`;
const q = `year=${year}&quarter=${quarter}`;

async function api(method: string, path: string, body?: unknown, cookie: string | undefined = clerk) {
  const response = await fetch(`${system.url}/api${path}`, {
    method,
    headers: { origin: system.url, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined };
}

async function device(fields: Record<string, unknown>): Promise<string> {
  const answer = await api('POST', '/devices', fields);
  expect(answer.status).toBe(201);
  return answer.body.token;
}

/** Posts positions as a device does and waits until svc-telematics has stored them all. */
async function drive(token: string, positions: Record<string, unknown>[]) {
  const { rows } = await db.query(`SELECT count(*)::int AS count FROM telematics.positions`);
  const response = await fetch(`${system.url}/api/gps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(positions),
  });
  expect(response.status).toBe(202);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const stored = (await db.query(`SELECT count(*)::int AS count FROM telematics.positions`)).rows[0].count;
    if (stored >= rows[0].count + positions.length) return;
    if (Date.now() > deadline) throw new Error('The positions were never stored');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const milesBy = (report: any) => Object.fromEntries(report.jurisdictions.map((row: any) => [row.jurisdiction, row.miles]));

beforeAll(async () => {
  system = await startIsolatedSystem({ label: 'ifta' });
  clerk = await signIn(system.url, 'ifta.clerk@example.com');
  db = new pg.Pool({ connectionString: system.databaseUrl, max: 2 });
  const truck = async (truckNumber: string, vin: string) =>
    (await api('POST', '/trucks', { truckNumber, vin, type: 'Dry Van', status: 'available', licensePlate: `P-${truckNumber}` })).body.id;
  truckOne = await truck('IF-1', '1FUJGLDR0CLBP8834');
  truckTwo = await truck('IF-2', '3AKJHHDR5JSJV1234');
  const driver = await api('POST', '/drivers', { name: 'Ida Fuentes', email: 'ida@example.com', phone: '555-0101', licenseNumber: 'IF-L1', status: 'on-duty' });
  const driverId = driver.body.id;
  const fuel = (truckId: string, transactionDate: string, location: string, gallons: string, fuelType = 'Diesel') =>
    api('POST', '/fuel', { truckId, driverId, transactionDate, vendor: 'Pilot', location, gallons, pricePerGallon: '4.000', totalCost: (Number(gallons) * 4).toFixed(2), fuelType });
  for (const answer of await Promise.all([
    fuel(truckOne, day, 'Midland, TX', '10.000'),
    fuel(truckOne, day, 'Amarillo, tx', '5.125'),
    fuel(truckOne, day, 'Hobbs, NM', '5.675'),
    fuel(truckOne, day, 'Odessa, TX', '50.000', 'Gas'),
    fuel(truckOne, dayBeforeQuarter, 'El Paso, TX', '40.000'),
    fuel(truckOne, day, 'Truck stop by the river', '3.000'),
    fuel(truckTwo, day, 'Goodland, KS', '9.000'),
  ])) {
    expect(answer.status).toBe(201);
  }

  const one = await device({ name: 'IF-1 ELD', truckId: truckOne });
  await drive(one, [
    { latitude: 32.5, longitude: B - 1, timestamp: at('16:00') },
    { latitude: 32.5, longitude: B + 1, timestamp: at('17:40') },
    { latitude: 32.5, longitude: B + 2, timestamp: at('21:10') },
    { latitude: 33.5, longitude: B + 2, timestamp: at('21:20') },
  ]);
  const two = await device({ name: 'IF-2 ELD', truckId: truckTwo });
  await drive(two, [
    { latitude: 38.5, longitude: K - 0.5, timestamp: at('15:00') },
    { latitude: 38.5, longitude: K + 0.5, timestamp: at('15:45') },
  ]);
  const phone = await device({ name: 'Ida phone', driverId });
  await drive(phone, [
    { latitude: 41.8, longitude: -87.6, timestamp: at('15:00') },
    { latitude: 41.8, longitude: -86.6, timestamp: at('15:50') },
  ]);
}, 180_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
}, 60_000);

describe('GET /api/reports/ifta', () => {
  it('needs a signed-in user, and a year and quarter', async () => {
    expect((await api('GET', `/reports/ifta?${q}`, undefined, '')).status).toBe(401);
    expect((await api('GET', `/reports/ifta/records.csv?${q}`, undefined, '')).status).toBe(401);
    expect((await api('GET', `/reports/ifta/rates?${q}`, undefined, '')).status).toBe(401);
    const bad = await api('GET', `/reports/ifta?year=${year}&quarter=5`);
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual({ quarter: ['Quarter must be 1, 2, 3 or 4'] });
  });

  it('splits a segment that crosses a state line where it crosses, and reports gaps and impossible speeds apart', async () => {
    const report = (await api('GET', `/reports/ifta?${q}&truckId=${truckOne}`)).body;
    expect(milesBy(report)).toEqual({ NM: '58.2', TX: '58.3' });
    expect(report.totalMiles).toBe('116.5');
    expect(report.gaps).toEqual([
      { truckId: truckOne, truckNumber: 'IF-1', from: `${day}T17:40:00.000000Z`, to: `${day}T21:10:00.000000Z`, miles: '58.3', reason: 'no-positions' },
      { truckId: truckOne, truckNumber: 'IF-1', from: `${day}T21:10:00.000000Z`, to: `${day}T21:20:00.000000Z`, miles: '69.1', reason: 'impossible-speed' },
    ]);
    expect(report.gapCount).toBe(2);
  });

  it('takes a saved quarter of rates, refusing a rate with more than 4 decimals', async () => {
    const refused = await api('PUT', `/reports/ifta/rates?${q}`, [{ jurisdiction: 'TX', rate: '0.2' }, { jurisdiction: 'NM', rate: '0.21005' }]);
    expect(refused.status).toBe(400);
    expect(refused.body.issues['rates.1.rate']).toEqual(['Rate must be dollars per gallon with at most 4 decimals, like 0.2870']);
    const saved = await api('PUT', `/reports/ifta/rates?${q}`, [{ jurisdiction: 'TX', rate: '0.2' }, { jurisdiction: 'NM', rate: '0.21' }, { jurisdiction: 'CO', rate: '.205' }]);
    expect(saved.status).toBe(200);
    expect((await api('GET', `/reports/ifta/rates?${q}`)).body).toEqual({
      year,
      quarter,
      rates: [
        { jurisdiction: 'CO', rate: '0.2050' },
        { jurisdiction: 'NM', rate: '0.2100' },
        { jurisdiction: 'TX', rate: '0.2000' },
      ],
    });
    const [entry] = (await api('GET', `/audit?resource=ifta-rates`)).body.entries;
    expect(entry).toMatchObject({ userEmail: 'ifta.clerk@example.com', action: 'create', changes: { TX: { to: '0.2000' }, NM: { to: '0.2100' }, CO: { to: '0.2050' } } });
  });

  it('corrects the miles when a late position arrives, and computes the tax exactly', async () => {
    const one = await device({ name: 'IF-1 late unit', truckId: truckOne });
    await drive(one, [{ latitude: 33.0, longitude: B, timestamp: at('16:50') }]);
    const report = (await api('GET', `/reports/ifta?${q}&truckId=${truckOne}`)).body;
    expect(report).toMatchObject({ totalMiles: '135.2', totalGallons: '20.800', fleetMpg: '6.50', totalTaxableGallons: '20.800', totalNetTaxableGallons: '0.000', totalTaxDue: '0.05', missingRates: [] });
    expect(report.jurisdictions).toEqual([
      { jurisdiction: 'NM', status: 'taxed', miles: '67.6', taxableMiles: '67.6', taxableGallons: '10.400', taxPaidGallons: '5.675', netTaxableGallons: '4.725', rate: '0.2100', taxDue: '0.99' },
      { jurisdiction: 'TX', status: 'taxed', miles: '67.6', taxableMiles: '67.6', taxableGallons: '10.400', taxPaidGallons: '15.125', netTaxableGallons: '-4.725', rate: '0.2000', taxDue: '-0.94' },
    ]);
    expect(report.problems).toEqual([
      expect.objectContaining({ truckNumber: 'IF-1', location: 'Truck stop by the river', gallons: '3.000', message: "The state of 'Truck stop by the river' cannot be read: write the location as 'City, ST'" }),
    ]);
  });

  it('answers the fleet, fuel in several states, and a state without a rate', async () => {
    const report = (await api('GET', `/reports/ifta?${q}`)).body;
    expect(report).toMatchObject({ totalMiles: '189.3', totalGallons: '29.800', fleetMpg: '6.35', missingRates: ['KS'] });
    expect(report.jurisdictions.map((row: any) => [row.jurisdiction, row.miles, row.taxableGallons, row.taxPaidGallons, row.netTaxableGallons, row.rate, row.taxDue])).toEqual([
      ['CO', '27.0', '4.252', '0.000', '4.252', '0.2050', '0.87'],
      ['KS', '27.1', '4.268', '9.000', '-4.732', null, null],
      ['NM', '67.6', '10.646', '5.675', '4.971', '0.2100', '1.04'],
      ['TX', '67.6', '10.645', '15.125', '-4.480', '0.2000', '-0.89'],
    ]);
    expect(report).toMatchObject({ totalTaxableGallons: '29.811', totalNetTaxableGallons: '0.011', totalTaxDue: '1.02' });
  });

  it('downloads the filing rows and the records behind them as CSV', async () => {
    const filing = await api('GET', `/reports/ifta?${q}&truckId=${truckOne}&format=csv`);
    expect(filing.headers.get('content-disposition')).toBe(`attachment; filename="ifta-${year}-Q${quarter}.csv"`);
    expect(filing.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Jurisdiction,Total Miles,Taxable Miles,Taxable Gallons,Tax-Paid Gallons,Net Taxable Gallons,Tax Rate,Tax Due,Status',
      'NM,67.6,67.6,10.400,5.675,4.725,0.2100,0.99,IFTA',
      'TX,67.6,67.6,10.400,15.125,-4.725,0.2000,-0.94,IFTA',
      'Total,135.2,135.2,20.800,20.800,0.000,,0.05,',
      '',
    ]);
    const records = await api('GET', `/reports/ifta/records.csv?${q}&truckId=${truckOne}`);
    expect(records.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = records.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Truck #,VIN,Time,Latitude,Longitude,State,Segment Miles');
    expect(lines[1]).toBe(`IF-1,1FUJGLDR0CLBP8834,${day}T16:00:00.000000Z,32.5000000,-104.0650752,NM,0.000`);
    // A segment ending on the state line is all the state it left; a row per state part, none for a part of no miles.
    expect(lines[2]).toBe(`IF-1,1FUJGLDR0CLBP8834,${day}T16:50:00.000000Z,33.0000000,-103.0650752,NM,67.603`);
    expect(lines[3]).toBe(`IF-1,1FUJGLDR0CLBP8834,${day}T17:40:00.000000Z,32.5000000,-102.0650752,TX,67.603`);
    expect(lines[4]).toMatch(/,TX,0\.000$/); // the gap is not driven
    expect(lines).toHaveLength(7); // five positions and the last line end

    // IF-2's one segment crosses from Colorado into Kansas: a row for each state's part, both at the position ending it,
    // so that the file summed by state is the truck's return: its total to the tenth, each state's within the tenth that
    // keeping the parts' sum equal to the total (largest remainder) may move it.
    const crossing = (await api('GET', `/reports/ifta/records.csv?${q}&truckId=${truckTwo}`)).text.replace(/^\uFEFF/, '').split('\r\n').slice(1, -1);
    expect(crossing).toHaveLength(3);
    expect(crossing[0]).toMatch(new RegExp(`T15:00:00.000000Z,38.5000000,-102.5457157,CO,0.000$`));
    const parts = crossing.slice(1).map((line) => line.split(','));
    expect(parts.map((part) => [part[2], part[5]])).toEqual([[`${day}T15:45:00.000000Z`, 'CO'], [`${day}T15:45:00.000000Z`, 'KS']]);
    const report = (await api('GET', `/reports/ifta?${q}&truckId=${truckTwo}`)).body;
    const itsReturn = milesBy(report);
    expect(Object.keys(itsReturn)).toEqual(['CO', 'KS']);
    expect(Math.abs(Number(parts[0][6]) - Number(itsReturn.CO))).toBeLessThan(0.1);
    expect(Math.abs(Number(parts[1][6]) - Number(itsReturn.KS))).toBeLessThan(0.1);
    expect((Number(parts[0][6]) + Number(parts[1][6])).toFixed(1)).toBe(report.totalMiles);
  });

  it('counts the miles and fuel of DC, outside IFTA, in the totals as non-IFTA, with no rate and no tax', async () => {
    const truckThree = (await api('POST', '/trucks', { truckNumber: 'IF-3', vin: '1XKYDP9X0MJ441234', type: 'Dry Van', status: 'available', licensePlate: 'P-IF-3' })).body.id;
    const driverId = (await api('POST', '/drivers', { name: 'Dee Cee', email: 'dee@example.com', phone: '555-0103', licenseNumber: 'IF-L3', status: 'on-duty' })).body.id;
    for (const location of ['Baltimore, MD', 'Washington, DC']) {
      const bought = await api('POST', '/fuel', { truckId: truckThree, driverId, transactionDate: day, vendor: 'Pilot', location, gallons: '1.000', pricePerGallon: '4.000', totalCost: '4.00', fuelType: 'Diesel' });
      expect(bought.status).toBe(201);
    }
    await drive(await device({ name: 'IF-3 ELD', truckId: truckThree }), [
      { latitude: 39.3, longitude: -76.7, timestamp: at('13:00') },
      { latitude: 39.4, longitude: -76.6, timestamp: at('13:15') },
      { latitude: 38.88, longitude: -77.03, timestamp: at('16:00') },
      { latitude: 38.92, longitude: -76.99, timestamp: at('16:10') },
    ]);
    const report = (await api('GET', `/reports/ifta?${q}&truckId=${truckThree}`)).body;
    expect(report).toMatchObject({ totalMiles: '12.2', totalTaxableMiles: '8.7', nonIftaMiles: '3.5', totalGallons: '2.000', fleetMpg: '6.10', totalTaxableGallons: '1.426', missingRates: ['MD'] });
    expect(report.jurisdictions).toEqual([
      { jurisdiction: 'DC', status: 'non-ifta', miles: '3.5', taxableMiles: '0.0', taxableGallons: null, taxPaidGallons: '1.000', netTaxableGallons: null, rate: null, taxDue: null },
      { jurisdiction: 'MD', status: 'needs-rate', miles: '8.7', taxableMiles: '8.7', taxableGallons: '1.426', taxPaidGallons: '1.000', netTaxableGallons: '0.426', rate: null, taxDue: null },
    ]);
    const filing = await api('GET', `/reports/ifta?${q}&truckId=${truckThree}&format=csv`);
    expect(filing.text.replace(/^\uFEFF/, '').split('\r\n').slice(1)).toEqual([
      'DC,3.5,0.0,,1.000,,,,Non-IFTA',
      'MD,8.7,8.7,1.426,1.000,0.426,,,Needs a rate',
      'Total,12.2,8.7,1.426,2.000,0.426,,0.00,',
      '',
    ]);
    const refused = await api('PUT', `/reports/ifta/rates?${q}`, [{ jurisdiction: 'DC', rate: '0.3000' }]);
    expect(refused.status).toBe(400);
    expect(refused.body.issues['rates.0.jurisdiction']).toEqual(['This jurisdiction is not in IFTA: its miles count as non-IFTA miles, with no rate']);
  });
});
