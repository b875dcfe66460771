/**
 * `npm run bench:factoring`: issue 45, point 6, on a fresh system. A schedule of 200 invoices whose loads keep three
 * one-page documents each (rate confirmation, bill of lading, proof of delivery); its ZIP (the schedule's PDF and CSV
 * and a packet per invoice) asked for BENCH_RUNS times one after the other (goal: at most 10 s). Prints each time,
 * the median, the ZIP's size and the load average beside them; asserts nothing.
 *   BENCH_INVOICES  invoices on the schedule (default 200)
 *   BENCH_RUNS      ZIPs asked for (default 3)
 */
import { loadavg } from 'node:os';
import { startIsolatedSystem } from '../scripts/system.mjs';
import { signIn } from './support.mjs';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Records made at once while the company is filled. */
const AT_ONCE = 8;

/** A one-page PDF with a line of text (as bench/money.mjs makes them). */
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

const DOCUMENTS = [
  ['Rate Confirmation', 'RATE CONFIRMATION'],
  ['Bill of Lading', 'BILL OF LADING'],
  ['Other', 'PROOF OF DELIVERY'],
];

const system = await startIsolatedSystem({ label: 'benchfactoring' });
try {
  const cookie = await signIn(system.url, 'bench@example.com');
  const origin = new URL(system.url).origin;
  const api = async (method, path, body) => {
    const response = await fetch(`${system.url}${path}`, { method, headers: { cookie, origin, ...(body && { 'content-type': 'application/json' }) }, body: body && JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
    return response.json();
  };
  await api('PUT', '/api/company', { name: 'Bench Freight Lines', address: '1 Bench Rd, Chicago, IL 60601', mcNumber: 'MC-100001', dotNumber: '1000001' });
  await api('PUT', '/api/factoring', {
    name: 'Bench Capital', remitTo: 'PO Box 1\nChicago, IL 60680', clientNumber: 'B-1', noticeText: 'This account has been assigned to Bench Capital.', advancePercent: '97.00', feePercent: '3.00', recourseDays: 90,
  });
  const customer = await api('POST', '/api/customers', { name: 'Bench Brokerage', email: 'ap@bench.example', phone: '555-0100', address: '2 Dock Rd, Dallas, TX', type: 'shipper', invoicing: 'factored' });
  const today = new Date().toISOString().slice(0, 10);
  const invoiceIds = [];
  const filled = Date.now();
  for (let start = 0; start < INVOICES; start += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, INVOICES - start) }, (_, index) => start + index + 1);
    invoiceIds.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const load = await api('POST', '/api/loads', {
            loadNumber: `LD-BF-${n}`, customerId: customer.id, status: 'delivered', pickupLocation: 'Chicago, IL', pickupDate: today, deliveryLocation: 'Dallas, TX', deliveryDate: today, rate: `${1000 + n}.25`,
          });
          for (const [documentType, title] of DOCUMENTS) {
            const data = pdfWithLine(`${title} LD-BF-${n}`);
            await api('POST', `/api/loads/${load.id}/documents`, { fileName: `${title.toLowerCase().replaceAll(' ', '-')}.pdf`, fileType: 'application/pdf', fileSize: data.byteLength, fileData: `data:application/pdf;base64,${data.toString('base64')}`, documentType });
          }
          const invoice = await api('POST', '/api/invoices', {
            invoiceNumber: `INV-BF-${n}`, loadId: load.id, customerId: customer.id, status: 'sent', invoiceDate: today, dueDate: today, subtotal: `${1000 + n}.25`, total: `${1000 + n}.25`,
          });
          return invoice.id;
        }),
      )),
    );
  }
  console.log(`\nFactoring: ${INVOICES} invoices of a factored customer, three one-page documents on each load (made in ${((Date.now() - filled) / 1000).toFixed(0)} s)`);
  const made = Date.now();
  const schedule = await api('POST', '/api/factoring/schedules', { invoiceIds });
  console.log(`schedule ${schedule.scheduleNumber} of ${schedule.rows.length} invoices, ${schedule.total}: made in ${Date.now() - made} ms\n`);
  const times = [];
  for (let run = 1; run <= RUNS; run++) {
    const [load1] = loadavg();
    const started = performance.now();
    const response = await fetch(`${system.url}/api/factoring/schedules/${schedule.id}/zip`, { headers: { cookie } });
    const bytes = (await response.arrayBuffer()).byteLength;
    const ms = performance.now() - started;
    times.push(ms);
    console.log(`ZIP ${run}: ${response.status}, ${(bytes / 1024).toFixed(0)} KB in ${(ms / 1000).toFixed(2)} s (load average ${load1.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after)`);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  console.log(`\nZIP of ${INVOICES} invoices, median of ${RUNS}: ${(median / 1000).toFixed(2)} s (goal <= 10 s); load average now ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
} finally {
  await system.stop();
}
