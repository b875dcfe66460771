import { INVOICE_MESSAGES } from '@tms/contracts';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * Issue 40, point 9: every request is answered. Fifty invoices created at once for one load through the API: one is
 * written (201), each other refused with the 409 that names the load and its invoice, and none is left waiting,
 * even on a busy machine (the 30 s a client gives up after).
 */
let system: RunningSystem;
let cookie: string;

beforeAll(async () => {
  system = await sharedSystem();
  cookie = await signIn(system.url, 'invoice-race@example.com');
}, 120_000);

afterAll(async () => {
  await system?.stop();
}, 30_000);

const post = (path: string, body: unknown) =>
  fetch(`${system.url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: system.url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });

test('50 concurrent creates of an invoice for one load: one 201, 49 409s naming the first, every one answered within 30 s', async () => {
  const customer = await (await post('/api/customers', { name: 'Race Freight', email: 'ap@race.example', phone: '555-0140', address: '4 Dock Rd, Joliet, IL', type: 'shipper' })).json();
  const loadNumber = `LD-RACE-${Date.now()}`;
  const load = await (
    await post('/api/loads', {
      loadNumber, customerId: customer.id, status: 'delivered', pickupLocation: 'Joliet, IL', pickupDate: '2026-11-02',
      deliveryLocation: 'El Paso, TX', deliveryDate: '2026-11-04', rate: '2975.00',
    })
  ).json();
  expect(load.id).toEqual(expect.any(String));

  const answers = await Promise.all(
    Array.from({ length: 50 }, async (_, index) => {
      const invoiceNumber = `INV-RACE-${Date.now()}-${index}`;
      try {
        const answer = await post('/api/invoices', {
          invoiceNumber, loadId: load.id, customerId: customer.id, status: 'sent', invoiceDate: '2026-11-05', dueDate: '2026-12-05', subtotal: '2975.00', total: '2975.00',
        });
        return { status: answer.status, body: await answer.json() };
      } catch (error) {
        return { status: 0, body: { message: `no answer within 30 s (${(error as Error).name})` } };
      }
    }),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  const created = answers.find((answer) => answer.status === 201)!.body;
  const message = INVOICE_MESSAGES.loadAlreadyInvoiced(loadNumber, created.invoiceNumber);
  for (const { status, body } of answers) if (status === 409) expect(body.message).toBe(message);

  const stored = await (await fetch(`${system.url}/api/loads/${load.id}`, { headers: { cookie } })).json();
  expect(stored.status).toBe('invoiced');
}, 120_000);
