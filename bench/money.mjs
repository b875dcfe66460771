/**
 * `npm run bench:money`: issue 26's goals on a fresh system. An invoice PDF (goal: median at most 150 ms), the packet
 * of an invoice whose load has three one-page PDF documents (at most 500 ms), and the draft settlement of a driver
 * with 1,000 delivered loads in the period (at most 200 ms), each asked one at a time; then issue 46's receivables
 * aging over 50,000 invoices of 500 customers, a third of them partly paid (at most 500 ms), and a remittance over
 * 200 invoices saved (at most 1 s), REMITTANCES of them one after another; issue 43's invoice draft of a load with 20
 * lines (its line haul and 19 approved charges, asked of svc-core: at most 50 ms) and that invoice's PDF; issue 50's
 * invoice PDF of a customer and places in Greek and Chinese (fonts embedded for them). Prints the figures; asserts
 * nothing.
 *   BENCH_SECONDS   how long each scenario runs (default 10)
 */
import pg from 'pg';
import { startIsolatedSystem } from '../scripts/system.mjs';
import { measure, signIn } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const LOADS = 1000;
/** Issue 43: the charge lines of the load whose invoice draft is measured (with its line haul, 20 lines). */
const CHARGE_LINES = 19;

/** A one-page PDF with a line of text, its cross-reference offsets counted as it is written. */
function pdfWithLine(line) {
  const stream = `BT /F1 16 Tf 72 700 Td (${line}) Tj ET`;
  const bodies = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts = ['%PDF-1.4\n'];
  const at = [];
  bodies.forEach((body, n) => {
    at.push(parts.join('').length);
    parts.push(`${n + 1} 0 obj\n${body}\nendobj\n`);
  });
  const start = parts.join('').length;
  const rows = at.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  return Buffer.from(`${parts.join('')}xref\n0 6\n0000000000 65535 f \n${rows}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${start}\n%%EOF\n`, 'latin1');
}

/** A driver paid per mile and LOADS delivered loads of theirs in one week, straight into svc-core's tables. */
async function seedLoads(databaseUrl, customerId) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const [{ id: driverId }] = (
      await db.query(
        `INSERT INTO core.drivers (name, email, phone, license_number, status, pay_type, pay_rate)
         VALUES ('Bench Driver', 'bench.driver@example.com', '555-0100', 'CDL-BENCH', 'on-duty', 'perMile', '0.655') RETURNING id`,
      )
    ).rows;
    await db.query(
      `INSERT INTO core.loads (load_number, customer_id, status, pickup_location, pickup_date, delivery_location, delivery_date, rate,
                               assigned_driver_id, expenses, weight, miles)
       SELECT 'LD-BENCH-' || n, $1, CASE WHEN n % 2 = 0 THEN 'delivered' ELSE 'invoiced' END, 'Chicago, IL', DATE '2027-03-01',
              'Dallas, TX', DATE '2027-03-01' + n % 7, (1000 + n % 997)::numeric + 0.05, $2, 0, 40000, 200 + n % 900
       FROM generate_series(1, $3::int) n`,
      [customerId, driverId, LOADS],
    );
    await db.query('ANALYZE core.loads');
    return driverId;
  } finally {
    await db.end();
  }
}

const AGING_INVOICES = 50_000;
const REMITTANCES = 20;
const REMITTED_INVOICES = 200;

/** REMITTANCES × REMITTED_INVOICES sent invoices of one customer, straight into svc-accounting's table. */
async function seedOpenInvoices(databaseUrl, customerId) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `INSERT INTO accounting.invoices (invoice_number, load_id, customer_id, status, invoice_date, due_date, subtotal, tax, total, paid_amount)
       SELECT 'INV-RMT-' || n, gen_random_uuid(), $1, 'sent', current_date - 40, current_date - 10, 1000 + n % 700 + 0.45, 0, 1000 + n % 700 + 0.45, 0
       FROM generate_series(1, $2::int) n RETURNING id, total::text AS total`,
      [customerId, REMITTANCES * REMITTED_INVOICES],
    );
    return rows;
  } finally {
    await db.end();
  }
}

/** The median, 90th percentile and slowest of some durations in ms. */
function spread(durations) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))].toFixed(0);
  return `p50 ${at(0.5)} ms  p90 ${at(0.9)} ms  max ${sorted.at(-1).toFixed(0)} ms`;
}

/** AGING_INVOICES invoices of 500 customers over the past year, straight into svc-accounting's table, with payments. */
async function seedInvoices(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `WITH customers AS (SELECT k, gen_random_uuid() AS id FROM generate_series(0, 499) k)
       INSERT INTO accounting.invoices (invoice_number, load_id, customer_id, status, invoice_date, due_date, subtotal, tax, total, paid_amount, bill_to)
       SELECT 'INV-AGE-' || n, gen_random_uuid(), c.id, CASE WHEN n % 4 = 0 THEN 'paid' WHEN n % 4 = 1 THEN 'overdue' ELSE 'sent' END,
              current_date - (n % 365), current_date - (n % 365) + 30, (500 + n % 4000)::numeric + 0.37, 0, (500 + n % 4000)::numeric + 0.37,
              CASE WHEN n % 4 = 0 THEN (500 + n % 4000)::numeric + 0.37 WHEN n % 3 = 0 THEN 100.01 ELSE 0 END,
              jsonb_build_object('name', 'Aging Customer ' || c.k, 'address', '1 Main St')
       FROM generate_series(1, $1::int) n JOIN customers c ON c.k = n % 500`,
      [AGING_INVOICES],
    );
    await db.query('ANALYZE accounting.invoices');
  } finally {
    await db.end();
  }
}

const system = await startIsolatedSystem({ label: 'benchmoney' });
try {
  const cookie = await signIn(system.url, 'bench@example.com');
  const origin = new URL(system.url).origin;
  const api = async (method, path, body) => {
    const response = await fetch(`${system.url}${path}`, {
      method,
      headers: { cookie, origin, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  await api('PUT', '/api/company', {
    name: 'Bench Freight Lines', address: '1 Bench Rd, Chicago, IL 60601', mcNumber: 'MC-100001', dotNumber: '1000001', invoiceNotes: 'Thank you.',
  });
  const customer = await api('POST', '/api/customers', { name: 'Bench Foods', email: 'ap@bench.example', phone: '555-0100', address: '2 Dock Rd, Dallas, TX', type: 'shipper' });
  const load = await api('POST', '/api/loads', {
    loadNumber: 'LD-BENCH-PACKET', customerId: customer.id, status: 'delivered', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-01',
    deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-03', rate: '2450.00', weight: '42000', commodity: 'Paper goods', miles: '925',
  });
  for (const title of ['RATE CONFIRMATION', 'BILL OF LADING', 'PROOF OF DELIVERY']) {
    const data = pdfWithLine(title);
    await api('POST', `/api/loads/${load.id}/documents`, {
      fileName: `${title.toLowerCase().replaceAll(' ', '-')}.pdf`, fileType: 'application/pdf', fileSize: data.byteLength,
      fileData: `data:application/pdf;base64,${data.toString('base64')}`,
    });
  }
  const invoice = await api('POST', '/api/invoices', {
    invoiceNumber: 'INV-BENCH-1', loadId: load.id, customerId: customer.id, status: 'sent', invoiceDate: '2027-03-04', dueDate: '2027-04-03',
    subtotal: '2450.00', total: '2450.00',
  });
  // Issue 43: a load whose invoice has 20 lines: its line haul and 19 approved billable charges.
  const charged = await api('POST', '/api/loads', {
    loadNumber: 'LD-BENCH-LINES', customerId: customer.id, status: 'delivered', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-01',
    deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-03', rate: '2450.00', weight: '42000', miles: '925',
  });
  const codes = ['LUMPER', 'LAYOVER', 'TARP', 'STOP_OFF', 'OTHER'];
  for (let n = 0; n < CHARGE_LINES; n++) {
    const line = await api('POST', `/api/loads/${charged.id}/charges`, { code: codes[n % codes.length], description: `Bench line ${n + 1}`, quantity: '1.25', unit: 'flat', rate: `${10 + n}.33` });
    await api('PATCH', `/api/loads/${charged.id}/charges/${line.id}`, { status: 'approved' });
  }
  const linesDraftPath = `/api/invoices/draft?loadId=${charged.id}`;
  const linesDraft = await api('GET', linesDraftPath);
  const linesInvoice = await api('POST', '/api/invoices', {
    invoiceNumber: 'INV-BENCH-LINES', loadId: charged.id, customerId: customer.id, status: 'sent', invoiceDate: linesDraft.invoiceDate, dueDate: linesDraft.dueDate,
    subtotal: linesDraft.subtotal, total: linesDraft.subtotal,
  });
  const driverId = await seedLoads(system.databaseUrl, customer.id);
  const draftPath = `/api/settlements/draft?driverId=${driverId}&periodStart=2027-03-01&periodEnd=2027-03-07`;
  const draft = await api('GET', draftPath);
  console.log(`\nMoney: a one-page invoice, its packet with three one-page documents, a draft of ${draft.loads.length} loads (driver pay ${draft.driverPay})\n`);
  const headers = { cookie };
  const one = { headers, connections: 1, seconds, warmupSeconds: 2 };
  await measure('invoice PDF (goal p50 <= 150 ms)', { url: `${system.url}/api/invoices/${invoice.id}/pdf`, ...one });
  await measure('packet, 3 documents (<= 500 ms)', { url: `${system.url}/api/invoices/${invoice.id}/packet`, ...one });
  await measure(`draft, ${LOADS} loads (<= 200 ms)`, { url: `${system.url}${draftPath}`, ...one });
  console.log(`\nAn invoice of ${linesDraft.lines.length} lines (subtotal ${linesDraft.subtotal})`);
  await measure(`invoice draft, ${linesDraft.lines.length} lines (goal p50 <= 50 ms)`, { url: `${system.url}${linesDraftPath}`, ...one });
  await measure(`invoice PDF, ${linesDraft.lines.length} lines`, { url: `${system.url}/api/invoices/${linesInvoice.id}/pdf`, ...one });
  // Issue 50, point 8: names and places beyond WinAnsi, in Noto Sans and Noto Sans SC embedded for them.
  const unicodeCustomer = await api('POST', '/api/customers', { name: 'Ζήσης Παπαδόπουλος Εμπορική', email: 'ap@zisis.example', phone: '555-0101', address: '北京市朝阳区建国路88号', type: 'shipper' });
  const unicodeLoad = await api('POST', '/api/loads', {
    loadNumber: 'LD-BENCH-UNICODE', customerId: unicodeCustomer.id, status: 'delivered', pickupLocation: '北京市朝阳区', pickupDate: '2027-03-01',
    deliveryLocation: 'Θεσσαλονίκη', deliveryDate: '2027-03-03', rate: '2450.00', weight: '42000', commodity: 'Paper goods', miles: '925',
  });
  const unicodeInvoice = await api('POST', '/api/invoices', {
    invoiceNumber: 'INV-BENCH-UNICODE', loadId: unicodeLoad.id, customerId: unicodeCustomer.id, status: 'sent', invoiceDate: '2027-03-04', dueDate: '2027-04-03',
    subtotal: '2450.00', total: '2450.00',
  });
  await measure('invoice PDF, Greek and Chinese names', { url: `${system.url}/api/invoices/${unicodeInvoice.id}/pdf`, ...one });
  await seedInvoices(system.databaseUrl);
  await measure(`aging, ${AGING_INVOICES.toLocaleString('en-US')} invoices (<= 500 ms)`, { url: `${system.url}/api/reports/aging`, ...one });

  // Each remittance pays the next 200 invoices in full, one at a time, as the back office saves them.
  const open = await seedOpenInvoices(system.databaseUrl, customer.id);
  const durations = [];
  for (let n = 0; n < REMITTANCES; n++) {
    const paid = open.slice(n * REMITTED_INVOICES, (n + 1) * REMITTED_INVOICES);
    const amount = paid.reduce((cents, invoice) => cents + BigInt(invoice.total.replace('.', '')), 0n);
    const started = performance.now();
    await api('POST', '/api/remittances', {
      customerId: customer.id, amount: `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`, paymentDate: '2027-03-10', paymentMethod: 'ACH',
      applications: paid.map((invoice) => ({ invoiceId: invoice.id, amount: invoice.total })),
    });
    durations.push(performance.now() - started);
  }
  console.log(`remittance over ${REMITTED_INVOICES} invoices (<= 1 s), ${REMITTANCES} in a row: ${spread(durations)}`);
} finally {
  await system.stop();
}
