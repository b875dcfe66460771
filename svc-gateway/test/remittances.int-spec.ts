import { allocateOldestFirst, type AuditPage, type Customer, type CustomerCredit, type Invoice, type Load, type Payment, type Remittance } from '@tms/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { httpRequest } from './support/http-request.js';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * Issue 46, point 1, through the whole built system: one remittance from a customer over many invoices makes one spec
 * payment per invoice (the invoices' paid amounts and statuses as the spec's payments would leave them), keeps what
 * it does not apply as the customer's credit, spends that credit next time, and is reversed whole. Exact to the cent.
 */
let system: RunningSystem;
let cookie: string;

const request = (method: string, path: string, body?: unknown) => httpRequest(system.url, cookie, method, path, body);

let count = 0;
/** A customer of this file's own (no other suite's records are read). */
async function customer(name: string): Promise<Customer> {
  const answer = await request('POST', '/api/customers', { name: `RMT ${name}`, email: `rmt-${++count}@example.com`, phone: '555-0190', address: '1 Pay St, Omaha, NE', type: 'shipper' });
  expect(answer.status).toBe(201);
  return answer.json as Customer;
}
/** A delivered load and its sent invoice of `total`, dated `invoiceDate`. */
async function invoice(billed: Customer, total: string, invoiceDate: string): Promise<Invoice> {
  const n = ++count;
  const load = await request('POST', '/api/loads', {
    loadNumber: `LD-RMT-${n}`, customerId: billed.id, status: 'delivered', pickupLocation: 'Omaha, NE', pickupDate: '2026-09-01',
    deliveryLocation: 'Des Moines, IA', deliveryDate: '2026-09-02', rate: total,
  });
  expect(load.status).toBe(201);
  const answer = await request('POST', '/api/invoices', {
    invoiceNumber: `INV-RMT-${n}`, loadId: (load.json as Load).id, customerId: billed.id, status: 'sent', invoiceDate, dueDate: '2027-12-31', subtotal: total, total,
  });
  expect(answer.status).toBe(201);
  return answer.json as Invoice;
}
const read = async (target: Invoice) => (await request('GET', `/api/invoices/${target.id}`)).json as Invoice;
const creditOf = async (billed: Customer) => {
  const answer = await request('GET', `/api/remittances/credit?customerId=${billed.id}`);
  expect(answer.status).toBe(200);
  return (answer.json as CustomerCredit).credit;
};
const paymentsOf = async (remittance: Remittance) => ((await request('GET', '/api/payments')).json as Payment[]).filter((payment) => payment.remittanceId === remittance.id);
const receive = (billed: Customer, fields: Record<string, unknown>) =>
  request('POST', '/api/remittances', { customerId: billed.id, paymentDate: '2026-10-15', paymentMethod: 'ACH', referenceNumber: 'ACH-7741', ...fields });

beforeAll(async () => {
  system = await sharedSystem();
  cookie = await signIn(system.url, 'remittances@example.com');
}, 180_000);

describe('a remittance', () => {
  it('pays invoices oldest first, one payment each, the last one in part, and leaves nothing as credit', async () => {
    const broker = await customer('Oldest First');
    // Made newest first: the allocation follows the invoice date, not the order they were made in.
    const march = await invoice(broker, '700.00', '2026-03-10');
    const january = await invoice(broker, '1000.00', '2026-01-10');
    const february = await invoice(broker, '500.25', '2026-02-10');
    const oldestFirst = [january, february, march].map((open) => ({ invoiceId: open.id, balance: open.total }));
    const applications = allocateOldestFirst(oldestFirst, '1700.50');
    expect(applications).toEqual([
      { invoiceId: january.id, amount: '1000.00' },
      { invoiceId: february.id, amount: '500.25' },
      { invoiceId: march.id, amount: '200.25' },
    ]);

    const answer = await receive(broker, { amount: '1700.50', applications });
    expect(answer.status).toBe(201);
    const remittance = answer.json as Remittance;
    expect(remittance).toMatchObject({ amount: '1700.50', creditUsed: '0.00', applied: '1700.50', unapplied: '0.00' });

    expect(await Promise.all([january, february, march].map(read))).toMatchObject([
      { paidAmount: '1000.00', status: 'paid' },
      { paidAmount: '500.25', status: 'paid' },
      { paidAmount: '200.25', status: 'sent' },
    ]);
    const payments = await paymentsOf(remittance);
    expect(payments.map(({ invoiceId, amount, customerId, paymentMethod, referenceNumber, paymentDate }) => ({ invoiceId, amount, customerId, paymentMethod, referenceNumber, paymentDate })).sort((a, b) => a.amount.localeCompare(b.amount))).toEqual([
      { invoiceId: january.id, amount: '1000.00', customerId: broker.id, paymentMethod: 'ACH', referenceNumber: 'ACH-7741', paymentDate: '2026-10-15' },
      { invoiceId: march.id, amount: '200.25', customerId: broker.id, paymentMethod: 'ACH', referenceNumber: 'ACH-7741', paymentDate: '2026-10-15' },
      { invoiceId: february.id, amount: '500.25', customerId: broker.id, paymentMethod: 'ACH', referenceNumber: 'ACH-7741', paymentDate: '2026-10-15' },
    ]);
    expect(await creditOf(broker)).toBe('0.00');

    // Each payment has its own history, written by whoever received the remittance.
    const trail = (await request('GET', `/api/audit?resource=payments&id=${payments[0].id}`)).json as AuditPage;
    expect(trail.entries).toMatchObject([{ action: 'create', userEmail: 'remittances@example.com' }]);
  });

  it('keeps what it does not apply as credit, which the next remittance spends', async () => {
    const broker = await customer('Credit');
    const first = await invoice(broker, '500.00', '2026-04-01');
    const second = await invoice(broker, '900.00', '2026-04-02');

    const over = await receive(broker, { amount: '600.10', applications: [{ invoiceId: first.id, amount: '500.00' }] });
    expect(over.status).toBe(201);
    expect(over.json).toMatchObject({ applied: '500.00', unapplied: '100.10' });
    expect(await creditOf(broker)).toBe('100.10');

    // More credit than there is: refused, nothing written.
    const tooMuch = await receive(broker, { amount: '799.89', creditUsed: '100.11', applications: [{ invoiceId: second.id, amount: '900.00' }] });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.issues).toEqual({ creditUsed: ['The customer has $100.10 of credit'] });
    expect(await read(second)).toMatchObject({ paidAmount: '0.00', status: 'sent' });

    const next = await receive(broker, { amount: '799.90', creditUsed: '100.10', applications: [{ invoiceId: second.id, amount: '900.00' }] });
    expect(next.status).toBe(201);
    expect(next.json).toMatchObject({ amount: '799.90', creditUsed: '100.10', applied: '900.00', unapplied: '0.00' });
    expect(await read(second)).toMatchObject({ paidAmount: '900.00', status: 'paid' });
    expect(await creditOf(broker)).toBe('0.00');

    // The first's credit paid the second: it can be reversed only once the second is.
    const early = await request('DELETE', `/api/remittances/${(over.json as Remittance).id}`);
    expect(early.status).toBe(409);
    expect(early.json.message).toBe('The credit this remittance left was used by a later remittance: reverse that one first');
    expect(await read(first)).toMatchObject({ paidAmount: '500.00', status: 'paid' });

    expect((await request('DELETE', `/api/remittances/${(next.json as Remittance).id}`)).status).toBe(204);
    expect(await read(second)).toMatchObject({ paidAmount: '0.00', status: 'sent' });
    expect(await creditOf(broker)).toBe('100.10');
    expect(await paymentsOf(next.json as Remittance)).toEqual([]);

    expect((await request('DELETE', `/api/remittances/${(over.json as Remittance).id}`)).status).toBe(204);
    expect(await read(first)).toMatchObject({ paidAmount: '0.00', status: 'sent' });
    expect(await creditOf(broker)).toBe('0.00');
  });

  it('refuses what cannot be right, with a message at the field, and changes nothing', async () => {
    const broker = await customer('Refusals');
    const other = await customer('Someone Else');
    const mine = await invoice(broker, '300.00', '2026-05-01');
    const theirs = await invoice(other, '300.00', '2026-05-01');

    const zero = await receive(broker, { amount: '0.00', applications: [] });
    expect(zero.status).toBe(400);
    expect(zero.json.issues).toEqual({ amount: ['Must be more than 0.00'] });

    const overApplied = await receive(broker, { amount: '250.00', applications: [{ invoiceId: mine.id, amount: '250.01' }] });
    expect(overApplied.status).toBe(400);
    expect(overApplied.json.issues).toEqual({ applications: ['The amounts applied add up to more than the $250.00 received and taken from credit'] });

    const twice = await receive(broker, { amount: '300.00', applications: [{ invoiceId: mine.id, amount: '100.00' }, { invoiceId: mine.id, amount: '100.00' }] });
    expect(twice.status).toBe(400);
    expect(twice.json.issues).toEqual({ applications: ['Each invoice can be paid once in a remittance'] });

    const overBalance = await receive(broker, { amount: '400.00', applications: [{ invoiceId: mine.id, amount: '300.01' }] });
    expect(overBalance.status).toBe(400);
    expect(overBalance.json.issues).toEqual({ 'applications.0.amount': ["This payment is more than the invoice's balance due of $300.00"] });

    const notTheirs = await receive(broker, { amount: '400.00', applications: [{ invoiceId: mine.id, amount: '100.00' }, { invoiceId: theirs.id, amount: '100.00' }] });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.json.issues).toEqual({ 'applications.1.invoiceId': ["The customer must be the invoice's customer"] });

    expect(await read(mine)).toMatchObject({ paidAmount: '0.00', status: 'sent' });
    expect(await creditOf(broker)).toBe('0.00');

    // Received, it is changed only by reversing it whole, and so are its payments.
    const received = (await receive(broker, { amount: '300.00', applications: [{ invoiceId: mine.id, amount: '300.00' }] })).json as Remittance;
    const edit = await request('PATCH', `/api/remittances/${received.id}`, { amount: '200.00' });
    expect(edit.status).toBe(409);
    expect(edit.json.message).toBe('A remittance cannot be changed: reverse it and receive it again');
    // Saved as it is, it is answered as it is.
    expect(await request('PATCH', `/api/remittances/${received.id}`, { amount: '300.00' })).toMatchObject({ status: 200, json: { amount: '300.00', applied: '300.00' } });
    const [payment] = await paymentsOf(received);
    for (const [method, body] of [['PATCH', { amount: '1.00' }], ['DELETE', undefined]] as const) {
      const alone = await request(method, `/api/payments/${payment.id}`, body);
      expect(alone.status).toBe(409);
      expect(alone.json.message).toBe('This payment is part of a remittance: reverse the remittance as a whole');
    }
    expect(await read(mine)).toMatchObject({ paidAmount: '300.00', status: 'paid' });
  });

  it('is received once however often the same request is sent with its Idempotency-Key, and needs a session', async () => {
    const broker = await customer('Once');
    const open = await invoice(broker, '450.00', '2026-06-01');
    const send = () =>
      fetch(`${system.url}/api/remittances`, {
        method: 'POST',
        headers: { cookie, origin: system.url, 'content-type': 'application/json', 'idempotency-key': `rmt-once-${open.id}` },
        body: JSON.stringify({ customerId: broker.id, amount: '450.00', paymentDate: '2026-10-15', paymentMethod: 'Check', applications: [{ invoiceId: open.id, amount: '450.00' }] }),
      });
    const [first, again] = await Promise.all([send(), send()]);
    expect([first.status, again.status]).toEqual([201, 201]);
    const ids = new Set([((await first.json()) as Remittance).id, ((await again.json()) as Remittance).id]);
    expect(ids.size).toBe(1);
    expect(await read(open)).toMatchObject({ paidAmount: '450.00', status: 'paid' });
    expect((await request('GET', '/api/payments')).json.filter((payment: Payment) => payment.invoiceId === open.id)).toHaveLength(1);

    expect((await httpRequest(system.url, undefined, 'GET', `/api/remittances/credit?customerId=${broker.id}`)).status).toBe(401);
    expect((await httpRequest(system.url, undefined, 'POST', '/api/remittances', {})).status).toBe(401);
  });

  it("prints the customer's statement of account: open invoices as of the day, the period's payments, the balance and credit", async () => {
    const broker = await customer('Statement');
    const older = await invoice(broker, '1200.00', '2026-07-01');
    const newer = await invoice(broker, '800.40', '2026-08-15');
    // Paid before the period (counts in the balance only), in the period, and after the statement's day (given back).
    const pay = (amount: string, paymentDate: string, invoiceId = older.id) =>
      receive(broker, { amount, paymentDate, referenceNumber: `ACH-${paymentDate}`, applications: [{ invoiceId, amount }] });
    expect((await pay('200.00', '2026-07-20')).status).toBe(201);
    expect((await pay('300.00', '2026-09-10')).status).toBe(201);
    expect((await pay('100.40', '2026-10-05', newer.id)).status).toBe(201);
    expect((await receive(broker, { amount: '50.00', paymentDate: '2026-09-12', applications: [] })).status).toBe(201);

    const answer = await request('GET', `/api/reports/statement?customerId=${broker.id}&from=2026-09-01&to=2026-09-30`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain('statement-RMT-Statement-2026-09-30.pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(answer.data)));
    const page = text.join(' ').replace(/\s+/g, ' ');
    expect(page).toContain('STATEMENT OF ACCOUNT');
    expect(page).toContain('RMT Statement');
    expect(page).toContain('Period 09/01/2026 - 09/30/2026');
    // As of Sept 30: 1,200.00 - 500.00 paid; 800.40 whole (its payment of Oct 5 comes after).
    expect(page).toMatch(/INV-RMT-\d+ 07\/01\/2026 .* \$1,200\.00 \$700\.00/);
    expect(page).toMatch(/INV-RMT-\d+ 08\/15\/2026 .* \$800\.40 \$800\.40/);
    expect(page).toMatch(/09\/10\/2026 INV-RMT-\d+ ACH ACH-2026-09-10 \$300\.00/);
    expect(page).not.toContain('ACH-2026-07-20');
    expect(page).not.toContain('ACH-2026-10-05');
    expect(page).toContain('Balance Due $1,500.40');
    expect(page).toContain('Credit on Account $50.00');

    const backwards = await request('GET', `/api/reports/statement?customerId=${broker.id}&from=2026-10-01&to=2026-09-30`);
    expect(backwards).toMatchObject({ status: 400, json: { issues: { from: ['From must be on or before To'] } } });
    expect((await request('GET', '/api/reports/statement?customerId=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await httpRequest(system.url, undefined, 'GET', `/api/reports/statement?customerId=${broker.id}`)).status).toBe(401);
  });
});
