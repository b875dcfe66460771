import type { AgingReport, AuditPage, Customer, Invoice, Load, OverdueInvoice } from '@tms/contracts';
import { httpRequest } from './support/http-request.js';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * Issue 46, point 3, through the whole built system: a sent invoice past due in the company's calendar with a balance
 * becomes overdue by itself (svc-accounting looks every 300 ms here, INVOICE_OVERDUE_CHECK_MS), audited as the
 * system's change; one due today, paid in full, or a draft is left as it is; `GET /api/invoices/overdue` lists it.
 *
 * The company's calendar is a time zone whose day is not UTC's now: a day ahead of UTC (Kiritimati, UTC+14) when UTC's
 * clock is past 10:00, else a day behind (Pago Pago, UTC-11). So an invoice due on the day UTC calls today (or
 * yesterday) is past due, or not, only by the company's calendar: the step across the zone's midnight.
 */
let system: RunningSystem;
let cookie: string;
let customer: Customer;

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const ahead = new Date().getUTCHours() >= 10;
const TIME_ZONE = ahead ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
/** The company's today, and its yesterday. */
const companyDay = (offsetDays = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date(Date.now() + offsetDays * 86_400_000));

const request = (method: string, path: string, body?: unknown) => httpRequest(system.url, cookie, method, path, body);

let count = 0;
/** A delivered load and its invoice, due `dueDate`, sent unless said otherwise. */
async function invoiceDue(dueDate: string, fields: Record<string, unknown> = {}, billed: Customer = customer): Promise<Invoice> {
  const n = ++count;
  const load = await request('POST', '/api/loads', {
    loadNumber: `LD-AR-${n}`, customerId: billed.id, status: 'delivered', pickupLocation: 'Joliet, IL', pickupDate: '2026-01-05',
    deliveryLocation: 'Gary, IN', deliveryDate: '2026-01-06', rate: '1500.00',
  });
  expect(load.status).toBe(201);
  const invoice = await request('POST', '/api/invoices', {
    invoiceNumber: `INV-AR-${n}`, loadId: (load.json as Load).id, customerId: billed.id, status: 'sent', invoiceDate: '2026-01-06', dueDate,
    subtotal: '1500.00', total: '1500.00', paidAmount: '400.00', ...fields,
  });
  expect(invoice.status).toBe(201);
  return invoice.json as Invoice;
}

const statusOf = async (invoice: Invoice) => ((await request('GET', `/api/invoices/${invoice.id}`)).json as Invoice).status;

beforeAll(async () => {
  system = await startIsolatedSystem({ label: 'receivables', env: { INVOICE_OVERDUE_CHECK_MS: '300', COMPANY_TIME_ZONE: TIME_ZONE } });
  cookie = await signIn(system.url, 'receivables@example.com');
  customer = (await request('POST', '/api/customers', { name: 'Lakeside Brokerage', email: 'ap@lakeside.example', phone: '555-0170', address: '9 Lake St, Gary, IN', type: 'shipper' })).json;
}, 180_000);

afterAll(async () => {
  await system?.stop();
}, 60_000);

describe('an invoice overdue by itself', () => {
  it("becomes overdue the day after its due date in the company's calendar, by the system, and is listed as overdue", async () => {
    // Due on the company's yesterday: past due. Its today: not yet, though UTC may call that day past or not begun.
    const pastDue = await invoiceDue(companyDay(-1));
    const dueToday = await invoiceDue(companyDay(0));
    const paid = await invoiceDue(companyDay(-1), { status: 'paid', paidAmount: '1500.00' });
    const draft = await invoiceDue(companyDay(-1), { status: 'draft' });
    // The zone was chosen so that UTC's calendar would say otherwise of one of them.
    expect(ahead ? companyDay(0) > utcDay(0) : companyDay(0) < utcDay(0)).toBe(true);

    for (const deadline = Date.now() + 20_000; (await statusOf(pastDue)) !== 'overdue'; await new Promise((resolve) => setTimeout(resolve, 200))) {
      if (Date.now() > deadline) throw new Error('The invoice past due did not become overdue within 20 s');
    }
    // Looked at many times since: the others are as they were.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await Promise.all([dueToday, paid, draft].map(statusOf))).toEqual(['sent', 'paid', 'draft']);

    const trail = (await request('GET', `/api/audit?resource=invoices&id=${pastDue.id}`)).json as AuditPage;
    const marked = trail.entries.filter((entry) => entry.action === 'update');
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatchObject({ userEmail: 'system', changes: { status: { from: 'sent', to: 'overdue' } } });

    const overdue = await request('GET', '/api/invoices/overdue');
    expect(overdue.status).toBe(200);
    expect(overdue.json as OverdueInvoice[]).toEqual([
      { id: pastDue.id, invoiceNumber: pastDue.invoiceNumber, customerId: customer.id, customerName: 'Lakeside Brokerage', dueDate: companyDay(-1), balance: '1100.00', daysOverdue: 1 },
    ]);
  }, 60_000);

  it('is left as it is when paid in full before the look, and needs a session to be listed', async () => {
    const invoice = await invoiceDue(companyDay(-3), { status: 'draft' });
    // Paid in full, then sent: never overdue.
    expect((await request('PATCH', `/api/invoices/${invoice.id}`, { paidAmount: '1500.00' })).status).toBe(200);
    expect((await request('PATCH', `/api/invoices/${invoice.id}`, { status: 'sent' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await statusOf(invoice)).toBe('sent');
    expect((await fetch(`${system.url}/api/invoices/overdue`)).status).toBe(401);
  }, 30_000);
});

describe('receivables aging', () => {
  it("sums each customer's balances as of a day into the buckets, exact to the cent at their edges, with totals and a CSV", async () => {
    const asOf = '2026-06-30';
    const harbor = (await request('POST', '/api/customers', { name: 'Harbor Foods', email: 'ap@harbor.example', phone: '555-0171', address: '1 Pier Rd, Erie, PA', type: 'receiver' })).json as Customer;
    const aging = async () => (await request('GET', `/api/reports/aging?asOf=${asOf}`)).json as AgingReport;
    const before = await aging();
    const owed = async (dueDate: string, total: string, billed = customer, fields: Record<string, unknown> = {}) =>
      invoiceDue(dueDate, { invoiceDate: '2026-01-05', subtotal: total, total, paidAmount: '0.00', ...fields }, billed);
    // Days past due on the 30th: 0, 1, 30 | 31, 60 | 61, 90 | 91.
    await owed('2026-06-30', '100.00');
    await owed('2026-06-29', '200.10');
    await owed('2026-05-31', '300.20');
    await owed('2026-05-30', '400.30');
    await owed('2026-05-01', '0.01');
    await owed('2026-04-30', '500.45');
    await owed('2026-04-01', '1.00');
    // Paid in full a week after the day: still owed on it.
    const paidLater = await owed('2026-03-31', '999.99');
    const payment = await request('POST', '/api/payments', { invoiceId: paidLater.id, customerId: customer.id, amount: '999.99', paymentDate: '2026-07-07', paymentMethod: 'ACH' });
    expect(payment.status).toBe(201);
    // Harbor paid part before the day; its draft and its invoice issued after the day are not owed on it.
    const part = await owed('2026-06-01', '50.00', harbor);
    expect((await request('POST', '/api/payments', { invoiceId: part.id, customerId: harbor.id, amount: '20.00', paymentDate: '2026-06-15', paymentMethod: 'Check' })).status).toBe(201);
    await owed('2026-05-01', '70.00', harbor, { status: 'draft' });
    await owed('2026-07-31', '80.00', harbor, { invoiceDate: '2026-07-01' });

    const report = await aging();
    expect(report.asOf).toBe(asOf);
    const lakeside = report.customers.find((row) => row.customerId === customer.id)!;
    const earlier = before.customers.find((row) => row.customerId === customer.id);
    // The invoices of the tests above (due around today) are current on June 30 and counted apart.
    const current = (Number(earlier?.current ?? '0') * 100 + 10000) / 100;
    expect(lakeside).toMatchObject({
      customerName: 'Lakeside Brokerage', current: current.toFixed(2), days1to30: '500.30', days31to60: '400.31', days61to90: '501.45', over90: '999.99',
    });
    expect(report.customers.find((row) => row.customerId === harbor.id)).toEqual({
      customerId: harbor.id, customerName: 'Harbor Foods', current: '0.00', days1to30: '30.00', days31to60: '0.00', days61to90: '0.00', over90: '0.00', total: '30.00', invoices: 1,
    });
    expect(report.totals.days1to30).toBe('530.30');
    expect(report.totals.total).toBe((Number(report.totals.current) + 530.3 + 400.31 + 501.45 + 999.99).toFixed(2));

    const file = await request('GET', `/api/reports/aging?asOf=${asOf}&format=csv`);
    expect(file.headers['content-disposition']).toBe('attachment; filename="aging-2026-06-30.csv"');
    const lines = file.data.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Customer,Current,1-30,31-60,61-90,Over 90,Total,Invoices');
    expect(lines).toContain('Harbor Foods,0.00,30.00,0.00,0.00,0.00,30.00,1');
    expect(lines.at(-1)).toMatch(/^Total,[\d.]+,530\.30,400\.31,501\.45,999\.99,[\d.]+,\d+$/);
    expect((await request('GET', '/api/reports/aging?asOf=2026-02-30')).status).toBe(400);
  }, 60_000);
});

