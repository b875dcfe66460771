import type { AgingReport, AuditPage, Customer, FactoringInvoice, FactorSettings, Invoice, Ledger, Load, ReportResult, Schedule } from '@tms/contracts';
import { unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { httpRequest, type Answer } from './support/http-request.js';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * Issue 45 through the whole built system, exact to the cent. The factor advances 90% and charges 3%, so that a
 * reserve is more than its fee:
 *
 *   INV-F-A 1234.57  advance 1111.11 (1111.113), fee 37.04 (37.0371), reserve 123.46; paid in full: released 86.42
 *   INV-F-B 2000.00  advance 1800.00, fee 60.00, reserve 200.00; paid 1950.25: short pay 49.75, released 90.25
 *   INV-F-C 1500.00  bought 100 days ago, recourse 90 days: charged back 1350.00, released 105.00
 *
 * Its own system: the factor's settings are the company's, and the recourse check runs every 300 ms here
 * (FACTORING_RECOURSE_CHECK_MS), as the overdue check does in receivables.int-spec.ts.
 */
let system: RunningSystem;
let cookie: string;
let factored: Customer;
let direct: Customer;

const request = (method: string, path: string, body?: unknown) => httpRequest(system.url, cookie, method, path, body);
const postCsv = async (path: string, csv: string) => {
  const answer = await fetch(`${system.url}${path}`, { method: 'POST', headers: { cookie, origin: system.url, 'content-type': 'text/csv' }, body: csv });
  return { status: answer.status, json: (await answer.json()) as ReportResult };
};
const report = (kind: 'purchase' | 'payment', csv: string, dryRun: boolean, mapping?: Record<string, string>) =>
  postCsv(`/api/factoring/reports?kind=${kind}&dryRun=${dryRun}${mapping ? `&mapping=${encodeURIComponent(JSON.stringify(mapping))}` : ''}`, csv);

/** A day `offset` days from the company's today (America/Chicago, the default). */
const day = (offset = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(Date.now() + offset * 86_400_000));

function onePagePdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = Buffer.byteLength(pdf);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

async function created<T>(path: string, body: unknown): Promise<T> {
  const answer = await request('POST', path, body);
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${answer.data.toString()}`);
  return answer.json as T;
}

/** A delivered load of `customer` with the documents named, and its sent invoice `INV-F-<name>` of `total`. */
async function invoiceOf(name: string, total: string, { customer = factored, documents = ['Rate Confirmation', 'Bill of Lading'], deliveryDate = day(-3) } = {}) {
  const load = await created<Load>('/api/loads', {
    loadNumber: `LD-F-${name}`, customerId: customer.id, status: 'delivered', pickupLocation: 'Joliet, IL', pickupDate: deliveryDate,
    deliveryLocation: 'Tulsa, OK', deliveryDate, rate: total,
  });
  for (const documentType of documents) {
    const data = onePagePdf(`${documentType} of LD-F-${name}`);
    const fileName = `${documentType.replaceAll(' ', '-')}.pdf`;
    const uploaded = await request('POST', `/api/loads/${load.id}/documents`, { fileName, fileType: 'application/pdf', fileSize: data.byteLength, fileData: `data:application/pdf;base64,${data.toString('base64')}`, documentType });
    expect(uploaded.status).toBe(201);
  }
  return created<Invoice>('/api/invoices', {
    invoiceNumber: `INV-F-${name}`, loadId: load.id, customerId: customer.id, status: 'sent', invoiceDate: deliveryDate, dueDate: day(30), subtotal: total, total,
  });
}

async function pdfText(answer: Answer) {
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(answer.data)));
  return text.map((page) => page.replace(/\s+/g, ' '));
}

const ledger = async (query = '') => {
  const answer = await request('GET', `/api/factoring/ledger${query}`);
  expect(answer.status).toBe(200);
  return answer.json as Ledger;
};
const entriesOf = (book: Ledger, invoiceNumber: string) =>
  Object.fromEntries(book.invoices.find((invoice) => invoice.invoiceNumber === invoiceNumber)?.entries.map((entry) => [entry.kind, entry.amount]) ?? []);
const invoice = async (id: string) => (await request('GET', `/api/invoices/${id}`)).json as Invoice;

const FACTOR = {
  name: 'Lakeshore Capital', remitTo: 'Lakeshore Capital\nPO Box 4410\nChicago, IL 60680', email: 'funding@lakeshore.example', clientNumber: 'C-7781',
  noticeText: 'NOTICE OF ASSIGNMENT: this account has been assigned to Lakeshore Capital. Payment must be made only to Lakeshore Capital.',
  advancePercent: '90.00', feePercent: '3.00', recourseDays: 90,
};

let a: Invoice;
let b: Invoice;
let c: Invoice;
let stale: Invoice;
let schedule: Schedule;

beforeAll(async () => {
  system = await startIsolatedSystem({ label: 'factoring', env: { FACTORING_RECOURSE_CHECK_MS: '300' } });
  cookie = await signIn(system.url, 'factoring@example.com');
  expect((await request('PUT', '/api/company', { name: 'Northstar Freight Lines, Inc.', address: '2400 S Western Ave\nChicago, IL 60608', mcNumber: 'MC-784512', dotNumber: '2214876' })).status).toBe(200);
  factored = await created<Customer>('/api/customers', { name: 'Harbor Brokerage', email: 'ap@harbor.example', phone: '555-0101', address: '9 Pier Rd, Gary, IN', type: 'shipper', invoicing: 'factored' });
  direct = await created<Customer>('/api/customers', { name: 'Prairie Foods', email: 'ap@prairie.example', phone: '555-0102', address: '1 Mill St, Peoria, IL', type: 'shipper' });
}, 180_000);

afterAll(async () => {
  await system?.stop();
}, 60_000);

describe('the factor and the customer', () => {
  it('answers the defaults until saved, refuses a bad factor by field, and saves one', async () => {
    expect((await request('GET', '/api/factoring')).json).toEqual({ name: '', remitTo: '', email: '', clientNumber: '', noticeText: '', advancePercent: '97.00', feePercent: '3.00', recourseDays: 90 });
    const bad = await request('PUT', '/api/factoring', { ...FACTOR, advancePercent: '100.01', recourseDays: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.issues).sort()).toEqual(['advancePercent', 'recourseDays']);
    const over = await request('PUT', '/api/factoring', { ...FACTOR, advancePercent: '98.00' , feePercent: '3.00' });
    expect(over.status).toBe(400);
    expect(over.json.issues).toEqual({ feePercent: ['The advance and the fee together cannot pass 100%'] });
    const saved = await request('PUT', '/api/factoring', FACTOR);
    expect(saved.status).toBe(200);
    expect(saved.json as FactorSettings).toEqual(FACTOR);
    expect((await request('GET', '/api/factoring')).json).toEqual(FACTOR);
  });

  it("keeps a customer's invoicing: direct unless said, and as it was when another field changes", async () => {
    expect(direct.invoicing).toBe('direct');
    expect(factored.invoicing).toBe('factored');
    const edited = await request('PATCH', `/api/customers/${factored.id}`, { phone: '555-0199' });
    expect(edited.json.invoicing).toBe('factored');
    expect((await request('PATCH', `/api/customers/${direct.id}`, { invoicing: 'monthly' })).status).toBe(400);
  });
});

describe('a schedule of accounts', () => {
  beforeAll(async () => {
    a = await invoiceOf('A', '1234.57');
    b = await invoiceOf('B', '2000.00');
    c = await invoiceOf('C', '1500.00');
    stale = await invoiceOf('S', '800.00', { deliveryDate: day(-70) });
  }, 120_000);

  it('refuses invoices that are not ready, naming each and why, and makes nothing', async () => {
    const noBol = await invoiceOf('N', '950.00', { documents: ['Rate Confirmation'] });
    const ofDirect = await invoiceOf('D', '700.00', { customer: direct });
    const refused = await request('POST', '/api/factoring/schedules', { invoiceIds: [a.id, noBol.id, ofDirect.id] });
    expect(refused.status).toBe(400);
    expect(refused.json.issues.invoiceIds).toEqual(['INV-F-N: no BOL or POD on load LD-F-N', 'INV-F-D: Prairie Foods is invoiced direct, not factored']);
    expect((await request('GET', '/api/factoring/schedules')).json).toEqual([]);
    expect((await invoice(a.id)).scheduleId).toBeNull();

    const offered = (await request('GET', '/api/factoring/invoices')).json as FactoringInvoice[];
    expect(offered.find((row) => row.invoiceNumber === 'INV-F-N')?.reasons).toEqual(['INV-F-N: no BOL or POD on load LD-F-N']);
    expect(offered.find((row) => row.invoiceNumber === 'INV-F-A')).toMatchObject({ reasons: [], customerName: 'Harbor Brokerage', loadNumber: 'LD-F-A', total: '1234.57' });
    expect(offered.some((row) => row.invoiceNumber === 'INV-F-D')).toBe(false);
  });

  it('makes SCH-0001 of ready invoices, one delivered 70 days ago with a warning, and no invoice goes on two', async () => {
    const made = await request('POST', '/api/factoring/schedules', { invoiceIds: [a.id, b.id, c.id, stale.id] });
    expect(made.status).toBe(201);
    schedule = made.json as Schedule;
    expect(schedule).toMatchObject({ scheduleNumber: 'SCH-0001', scheduleDate: day(0), total: '5534.57' });
    expect(schedule.rows.map((row) => [row.debtorName, row.invoiceNumber, row.loadNumber, row.amount])).toEqual([
      ['Harbor Brokerage', 'INV-F-A', 'LD-F-A', '1234.57'],
      ['Harbor Brokerage', 'INV-F-B', 'LD-F-B', '2000.00'],
      ['Harbor Brokerage', 'INV-F-C', 'LD-F-C', '1500.00'],
      ['Harbor Brokerage', 'INV-F-S', 'LD-F-S', '800.00'],
    ]);
    expect(schedule.warnings).toEqual(['INV-F-S: delivered 70 days ago (more than 60)']);
    const again = await request('POST', '/api/factoring/schedules', { invoiceIds: [a.id] });
    expect(again.status).toBe(400);
    expect(again.json.issues.invoiceIds).toEqual(['INV-F-A: already on schedule SCH-0001']);
    // The factor reads it from the schedule's ZIP: it stays.
    const deleted = await request('DELETE', `/api/invoices/${a.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.json.message).toBe('This invoice is on schedule of accounts SCH-0001 (factoring), so it cannot be deleted.');
  });

  it('prints the schedule: carrier, MC and USDOT, factor, client number, number and date, rows, total, certification', async () => {
    const [page] = await pdfText(await request('GET', `/api/factoring/schedules/${schedule.id}/pdf`));
    const [year, month, date] = day(0).split('-');
    for (const text of [
      'Northstar Freight Lines, Inc.', 'MC 784512', 'USDOT 2214876', 'SCHEDULE OF ACCOUNTS', 'Schedule Number SCH-0001', `Schedule Date ${month}/${date}/${year}`,
      'Factor Lakeshore Capital', 'Client Number C-7781', 'Harbor Brokerage INV-F-A', 'LD-F-A $1,234.57', 'LD-F-S $800.00', 'Total (4 invoices) $5,534.57',
      'certifies that the accounts listed above are bona fide', 'assigned and sold to Lakeshore Capital',
    ]) expect(page).toContain(text);
  });

  it('gives the same rows as CSV, and a ZIP of the schedule, the CSV and a packet per invoice with its documents', async () => {
    const csv = await request('GET', `/api/factoring/schedules/${schedule.id}/csv`);
    expect(csv.status).toBe(200);
    const lines = csv.data.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Debtor,Invoice Number,Invoice Date,Load Number,Amount');
    expect(lines.slice(1)).toEqual([`Harbor Brokerage,INV-F-A,${day(-3)},LD-F-A,1234.57`, `Harbor Brokerage,INV-F-B,${day(-3)},LD-F-B,2000.00`, `Harbor Brokerage,INV-F-C,${day(-3)},LD-F-C,1500.00`, `Harbor Brokerage,INV-F-S,${day(-70)},LD-F-S,800.00`]);

    const zip = await request('GET', `/api/factoring/schedules/${schedule.id}/zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.data));
    expect(Object.keys(files).sort()).toEqual(['SCH-0001.csv', 'SCH-0001.pdf', 'packets/INV-F-A-packet.pdf', 'packets/INV-F-B-packet.pdf', 'packets/INV-F-C-packet.pdf', 'packets/INV-F-S-packet.pdf']);
    const packet = await pdfText({ status: 200, headers: { 'content-type': 'application/pdf' }, data: Buffer.from(files['packets/INV-F-B-packet.pdf']), json: undefined });
    // The invoice (with the factor's notice on its first page), then the load's rate confirmation and bill of lading.
    expect(packet).toHaveLength(3);
    expect(packet[0]).toContain('NOTICE OF ASSIGNMENT: this account has been assigned to Lakeshore Capital.');
    expect(packet[1]).toContain('Rate Confirmation of LD-F-B');
    expect(packet[2]).toContain('Bill of Lading of LD-F-B');
  });

  it("prints the factor as the remit-to with the notice on a factored customer's invoice; a direct one's as before", async () => {
    const [factoredPage] = await pdfText(await request('GET', `/api/invoices/${a.id}/pdf`));
    expect(factoredPage).toContain('NOTICE OF ASSIGNMENT: this account has been assigned to Lakeshore Capital. Payment must be made only to Lakeshore Capital.');
    expect(factoredPage).toMatch(/REMIT TO Lakeshore Capital Lakeshore Capital PO Box 4410 Chicago, IL 60680/);
    const ofDirect = (await request('GET', '/api/invoices')).json.find((row: Invoice) => row.invoiceNumber === 'INV-F-D') as Invoice;
    const [directPage] = await pdfText(await request('GET', `/api/invoices/${ofDirect.id}/pdf`));
    expect(directPage).not.toContain('NOTICE OF ASSIGNMENT');
    expect(directPage).toContain('REMIT TO Northstar Freight Lines, Inc. 2400 S Western Ave Chicago, IL 60608');
  });
});

describe("the factor's reports and the ledger", () => {
  const purchase = ['Inv No,Advance Amt,Disc Fee,Reserve Amt,Purchased', 'INV-F-A,"1,111.11",37.04,123.46,', 'INV-F-B,1800.00,60.00,200.00,', `INV-F-C,1350.00,45.00,150.00,${day(-100)}`].join('\r\n');
  const mapping = { invoiceNumber: 'Inv No', advance: 'Advance Amt', fee: 'Disc Fee', reserve: 'Reserve Amt', purchaseDate: 'Purchased' };

  it('lists an unmatched row and a contradicting one in a dry run, and applies nothing until every row is clean', async () => {
    const wrong = `${purchase}\r\nINV-NOPE,90.00,3.00,7.00,\r\nINV-F-S,720.00,25.00,80.00,`;
    const dry = await report('purchase', wrong, true, mapping);
    expect(dry.status).toBe(200);
    expect(dry.json.rows.map((row) => [row.invoiceNumber, row.outcome, row.errors])).toEqual([
      ['INV-F-A', 'apply', []],
      ['INV-F-B', 'apply', []],
      ['INV-F-C', 'apply', []],
      ['INV-NOPE', 'error', ['No invoice INV-NOPE']],
      ['INV-F-S', 'error', ['Fee 25.00 contradicts 24.00 by the factor\'s terms']],
    ]);
    expect(dry.json.rows[0].entries).toEqual([{ kind: 'advance', amount: '1111.11' }, { kind: 'fee', amount: '37.04' }, { kind: 'reserve', amount: '123.46' }]);
    const applied = await report('purchase', wrong, false, mapping);
    expect(applied.json.applied).toBe(false);
    expect(applied.json.errors).toEqual(['Nothing was applied: fix the rows listed first']);
    expect((await ledger()).invoices).toEqual([]);
    expect((await invoice(a.id)).factoringState).toBeNull();
  });

  it('applies a purchase to the cent: the invoice is factored and no longer the carrier\'s receivable; the same report again changes nothing', async () => {
    const agingBefore = (await request('GET', '/api/reports/aging')).json as AgingReport;
    expect(agingBefore.customers.find((row) => row.customerId === factored.id)?.total).toBe('6484.57'); // INV-F-N (950.00) was never scheduled

    const applied = await report('purchase', purchase, false, mapping);
    expect(applied.status).toBe(200);
    expect(applied.json.applied).toBe(true);
    // The columns are remembered: the next report of the kind is read without a mapping.
    expect((await request('GET', '/api/factoring/reports/mapping?kind=purchase')).json).toEqual(mapping);
    const book = await ledger();
    expect(entriesOf(book, 'INV-F-A')).toEqual({ advance: '1111.11', fee: '37.04', reserve: '123.46' });
    expect(entriesOf(book, 'INV-F-B')).toEqual({ advance: '1800.00', fee: '60.00', reserve: '200.00' });
    expect((await invoice(a.id)).factoringState).toBe('factored');
    expect((await invoice(a.id)).factoredOn).toBe(day(0));
    // A and B are the factor's now; C is the carrier's again once charged back (bought 100 days ago); S and N were not bought.
    await chargedBack(c.id);
    const aging = (await request('GET', '/api/reports/aging')).json as AgingReport;
    expect(aging.customers.find((row) => row.customerId === factored.id)?.total).toBe('3250.00');

    const before = await ledger();
    const twice = await report('purchase', purchase, false);
    expect(twice.json.applied).toBe(false);
    expect(twice.json.rows.map((row) => row.outcome)).toEqual(['applied', 'applied', 'applied']);
    expect(await ledger()).toEqual(before);

    const trail = (await request('GET', `/api/audit?resource=factoring-ledger`)).json as AuditPage;
    expect(trail.entries.filter((entry) => entry.action === 'create')).toHaveLength(11); // 3 purchases of 3 entries, a charge-back of 2
  }, 60_000);

  it('charges back an invoice not paid within the recourse days, by itself: the carrier owes the advance back', async () => {
    await chargedBack(c.id);
    const book = await ledger();
    expect(entriesOf(book, 'INV-F-C')).toEqual({ advance: '1350.00', fee: '45.00', reserve: '150.00', chargeBack: '1350.00', reserveReleased: '105.00' });
    const trail = (await request('GET', `/api/audit?resource=invoices&id=${c.id}`)).json as AuditPage;
    expect(trail.entries.find((entry) => entry.userEmail === 'system')?.changes).toEqual({ factoringState: { from: 'factored', to: 'chargedBack' } });
    expect(book.balances).toEqual({ advanced: '4261.11', fees: '142.04', reserveHeld: '323.46', owedBack: '1350.00' });
  }, 30_000);

  it('releases the reserve less the fee on a full payment, less the short pay too on a short one, and refuses a charged-back invoice', async () => {
    const payment = ['Invoice,Paid,Released', 'INV-F-A,1234.57,86.42', 'INV-F-B,1950.25,90.25'].join('\n');
    const withChargedBack = `${payment}\nINV-F-C,1500.00,105.00`;
    const refused = await report('payment', withChargedBack, false);
    expect(refused.json.applied).toBe(false);
    expect(refused.json.rows[2].errors).toEqual(['INV-F-C was charged back']);

    const applied = await report('payment', payment, false);
    expect(applied.json.applied).toBe(true);
    const book = await ledger();
    expect(entriesOf(book, 'INV-F-A')).toEqual({ advance: '1111.11', fee: '37.04', reserve: '123.46', reserveReleased: '86.42' });
    expect(entriesOf(book, 'INV-F-B')).toEqual({ advance: '1800.00', fee: '60.00', reserve: '200.00', shortPay: '49.75', reserveReleased: '90.25' });
    expect(book.balances).toEqual({ advanced: '4261.11', fees: '142.04', reserveHeld: '0.00', owedBack: '1350.00' });
    expect((await invoice(b.id)).factoringState).toBe('paidToFactor');
    // Dated: the ledger from tomorrow on has nothing.
    expect((await ledger(`?from=${day(1)}`)).invoices).toEqual([]);
    expect((await request('GET', '/api/factoring/ledger?from=yesterday')).status).toBe(400);
  });
});

/** Waits (at most 20 s) for the recourse check to charge the invoice back. */
async function chargedBack(id: string) {
  for (const deadline = Date.now() + 20_000; (await invoice(id)).factoringState !== 'chargedBack'; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (Date.now() > deadline) throw new Error('The invoice was not charged back within 20 s');
  }
}
