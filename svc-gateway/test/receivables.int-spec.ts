import type { AuditPage, Customer, Invoice, Load, OverdueInvoice } from '@tms/contracts';
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
async function invoiceDue(dueDate: string, fields: Record<string, unknown> = {}): Promise<Invoice> {
  const n = ++count;
  const load = await request('POST', '/api/loads', {
    loadNumber: `LD-AR-${n}`, customerId: customer.id, status: 'delivered', pickupLocation: 'Joliet, IL', pickupDate: '2026-01-05',
    deliveryLocation: 'Gary, IN', deliveryDate: '2026-01-06', rate: '1500.00',
  });
  expect(load.status).toBe(201);
  const invoice = await request('POST', '/api/invoices', {
    invoiceNumber: `INV-AR-${n}`, loadId: (load.json as Load).id, customerId: customer.id, status: 'sent', invoiceDate: '2026-01-06', dueDate,
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
