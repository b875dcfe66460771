import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { INVOICE_EMAIL_MESSAGES, type AuditPage, type Customer, type Invoice, type InvoiceEmail, type Load } from '@tms/contracts';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { extractText, getDocumentProxy } from 'unpdf';
import { httpRequest } from './support/http-request.js';
import { sharedSystem, signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * Issue 46, point 5, through the whole built system and a real SMTP server (smtp-server, started here; what it
 * receives is read back with mailparser): 'Send Invoice' sends the invoice to the customer's billing e-mail from the
 * company's, with the invoice's PDF and its packet; a draft becomes sent; every sending, failed ones too, is in the
 * invoice's audit trail; a server that refuses or is gone is a clear 503 in bounded time; without SMTP_URL, nothing
 * can be sent and the draft says why.
 */
const SMTP_PASSWORD = 'smtp-secret-Xq81';
const BOL = readFileSync(new URL('../../../shared/documents/bol-1.pdf', import.meta.url));

const received: ParsedMail[] = [];
const logins: string[] = [];
const smtp = new SMTPServer({
  // A local server without TLS, as a relay inside a company's network may be; it asks for the password all the same.
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  onAuth(auth, _session, callback) {
    logins.push(`${auth.username}:${auth.password}`);
    callback(null, { user: auth.username });
  },
  onRcptTo(address, _session, callback) {
    if (!address.address.endsWith('@refused.example.com')) return callback();
    callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
  },
  onData(stream, _session, callback) {
    simpleParser(stream).then((mail) => {
      received.push(mail);
      callback();
    }, callback);
  },
});

let system: RunningSystem;
let cookie: string;
const request = (method: string, path: string, body?: unknown) => httpRequest(system.url, cookie, method, path, body);

let count = 0;
/** A customer billed at `billingEmail` (or not), a delivered load with a BOL, and its draft invoice. */
async function invoiceFor(billingEmail: string, status = 'draft'): Promise<{ invoice: Invoice; load: Load; customer: Customer }> {
  const n = ++count;
  const customer = (await request('POST', '/api/customers', {
    name: `Mail Broker ${n}`, email: `dispatch-${n}@broker.example.com`, phone: '555-0100', address: '1 Mail St, Omaha, NE', type: 'shipper', billingEmail,
  })).json as Customer;
  const load = (await request('POST', '/api/loads', {
    loadNumber: `LD-MAIL-${n}`, customerId: customer.id, status: 'delivered', pickupLocation: 'Omaha, NE', pickupDate: '2026-11-02',
    deliveryLocation: 'Denver, CO', deliveryDate: '2026-11-03', rate: '2450.00',
  })).json as Load;
  const uploaded = await request('POST', `/api/loads/${load.id}/documents`, {
    fileName: 'bol.pdf', fileType: 'application/pdf', fileSize: BOL.byteLength, fileData: `data:application/pdf;base64,${BOL.toString('base64')}`, documentType: 'Bill of Lading',
  });
  expect(uploaded.status).toBe(201);
  const invoice = await request('POST', '/api/invoices', {
    invoiceNumber: `INV-MAIL-${n}`, loadId: load.id, customerId: customer.id, status, invoiceDate: '2026-11-04', dueDate: '2026-12-04', subtotal: '2450.00', total: '2450.00', paidAmount: '450.00',
  });
  expect(invoice.status).toBe(201);
  return { invoice: invoice.json as Invoice, load, customer };
}
const history = async (invoice: Invoice) => ((await request('GET', `/api/audit?resource=invoices&id=${invoice.id}`)).json as AuditPage).entries;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  system = await startIsolatedSystem({ label: 'invoice-email', env: { SMTP_URL: `smtp://billing:${SMTP_PASSWORD}@127.0.0.1:${port}` } });
  cookie = await signIn(system.url, 'billing@example.com');
  const company = await request('PUT', '/api/company', { name: 'Mail Carriers LLC', address: '9 Dock Rd, Omaha, NE', phone: '(402) 555-0199', email: 'billing@mailcarriers.example.com', paymentTermsDays: 30 });
  expect(company.status).toBe(200);
}, 240_000);

afterAll(async () => {
  await system?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
}, 60_000);

describe('Send Invoice', () => {
  it("offers the customer's billing e-mail, from the company's, with the invoice and its packet", async () => {
    const { invoice } = await invoiceFor('ap@broker.example.com');
    const answer = await request('GET', `/api/invoices/${invoice.id}/email`);
    expect(answer.status).toBe(200);
    expect(answer.json as InvoiceEmail).toEqual({
      configured: true,
      from: 'billing@mailcarriers.example.com',
      to: ['ap@broker.example.com'],
      subject: `Invoice ${invoice.invoiceNumber} for load LD-MAIL-${count} from Mail Carriers LLC`,
      attachments: [`${invoice.invoiceNumber}.pdf`, `${invoice.invoiceNumber}-packet.pdf`],
      problem: null,
    });
    // No billing e-mail: the customer's own.
    const plain = await invoiceFor('');
    expect(((await request('GET', `/api/invoices/${plain.invoice.id}/email`)).json as InvoiceEmail).to).toEqual([`dispatch-${count}@broker.example.com`]);
  });

  it('sends it through SMTP_URL with both PDFs attached, makes the draft sent, and records the sending', async () => {
    const { invoice, load } = await invoiceFor('ap@broker.example.com');
    const before = received.length;
    const answer = await request('POST', `/api/invoices/${invoice.id}/email`, { to: ['AP@broker.example.com', 'factoring@broker.example.com'] });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ to: ['ap@broker.example.com', 'factoring@broker.example.com'], status: 'sent' });

    expect(received).toHaveLength(before + 1);
    const mail = received.at(-1)!;
    expect(mail.from?.value).toEqual([{ name: 'Mail Carriers LLC', address: 'billing@mailcarriers.example.com' }]);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value.map((to) => to.address)).toEqual(['ap@broker.example.com', 'factoring@broker.example.com']);
    expect(mail.subject).toBe(`Invoice ${invoice.invoiceNumber} for load ${load.loadNumber} from Mail Carriers LLC`);
    // The balance, not the total, is what is still owed.
    expect(mail.text).toContain(`invoice ${invoice.invoiceNumber} for load ${load.loadNumber}: $2,450.00 (balance due $2,000.00), due 12/04/2026.`);
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`${invoice.invoiceNumber}.pdf`, 'application/pdf'],
      [`${invoice.invoiceNumber}-packet.pdf`, 'application/pdf'],
    ]);
    const [invoicePdf, packet] = await Promise.all(mail.attachments.map((file) => getDocumentProxy(new Uint8Array(file.content))));
    expect((await extractText(invoicePdf, { mergePages: true })).text).toContain(invoice.invoiceNumber);
    // The packet: the invoice, then the BOL the load keeps.
    expect(packet.numPages).toBe(invoicePdf.numPages + 1);
    // SMTP_URL's user and password were used, and are in no log.
    expect(logins.at(-1)).toBe(`billing:${SMTP_PASSWORD}`);
    expect(readFileSync(system.logFile, 'utf8')).not.toContain(SMTP_PASSWORD);

    expect(((await request('GET', `/api/invoices/${invoice.id}`)).json as Invoice).status).toBe('sent');
    const [statusChange, sending] = await history(invoice);
    expect(statusChange).toMatchObject({ action: 'update', userEmail: 'billing@example.com', changes: { status: { from: 'draft', to: 'sent' } } });
    expect(sending).toMatchObject({
      action: 'send', userEmail: 'billing@example.com',
      changes: { to: { to: 'ap@broker.example.com, factoring@broker.example.com' }, attachments: { to: `${invoice.invoiceNumber}.pdf, ${invoice.invoiceNumber}-packet.pdf` }, result: { to: 'Sent' } },
    });
  });

  it('leaves a status other than draft as it is, and takes one address bare', async () => {
    const { invoice } = await invoiceFor('ap@broker.example.com', 'overdue');
    const answer = await request('POST', `/api/invoices/${invoice.id}/email`, { to: 'ap@broker.example.com' });
    expect(answer.json).toMatchObject({ status: 'overdue' });
    expect((await history(invoice)).map((entry) => entry.action)).toEqual(['send', 'create']);
  });

  it('refuses an address that is not one, naming it, and sends nothing', async () => {
    const { invoice } = await invoiceFor('ap@broker.example.com');
    const before = received.length;
    for (const [to, message] of [
      [['ap@broker.example.com', 'not-an-address'], INVOICE_EMAIL_MESSAGES.toInvalid('not-an-address')],
      [[], INVOICE_EMAIL_MESSAGES.to],
      [{ to: 'ap@broker.example.com' }, INVOICE_EMAIL_MESSAGES.to],
      [Array.from({ length: 6 }, (_, n) => `ap${n}@broker.example.com`), INVOICE_EMAIL_MESSAGES.tooMany],
    ] as const) {
      const answer = await request('POST', `/api/invoices/${invoice.id}/email`, { to });
      expect(answer.status).toBe(400);
      expect(answer.json.issues.to).toEqual([message]);
    }
    expect(received).toHaveLength(before);
    expect((await history(invoice)).map((entry) => entry.action)).toEqual(['create']);
  });

  it("says the server's refusal, records it as failed, and leaves the draft a draft", async () => {
    const { invoice } = await invoiceFor('ap@refused.example.com');
    const answer = await request('POST', `/api/invoices/${invoice.id}/email`, { to: ['ap@refused.example.com'] });
    expect(answer.status).toBe(503);
    expect(answer.json.message).toMatch(/^The invoice could not be sent: .*No such mailbox here/);
    expect(((await request('GET', `/api/invoices/${invoice.id}`)).json as Invoice).status).toBe('draft');
    const [sending] = await history(invoice);
    expect(sending.action).toBe('send');
    expect(sending.changes.result.to).toMatch(/^Failed: .*No such mailbox here/);
  });

  it("refuses without the company's e-mail, and for a cancelled invoice", async () => {
    const cancelled = await invoiceFor('ap@broker.example.com', 'cancelled');
    const refused = await request('POST', `/api/invoices/${cancelled.invoice.id}/email`, { to: ['ap@broker.example.com'] });
    expect([refused.status, refused.json.message]).toEqual([409, INVOICE_EMAIL_MESSAGES.cancelled]);

    const { invoice } = await invoiceFor('ap@broker.example.com');
    const profile = (await request('GET', '/api/company')).json as Record<string, unknown>;
    expect((await request('PUT', '/api/company', { ...profile, email: '' })).status).toBe(200);
    try {
      expect(((await request('GET', `/api/invoices/${invoice.id}/email`)).json as InvoiceEmail).problem).toBe(INVOICE_EMAIL_MESSAGES.noCompanyEmail);
      const answer = await request('POST', `/api/invoices/${invoice.id}/email`, { to: ['ap@broker.example.com'] });
      expect([answer.status, answer.json.message]).toEqual([409, INVOICE_EMAIL_MESSAGES.noCompanyEmail]);
    } finally {
      expect((await request('PUT', '/api/company', profile)).status).toBe(200);
    }
  });

  // Last: it stops the SMTP server.
  it('answers a clear 503 at once when the SMTP server is gone, and records it', async () => {
    const { invoice } = await invoiceFor('ap@broker.example.com');
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const started = Date.now();
    const answer = await request('POST', `/api/invoices/${invoice.id}/email`, { to: ['ap@broker.example.com'] });
    expect(answer.status).toBe(503);
    expect(answer.json.message).toMatch(/^The invoice could not be sent: .*ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await history(invoice))[0].changes.result.to).toMatch(/^Failed: /);
  });
});

describe('without SMTP_URL', () => {
  it('says e-mail is not set up, and sends nothing', async () => {
    const shared = await sharedSystem();
    const sharedCookie = await signIn(shared.url, 'no-smtp@example.com');
    const call = (method: string, path: string, body?: unknown) => httpRequest(shared.url, sharedCookie, method, path, body);
    const customer = (await call('POST', '/api/customers', { name: 'NoMail Broker', email: 'nomail@broker.example.com', phone: '555-0101', address: '2 Mail St, Omaha, NE', type: 'shipper' })).json as Customer;
    const load = (await call('POST', '/api/loads', {
      loadNumber: 'LD-NOMAIL-1', customerId: customer.id, status: 'delivered', pickupLocation: 'Omaha, NE', pickupDate: '2026-11-02', deliveryLocation: 'Denver, CO', deliveryDate: '2026-11-03', rate: '900.00',
    })).json as Load;
    const invoice = (await call('POST', '/api/invoices', {
      invoiceNumber: 'INV-NOMAIL-1', loadId: load.id, customerId: customer.id, status: 'draft', invoiceDate: '2026-11-04', dueDate: '2026-12-04', subtotal: '900.00', total: '900.00',
    })).json as Invoice;
    const draft = (await call('GET', `/api/invoices/${invoice.id}/email`)).json as InvoiceEmail;
    expect(draft).toMatchObject({ configured: false, to: ['nomail@broker.example.com'], problem: INVOICE_EMAIL_MESSAGES.notSetUp });
    const answer = await call('POST', `/api/invoices/${invoice.id}/email`, { to: ['nomail@broker.example.com'] });
    expect([answer.status, answer.json.message]).toEqual([503, INVOICE_EMAIL_MESSAGES.notSetUp]);
    expect(((await call('GET', `/api/invoices/${invoice.id}`)).json as Invoice).status).toBe('draft');
  }, 240_000);
});
