import pg from 'pg';
import { AUDIT_MESSAGES, auditCursor } from '@tms/contracts';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * The audit trail through the whole built system: every create, update and delete through the API is recorded in
 * the owner's transaction, with who made it; a change that fails or changes nothing records nothing; the trail is
 * read (never changed) through GET /api/audit, a record's history after it is deleted too.
 */
let system: RunningSystem;
let clerk: string;
let dispatcher: string;
let database: pg.Client;

async function api(cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${system.url}/api${path}`, {
    method,
    headers: { origin: system.url, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as any) : undefined };
}

const history = async (resource: string, id: string) => (await api(clerk, 'GET', `/audit?resource=${resource}&id=${id}`)).body;
const truckBody = (truckNumber: string) => ({ truckNumber, type: 'Dry Van', status: 'available', licensePlate: `P ${truckNumber}` });

beforeAll(async () => {
  system = await startIsolatedSystem({ label: 'audit' });
  clerk = await signIn(system.url, 'clerk@example.com');
  dispatcher = await signIn(system.url, 'Dispatcher@Example.com');
  database = new pg.Client({ connectionString: system.databaseUrl });
  await database.connect();
}, 120_000);

afterAll(async () => {
  await database?.end();
  await system?.stop();
}, 60_000);

describe('the audit trail', () => {
  it('records a create with its values, an update with what changed, and a delete with the last values, by whom', async () => {
    const created = await api(clerk, 'POST', '/trucks', truckBody('A-100'));
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await api(dispatcher, 'PATCH', `/trucks/${id}`, { licensePlate: 'IL 4411', year: 2021 })).status).toBe(200);
    expect((await api(clerk, 'DELETE', `/trucks/${id}`)).status).toBe(204);

    const { entries, next } = await history('trucks', id);
    expect(next).toBeNull();
    expect(entries.map((entry: any) => [entry.action, entry.userEmail])).toEqual([
      ['delete', 'clerk@example.com'],
      ['update', 'dispatcher@example.com'],
      ['create', 'clerk@example.com'],
    ]);
    const [deleted, updated, made] = entries;
    expect(updated.changes).toEqual({ licensePlate: { from: 'P A-100', to: 'IL 4411' }, year: { from: null, to: 2021 } });
    expect(made.changes).toMatchObject({ truckNumber: { to: 'A-100' }, type: { to: 'Dry Van' }, status: { to: 'available' } });
    expect(deleted.changes).toMatchObject({ truckNumber: { from: 'A-100' }, licensePlate: { from: 'IL 4411' }, year: { from: 2021 } });
    expect(made).toMatchObject({ resource: 'trucks', recordId: id, userId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(Date.parse(made.at)).toBeLessThanOrEqual(Date.parse(updated.at));
  });

  it('records nothing for a change that fails, on a rule or a constraint, or that changes nothing', async () => {
    const first = (await api(clerk, 'POST', '/trucks', truckBody('A-200'))).body;
    const second = (await api(clerk, 'POST', '/trucks', truckBody('A-201'))).body;
    const count = async () => Number((await database.query(`SELECT count(*) FROM core.audit_entries`)).rows[0].count);
    const before = await count();
    expect((await api(clerk, 'POST', '/trucks', truckBody('a-200'))).status).toBe(409); // the unique truck number
    expect((await api(clerk, 'PATCH', `/trucks/${second.id}`, { truckNumber: 'A-200' })).status).toBe(409);
    expect((await api(clerk, 'POST', '/trucks', { truckNumber: '' })).status).toBe(400);
    // The same values again, money and all in another form: nothing changed.
    expect((await api(clerk, 'PATCH', `/trucks/${first.id}`, { licensePlate: 'P A-200', status: 'available' })).status).toBe(200);
    const customer = (await api(clerk, 'POST', '/customers', { name: 'Acme', email: 'ap@acme.example', phone: '555-0100', address: 'Chicago, IL', type: 'shipper' })).body;
    const load = (
      await api(clerk, 'POST', '/loads', {
        loadNumber: 'LD-AUDIT-1', customerId: customer.id, status: 'pending', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-04',
        deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-06', rate: '1200.00',
      })
    ).body;
    const afterSetUp = await count();
    expect(afterSetUp).toBe(before + 2);
    expect((await api(clerk, 'PATCH', `/loads/${load.id}`, { rate: '1200' })).status).toBe(200);
    // A customer with loads cannot be deleted (409): nothing recorded.
    expect((await api(clerk, 'DELETE', `/customers/${customer.id}`)).status).toBe(409);
    expect(await count()).toBe(afterSetUp);
    expect((await history('trucks', second.id)).entries).toHaveLength(1);
  });

  it('keeps the trail of every service: a payment, the invoice it pays, and a GPS device', async () => {
    const customer = (await api(clerk, 'POST', '/customers', { name: 'Globex', email: 'ap@globex.example', phone: '555-0101', address: 'Tulsa, OK', type: 'shipper' })).body;
    const load = (
      await api(clerk, 'POST', '/loads', {
        loadNumber: 'LD-AUDIT-2', customerId: customer.id, status: 'delivered', pickupLocation: 'Tulsa, OK', pickupDate: '2027-03-04',
        deliveryLocation: 'Omaha, NE', deliveryDate: '2027-03-06', rate: '900.00',
      })
    ).body;
    const invoice = (
      await api(clerk, 'POST', '/invoices', {
        invoiceNumber: 'INV-AUDIT-1', loadId: load.id, customerId: customer.id, status: 'sent', invoiceDate: '2027-03-08', dueDate: '2027-04-07',
        subtotal: '900.00', tax: '0', total: '900.00',
      })
    ).body;
    const payment = await api(dispatcher, 'POST', '/payments', { invoiceId: invoice.id, customerId: customer.id, amount: '900.00', paymentDate: '2027-03-20', paymentMethod: 'ACH' });
    expect(payment.status).toBe(201);
    const [paid] = (await history('invoices', invoice.id)).entries;
    expect(paid).toMatchObject({ action: 'update', userEmail: 'dispatcher@example.com', changes: { paidAmount: { from: '0.00', to: '900.00' }, status: { from: 'sent', to: 'paid' } } });
    expect((await history('payments', payment.body.id)).entries[0]).toMatchObject({ action: 'create', changes: { amount: { to: '900.00' } } });
    const device = (await api(clerk, 'POST', '/devices', { name: 'ELD audit' })).body;
    expect((await history('devices', device.id)).entries[0]).toMatchObject({ action: 'create', changes: { name: { to: 'ELD audit' } } });
    expect(JSON.stringify((await history('devices', device.id)).entries)).not.toContain(device.token);
  });

  it('pages through everything, by user and by time, newest first', async () => {
    for (let i = 0; i < 105; i++) await api(dispatcher, 'POST', '/trucks', truckBody(`B-${i}`));
    const first = (await api(clerk, 'GET', '/audit?user=dispatcher@example.com')).body;
    expect(first.entries).toHaveLength(100);
    expect(first.next).toEqual(expect.any(String));
    const second = (await api(clerk, 'GET', `/audit?user=dispatcher@example.com&after=${encodeURIComponent(first.next)}`)).body;
    const all = [...first.entries, ...second.entries];
    expect(second.next).toBeNull();
    // 105 trucks, the truck update, the payment and the invoice it paid: across two services, each once.
    expect(all).toHaveLength(108);
    expect(new Set(all.map((entry: any) => entry.id)).size).toBe(108);
    expect(all.every((entry: any) => entry.userEmail === 'dispatcher@example.com')).toBe(true);
    expect(all.map((entry: any) => entry.at)).toEqual([...all.map((entry: any) => entry.at)].sort().reverse());
    const trucks = (await api(clerk, 'GET', '/audit?resource=trucks&user=dispatcher@example.com')).body;
    expect(trucks.entries.every((entry: any) => entry.resource === 'trucks')).toBe(true);
    const future = (await api(clerk, 'GET', '/audit?from=2999-01-01')).body;
    expect(future).toEqual({ entries: [], next: null });
    const today = new Date().toISOString().slice(0, 10);
    expect((await api(clerk, 'GET', `/audit?from=${today}&to=2999-01-01&user=clerk@example.com`)).body.entries.length).toBeGreaterThan(0);
  }, 120_000);

  it('answers 400 for a query it cannot read', async () => {
    expect(await api(clerk, 'GET', '/audit?resource=spaceships')).toMatchObject({ status: 400, body: { issues: { resource: ['Unknown resource'] } } });
    expect(await api(clerk, 'GET', '/audit?id=00000000-0000-4000-8000-000000000001')).toMatchObject({ status: 400, body: { issues: { id: ['Give the resource of the record (resource=loads&id=...)'] } } });
    expect(await api(clerk, 'GET', '/audit?from=yesterday')).toMatchObject({ status: 400 });
  });

  it('answers 400 with a message, never a 5xx, for a filter or cursor that is not a real time or id', async () => {
    const cursor = (at: string, id = '00000000-0000-4000-8000-000000000001') => encodeURIComponent(`${at}|${id}`);
    const malformed: [string, string, string][] = [
      ['from=2026-02-30', 'from', AUDIT_MESSAGES.from],
      ['to=2026-13-01', 'to', AUDIT_MESSAGES.to],
      ['from=2026-02-28T24:30', 'from', AUDIT_MESSAGES.from],
      ['from=0000-01-01', 'from', AUDIT_MESSAGES.from],
      ['to=2026-01-01T10:00+99:00', 'to', AUDIT_MESSAGES.to],
      [`after=${cursor('2026-02-30T10:00:00.000000Z')}`, 'after', AUDIT_MESSAGES.after],
      [`after=${cursor('2026-01-01T99:99:99Z')}`, 'after', AUDIT_MESSAGES.after],
      [`after=${cursor('2026-01-01T10:00:00.000000Z', '------------------------------------')}`, 'after', AUDIT_MESSAGES.after],
      [`after=${cursor('2026-01-01T10:00:00.000000Z', 'gggggggg-0000-4000-8000-000000000001')}`, 'after', AUDIT_MESSAGES.after],
    ];
    for (const [query, field, message] of malformed) {
      expect({ query, ...(await api(clerk, 'GET', `/audit?${query}`)) }).toMatchObject({ query, status: 400, body: { issues: { [field]: [message] } } });
    }
    const [entry] = (await api(clerk, 'GET', '/audit')).body.entries;
    expect((await api(clerk, 'GET', `/audit?from=2024-02-29&after=${encodeURIComponent(auditCursor(entry))}`)).status).toBe(200);
  });

  it('answers 401 signed out, and cannot be changed through the API or in the database', async () => {
    expect((await fetch(`${system.url}/api/audit`)).status).toBe(401);
    const [entry] = (await api(clerk, 'GET', '/audit')).body.entries;
    for (const method of ['PATCH', 'DELETE', 'PUT']) expect((await api(clerk, method, `/audit/${entry.id}`, method === 'DELETE' ? undefined : {})).status).toBe(404);
    // The trail is served, for reading only: 405 naming what it takes (issue 40).
    const posted = await fetch(`${system.url}/api/audit`, { method: 'POST', headers: { cookie: clerk, 'content-type': 'application/json', origin: system.url }, body: '{}' });
    expect({ status: posted.status, allow: posted.headers.get('allow') }).toEqual({ status: 405, allow: 'GET, HEAD' });
    await expect(database.query(`UPDATE core.audit_entries SET user_email = 'someone@else.example'`)).rejects.toThrow(/never changed or deleted/);
    await expect(database.query(`DELETE FROM accounting.audit_entries`)).rejects.toThrow(/never changed or deleted/);
  });
});
