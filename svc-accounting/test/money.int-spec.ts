import { jest } from '@jest/globals';
import { DEFAULT_COMPANY_PROFILE, INVALID_INPUT, type RenderedFile } from '@tms/contracts';
import { addDays, dayIn } from '@tms/service-kit';
import pg from 'pg';
import { extractText, getDocumentProxy } from 'unpdf';
import { startAccountingSystem, type AccountingSystem } from './support/accounting-service.js';

/**
 * Issue 26 in svc-accounting with the real svc-core: the company profile, an invoice from a load (one per load, the
 * load invoiced, the draft), drivers' pay rules and loads' miles, settlements from loads (the draft to the cent,
 * half-cent cases rounded half up; one settlement per load) and the PDFs read back as text.
 */
jest.setTimeout(30000);

let system: AccountingSystem;
let customerId: string;
let loadCount = 0;

const call: AccountingSystem['call'] = (...args) => system.call(...args);
const refusedUnder = (field: string, message: string) => ({ ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { [field]: [message] } } });
const conflictUnder = (field: string, message: string) => ({ ok: false, error: { code: 'conflict', message, issues: { [field]: [message] } } });

async function load(fields: Record<string, unknown> = {}) {
  const loadNumber = `LD-M-${++loadCount}`;
  const id = await system.createInCore('loads', {
    loadNumber, customerId, status: 'delivered', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-02',
    deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-04', rate: '1234.50', weight: '42000', commodity: 'Frozen poultry', ...fields,
  });
  return { id, loadNumber };
}

const driver = (name: string, rule: Record<string, unknown> = {}) =>
  system.createInCore('drivers', {
    name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, phone: '(312) 555-0100', licenseNumber: `CDL-${name}`, status: 'on-duty', ...rule,
  });

const invoiceFor = (loadId: string, overrides: Record<string, unknown> = {}) => ({
  invoiceNumber: `INV-M-${Math.random().toString().slice(2, 10)}`, loadId, customerId, status: 'sent', invoiceDate: '2027-03-08', dueDate: '2027-04-07',
  subtotal: '1234.50', tax: '0', total: '1234.50', ...overrides,
});

async function pdfText(reply: { ok: boolean; data?: RenderedFile } | { ok: false; error: unknown }) {
  expect(reply).toMatchObject({ ok: true, data: { contentType: 'application/pdf' } });
  const file = (reply as { data: RenderedFile }).data;
  const pdf = await getDocumentProxy(new Uint8Array(Buffer.from(file.data!, 'base64')));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}

const PROFILE = {
  name: 'Northstar Freight Lines, Inc.', address: '2400 S Western Ave\nChicago, IL 60608', phone: '(312) 555-0100', email: 'billing@northstar.example',
  mcNumber: 'MC-784512', dotNumber: '2214876', remitTo: '', paymentTermsDays: '45', invoiceNotes: 'Quote the invoice number with your payment.', showPayToDrivers: false,
};

beforeAll(async () => {
  system = await startAccountingSystem();
  customerId = await system.createInCore('customers', {
    name: 'Harbor Foods', email: 'ar@harbor.example', phone: '(312) 555-0142', address: '4100 W 47th St, Chicago, IL 60632', type: 'shipper',
  });
}, 60000);

afterAll(async () => {
  await system?.stop();
}, 60_000);

describe('the company profile', () => {
  it('answers the defaults before it is saved, refuses bad values under their fields, and fills remit-to from the address', async () => {
    expect(await call('company', 'get')).toEqual({ ok: true, data: DEFAULT_COMPANY_PROFILE });
    expect(DEFAULT_COMPANY_PROFILE).toEqual({
      name: '', address: '', phone: '', email: '', mcNumber: '', dotNumber: '', remitTo: '', paymentTermsDays: 30, invoiceNotes: '', showPayToDrivers: false,
    });
    expect(await call('company', 'put', { name: ' ', email: 'billing@', mcNumber: 'MC-12A', dotNumber: '123456789', paymentTermsDays: '30.5' })).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          name: ['Company name is required'], address: ['Address is required'], email: ['Invalid email address'],
          mcNumber: ['MC number must be digits, like MC-123456'], dotNumber: ['USDOT number must be 1 to 8 digits'],
          paymentTermsDays: ['Payment terms must be a whole number of days'],
        },
      },
    });
    expect(await call('company', 'put', { ...PROFILE, paymentTermsDays: '366' })).toEqual(refusedUnder('paymentTermsDays', 'Must be between 0 and 365'));
    expect(await call('company', 'put', { ...PROFILE, paymentTermsDays: '' })).toEqual({ ok: true, data: { ...PROFILE, remitTo: PROFILE.address, paymentTermsDays: 30 } });
    const saved = await call('company', 'put', PROFILE);
    expect(saved).toEqual({ ok: true, data: { ...PROFILE, remitTo: PROFILE.address, paymentTermsDays: 45 } });
    expect(await call('company', 'get')).toEqual(saved);
  });

  it("keeps its changes in the audit trail as resource 'company'", async () => {
    const trail = await call('audit', 'list', { resource: 'company' });
    expect(trail.ok).toBe(true);
    const entries = trail.ok ? trail.data.entries : [];
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['update', 'create']);
    expect(entries[0].changes).toEqual({ paymentTermsDays: { from: 30, to: 45 } });
    expect(entries[1].changes.name).toEqual({ to: PROFILE.name });
  });
});

describe('an invoice from a load', () => {
  it("drafts the load's customer and rate, dated today in the company's calendar and due after its terms", async () => {
    const { id } = await load({ rate: '2450.05' });
    const today = dayIn('America/Chicago');
    expect(await call('invoices', 'draft', { loadId: id })).toEqual({
      ok: true,
      data: {
        loadId: id, customerId, subtotal: '2450.05', invoiceDate: today, dueDate: addDays(today, 45), waitingForApproval: 0,
        // Issue 43: the line haul is the invoice's one line while the load has no approved charge.
        lines: [expect.objectContaining({ code: 'LINEHAUL', quantity: '1.00', unit: 'flat', rate: '2450.05', amount: '2450.05', chargeId: null })],
      },
    });
    expect(await call('invoices', 'draft', { loadId: '00000000-0000-4000-8000-000000000000' })).toEqual({ ok: false, error: { code: 'not_found', message: 'Load not found' } });
    expect(await call('invoices', 'draft', {})).toEqual(refusedUnder('loadId', 'Load is required'));
  });

  it('makes a delivered load invoiced (announced as its update); a load in another status keeps it', async () => {
    const delivered = await load();
    const announced = system.nextEvent('load.updated', (record) => record.id === delivered.id);
    expect(await call('invoices', 'create', invoiceFor(delivered.id))).toMatchObject({ ok: true });
    await expect(announced).resolves.toMatchObject({ status: 'invoiced' });
    expect(await system.callCore('loads', 'get', { id: delivered.id })).toMatchObject({ ok: true, data: { status: 'invoiced' } });
    const trail = await system.callCore('audit', 'list', { resource: 'loads', id: delivered.id });
    expect(trail.ok && trail.data.entries[0]).toMatchObject({ action: 'update', changes: { status: { from: 'delivered', to: 'invoiced' } } });

    const inTransit = await load({ status: 'in-transit' });
    expect(await call('invoices', 'create', invoiceFor(inTransit.id))).toMatchObject({ ok: true });
    expect(await system.callCore('loads', 'get', { id: inTransit.id })).toMatchObject({ ok: true, data: { status: 'in-transit' } });
  });

  it('refuses a second invoice for a load whose invoice is not cancelled (409 naming it), and takes one once it is', async () => {
    const { id, loadNumber } = await load();
    const first = await call('invoices', 'create', invoiceFor(id, { invoiceNumber: 'INV-M-FIRST' }));
    expect(first).toMatchObject({ ok: true });
    const message = `Load ${loadNumber} already has invoice INV-M-FIRST.`;
    expect(await call('invoices', 'create', invoiceFor(id))).toEqual(conflictUnder('loadId', message));
    // Moving another invoice onto the load is refused too.
    const other = await call('invoices', 'create', invoiceFor((await load()).id));
    expect(await call('invoices', 'update', { id: other.ok && other.data.id, changes: { loadId: id } })).toEqual(conflictUnder('loadId', message));
    expect(await call('invoices', 'update', { id: first.ok && first.data.id, changes: { status: 'cancelled' } })).toMatchObject({ ok: true });
    const second = await call('invoices', 'create', invoiceFor(id, { invoiceNumber: 'INV-M-SECOND' }));
    expect(second).toMatchObject({ ok: true });
    // The cancelled one cannot bill again while the second does.
    expect(await call('invoices', 'update', { id: first.ok && first.data.id, changes: { status: 'sent' } })).toEqual(
      conflictUnder('loadId', `Load ${loadNumber} already has invoice INV-M-SECOND.`),
    );
  });

  it('refuses a due date before the invoice date on an edit as on a create (issue 39)', async () => {
    const created = await call('invoices', 'create', invoiceFor((await load()).id));
    const id = created.ok && created.data.id;
    const dueTooEarly = refusedUnder('dueDate', 'Due date must not be before the invoice date');
    expect(await call('invoices', 'create', invoiceFor((await load()).id, { dueDate: '2027-03-07' }))).toEqual(dueTooEarly);
    expect(await call('invoices', 'update', { id, changes: { dueDate: '2027-03-07' } })).toEqual(dueTooEarly);
    expect(await call('invoices', 'update', { id, changes: { invoiceDate: '2027-04-08' } })).toEqual(dueTooEarly);
    expect(await call('invoices', 'get', { id })).toMatchObject({ ok: true, data: { invoiceDate: '2027-03-08', dueDate: '2027-04-07' } });
  });

  it('keeps one invoice per load when ten are created at once', async () => {
    const { id } = await load();
    const replies = await Promise.all(Array.from({ length: 10 }, () => call('invoices', 'create', invoiceFor(id))));
    expect(replies.filter((reply) => reply.ok)).toHaveLength(1);
    expect(replies.filter((reply) => !reply.ok).map((reply) => !reply.ok && reply.error.code)).toEqual(Array(9).fill('conflict'));
  });

  it('prints a freight bill whose text reads back: carrier, bill-to, numbers, dates, shipment and money', async () => {
    const { id, loadNumber } = await load({ rate: '12345.60', weight: '41250', miles: 925 });
    const created = await call('invoices', 'create', invoiceFor(id, {
      invoiceNumber: 'INV-2027-0042', subtotal: '12345.60', tax: '0.05', paidAmount: '1000.00', invoiceDate: '2027-03-08', dueDate: '2027-04-22',
    }));
    const { pages, text } = await pdfText(await call('invoices', 'pdf', { id: created.ok && created.data.id }));
    expect(pages).toBe(1);
    for (const expected of [
      'Northstar Freight Lines, Inc.', '2400 S Western Ave', 'MC 784512', 'USDOT 2214876', 'INVOICE', 'Invoice Number INV-2027-0042',
      'Invoice Date 03/08/2027', 'Due Date 04/22/2027', 'Terms Net 45', `Load Number ${loadNumber}`, 'BILL TO', 'Harbor Foods',
      '4100 W 47th St, Chicago, IL 60632', 'Pickup Chicago, IL 03/02/2027', 'Delivery Dallas, TX 03/04/2027', 'Commodity Frozen poultry',
      'Weight 41,250 lbs', 'Subtotal $12,345.60', 'Tax $0.05', 'Total $12,345.65', 'Amount Paid $1,000.00', 'Balance Due $11,345.65',
      'REMIT TO', 'Quote the invoice number with your payment.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(await call('invoices', 'pdf', { id: created.ok && created.data.id })).toMatchObject({ ok: true, data: { fileName: 'INV-2027-0042.pdf' } });
    expect(await call('invoices', 'pdf', { id: '00000000-0000-4000-8000-000000000000' })).toEqual({ ok: false, error: { code: 'not_found', message: 'Invoice not found' } });
  });
});

describe('an issued invoice', () => {
  it('keeps its bill-to and carrier as they were when it was issued: later edits of the customer or profile print on new invoices only', async () => {
    const billed = { name: 'Lakeside Grocers', email: 'ap@lakeside.example', phone: '(312) 555-0177', address: '900 N Halsted St, Chicago, IL 60642', type: 'shipper' };
    const customer = await system.createInCore('customers', billed);
    const first = await load({ customerId: customer });
    const issued = await call('invoices', 'create', invoiceFor(first.id, { customerId: customer, invoiceNumber: 'INV-KEPT-1' }));
    expect(issued).toMatchObject({
      ok: true,
      data: { billTo: { name: billed.name, address: billed.address }, issuedBy: { name: PROFILE.name, address: PROFILE.address, mcNumber: PROFILE.mcNumber } },
    });
    const id = issued.ok && issued.data.id;

    expect(await system.callCore('customers', 'update', { id: customer, changes: { name: 'Lakeside Markets', address: '1 E Wacker Dr, Chicago, IL 60601' } })).toMatchObject({ ok: true });
    const renamed = { ...PROFILE, name: 'Southstar Haulers LLC', address: '77 Harbor Rd\nGary, IN 46402', mcNumber: 'MC-100200', dotNumber: '3300440', remitTo: 'PO Box 5, Gary, IN 46401' };
    expect(await call('company', 'put', renamed)).toMatchObject({ ok: true });
    try {
      for (const file of [await call('invoices', 'pdf', { id }), await call('invoices', 'packet', { id })]) {
        const { text } = await pdfText(file);
        for (const kept of [billed.name, '900 N Halsted St', PROFILE.name, '2400 S Western Ave', 'MC 784512', 'USDOT 2214876']) expect(text).toContain(kept);
        for (const later of ['Lakeside Markets', 'Wacker', 'Southstar', 'Harbor Rd', 'MC 100200', 'USDOT 3300440', 'PO Box 5']) expect(text).not.toContain(later);
      }
      // An invoice issued now prints them as they are now.
      const next = await call('invoices', 'create', invoiceFor((await load({ customerId: customer })).id, { customerId: customer }));
      const { text } = await pdfText(await call('invoices', 'pdf', { id: next.ok && next.data.id }));
      for (const now of ['Lakeside Markets', '1 E Wacker Dr', 'Southstar Haulers LLC', '77 Harbor Rd', 'MC 100200', 'USDOT 3300440', 'PO Box 5']) expect(text).toContain(now);
    } finally {
      await call('company', 'put', PROFILE);
    }
  });
  it('keeps the bill-to and carrier of an invoice issued before they were kept on its first print, as printed then', async () => {
    const { id: loadId } = await load();
    const created = await call('invoices', 'create', invoiceFor(loadId));
    const id = created.ok && created.data.id;
    const db = new pg.Client({ connectionString: system.databaseUrl });
    await db.connect();
    try {
      await db.query(`UPDATE accounting.invoices SET bill_to = NULL, issued_by = NULL WHERE id = $1`, [id]);
      expect(await call('invoices', 'get', { id })).toMatchObject({ ok: true, data: { billTo: null, issuedBy: null } });
      expect((await pdfText(await call('invoices', 'pdf', { id }))).text).toContain('Harbor Foods');
      expect(await call('invoices', 'get', { id })).toMatchObject({ ok: true, data: { billTo: { name: 'Harbor Foods' }, issuedBy: { name: PROFILE.name } } });
    } finally {
      await db.end();
    }
  });
});

describe('pay rules and miles', () => {
  it("keeps a driver's rule with its type's decimals, and refuses half a rule or a rate its type does not take", async () => {
    const id = await driver('Rule Keeper', { payType: 'percent', payRate: '28' });
    expect(await system.callCore('drivers', 'get', { id })).toMatchObject({ ok: true, data: { payType: 'percent', payRate: '28.00' } });
    expect(await system.callCore('drivers', 'update', { id, changes: { payType: 'perMile', payRate: '.655' } })).toMatchObject({ ok: true, data: { payRate: '0.655' } });
    expect(await system.callCore('drivers', 'update', { id, changes: { payRate: '0.6555' } })).toEqual(refusedUnder('payRate', 'Enter a pay rate like 28.00, 0.655 or 350.00'));
    expect(await system.callCore('drivers', 'update', { id, changes: { payType: 'percent', payRate: '28.125' } })).toEqual(
      refusedUnder('payRate', 'A percent has at most 2 decimals, from 0 to 100.00'),
    );
    expect(await system.callCore('drivers', 'update', { id, changes: { payType: 'percent', payRate: '100.01' } })).toEqual(
      refusedUnder('payRate', 'A percent has at most 2 decimals, from 0 to 100.00'),
    );
    expect(await system.callCore('drivers', 'update', { id, changes: { payType: 'perLoad' } })).toEqual(
      refusedUnder('payRate', 'Dollars per load have at most 2 decimals, from 0 to 99999999.99'),
    );
    expect(await system.callCore('drivers', 'update', { id, changes: { payRate: '' } })).toEqual(refusedUnder('payRate', 'Pay rate is required with a pay type'));
    expect(await system.callCore('drivers', 'update', { id, changes: { payType: null } })).toEqual(refusedUnder('payType', 'Choose a pay type for this pay rate'));
    expect(await system.callCore('drivers', 'update', { id, changes: { payType: 'hourly' } })).toEqual(refusedUnder('payType', 'Choose a pay type from the list'));
    expect(await system.callCore('drivers', 'update', { id, changes: { payType: '', payRate: '' } })).toMatchObject({ ok: true, data: { payType: null, payRate: null } });
  });

  it("keeps a load's miles as a whole number, or none", async () => {
    const { id } = await load({ miles: '925' });
    expect(await system.callCore('loads', 'get', { id })).toMatchObject({ ok: true, data: { miles: 925 } });
    expect(await system.callCore('loads', 'update', { id, changes: { miles: '12.5' } })).toEqual(refusedUnder('miles', 'Miles must be a whole number'));
    expect(await system.callCore('loads', 'update', { id, changes: { miles: '' } })).toMatchObject({ ok: true, data: { miles: null } });
  });
});

describe('a settlement from the loads', () => {
  const period = { periodStart: '2027-05-03', periodEnd: '2027-05-09' };
  const settlementFor = (driverId: string, overrides: Record<string, unknown> = {}) => ({
    driverId, settlementNumber: `SETTLE-20270509-${Math.random().toString().slice(2, 6)}`, ...period,
    totalRevenue: '100.00', driverPay: '10.00', netPay: '0', status: 'Pending', ...overrides,
  });
  const delivered = (driverId: string, deliveryDate: string, rate: string, miles: number | null = null, status = 'delivered') =>
    load({ assignedDriverId: driverId, pickupDate: '2027-05-01', deliveryDate, rate, miles, status });

  it('pays a percent of each rate rounded half up to the cent, over the loads delivered or invoiced within the period, both days included', async () => {
    const driverId = await driver('Percent Paid', { payType: 'percent', payRate: '25.00' });
    const first = await delivered(driverId, '2027-05-03', '0.50'); // 0.125 → 0.13
    const second = await delivered(driverId, '2027-05-06', '1000.02', null, 'invoiced'); // 250.005 → 250.01
    const third = await delivered(driverId, '2027-05-09', '1234.57'); // 308.6425 → 308.64
    await delivered(driverId, '2027-05-02', '999.00'); // before the period
    await delivered(driverId, '2027-05-10', '999.00'); // after it
    await delivered(driverId, '2027-05-05', '999.00', null, 'in-transit');
    await delivered(await driver('Someone Else'), '2027-05-05', '999.00');
    const draft = await call('settlements', 'draft', { driverId, ...period });
    expect(draft).toEqual({
      ok: true,
      data: {
        driverId, ...period, payType: 'percent', payRate: '25.00',
        loads: [
          { loadId: first.id, loadNumber: first.loadNumber, pickupLocation: 'Chicago, IL', deliveryLocation: 'Dallas, TX', deliveryDate: '2027-05-03', rate: '0.50', miles: null, stopCount: 2, pay: '0.13', extraStops: 0, stopPay: '0.00', detentionPay: '0.00' },
          { loadId: second.id, loadNumber: second.loadNumber, pickupLocation: 'Chicago, IL', deliveryLocation: 'Dallas, TX', deliveryDate: '2027-05-06', rate: '1000.02', miles: null, stopCount: 2, pay: '250.01', extraStops: 0, stopPay: '0.00', detentionPay: '0.00' },
          { loadId: third.id, loadNumber: third.loadNumber, pickupLocation: 'Chicago, IL', deliveryLocation: 'Dallas, TX', deliveryDate: '2027-05-09', rate: '1234.57', miles: null, stopCount: 2, pay: '308.64', extraStops: 0, stopPay: '0.00', detentionPay: '0.00' },
        ],
        totalRevenue: '2235.09', totalMiles: 0, driverPay: '558.78', deductions: '0.00', netPay: '558.78', missingMiles: [],
        // Issue 43: the pay part by part (no extra stops, detention or reimbursement here) and issue 48's deductions.
        perStopPay: null, detentionSharePercent: null, loadPay: '558.78', stopPay: '0.00', detentionPay: '0.00', reimbursed: '0.00', reimbursements: [], deductionLines: [],
      },
    });
  });

  it('pays per mile (half a cent up), naming the loads without miles, and per load; no rule pays nothing', async () => {
    const perMile = await driver('Mile Paid', { payType: 'perMile', payRate: '0.655' });
    await delivered(perMile, '2027-05-04', '500.00', 101); // 66.155 → 66.16
    await delivered(perMile, '2027-05-05', '300.00', 7); // 4.585 → 4.59
    const noMiles = await delivered(perMile, '2027-05-06', '200.00');
    expect(await call('settlements', 'draft', { driverId: perMile, ...period })).toMatchObject({
      ok: true,
      data: { loads: [{ pay: '66.16' }, { pay: '4.59' }, { pay: '0.00' }], totalRevenue: '1000.00', totalMiles: 108, driverPay: '70.75', netPay: '70.75', missingMiles: [noMiles.loadNumber] },
    });
    const perLoad = await driver('Load Paid', { payType: 'perLoad', payRate: '350' });
    await delivered(perLoad, '2027-05-04', '500.00', 10);
    await delivered(perLoad, '2027-05-05', '0.01', 20);
    expect(await call('settlements', 'draft', { driverId: perLoad, ...period })).toMatchObject({
      ok: true, data: { payRate: '350.00', loads: [{ pay: '350.00' }, { pay: '350.00' }], totalRevenue: '500.01', totalMiles: 30, driverPay: '700.00', missingMiles: [] },
    });
    const ruleless = await driver('No Rule');
    await delivered(ruleless, '2027-05-04', '500.00', 10);
    expect(await call('settlements', 'draft', { driverId: ruleless, ...period })).toMatchObject({
      ok: true, data: { payType: null, payRate: null, loads: [{ pay: '0.00' }], driverPay: '0.00', netPay: '0.00' },
    });
  });

  it('refuses a draft without a driver, for an unknown one, or for a period that ends before it starts', async () => {
    expect(await call('settlements', 'draft', { periodStart: '2027-05-03', periodEnd: 'soon' })).toEqual({
      ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { driverId: ['Driver is required'], periodEnd: ['Enter a valid date'] } },
    });
    expect(await call('settlements', 'draft', { driverId: '00000000-0000-4000-8000-000000000000', ...period })).toEqual(refusedUnder('driverId', 'Driver not found'));
    const driverId = await driver('Backwards Period');
    expect(await call('settlements', 'draft', { driverId, periodStart: '2027-05-09', periodEnd: '2027-05-03' })).toEqual(
      refusedUnder('periodEnd', 'Period end must not be before period start'),
    );
  });

  it('keeps the loads it pays; a load paid by a settlement that is not cancelled is in no other (409 naming it) nor in a draft', async () => {
    const driverId = await driver('Settled Twice', { payType: 'perLoad', payRate: '100.00' });
    const [a, b] = [await delivered(driverId, '2027-05-04', '500.00', 10), await delivered(driverId, '2027-05-05', '600.00', 20)];
    const created = await call('settlements', 'create', settlementFor(driverId, { settlementNumber: 'SETTLE-20270509-0001', loadIds: [a.id, a.id] }));
    expect(created).toMatchObject({ ok: true, data: { loadIds: [a.id] } });
    const id = created.ok && created.data.id;
    const draft = await call('settlements', 'draft', { driverId, ...period });
    expect(draft.ok && draft.data.loads.map((row: { loadId: string }) => row.loadId)).toEqual([b.id]);
    const editing = await call('settlements', 'draft', { driverId, ...period, settlementId: id });
    expect(editing.ok && editing.data.loads.map((row: { loadId: string }) => row.loadId)).toEqual([a.id, b.id]);

    const message = `Load ${a.loadNumber} is already paid by settlement SETTLE-20270509-0001.`;
    expect(await call('settlements', 'create', settlementFor(driverId, { loadIds: [b.id, a.id] }))).toEqual(conflictUnder('loadIds', message));
    const other = await call('settlements', 'create', settlementFor(driverId, { loadIds: [b.id] }));
    expect(other).toMatchObject({ ok: true, data: { loadIds: [b.id] } });
    expect(await call('settlements', 'update', { id: other.ok && other.data.id, changes: { loadIds: [b.id, a.id] } })).toEqual(conflictUnder('loadIds', message));
    expect(await call('settlements', 'update', { id, changes: { loadIds: [a.id, b.id] } })).toEqual(
      conflictUnder('loadIds', `Load ${b.loadNumber} is already paid by settlement ${other.ok && other.data.settlementNumber}.`),
    );
    // Cancelled, it pays nothing: its load may be paid by another.
    expect(await call('settlements', 'update', { id, changes: { status: 'Cancelled' } })).toMatchObject({ ok: true });
    expect(await call('settlements', 'update', { id: other.ok && other.data.id, changes: { loadIds: [b.id, a.id] } })).toMatchObject({ ok: true, data: { loadIds: [b.id, a.id] } });
  });

  it('holds its loads in svc-core: an unknown load is refused under loadIds, a paid load cannot be deleted', async () => {
    const driverId = await driver('Held Loads');
    const paid = await delivered(driverId, '2027-05-04', '500.00', 10);
    expect(await call('settlements', 'create', settlementFor(driverId, { loadIds: ['00000000-0000-4000-8000-000000000000'] }))).toEqual(
      refusedUnder('loadIds', 'Load not found'),
    );
    expect(await call('settlements', 'create', settlementFor(driverId, { loadIds: 'all' }))).toEqual(refusedUnder('loadIds', 'Loads must be a list of loads'));
    expect(await call('settlements', 'create', settlementFor(driverId, { loadIds: [paid.id] }))).toMatchObject({ ok: true });
    expect(await system.callCore('loads', 'delete', { id: paid.id })).toEqual({
      ok: false, error: { code: 'conflict', message: 'This load is named by 1 settlement. Change or delete them first, then delete the load.' },
    });
  });

  it("prints the driver's statement: company, driver, period, each load with its pay, deductions and net pay", async () => {
    const driverId = await driver('Statement Reader', { payType: 'percent', payRate: '30.00' });
    const a = await delivered(driverId, '2027-05-04', '2500.00', 925);
    const b = await delivered(driverId, '2027-05-07', '1800.05', 640);
    const created = await call('settlements', 'create', settlementFor(driverId, {
      settlementNumber: 'SETTLE-20270509-0777', loadIds: [b.id, a.id], totalMiles: 1565, totalRevenue: '4300.05', driverPay: '1290.02', deductions: '150.00',
    }));
    const reply = await call('settlements', 'pdf', { id: created.ok && created.data.id });
    expect(reply).toMatchObject({ ok: true, data: { fileName: 'SETTLE-20270509-0777.pdf' } });
    const { text } = await pdfText(reply);
    for (const expected of [
      'Northstar Freight Lines, Inc.', 'DRIVER SETTLEMENT', 'SETTLE-20270509-0777', 'Period 05/03/2027 - 05/09/2027', 'Statement Reader',
      `${a.loadNumber} Chicago, IL to Dallas, TX, 2 stops 05/04/2027 $2,500.00 925 $750.00`, `${b.loadNumber} Chicago, IL to Dallas, TX, 2 stops 05/07/2027 $1,800.05 640 $540.02`,
      'Total Revenue $4,300.05', 'Total Miles 1,565', 'Driver Pay $1,290.02', 'Deductions $150.00', 'Net Pay $1,140.02',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
