import { jest } from '@jest/globals';
import { INVALID_INPUT, sumMoney } from '@tms/contracts';
import pg from 'pg';
import { startAccountingSystem, type AccountingSystem } from './support/accounting-service.js';

// svc-core frozen costs the wait for it (2 s a request); 50 payments at once queue on one invoice's lock.
jest.setTimeout(30000);

let system: AccountingSystem;
const call: AccountingSystem['call'] = (...args) => system.call(...args);

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const create: AccountingSystem['create'] = (...args) => system.create(...args);
const get = async (resource: string, id: string) => {
  const reply = await call(resource, 'get', { id });
  if (!reply.ok) throw new Error(`get ${resource} failed: ${JSON.stringify(reply)}`);
  return reply.data;
};

let customerId: string;
let loadId: string;
let driverId: string;

/** Loads of their own for the invoices: a load has at most one invoice that is not cancelled (money.int-spec.ts). */
const billableLoads: string[] = [];
const nextLoad = () => {
  const id = billableLoads.shift();
  if (!id) throw new Error('beforeAll made too few loads for the invoices');
  return id;
};
const invoice = (overrides: Record<string, unknown> = {}) => ({
  invoiceNumber: `INV-${Math.random().toString().slice(2, 14)}`, loadId: nextLoad(), customerId, status: 'sent',
  invoiceDate: '2027-03-08', dueDate: '2027-04-07', subtotal: '2450.00', tax: '0', total: '2450.00',
  ...overrides,
});
const payment = (invoiceId: string, overrides: Record<string, unknown> = {}) => ({
  invoiceId, customerId, amount: '100.00', paymentDate: '2027-03-20', paymentMethod: 'ACH', ...overrides,
});
const settlement = (overrides: Record<string, unknown> = {}) => ({
  driverId, settlementNumber: `SETTLE-20270307-${Math.random().toString().slice(2, 6)}`, periodStart: '2027-03-01', periodEnd: '2027-03-07',
  totalMiles: '2450', totalRevenue: '6400.00', driverPay: '1920.00', deductions: '150.00', netPay: '1770.00', status: 'Pending',
  ...overrides,
});

const nextEvent: AccountingSystem['nextEvent'] = (...args) => system.nextEvent(...args);

beforeAll(async () => {
  system = await startAccountingSystem();
  // The records accounting names, created in the real svc-core through its own CRUD.
  customerId = await system.createInCore('customers', {
    name: 'Harbor Foods', email: 'ar@harborfoods.com', phone: '(312) 555-0142', address: '4100 W 47th St, Chicago, IL 60632', type: 'shipper',
  });
  driverId = await system.createInCore('drivers', {
    name: 'James Carter', email: 'james.carter@example.com', phone: '(312) 555-0187', licenseNumber: 'IL-C123-4567-8901', status: 'on-duty',
  });
  loadId = await system.createInCore('loads', {
    loadNumber: 'LD-ACC-1', customerId, status: 'delivered', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-04',
    deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-06', rate: '2450.00', assignedDriverId: driverId,
  });
  for (let n = 0; n < 32; n++) {
    billableLoads.push(await system.createInCore('loads', {
      loadNumber: `LD-ACC-B${n}`, customerId, status: 'delivered', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-04',
      deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-06', rate: '2450.00',
    }));
  }
}, 60000);

afterAll(async () => {
  await system?.stop();
}, 60_000);

describe('invoices', () => {
  it('creates an invoice whose total is subtotal + tax whatever total was sent, lists it as it reads, and announces it', async () => {
    const announced = nextEvent('invoice.created', (record) => record.invoiceNumber === 'INV-1001');
    const body = invoice({ invoiceNumber: 'INV-1001', subtotal: '1234.57', tax: '0.1', total: '1.00', paidAmount: '' });
    const created = await call('invoices', 'create', body);
    expect(created).toMatchObject({
      ok: true,
      data: { invoiceNumber: 'INV-1001', loadId: body.loadId, customerId, status: 'sent', invoiceDate: '2027-03-08', subtotal: '1234.57', tax: '0.10', total: '1234.67', paidAmount: '0.00', notes: null },
    });
    const id = created.ok && created.data.id;
    const listed = (await system.listAll('invoices')).find((row) => row.id === id);
    expect(listed).toEqual(JSON.parse(JSON.stringify(await get('invoices', id))));
    await expect(announced).resolves.toMatchObject({ total: '1234.67' });
  });

  it('refuses invalid input with the messages of section 5', async () => {
    expect(await call('invoices', 'create', { invoiceNumber: ' ', subtotal: 10, tax: '1e3', status: 'unpaid' })).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          invoiceNumber: ['Invoice number is required'], loadId: ['Load is required'], customerId: ['Customer is required'],
          status: ['Status is required'], invoiceDate: ['Invoice date is required'], dueDate: ['Due date is required'],
          subtotal: ['Enter an amount like 1234.50'], tax: ['Enter an amount like 1234.50'], total: ['Total is required'],
        },
      },
    });
  });

  it('refuses a duplicate invoice number whatever its case, naming the field, on create and on update', async () => {
    const duplicate = 'An invoice with this invoice number already exists';
    await create('invoices', invoice({ invoiceNumber: 'INV-DUP' }));
    const conflict = { ok: false, error: { code: 'conflict', message: duplicate, issues: { invoiceNumber: [duplicate] } } };
    expect(await call('invoices', 'create', invoice({ invoiceNumber: 'inv-dup' }))).toEqual(conflict);
    const id = await create('invoices', invoice({ invoiceNumber: 'INV-DUP-2' }));
    expect(await call('invoices', 'update', { id, changes: { invoiceNumber: 'INV-DUP' } })).toEqual(conflict);
  });

  it('names an unknown load and customer under their fields, asking svc-core, on create and on update', async () => {
    const issues = { loadId: ['Load not found'], customerId: ['Customer not found'] };
    const refused = { ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues } };
    expect(await call('invoices', 'create', invoice({ loadId: UNKNOWN_ID, customerId: UNKNOWN_ID }))).toEqual(refused);
    // An id of another kind of record is no load either.
    expect(await call('invoices', 'create', invoice({ loadId: customerId, customerId: loadId }))).toEqual(refused);
    const id = await create('invoices', invoice());
    expect(await call('invoices', 'update', { id, changes: { loadId: UNKNOWN_ID } })).toEqual({
      ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { loadId: ['Load not found'] } },
    });
  });

  it('answers unavailable and writes nothing while svc-core is stopped, and saves once it is back', async () => {
    const before = (await system.listAll('invoices')).length;
    await system.stopCore();
    try {
      // svc-core is really frozen: it answers nothing, not even its health check.
      expect(await system.coreAnswers(500)).toBe(false);
      const body = invoice({ invoiceNumber: 'INV-CORE-DOWN' });
      expect(await call('invoices', 'create', body)).toEqual({
        ok: false, error: { code: 'unavailable', message: 'The core service is not available. Please try again shortly.' },
      });
      expect(await call('expenses', 'create', { expenseDate: '2027-03-08', category: 'Tolls', description: 'I-90 tolls', amount: '12.50', loadId })).toMatchObject({
        ok: false, error: { code: 'unavailable' },
      });
      // What names nothing in svc-core is still written.
      expect(await call('expenses', 'create', { expenseDate: '2027-03-08', category: 'Insurance', description: 'Cargo policy', amount: '980.00' })).toMatchObject({ ok: true });
      expect((await system.listAll('invoices')).length).toBe(before);
    } finally {
      await system.startCore();
    }
    expect(await call('invoices', 'create', invoice({ invoiceNumber: 'INV-CORE-DOWN' }))).toMatchObject({ ok: true });
    expect(await call('expenses', 'create', { expenseDate: '2027-03-08', category: 'Tolls', description: 'I-90 tolls', amount: '12.50', loadId })).toMatchObject({ ok: true });
  });

  it('recomputes the total when subtotal or tax changes, and refuses a total past what an amount holds', async () => {
    const id = await create('invoices', invoice({ subtotal: '100.00', tax: '8.25' }));
    expect(await call('invoices', 'update', { id, changes: { tax: '0.20' } })).toMatchObject({ ok: true, data: { subtotal: '100.00', tax: '0.20', total: '100.20' } });
    expect(await call('invoices', 'update', { id, changes: { subtotal: '0.10', total: '999.00' } })).toMatchObject({ ok: true, data: { total: '0.30' } });
    expect(await call('invoices', 'update', { id, changes: { subtotal: '99999999.99', tax: '0.01' } })).toEqual({
      ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { total: ['Must be between 0.00 and 99999999.99'] } },
    });
    expect(await get('invoices', id)).toMatchObject({ subtotal: '0.10', tax: '0.20', total: '0.30' });
  });

  it('refuses to delete an invoice its payments keep, counting them, and deletes it once they are gone', async () => {
    const id = await create('invoices', invoice());
    const paymentIds = [await create('payments', payment(id)), await create('payments', payment(id))];
    expect(await call('invoices', 'delete', { id })).toEqual({
      ok: false, error: { code: 'conflict', message: 'This invoice has 2 payments. Its history is kept, so it cannot be deleted.' },
    });
    for (const paymentId of paymentIds) expect(await call('payments', 'delete', { id: paymentId })).toEqual({ ok: true, data: { id: paymentId } });
    expect(await call('invoices', 'delete', { id })).toEqual({ ok: true, data: { id } });
    expect(await call('invoices', 'get', { id })).toMatchObject({ ok: false, error: { code: 'not_found', message: 'Invoice not found' } });
  });

  it('adds up 10,000 awkward amounts read back page by page to the cent, as Postgres sums them', async () => {
    const db = new pg.Client({ connectionString: system.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO accounting.invoices (invoice_number, load_id, customer_id, status, invoice_date, due_date, subtotal, tax, total)
         SELECT 'INV-BULK-' || n, $1, $2, 'paid', '2027-03-08', '2027-04-07', a, 0, a
         FROM generate_series(1, 10000) n, LATERAL (SELECT (ARRAY[0.10, 0.20, 1234.57, 0.01, 99999.99, 33.33, 0.07])[1 + n % 7]::numeric(10,2) AS a) amounts`,
        [loadId, customerId],
      );
      const rows = (await system.listAll('invoices')).filter((row) => row.invoiceNumber.startsWith('INV-BULK-'));
      expect(rows).toHaveLength(10000);
      const { rows: [{ sum }] } = await db.query(`SELECT sum(total)::text AS sum FROM accounting.invoices WHERE invoice_number LIKE 'INV-BULK-%'`);
      expect(sumMoney(rows.map((row) => row.total))).toBe(sum);
      // Worked out apart, in decimal: 1428 of each amount, and one more of 0.20, 1234.57, 0.01 and 99999.99.
      expect(sum).toBe('144712324.33');
    } finally {
      await db.query(`DELETE FROM accounting.invoices WHERE invoice_number LIKE 'INV-BULK-%'`);
      await db.end();
    }
  }, 60000);
});

describe('payments', () => {
  it("adds a payment's amount to its invoice, the difference on edit, moves it with its invoice, and takes it back on delete", async () => {
    const first = await create('invoices', invoice({ subtotal: '1000.00', paidAmount: '50.00' }));
    const second = await create('invoices', invoice({ subtotal: '500.00' }));
    const paid = async (id: string) => (await get('invoices', id)).paidAmount;

    const created = await call('payments', 'create', payment(first, { amount: '0.10', referenceNumber: 'ACH-7781' }));
    expect(created).toMatchObject({ ok: true, data: { invoiceId: first, amount: '0.10', paymentMethod: 'ACH', referenceNumber: 'ACH-7781', notes: null } });
    const id = created.ok && created.data.id;
    expect(await paid(first)).toBe('50.10');
    await create('payments', payment(first, { amount: '0.20' }));
    expect(await paid(first)).toBe('50.30');

    expect(await call('payments', 'update', { id, changes: { amount: '400.05' } })).toMatchObject({ ok: true, data: { amount: '400.05' } });
    expect(await paid(first)).toBe('450.25');
    expect(await call('payments', 'update', { id, changes: { invoiceId: second, amount: '250' } })).toMatchObject({ ok: true, data: { invoiceId: second } });
    expect([await paid(first), await paid(second)]).toEqual(['50.20', '250.00']);
    expect(await call('payments', 'delete', { id })).toEqual({ ok: true, data: { id } });
    expect([await paid(first), await paid(second)]).toEqual(['50.20', '0.00']);
  });

  it('refuses an unknown invoice or customer under its field, and changes no paid amount', async () => {
    const id = await create('invoices', invoice({ subtotal: '100.00' }));
    expect(await call('payments', 'create', payment(UNKNOWN_ID))).toEqual({
      ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { invoiceId: ['Invoice not found'] } },
    });
    expect(await call('payments', 'create', payment(id, { customerId: UNKNOWN_ID }))).toEqual({
      ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { customerId: ['Customer not found'] } },
    });
    const paymentId = await create('payments', payment(id, { amount: '40.00' }));
    // Moving it to no invoice rolls back what was taken from its own.
    expect(await call('payments', 'update', { id: paymentId, changes: { invoiceId: UNKNOWN_ID } })).toMatchObject({
      ok: false, error: { issues: { invoiceId: ['Invoice not found'] } },
    });
    expect((await get('invoices', id)).paidAmount).toBe('40.00');
    expect(await call('payments', 'create', { amount: '', paymentMethod: 'Bitcoin' })).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          invoiceId: ['Invoice is required'], customerId: ['Customer is required'], amount: ['Amount is required'],
          paymentDate: ['Payment date is required'], paymentMethod: ['Payment method is required'],
        },
      },
    });
  });

  it('refuses a payment of more than the balance due, naming it, under the amount', async () => {
    const id = await create('invoices', invoice({ subtotal: '99999999.99', paidAmount: '99999999.00' }));
    expect(await call('payments', 'create', payment(id, { amount: '1.00' }))).toEqual({
      ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { amount: ["This payment is more than the invoice's balance due of $0.99"] } },
    });
    expect((await get('invoices', id)).paidAmount).toBe('99999999.00');
  });

  it('keeps paidAmount = opening paid amount + payments under 50 concurrent payments on one invoice', async () => {
    const id = await create('invoices', invoice({ subtotal: '99999.99', paidAmount: '12.34' }));
    const amounts = Array.from({ length: 50 }, (_, n) => ['0.10', '0.20', '1234.57', '0.01', '19.99'][n % 5]);
    const replies = await Promise.all(amounts.map((amount) => call('payments', 'create', payment(id, { amount }))));
    expect(replies.filter((reply) => !reply.ok)).toEqual([]);
    const ids = replies.map((reply) => (reply.ok ? reply.data.id : ''));
    expect((await get('invoices', id)).paidAmount).toBe(sumMoney(['12.34', ...amounts]));
    // Concurrent edits and deletes keep it too.
    await Promise.all([
      ...ids.slice(0, 20).map((paymentId) => call('payments', 'update', { id: paymentId, changes: { amount: '1.00' } })),
      ...ids.slice(20, 40).map((paymentId) => call('payments', 'delete', { id: paymentId })),
    ]);
    const left = (await system.listAll('payments')).filter((row) => row.invoiceId === id);
    expect(left).toHaveLength(30);
    expect((await get('invoices', id)).paidAmount).toBe(sumMoney(['12.34', ...left.map((row) => row.amount)]));
  });
});

describe('the ledger (issue 40)', () => {
  const refused = (field: string, message: string) => ({ ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { [field]: [message] } } });

  it('keeps 0 <= paid amount <= total on every invoice write, naming the total or the amount paid', async () => {
    expect(await call('invoices', 'create', invoice({ subtotal: '100.00', paidAmount: '150.00' }))).toEqual(
      refused('paidAmount', 'The paid amount cannot be more than the total of $100.00'),
    );
    const id = await create('invoices', invoice({ subtotal: '1000.00', paidAmount: '800.00' }));
    expect(await call('invoices', 'update', { id, changes: { subtotal: '100.00' } })).toEqual(refused('total', 'The total cannot be less than the amount paid of $800.00'));
    expect(await call('invoices', 'update', { id, changes: { paidAmount: '1000.01' } })).toEqual(
      refused('paidAmount', 'The paid amount cannot be more than the total of $1,000.00'),
    );
    expect(await get('invoices', id)).toMatchObject({ total: '1000.00', paidAmount: '800.00' });
  });

  it('never takes the paid amount below its recorded payments; deleting one takes back exactly its amount', async () => {
    const id = await create('invoices', invoice({ subtotal: '1000.00' }));
    const first = await create('payments', payment(id, { amount: '300.00' }));
    await create('payments', payment(id, { amount: '310.00' }));
    expect(await call('invoices', 'update', { id, changes: { paidAmount: '600.00' } })).toEqual(
      refused('paidAmount', 'The paid amount cannot be less than the $610.00 of payments recorded on this invoice'),
    );
    expect(await call('invoices', 'update', { id, changes: { paidAmount: '650.00' } })).toMatchObject({ ok: true, data: { paidAmount: '650.00' } });
    expect(await call('payments', 'delete', { id: first })).toMatchObject({ ok: true });
    expect((await get('invoices', id)).paidAmount).toBe('350.00');
  });

  it('cannot cancel an invoice with payments: they are refunded or moved first', async () => {
    const id = await create('invoices', invoice({ subtotal: '1000.00' }));
    const paymentId = await create('payments', payment(id, { amount: '610.00' }));
    expect(await call('invoices', 'update', { id, changes: { status: 'cancelled' } })).toEqual(
      refused('status', 'This invoice has payments: refund them or move them to another invoice before cancelling it'),
    );
    expect(await call('payments', 'delete', { id: paymentId })).toMatchObject({ ok: true });
    expect(await call('invoices', 'update', { id, changes: { status: 'cancelled' } })).toMatchObject({ ok: true, data: { status: 'cancelled' } });
  });

  it('refuses payments and expenses of 0.00 or less under their amount', async () => {
    const id = await create('invoices', invoice({ subtotal: '1000.00' }));
    for (const amount of ['0.00', '0', '.00']) {
      expect(await call('payments', 'create', payment(id, { amount }))).toEqual(refused('amount', 'Must be more than 0.00'));
      expect(await call('expenses', 'create', { expenseDate: '2027-03-08', category: 'Tolls', description: 'Tolls', amount })).toEqual(refused('amount', 'Must be more than 0.00'));
    }
    expect(await call('payments', 'create', payment(id, { amount: '-1.00' }))).toEqual(refused('amount', 'Must not be negative'));
    const paymentId = await create('payments', payment(id, { amount: '1.00' }));
    expect(await call('payments', 'update', { id: paymentId, changes: { amount: '0.00' } })).toEqual(refused('amount', 'Must be more than 0.00'));
  });
});

describe('expenses', () => {
  it('creates an expense with or without its load, with the options of section 9', async () => {
    expect(await call('expenses', 'create', {
      expenseDate: '2027-03-08', category: 'Fuel', description: 'Diesel, Pilot #412 Joliet', amount: '612.40', vendor: 'Pilot', paymentMethod: 'Credit Card', loadId,
    })).toMatchObject({ ok: true, data: { category: 'Fuel', amount: '612.40', paymentMethod: 'Credit Card', loadId, receiptUrl: null } });
    expect(await call('expenses', 'create', {
      expenseDate: '2027-03-09', category: 'Driver Pay', description: 'Detention pay', amount: '.5', paymentMethod: '', loadId: '',
    })).toMatchObject({ ok: true, data: { amount: '0.50', paymentMethod: null, loadId: null, vendor: null } });
  });

  it('refuses an unknown load, and options that are not in the lists', async () => {
    expect(await call('expenses', 'create', { expenseDate: '2027-03-08', category: 'Tolls', description: 'Tolls', amount: '9', loadId: UNKNOWN_ID })).toEqual({
      ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { loadId: ['Load not found'] } },
    });
    expect(await call('expenses', 'create', { category: 'Food', description: '', amount: '', paymentMethod: 'Venmo' })).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          expenseDate: ['Date is required'], category: ['Category is required'], description: ['Description is required'],
          amount: ['Amount is required'], paymentMethod: ['Choose a payment method from the list'],
        },
      },
    });
  });
});

describe('settlements', () => {
  it('writes net pay as driver pay - deductions whatever is sent, and a paid date only while Paid', async () => {
    const created = await call('settlements', 'create', settlement({ netPay: '0.00', paidDate: '2027-03-10', paymentMethod: 'ACH' }));
    expect(created).toMatchObject({
      ok: true,
      data: { driverId, totalMiles: 2450, totalRevenue: '6400.00', driverPay: '1920.00', deductions: '150.00', netPay: '1770.00', status: 'Pending', paidDate: null, paymentMethod: 'ACH', notes: null },
    });
    const id = created.ok && created.data.id;
    expect(await call('settlements', 'update', { id, changes: { status: 'Paid', paidDate: '2027-03-10', deductions: '' } })).toMatchObject({
      ok: true, data: { status: 'Paid', paidDate: '2027-03-10', deductions: '0.00', netPay: '1920.00' },
    });
    expect(await call('settlements', 'update', { id, changes: { status: 'Approved' } })).toMatchObject({ ok: true, data: { paidDate: null } });
    expect(await call('settlements', 'create', settlement({ totalMiles: '', deductions: undefined }))).toMatchObject({
      ok: true, data: { totalMiles: null, deductions: '0.00', netPay: '1920.00' },
    });
  });

  it('keeps the settlement number unique whatever its case (409 naming it) and fixed once created', async () => {
    const duplicate = 'A settlement with this settlement number already exists';
    const id = await create('settlements', settlement({ settlementNumber: 'SETTLE-20270307-0042' }));
    expect(await call('settlements', 'create', settlement({ settlementNumber: 'settle-20270307-0042' }))).toEqual({
      ok: false, error: { code: 'conflict', message: duplicate, issues: { settlementNumber: [duplicate] } },
    });
    expect(await call('settlements', 'update', { id, changes: { settlementNumber: 'SETTLE-20270307-0043' } })).toEqual({
      ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { settlementNumber: ['The settlement number cannot be changed'] } },
    });
    expect(await call('settlements', 'update', { id, changes: { settlementNumber: 'SETTLE-20270307-0042', notes: 'Fuel advance deducted' } })).toMatchObject({
      ok: true, data: { notes: 'Fuel advance deducted' },
    });
  });

  it('refuses an unknown driver, deductions over the pay, a period ending before it starts, and empty required fields', async () => {
    expect(await call('settlements', 'create', settlement({ driverId: UNKNOWN_ID }))).toEqual({
      ok: false, error: { code: 'invalid', message: INVALID_INPUT, issues: { driverId: ['Driver not found'] } },
    });
    expect(await call('settlements', 'create', settlement({ deductions: '1920.01', periodEnd: '2027-02-28' }))).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: { periodEnd: ['Period end must not be before period start'], deductions: ['Deductions must not be more than driver pay'] },
      },
    });
    expect(await call('settlements', 'create', { status: 'Paid', paymentMethod: 'Zelle', totalMiles: '12.5' })).toEqual({
      ok: false,
      error: {
        code: 'invalid', message: INVALID_INPUT,
        issues: {
          driverId: ['Driver is required'], settlementNumber: ['Settlement number is required'], periodStart: ['Period start is required'],
          periodEnd: ['Period end is required'], totalMiles: ['Total miles must be a whole number'], totalRevenue: ['Total revenue is required'],
          driverPay: ['Driver pay is required'], netPay: ['Net pay is required'], paymentMethod: ['Choose a payment method from the list'],
        },
      },
    });
  });
});
