/**
 * `npm run bench:bounds`: issue 40's bounds on the work one request may cause, on a fresh system, each with the times
 * of other requests (a list of drivers, one at a time) measured meanwhile against their times before:
 *  - a CSV import of 20 MB of 7 million short rows, refused at row 100,001 (goal: within 2 s, others as fast);
 *  - a load's packet whose text document is one 10,000-letter word, and a settlement PDF whose note is one word
 *    as long as a note may be (goal: at most 200 ms each; the wrapping cost was cubic).
 * Prints figures; asserts nothing. Run it on a quiet machine.
 */
import { IMPORT_MAX_BYTES } from '@tms/contracts';
import { startIsolatedSystem } from '../scripts/system.mjs';
import { signIn } from './support.mjs';

const ms = (value) => `${Math.round(value)} ms`;
const percentile = (values, share) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))];

const system = await startIsolatedSystem({ label: 'benchbounds' });
try {
  const cookie = await signIn(system.url, 'bench@example.com');
  const origin = new URL(system.url).origin;
  const send = (method, path, body, type = 'application/json') =>
    fetch(`${system.url}${path}`, { method, headers: { cookie, origin, ...(body && { 'content-type': type }) }, body: body && (type === 'application/json' ? JSON.stringify(body) : body) });
  const api = async (method, path, body) => {
    const response = await send(method, path, body);
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };

  /** Lists drivers one request after another until `done` settles; answers their times. */
  async function othersWhile(done) {
    let finished = false;
    done.finally(() => (finished = true));
    const times = [];
    while (!finished || times.length < 3) {
      const started = performance.now();
      await (await send('GET', '/api/drivers')).arrayBuffer();
      times.push(performance.now() - started);
    }
    return times;
  }
  const others = (times) => `others: ${times.length} requests, p50 ${ms(percentile(times, 0.5))}, max ${ms(Math.max(...times))}`;
  const usual = await othersWhile(new Promise((resolve) => setTimeout(resolve, 2000)));
  console.log(`\nBounds on one request's work (other requests alone: ${others(usual).slice('others: '.length)})\n`);

  /** Times `request` (an answer's body read to its end) with other requests made meanwhile, and prints both. */
  async function bound(title, request) {
    const started = performance.now();
    const answered = request().then(async (response) => {
      const body = Buffer.from(await response.arrayBuffer());
      const json = response.headers.get('content-type')?.includes('json');
      return { status: response.status, said: json ? body.toString().slice(0, 60) : `${body.byteLength} bytes`, after: performance.now() - started };
    });
    const meanwhile = await othersWhile(answered);
    const { status, said, after } = await answered;
    console.log(`${title.padEnd(52)} ${ms(after).padStart(8)}   ${status} ${said}   ${others(meanwhile)}`);
  }

  const sevenMillion = new TextEncoder().encode(`truckNumber\n${'T\n'.repeat((IMPORT_MAX_BYTES - 12) / 2)}`);
  for (let round = 1; round <= 3; round++) {
    await bound(`CSV import, 20 MB of 7,000,000 rows [goal 2 s] #${round}`, () => send('POST', '/api/trucks/import?dryRun=true', sevenMillion, 'text/csv'));
  }

  const customer = await api('POST', '/api/customers', { name: 'Bench Shipper', email: 'bounds@example.com', phone: '555-0100', address: 'Chicago, IL', type: 'shipper' });
  const load = await api('POST', '/api/loads', {
    loadNumber: 'LD-BOUNDS', customerId: customer.id, status: 'delivered', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-01',
    deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-03', rate: '2450.00',
  });
  const word = Buffer.from('W'.repeat(10_000));
  await api('POST', `/api/loads/${load.id}/documents`, {
    fileName: 'one-word.txt', fileType: 'text/plain', fileSize: word.byteLength, fileData: `data:text/plain;base64,${word.toString('base64')}`,
  });
  const invoice = await api('POST', '/api/invoices', {
    invoiceNumber: 'INV-BOUNDS-1', loadId: load.id, customerId: customer.id, status: 'sent', invoiceDate: '2027-03-04', dueDate: '2027-04-03',
    subtotal: '2450.00', total: '2450.00',
  });
  const driver = await api('POST', '/api/drivers', { name: 'Bench Driver', email: 'bounds.driver@example.com', phone: '555-0101', licenseNumber: 'CDL-BOUNDS', status: 'on-duty' });
  const settlement = await api('POST', '/api/settlements', {
    driverId: driver.id, settlementNumber: 'SETTLE-BOUNDS', periodStart: '2027-03-01', periodEnd: '2027-03-07', totalRevenue: '0.00', driverPay: '0.00',
    netPay: '0.00', status: 'Pending', notes: 'N'.repeat(2000),
  });
  for (let round = 1; round <= 3; round++) {
    await bound(`packet, a text document of one 10,000-letter word [200 ms] #${round}`, () => send('GET', `/api/invoices/${invoice.id}/packet`));
    await bound(`settlement PDF, a note of one 2,000-letter word [200 ms] #${round}`, () => send('GET', `/api/settlements/${settlement.id}/pdf`));
  }
} finally {
  await system.stop();
}
