import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { instantIn } from '@tms/contracts';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * Issue 48: fuel card statements through the whole built system, from the sample files of each layout
 * (svc-core/test/fixtures/fuel-cards/, their day moved to ten days ago), with positions posted by devices.
 *
 * The company's time zone is America/Chicago; every time below is its wall time on `day`.
 * Truck FC-101 is at Midland, TX at 10:00 (the middle of Midland's ZIP codes, 31.9391727, -102.0669818, where the
 * stops' offline city data puts 'Midland, TX'), and at 14:00 42 miles due north of Amarillo's (35.2536857,
 * -101.8600964): 42 / 69.0933 mi a degree (R = 3958.7613 mi) = 0.6078740° → 35.8615597. Its purchase at 'Amarillo,
 * TX' at 14:00 is 'Far from the truck (42 mi)'. Truck FC-102 drives in Oklahoma only (09:00 and 09:10 near Oklahoma
 * City): its purchase at 'Amarillo, TX' at 18:00 has 'No GPS at the time' and 'Truck not in this state that day', and
 * its 80.000 gal are not tax-paid in TX on the IFTA report.
 *
 * EFS: ULSD 125.500 × 3.899 = 489.32 and 100.000 × 4.000 = 400.00 (FC-101), 80.000 × 3.750 = 300.00 (FC-102): 3
 * purchases, 305.500 gal, $1,189.32; DEF 34.99, the fee 2.50 and reefer 195.00: 3 expenses, $232.49; a cash advance.
 * WEX: code 2 60.000 × 4.100 = 246.00, code 3 10.000 × 3.200 = 32.00 (Gas), code 2 in litres 378.541 L = 100.000 gal
 * (378.541 / 3.785411784 = 99.99998) for $567.81, 5.678 a gallon (567.81 / 100.000), 567.80: 3 purchases, 170.000
 * gal, $845.80; code 9 'Diesel Reefer' 82.00 and code 25 oil 18.99: 2 expenses, $100.99.
 * Comdata: tractor 150.000 × 3.659 = 548.85; reefer 109.77, other 12.00, fees 3.00: $124.77; a cash advance.
 * Generic: DSL 90.000 for 360.00 (4.000 a gallon); DEF 17.50.
 */
let system: RunningSystem;
let clerk: string;
let db: pg.Pool;
let truckOne: string;
let truckTwo: string;

const ZONE = 'America/Chicago';
const day = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
const usDay = `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const at = (time: string) => instantIn(ZONE, day, time).toISOString();
const year = Number(day.slice(0, 4));
const quarter = Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;

const FIXTURES = fileURLToPath(new URL('../../svc-core/test/fixtures/fuel-cards', import.meta.url));
const sample = (layout: string) => readFileSync(join(FIXTURES, `${layout}.csv`), 'utf8').replaceAll('03/05/2026', usDay);

async function api(method: string, path: string, body?: unknown, cookie: string | undefined = clerk) {
  const response = await fetch(`${system.url}/api${path}`, {
    method,
    headers: { origin: system.url, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined };
}

async function importStatement(layout: string, csv: string, dryRun: boolean, contentType = 'text/csv', cookie: string | undefined = clerk) {
  const response = await fetch(`${system.url}/api/fuel/imports?layout=${layout}&dryRun=${dryRun}`, {
    method: 'POST',
    headers: { origin: system.url, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    body: csv,
  });
  const text = await response.text();
  return { status: response.status, body: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text };
}

/**
 * Posts positions as a device does and waits until svc-telematics has stored them and, when they are `driven` (not
 * hours apart), IFTA's truck days count them.
 */
async function drive(truckId: string, positions: Record<string, unknown>[], driven = true) {
  const token = (await api('POST', '/devices', { name: `ELD ${truckId.slice(0, 8)}`, truckId })).body.token;
  const response = await fetch(`${system.url}/api/gps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(positions),
  });
  expect(response.status).toBe(202);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const stored = (await db.query(`SELECT count(*)::int AS count FROM telematics.positions WHERE truck_id = $1`, [truckId])).rows[0].count;
    const days = (await db.query(`SELECT count(*)::int AS count FROM telematics.ifta_truck_days WHERE truck_id = $1`, [truckId])).rows[0].count;
    if (stored >= positions.length && (days > 0 || !driven)) return;
    if (Date.now() > deadline) throw new Error('The positions were never stored');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const brief = (lines: any[]) => lines.map(({ row, item, becomes, outcome, amount, gallons, problems, warnings }) => ({ row, item, becomes, outcome, amount, gallons, problems, warnings }));

beforeAll(async () => {
  system = await startIsolatedSystem({ label: 'fuel-imports' });
  clerk = await signIn(system.url, 'fuel.clerk@example.com');
  db = new pg.Pool({ connectionString: system.databaseUrl, max: 2 });
  const truck = async (truckNumber: string, vin: string) =>
    (await api('POST', '/trucks', { truckNumber, vin, type: 'Dry Van', status: 'available', licensePlate: `P-${truckNumber}` })).body.id;
  truckOne = await truck('FC-101', '1FUJGLDR0CLBP8101');
  truckTwo = await truck('FC-102', '1FUJGLDR0CLBP8102');
  for (const [name, licenseNumber] of [
    ['Fiona Carter', 'FC-L1'],
    ['Gus Ortega', 'FC-L2'],
  ]) {
    expect((await api('POST', '/drivers', { name, email: `${licenseNumber}@example.com`, phone: '555-0101', licenseNumber, status: 'on-duty' })).status).toBe(201);
  }
  await drive(truckOne, [
    { latitude: 31.9391727, longitude: -102.0669818, timestamp: at('10:00') },
    { latitude: 35.8615597, longitude: -101.8600964, timestamp: at('14:00') },
  ], false);
  await drive(truckTwo, [
    { latitude: 35.4940342, longitude: -97.4900051, timestamp: at('09:00') },
    { latitude: 35.55, longitude: -97.45, timestamp: at('09:10') },
  ]);
}, 180_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
}, 60_000);

describe('POST /api/fuel/imports', () => {
  it('needs a signed-in user, a layout, dryRun and a CSV', async () => {
    expect((await importStatement('efs', sample('efs'), true, 'text/csv', '')).status).toBe(401);
    const layout = await importStatement('visa', sample('efs'), true);
    expect(layout.status).toBe(400);
    expect(layout.body.issues).toEqual({ layout: ['layout must be one of: efs, wex, comdata, generic, mapping'] });
    const dryRun = await fetch(`${system.url}/api/fuel/imports?layout=efs&dryRun=maybe`, { method: 'POST', headers: { origin: system.url, cookie: clerk, 'content-type': 'text/csv' }, body: 'a' });
    expect(dryRun.status).toBe(400);
    expect((await importStatement('efs', sample('efs'), true, 'application/json')).status).toBe(415);
    const columns = await importStatement('efs', 'Card #,Tran Date\n1234,03/05/2026\n', true);
    expect(columns.status).toBe(200);
    expect(columns.body.errors).toContain("The file has no 'Invoice' column.");
  });

  it('answers every line of an EFS statement in a dry run, checked against the GPS, and writes nothing', async () => {
    const { status, body } = await importStatement('efs', sample('efs'), true);
    expect(status).toBe(200);
    expect(body).toMatchObject({ layout: 'efs', dryRun: true, applied: false, errors: [] });
    expect(brief(body.lines)).toEqual([
      { row: 2, item: 'ULSD', becomes: 'purchase', outcome: 'create', amount: '489.32', gallons: '125.500', problems: [], warnings: [] },
      { row: 3, item: 'DEFD', becomes: 'expense', outcome: 'create', amount: '34.99', gallons: '10.000', problems: [], warnings: [] },
      { row: 4, item: 'ULSD', becomes: 'purchase', outcome: 'create', amount: '400.00', gallons: '100.000', problems: [], warnings: ['Far from the truck (42 mi)'] },
      { row: 4, item: 'Fees', becomes: 'expense', outcome: 'create', amount: '2.50', gallons: null, problems: [], warnings: [] },
      { row: 5, item: 'RFR', becomes: 'expense', outcome: 'create', amount: '195.00', gallons: '50.000', problems: [], warnings: [] },
      { row: 6, item: 'CADV', becomes: 'deduction', outcome: 'create', amount: '100.00', gallons: null, problems: [], warnings: [] },
      { row: 7, item: 'ULSD', becomes: 'purchase', outcome: 'create', amount: '300.00', gallons: '80.000', problems: [], warnings: ['No GPS at the time', 'Truck not in this state that day'] },
    ]);
    expect(body.lines[0].description).toBe('Fuel purchase: unit FC-101, 125.500 gal Diesel at $3.899, Midland, TX, $489.32');
    expect(body.lines[5].description).toBe('Driver deduction: cash advance of Fiona Carter, $100.00, subtracted by their next settlement');
    expect(body.counts).toEqual({ purchases: 3, expenses: 3, deductions: 1, existing: 0, skipped: 0, problems: 0, flagged: 2 });
    expect(body.totals).toEqual({ gallons: '305.500', purchases: '1189.32', expenses: '232.49' });
    expect((await db.query(`SELECT count(*)::int AS count FROM core.fuel_transactions`)).rows[0].count).toBe(0);
  });

  it('applies it: purchases with the spec fields and their flags, expenses of their categories; again, nothing changes', async () => {
    const applied = await importStatement('efs', sample('efs'), false);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, counts: { purchases: 3, expenses: 3, existing: 0 } });
    const purchases = (await api('GET', '/fuel')).body.sort((a: any, b: any) => a.gallons.localeCompare(b.gallons));
    expect(purchases.map((p: any) => [p.truckId, p.transactionDate, p.vendor, p.location, p.gallons, p.pricePerGallon, p.totalCost, p.fuelType, p.cardNumber, p.receiptNumber, p.gpsWarnings])).toEqual([
      [truckOne, day, "Love's", 'Amarillo, TX', '100.000', '4.000', '400.00', 'Diesel', '0042', 'INV1002', ['Far from the truck (42 mi)']],
      [truckOne, day, 'Pilot', 'Midland, TX', '125.500', '3.899', '489.32', 'Diesel', '0042', 'INV1001', []],
      [truckTwo, day, 'TA', 'Amarillo, TX', '80.000', '3.750', '300.00', 'Diesel', '0077', 'INV1005', ['No GPS at the time', 'Truck not in this state that day']],
    ]);
    // Each record is in the audit trail, with who imported it and its key.
    const audit = (await api('GET', '/audit?resource=fuel')).body.entries.filter((entry: any) => entry.action === 'create');
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({ userEmail: 'fuel.clerk@example.com', changes: { importKey: { to: expect.stringMatching(/^efs\|00(42|77)\|inv100\d\|ulsd$/) } } });
    expect((await api('GET', '/audit?resource=expenses')).body.entries.filter((entry: any) => entry.action === 'create')).toHaveLength(3);
    // Needs Attention lists the flagged ones.
    const flagged = (await api('GET', '/fuel/flagged')).body.map((f: any) => [f.truckNumber, f.location, f.transactionDate, f.gpsWarnings]).sort();
    expect(flagged).toEqual([
      ['FC-101', 'Amarillo, TX', day, ['Far from the truck (42 mi)']],
      ['FC-102', 'Amarillo, TX', day, ['No GPS at the time', 'Truck not in this state that day']],
    ]);
    expect((await api('GET', '/fuel/flagged', undefined, '')).status).toBe(401);
    // Only the card's last four digits are kept, anywhere.
    const { rows } = await db.query(`SELECT count(*)::int AS count FROM core.fuel_transactions WHERE row_to_json(fuel_transactions)::text LIKE '%708305%'`);
    expect(rows[0].count).toBe(0);
    const expenses = (await api('GET', '/expenses')).body.map((e: any) => [e.category, e.amount, e.expenseDate]).sort();
    expect(expenses).toEqual([
      ['Fuel', '195.00', day],
      ['Fuel', '34.99', day],
      ['Other', '2.50', day],
    ]);
    expect(JSON.stringify((await api('GET', '/expenses')).body)).not.toMatch(/708305/);

    const again = await importStatement('efs', sample('efs'), false);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ applied: false, counts: { purchases: 0, expenses: 0, existing: 7, skipped: 0 } });
    expect((await db.query(`SELECT count(*)::int AS count FROM accounting.driver_deductions`)).rows[0].count).toBe(1);
    expect((await api('GET', '/fuel')).body).toHaveLength(3);
    expect((await api('GET', '/expenses')).body).toHaveLength(3);
  });

  it("makes a cash advance the driver's deduction: the next settlement draft lists and subtracts it, once (issue 48)", async () => {
    const fiona = (await api('GET', '/drivers')).body.find((driver: any) => driver.name === 'Fiona Carter');
    const period = `driverId=${fiona.id}&periodStart=${day}&periodEnd=${day}`;
    const draft = (await api('GET', `/settlements/draft?${period}`)).body;
    expect(draft.deductionLines).toEqual([
      { deductionId: expect.any(String), deductionDate: day, description: 'Cash advance, PILOT TRAVEL CENTER #123, Midland, TX (card 0042, invoice INV1004)', amount: '100.00' },
    ]);
    expect(draft).toMatchObject({ driverPay: '0.00', deductions: '100.00', netPay: '-100.00' });
    // Subtracted from pay the driver has: a settlement with pay of its own.
    const settlement = await api('POST', '/settlements', {
      driverId: fiona.id, settlementNumber: 'SETTLE-FC-0001', periodStart: day, periodEnd: day, totalRevenue: '0', driverPay: '350.00', deductions: draft.deductions,
      netPay: '0', status: 'Pending', deductionIds: [draft.deductionLines[0].deductionId],
    });
    expect(settlement.status).toBe(201);
    expect(settlement.body).toMatchObject({ deductions: '100.00', netPay: '250.00', deductionIds: [draft.deductionLines[0].deductionId] });
    // Once: the next draft has nothing to subtract, and another settlement cannot subtract it again.
    expect((await api('GET', `/settlements/draft?${period}`)).body).toMatchObject({ deductionLines: [], deductions: '0.00' });
    const twice = await api('POST', '/settlements', {
      driverId: fiona.id, settlementNumber: 'SETTLE-FC-0002', periodStart: day, periodEnd: day, totalRevenue: '0', driverPay: '350.00', deductions: '100.00',
      netPay: '0', status: 'Pending', deductionIds: [draft.deductionLines[0].deductionId],
    });
    const message = 'Cash advance, PILOT TRAVEL CENTER #123, Midland, TX (card 0042, invoice INV1004) is already subtracted by settlement SETTLE-FC-0001.';
    expect(twice).toMatchObject({ status: 409, body: { message, issues: { deductionIds: [message] } } });
    const statement = await fetch(`${system.url}/api/settlements/${settlement.body.id}/pdf`, { headers: { cookie: clerk } });
    expect(statement.status).toBe(200);
    const { extractText, getDocumentProxy } = await import('unpdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await statement.arrayBuffer())), { mergePages: true });
    // Its description wraps within its column, beside its amount.
    const page = text.replace(/\s+/g, ' ');
    expect(page).toContain(`DEDUCTIONS ${usDay}: Cash advance, PILOT TRAVEL CENTER #123, Midland, TX (card 0042, invoice`);
    expect(page).toMatch(/invoice \$100\.00 INV1004\)|INV1004\) \$100\.00/);
    expect(page).toContain('Deductions $100.00 Net Pay $250.00');
    // A cancelled settlement gives it back to the next one.
    expect((await api('PATCH', `/settlements/${settlement.body.id}`, { status: 'Cancelled' })).status).toBe(200);
    expect((await api('GET', `/settlements/draft?${period}`)).body.deductions).toBe('100.00');
  });

  it('takes an overlapping statement: only its new lines are imported', async () => {
    const lines = sample('efs').split('\n');
    const overlapping = [lines[0], lines[1], lines[1].replace('INV1001', 'INV1006').replace('125.500,489.32', '10.000,38.99')].join('\n');
    const { body } = await importStatement('efs', overlapping, false);
    expect(body.lines.map((line: any) => line.outcome)).toEqual(['exists', 'create']);
    expect(body.totals).toEqual({ gallons: '10.000', purchases: '38.99', expenses: '0.00' });
    expect((await api('GET', '/fuel')).body).toHaveLength(4);
  });

  it('reads WEX product codes and litres, Comdata columns and the generic template, to exact totals', async () => {
    const wex = await importStatement('wex', sample('wex'), false);
    expect(wex.status).toBe(200);
    expect(brief(wex.body.lines).map((line) => [line.item, line.becomes, line.amount, line.gallons, line.warnings])).toEqual([
      ['2', 'purchase', '246.00', '60.000', []],
      ['9', 'expense', '82.00', '20.000', []],
      ['3', 'purchase', '32.00', '10.000', []],
      ['25', 'expense', '18.99', '1.000', []],
      ['2', 'purchase', '567.80', '100.000', []],
    ]);
    expect(wex.body.lines[4].description).toBe('Fuel purchase: unit FC-101, 100.000 gal Diesel at $5.678 (from litres), Midland, TX, $567.80');
    expect(wex.body).toMatchObject({ applied: true, totals: { gallons: '170.000', purchases: '845.80', expenses: '100.99' } });
    const gas = (await api('GET', '/fuel')).body.find((p: any) => p.receiptNumber === 'W-90002');
    expect(gas).toMatchObject({ fuelType: 'Gas', vendor: 'Flying J', gallons: '10.000', totalCost: '32.00', cardNumber: '1234' });

    const comdata = await importStatement('comdata', sample('comdata'), false);
    expect(brief(comdata.body.lines).map((line) => [line.item, line.becomes, line.outcome, line.amount])).toEqual([
      ['Tractor', 'purchase', 'create', '548.85'],
      ['Reefer', 'expense', 'create', '109.77'],
      ['Other', 'expense', 'create', '12.00'],
      ['Cash Advance', 'deduction', 'create', '200.00'],
      ['Fees', 'expense', 'create', '3.00'],
    ]);
    expect(comdata.body).toMatchObject({ applied: true, totals: { gallons: '150.000', purchases: '548.85', expenses: '124.77' } });

    const generic = await importStatement('generic', sample('generic'), false);
    expect(generic.body).toMatchObject({ applied: true, counts: { purchases: 1, expenses: 1 }, totals: { gallons: '90.000', purchases: '360.00', expenses: '17.50' } });
    const expenses = (await api('GET', '/expenses')).body;
    expect(expenses.find((e: any) => e.amount === '18.99')).toMatchObject({ category: 'Maintenance' });
    expect(expenses.find((e: any) => e.amount === '82.00').notes).toBe('Reefer fuel: not in IFTA');
  });

  it('never guesses a unit or a driver: the dry run names the line, and nothing of the file is applied', async () => {
    const csv = [
      'Transaction Date,Transaction Time,Driver Name,Unit,Location City,Location State/Province,Product Code,Quantity,Amount,Invoice',
      `${usDay},11:00,Fiona Carter,FC-999,Midland,TX,DSL,10.000,40.00,G-2`,
      `${usDay},11:00,Fiona Karter,FC-101,Midland,TX,DSL,10.000,40.00,G-3`,
      `${usDay},11:00,Fiona Carter,FC-101,Midland,TX,DEF,1.000,3.50,G-4`,
    ].join('\n');
    const dry = await importStatement('generic', csv, true);
    expect(brief(dry.body.lines).map((line) => [line.row, line.outcome, line.problems])).toEqual([
      [2, 'error', ["No truck has unit number 'FC-999'"]],
      [3, 'error', ["No driver is named 'Fiona Karter'"]],
      [4, 'create', []],
    ]);
    const applied = await importStatement('generic', csv, false);
    expect(applied.body).toMatchObject({ applied: false, errors: ['Some lines cannot be imported: nothing is imported while a line cannot be. Correct them in the file and choose it again.'] });
    expect((await api('GET', '/expenses')).body.some((e: any) => e.amount === '3.50')).toBe(false);
  });

  it("leaves a purchase in a state the truck never entered that day out of that state's tax-paid gallons", async () => {
    const report = (await api('GET', `/reports/ifta?year=${year}&quarter=${quarter}&truckId=${truckTwo}`)).body;
    expect(report.jurisdictions.map((row: any) => [row.jurisdiction, row.taxPaidGallons])).toEqual([['OK', '150.000']]);
    expect(report.problems).toEqual([
      expect.objectContaining({
        kind: 'not-in-state',
        truckNumber: 'FC-102',
        location: 'Amarillo, TX',
        gallons: '80.000',
        message: "Bought in 'Amarillo, TX', a state the truck's GPS never entered that day: its gallons are not counted as tax-paid there",
      }),
    ]);
    const fleet = (await api('GET', `/reports/ifta?year=${year}&quarter=${quarter}&truckId=${truckOne}`)).body;
    // 489.32 + 400.00 (EFS) + 38.99 (the overlap) + 246.00 + 567.80 (WEX) + 360.00 (generic): 10 + 125.5 + 100 + 60 + 100 + 90.
    expect(fleet.jurisdictions.find((row: any) => row.jurisdiction === 'TX').taxPaidGallons).toBe('485.500');
  });
});
