import { deflateSync } from 'node:zlib';
import type { CompanyProfile, Customer, Invoice, Load, Settlement, SettlementDraft } from '@tms/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { httpRequest, type Answer } from './support/http-request.js';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * Issue 26's routes through the whole built system: the company profile, the invoice draft and the one-invoice-per-
 * load rule, the invoice PDF and its packet (the invoice, then the load's documents in the order they were added; a
 * packet larger than a NATS message arrives whole), pay rules and miles, the settlement draft, loadIds and the
 * driver's statement.
 */
let system: RunningSystem;
let cookie: string;
let customer: Customer;

const request = (method: string, path: string, body?: unknown) => httpRequest(system.url, cookie, method, path, body);

async function created<T>(path: string, body: unknown): Promise<T> {
  const answer = await request('POST', path, body);
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${answer.data.toString()}`);
  return answer.json as T;
}

let loadCount = 0;
const newLoad = (fields: Record<string, unknown> = {}) =>
  created<Load>('/api/loads', {
    loadNumber: `LD-R-${++loadCount}`, customerId: customer.id, status: 'delivered', pickupLocation: 'Joliet, IL', pickupDate: '2027-06-01',
    deliveryLocation: 'El Paso, TX', deliveryDate: '2027-06-03', rate: '5025.00', miles: '1480', ...fields,
  });

const invoiceFor = (load: Load, overrides: Record<string, unknown> = {}) => ({
  invoiceNumber: `INV-R-${Math.random().toString().slice(2, 10)}`, loadId: load.id, customerId: customer.id, status: 'sent',
  invoiceDate: '2027-06-04', dueDate: '2027-07-04', subtotal: load.rate, total: load.rate, ...overrides,
});

/**
 * A one-page PDF with `text` on it, written by hand (objects, cross-reference table, trailer), with `padding` bytes
 * of comment in its content stream to make it as large as a test needs.
 */
function onePagePdf(text: string, padding = 0): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET\n${'% padding to make the document larger than a NATS message\n'.repeat(Math.ceil(padding / 58))}`;
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

/** A small grey PNG (`width` x `height`), written by hand. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0x80)])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const upload = (load: Load, fileName: string, fileType: string, data: Buffer, documentType = 'Other') =>
  request('POST', `/api/loads/${load.id}/documents`, { fileName, fileType, fileSize: data.byteLength, fileData: `data:${fileType};base64,${data.toString('base64')}`, documentType });

async function pdfOf(answer: Answer) {
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(answer.data));
  const { totalPages, text } = await extractText(pdf);
  return { pages: totalPages, texts: text.map((page) => page.replace(/\s+/g, ' ')) };
}

beforeAll(async () => {
  system = await startIsolatedSystem({ label: 'money' });
  cookie = await signIn(system.url, 'clerk@example.com');
  customer = await created<Customer>('/api/customers', {
    name: 'Keystone Foods', email: 'ap@keystone.example', phone: '555-0100', address: '1 Dock Rd, Joliet, IL 60436', type: 'shipper',
  });
}, 120_000);

afterAll(async () => {
  await system?.stop();
}, 60_000);

describe('/api/company', () => {
  it('answers the defaults, refuses bad values under their fields (400), saves the profile and keeps who changed it', async () => {
    expect(await request('GET', '/api/company')).toMatchObject({
      status: 200,
      json: { name: '', address: '', phone: '', email: '', mcNumber: '', dotNumber: '', remitTo: '', paymentTermsDays: 30, invoiceNotes: '' },
    });
    expect(await request('PUT', '/api/company', { name: 'Keystone Carriers', address: '9 Yard Rd, Joliet, IL', dotNumber: 'USDOT1' })).toMatchObject({
      status: 400, json: { issues: { dotNumber: ['USDOT number must be 1 to 8 digits'] } },
    });
    const profile = { name: 'Keystone Carriers', address: '9 Yard Rd, Joliet, IL', mcNumber: '123456', dotNumber: '7654321', paymentTermsDays: 15, invoiceNotes: 'Net 15.' };
    const saved = await request('PUT', '/api/company', profile);
    expect(saved).toMatchObject({ status: 200, json: { ...profile, remitTo: '9 Yard Rd, Joliet, IL', phone: '', email: '' } });
    expect((await request('GET', '/api/company')).json).toEqual(saved.json as CompanyProfile);
    const trail = await request('GET', '/api/audit?resource=company');
    expect(trail.json.entries[0]).toMatchObject({ resource: 'company', action: 'create', userEmail: 'clerk@example.com' });
  });
});

describe('invoices from loads', () => {
  it('drafts an invoice for a load, and refuses a draft without one', async () => {
    const load = await newLoad({ rate: '5025.50' });
    const draft = await request('GET', `/api/invoices/draft?loadId=${load.id}`);
    expect(draft.status).toBe(200);
    const lineHaul = {
      chargeId: null, code: 'LINEHAUL', description: `Freight charges, load ${load.loadNumber}: ${load.pickupLocation} to ${load.deliveryLocation}`,
      quantity: '1.00', unit: 'flat', rate: '5025.50', amount: '5025.50', stopId: null, documentId: null,
    };
    expect(draft.json).toEqual({
      loadId: load.id, customerId: customer.id, subtotal: '5025.50', lines: [lineHaul], waitingForApproval: 0, invoiceDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), dueDate: expect.any(String),
    });
    const days = (Date.parse(draft.json.dueDate) - Date.parse(draft.json.invoiceDate)) / 86_400_000;
    expect(days).toBe(15);
    expect(await request('GET', '/api/invoices/draft')).toMatchObject({ status: 400, json: { issues: { loadId: ['Load is required'] } } });
    expect(await request('GET', '/api/invoices/draft?loadId=00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404, json: { message: 'Load not found' } });
  });

  it('invoices a delivered load and refuses its second invoice with a 409 naming the first', async () => {
    const load = await newLoad();
    const invoice = await created<Invoice>('/api/invoices', invoiceFor(load, { invoiceNumber: 'INV-R-0001' }));
    expect((await request('GET', `/api/loads/${load.id}`)).json).toMatchObject({ status: 'invoiced' });
    const message = `Load ${load.loadNumber} already has invoice INV-R-0001.`;
    expect(await request('POST', '/api/invoices', invoiceFor(load))).toMatchObject({ status: 409, json: { message, issues: { loadId: [message] } } });
    expect(invoice.invoiceNumber).toBe('INV-R-0001');
  });

  it('downloads the invoice as a PDF attachment named after its number', async () => {
    const load = await newLoad();
    const invoice = await created<Invoice>('/api/invoices', invoiceFor(load, { invoiceNumber: 'INV-R-0002', tax: '12.34', total: '0' }));
    const answer = await request('GET', `/api/invoices/${invoice.id}/pdf`);
    expect(answer.headers['content-disposition']).toBe('attachment; filename=INV-R-0002.pdf');
    const { pages, texts } = await pdfOf(answer);
    expect(pages).toBe(1);
    for (const expected of ['Keystone Carriers', 'MC 123456', 'USDOT 7654321', 'INV-R-0002', 'Keystone Foods', 'Total $5,037.34', 'Balance Due $5,037.34', 'Terms Net 30']) {
      expect(texts[0]).toContain(expected);
    }
    expect((await request('GET', '/api/invoices/00000000-0000-4000-8000-000000000000/pdf')).status).toBe(404);
  });

  it("answers the packet: the invoice, then the load's documents in the order they were added, a page each", async () => {
    const load = await newLoad();
    expect((await upload(load, 'ratecon.pdf', 'application/pdf', onePagePdf('RATE CONFIRMATION 7781'), 'Rate Confirmation')).status).toBe(201);
    expect((await upload(load, 'bol-photo.png', 'image/png', png(400, 300), 'Bill of Lading')).status).toBe(201);
    expect((await upload(load, 'pod.txt', 'text/plain', Buffer.from('PROOF OF DELIVERY\nReceived in good order by J. Ortiz, 王丽 (Ζήσης)'))).status).toBe(201);
    const invoice = await created<Invoice>('/api/invoices', invoiceFor(load, { invoiceNumber: 'INV-R-0003' }));
    const answer = await request('GET', `/api/invoices/${invoice.id}/packet`);
    expect(answer.headers['content-disposition']).toBe('attachment; filename=INV-R-0003-packet.pdf');
    const { pages, texts } = await pdfOf(answer);
    expect(pages).toBe(4);
    expect(texts[0]).toContain('INVOICE');
    expect(texts[0]).toContain('INV-R-0003');
    expect(texts[1]).toContain('RATE CONFIRMATION 7781');
    expect(texts[2].trim()).toBe('');
    // Issue 50, point 8: a text document's names in any script, as themselves.
    expect(texts[3]).toContain('PROOF OF DELIVERY Received in good order by J. Ortiz, 王丽 (Ζήσης)');
  });

  it('sends a packet larger than a NATS message whole, through the object store', async () => {
    const load = await newLoad();
    const large = onePagePdf('LARGE BILL OF LADING', 1_500_000);
    expect((await upload(load, 'bol.pdf', 'application/pdf', large, 'Bill of Lading')).status).toBe(201);
    const invoice = await created<Invoice>('/api/invoices', invoiceFor(load));
    const answer = await request('GET', `/api/invoices/${invoice.id}/packet`);
    expect(answer.data.byteLength).toBeGreaterThan(1_500_000);
    expect(Number(answer.headers['content-length'])).toBe(answer.data.byteLength);
    const { pages, texts } = await pdfOf(answer);
    expect(pages).toBe(2);
    expect(texts[1]).toContain('LARGE BILL OF LADING');
  });
});

describe('settlements from loads', () => {
  it('takes pay rules and miles, drafts the period to the cent, keeps loadIds, refuses a load paid twice and prints the statement', async () => {
    const driver = await created<{ id: string; payType: string; payRate: string }>('/api/drivers', {
      name: 'Rosa Diaz', email: 'rosa.diaz@example.com', phone: '555-0101', licenseNumber: 'IL-D-1', status: 'on-duty', payType: 'perMile', payRate: '0.655',
    });
    expect(driver).toMatchObject({ payType: 'perMile', payRate: '0.655' });
    expect(await request('PATCH', `/api/drivers/${driver.id}`, { payRate: '0.6555' })).toMatchObject({
      status: 400, json: { issues: { payRate: ['Enter a pay rate like 28.00, 0.655 or 350.00'] } },
    });
    const a = await newLoad({ assignedDriverId: driver.id, deliveryDate: '2027-06-07', rate: '1500.00', miles: '101' }); // 66.155 → 66.16
    const b = await newLoad({ assignedDriverId: driver.id, deliveryDate: '2027-06-13', rate: '900.00', miles: '' });
    const query = `driverId=${driver.id}&periodStart=2027-06-07&periodEnd=2027-06-13`;
    const draft = await request('GET', `/api/settlements/draft?${query}`);
    expect(draft.status).toBe(200);
    expect(draft.json as SettlementDraft).toMatchObject({
      loads: [{ loadId: a.id, loadNumber: a.loadNumber, miles: 101, pay: '66.16' }, { loadId: b.id, miles: null, pay: '0.00' }],
      totalRevenue: '2400.00', totalMiles: 101, driverPay: '66.16', deductions: '0.00', netPay: '66.16', missingMiles: [b.loadNumber],
    });
    expect(await request('GET', `/api/settlements/draft?driverId=${driver.id}&periodStart=2027-06-07`)).toMatchObject({
      status: 400, json: { issues: { periodEnd: ['Period end is required'] } },
    });

    const settlement = await created<Settlement>('/api/settlements', {
      driverId: driver.id, settlementNumber: 'SETTLE-20270613-0001', periodStart: '2027-06-07', periodEnd: '2027-06-13', totalMiles: 101,
      totalRevenue: '2400.00', driverPay: '66.16', deductions: '6.16', netPay: '0', status: 'Pending', loadIds: [a.id, b.id],
    });
    expect(settlement).toMatchObject({ loadIds: [a.id, b.id], netPay: '60.00' });
    const message = `Load ${b.loadNumber} is already paid by settlement SETTLE-20270613-0001.`;
    expect(await request('POST', '/api/settlements', {
      driverId: driver.id, settlementNumber: 'SETTLE-20270613-0002', periodStart: '2027-06-07', periodEnd: '2027-06-13',
      totalRevenue: '900.00', driverPay: '0', netPay: '0', status: 'Pending', loadIds: [b.id],
    })).toMatchObject({ status: 409, json: { message, issues: { loadIds: [message] } } });
    expect((await request('GET', `/api/settlements/draft?${query}`)).json.loads).toEqual([]);

    const statement = await request('GET', `/api/settlements/${settlement.id}/pdf`);
    expect(statement.headers['content-disposition']).toBe('attachment; filename=SETTLE-20270613-0001.pdf');
    const { texts } = await pdfOf(statement);
    for (const expected of ['Rosa Diaz', 'SETTLE-20270613-0001', a.loadNumber, '$66.16', 'Deductions $6.16', 'Net Pay $60.00']) expect(texts[0]).toContain(expected);
  });
});
