import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { extractText, getDocumentProxy } from 'unpdf';
import { eventSubject, rpcSubject, STOP_WATCH_ACTIONS, type AuditEntry, type Customer, type Invoice, type Load, type Settlement, type StopAttention, type StopEvent, type StopsToWatch, type Truck, type WatchedLoad } from '@tms/contracts';
import { config } from '@tms/service-kit';
import { httpRequest } from './support/http-request.js';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * Issue 42 through the whole built system: a load is its stops. The spec's pickup and delivery fields are the first
 * and last stop's both ways, every stop is checked with messages that name it, stops replaced by id keep what
 * happened there, and GPS's records (svc-telematics's `stops-seen`) never overwrite a time someone entered.
 */
let system: RunningSystem;
let cookie: string;
let nats: NatsConnection;
let root: string;
let customer: Customer;
let truck: Truck;

const request = (method: string, path: string, body?: unknown) => httpRequest(system.url, cookie, method, path, body);
let count = 0;
const spec = (fields: Record<string, unknown> = {}) => ({
  loadNumber: `STOPS-I-${++count}`, customerId: customer.id, status: 'pending', pickupLocation: 'Joliet, IL', pickupDate: '2027-03-01',
  deliveryLocation: 'El Paso, TX', deliveryDate: '2027-03-03', rate: '4200.00', ...fields,
});
const stop = (type: 'pickup' | 'delivery', location: string, fields: Record<string, unknown> = {}) => ({ type, location, ...fields });

/** A PDF's text, one string per page, its spaces as one. */
async function pdfText(path: string): Promise<string> {
  const answer = await request('GET', path);
  expect(answer.status).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(answer.data)));
  return text.join(' ').replace(/\s+/g, ' ');
}

async function created(body: unknown): Promise<Load> {
  const answer = await request('POST', '/api/loads', body);
  if (answer.status !== 201) throw new Error(`POST /api/loads: ${answer.status} ${answer.data.toString()}`);
  return answer.json as Load;
}
const read = async (id: string) => (await request('GET', `/api/loads/${id}`)).json as Load;
const ask = async <T>(action: string, payload: unknown): Promise<T> => {
  // As svc-telematics asks it (Nest's NATS request: pattern, data and an id to answer).
  const subject = rpcSubject(root, 'core', 'loads', action);
  const reply = (await nats.request(subject, JSON.stringify({ pattern: subject, data: payload, id: String(Math.random()) }), { timeout: 5000 })).json<{ response: { ok: boolean; data: T } }>();
  if (!reply.response.ok) throw new Error(`${action}: ${JSON.stringify(reply.response)}`);
  return reply.response.data;
};

/** Every page of the loads under way, as svc-telematics's watcher follows them. */
async function allWatched() {
  const loads: WatchedLoad[] = [];
  const pages: number[] = [];
  for (let page: { after?: string } = {}; ; ) {
    const reply = await ask<StopsToWatch>(STOP_WATCH_ACTIONS.toWatch, page);
    loads.push(...reply.loads);
    pages.push(reply.loads.length);
    if (!reply.next) return { loads, pages };
    page = { after: reply.next };
  }
}

beforeAll(async () => {
  system = await sharedSystem();
  root = new URL(system.databaseUrl).pathname.replace(/^\/tms_(\w+?)_(\w+)$/, '$1$2');
  cookie = await signIn(system.url, 'stops@example.com');
  nats = await connect({ servers: config.natsUrl });
  const customerAnswer = await request('POST', '/api/customers', { name: 'Stops Freight', email: 'stops@stops.example', phone: '555-0142', address: '1 Dock Rd, Joliet, IL', type: 'shipper' });
  customer = customerAnswer.json as Customer;
  const truckAnswer = await request('POST', '/api/trucks', { truckNumber: 'STOPS-T1', type: 'Semi', status: 'available', licensePlate: 'STP-1' });
  truck = truckAnswer.json as Truck;
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await nats?.drain();
}, 60_000);

describe("a load's stops", () => {
  it('gives a load written the spec\'s way its two stops, looked up by city, over their whole days', async () => {
    const load = await created(spec());
    expect(load.stopCount).toBe(2);
    const { stops } = await read(load.id);
    expect(stops).toMatchObject([
      { sequence: 1, type: 'pickup', location: 'Joliet, IL', geocoded: 'city', appointmentStart: '2027-03-01T06:00:00.000Z', appointmentEnd: '2027-03-02T05:59:00.000Z' },
      { sequence: 2, type: 'delivery', location: 'El Paso, TX', geocoded: 'city' },
    ]);
    expect(stops![0].latitude).toBeCloseTo(41.5, 0);
    expect(stops![0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets the spec fields from the first and last stop (days in the company\'s time zone), and the list carries only their count', async () => {
    const load = await created(
      spec({
        stops: [
          stop('pickup', 'Dallas, TX', { address: '4500 Irving Blvd, Dallas, TX 75247', appointmentStart: '2027-03-05T22:00:00-06:00' }),
          stop('pickup', 'Fort Worth, TX', { latitude: 32.75, longitude: -97.33 }),
          stop('delivery', 'Tulsa, OK', { appointmentStart: '2027-03-07T01:00:00Z', appointmentEnd: '2027-03-07T03:00:00Z', reference: 'PO 1182' }),
        ],
      }),
    );
    // 01:00 UTC on the 7th is the 6th in Chicago.
    expect(load).toMatchObject({ pickupLocation: 'Dallas, TX', pickupDate: '2027-03-05', deliveryLocation: 'Tulsa, OK', deliveryDate: '2027-03-06', stopCount: 3 });
    expect(load.stops).toMatchObject([{ geocoded: 'zip' }, { geocoded: null, latitude: 32.75 }, { reference: 'PO 1182', geocoded: 'city' }]);
    const list = (await request('GET', '/api/loads')).json as Load[];
    const row = list.find(({ id }) => id === load.id)!;
    expect(row.stopCount).toBe(3);
    expect(row).not.toHaveProperty('stops');
  });

  it('moves the first and last stop with the spec fields', async () => {
    const load = await created(spec({ stops: [stop('pickup', 'Joliet, IL', { appointmentStart: '2027-03-01T08:00:00-06:00', appointmentEnd: '2027-03-01T10:00:00-06:00' }), stop('delivery', 'Peoria, IL'), stop('delivery', 'El Paso, TX')] }));
    const changed = await request('PATCH', `/api/loads/${load.id}`, { pickupDate: '2027-03-02', deliveryLocation: 'Las Cruces, NM' });
    expect(changed.status).toBe(200);
    const { stops } = await read(load.id);
    expect(stops![0]).toMatchObject({ appointmentStart: '2027-03-02T14:00:00.000Z', appointmentEnd: '2027-03-02T16:00:00.000Z' });
    expect(stops![1].location).toBe('Peoria, IL');
    expect(stops![2]).toMatchObject({ location: 'Las Cruces, NM', geocoded: 'city' });
  });

  it('answers each wrong stop with a message that names it', async () => {
    const answer = await request('POST', '/api/loads', spec({
      stops: [stop('delivery', 'Dallas, TX'), stop('pickup', 'Tulsa, OK', { appointmentStart: '2027-03-02T10:00:00Z', appointmentEnd: '2027-03-02T09:00:00Z' }), stop('delivery', ' ')],
    }));
    expect(answer.status).toBe(400);
    expect((answer.json as { issues: Record<string, string[]> }).issues).toEqual({
      'stops.0.type': ['The first stop must be a pickup'],
      'stops.1.appointmentEnd': ['Stop 2: appointment end is before its start'],
      'stops.2.location': ['Stop 3: Location is required'],
    });
    for (const stops of [[stop('pickup', 'Dallas, TX')], Array.from({ length: 21 }, (_, index) => stop(index ? 'delivery' : 'pickup', 'Dallas, TX'))]) {
      const wrong = await request('POST', '/api/loads', spec({ stops }));
      expect(wrong.status).toBe(400);
      expect((wrong.json as { issues: Record<string, string[]> }).issues).toEqual({ stops: ['A load has 2 to 20 stops'] });
    }
    const last = await request('POST', '/api/loads', spec({ stops: [stop('pickup', 'Dallas, TX'), stop('pickup', 'Tulsa, OK')] }));
    expect((last.json as { issues: Record<string, string[]> }).issues).toEqual({ 'stops.1.type': ['The last stop must be a delivery'] });
    const twenty = await created(spec({ stops: Array.from({ length: 20 }, (_, index) => stop(index ? 'delivery' : 'pickup', 'Dallas, TX')) }));
    expect(twenty.stopCount).toBe(20);
  });

  it('still holds that delivery is not before pickup', async () => {
    const answer = await request('POST', '/api/loads', spec({ stops: [stop('pickup', 'Dallas, TX', { appointmentStart: '2027-03-05T10:00:00-06:00' }), stop('delivery', 'Tulsa, OK', { appointmentStart: '2027-03-04T10:00:00-06:00' })] }));
    expect(answer.status).toBe(400);
    expect((answer.json as { issues: Record<string, string[]> }).issues).toEqual({ deliveryDate: ['Delivery date must not be before pickup date'] });
  });

  it('keeps what happened at a stop that keeps its id when the list is replaced, and records the change in the audit trail', async () => {
    const load = await created(spec({ stops: [stop('pickup', 'Joliet, IL', { arrivedAt: '2027-03-01T14:05:00Z', arrivedSource: 'driver' }), stop('delivery', 'El Paso, TX')] }));
    const [first, last] = load.stops!;
    expect(first).toMatchObject({ arrivedAt: '2027-03-01T14:05:00.000Z', arrivedSource: 'driver' });
    const replaced = await request('PATCH', `/api/loads/${load.id}`, {
      stops: [{ id: first.id, type: 'pickup', location: 'Joliet, IL', reference: 'PU 77' }, stop('delivery', 'Amarillo, TX'), { id: last.id, type: 'delivery', location: 'El Paso, TX' }],
    });
    expect(replaced.status).toBe(200);
    const { stops, stopCount } = await read(load.id);
    expect(stopCount).toBe(3);
    expect(stops!.map(({ id }) => id)).toEqual([first.id, expect.any(String), last.id]);
    expect(stops![0]).toMatchObject({ arrivedAt: '2027-03-01T14:05:00.000Z', arrivedSource: 'driver', reference: 'PU 77' });
    const history = (await request('GET', `/api/audit?resource=loads&id=${load.id}`)).json as { entries: AuditEntry[] };
    const entries = history.entries ?? (history as unknown as AuditEntry[]);
    expect(entries.some(({ changes }) => String(changes.stopsSummary?.to ?? '').includes('Delivery Amarillo, TX'))).toBe(true);
  });

  it("records GPS's times beside a dispatcher's, moves an assigned load in transit at the first pickup, and announces each first arrival", async () => {
    const load = await created(
      spec({
        status: 'assigned',
        assignedTruckId: truck.id,
        stops: [stop('pickup', 'Joliet, IL'), stop('delivery', 'Peoria, IL', { arrivedAt: '2027-03-02T18:00:00Z' }), stop('delivery', 'El Paso, TX')],
      }),
    );
    const [first, second, third] = load.stops!;
    const watched = await allWatched();
    expect(watched.loads.find(({ loadId }) => loadId === load.id)).toMatchObject({ truckId: truck.id, status: 'Assigned', stops: [{ id: first.id, sequence: 1 }, { id: second.id }, { id: third.id }] });

    const announced: StopEvent[] = [];
    const subscription: Subscription = nats.subscribe(eventSubject(root, 'stop', 'arrived'), {
      callback: (_error, message) => {
        announced.push(message.json<{ data: StopEvent }>().data ?? message.json<StopEvent>());
      },
    });
    const seen = {
      stops: [
        { loadId: load.id, stopId: first.id, gpsArrivedAt: '2027-03-01T15:00:00Z', gpsDepartedAt: '2027-03-01T16:00:00Z' },
        { loadId: load.id, stopId: second.id, gpsArrivedAt: '2027-03-02T18:20:00Z' },
        { loadId: load.id, stopId: third.id, eta: '2027-03-04T12:00:00Z' },
      ],
    };
    expect(await ask<{ recorded: number }>(STOP_WATCH_ACTIONS.seen, seen)).toEqual({ recorded: 3 });
    expect(await ask<{ recorded: number }>(STOP_WATCH_ACTIONS.seen, seen)).toEqual({ recorded: 0 });

    const after = await read(load.id);
    expect(after.status).toBe('in-transit');
    expect(after.stops![0]).toMatchObject({ arrivedAt: '2027-03-01T15:00:00.000Z', arrivedSource: 'gps', departedAt: '2027-03-01T16:00:00.000Z', departedSource: 'gps' });
    expect(after.stops![1]).toMatchObject({ arrivedAt: '2027-03-02T18:00:00.000Z', arrivedSource: 'dispatcher', gpsArrivedAt: '2027-03-02T18:20:00.000Z' });
    expect(after.stops![2]).toMatchObject({ arrivedAt: null, eta: '2027-03-04T12:00:00.000Z' });

    const history = (await request('GET', `/api/audit?resource=loads&id=${load.id}`)).json as { entries: AuditEntry[] };
    const entries = history.entries ?? (history as unknown as AuditEntry[]);
    expect(entries.find(({ changes }) => (changes.status?.to as string) === 'in-transit')).toMatchObject({ userEmail: 'gps' });

    await new Promise((resolve) => setTimeout(resolve, 500));
    subscription.unsubscribe();
    expect(announced.filter(({ loadId }) => loadId === load.id)).toEqual([{ loadId: load.id, stopId: first.id, sequence: 1, type: 'pickup', at: '2027-03-01T15:00:00.000Z', source: 'gps' }]);
  }, 30_000);

  it('answers the loads under way in pages of at most 100, every load once, however many there are', async () => {
    const ours: string[] = [];
    for (let n = 0; n < 105; n += 15) {
      const batch = await Promise.all(Array.from({ length: 15 }, () => created(spec({ status: 'assigned', assignedTruckId: truck.id }))));
      ours.push(...batch.map(({ id }) => id));
    }
    const { loads, pages } = await allWatched();
    expect(pages.length).toBeGreaterThan(1);
    expect(Math.max(...pages)).toBeLessThanOrEqual(100);
    const ids = loads.map(({ loadId }) => loadId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ours.filter((id) => !ids.includes(id))).toEqual([]);
    const invalid = await nats.request(rpcSubject(root, 'core', 'loads', STOP_WATCH_ACTIONS.toWatch), JSON.stringify({ pattern: 'x', data: { after: 'not an id' }, id: '1' }), { timeout: 5000 });
    expect(invalid.json<{ response: { ok: boolean } }>().response.ok).toBe(false);
  }, 120_000);

  it('prints every stop on the invoice with its appointment and times, and the route with its stop count on the statement', async () => {
    const driver = (await request('POST', '/api/drivers', { name: 'Stop Driver', email: 'stop.driver@stops.example', phone: '555-0143', licenseNumber: 'STP-CDL-1', status: 'on-duty', payType: 'perLoad', payRate: '300.00' })).json as { id: string };
    const load = await created(
      spec({
        status: 'delivered',
        assignedDriverId: driver.id,
        stops: [
          stop('pickup', 'Dallas, TX', { facility: 'Irving DC', appointmentStart: '2027-04-05T08:00:00-05:00', appointmentEnd: '2027-04-05T10:00:00-05:00', arrivedAt: '2027-04-05T13:12:00Z', arrivedSource: 'driver' }),
          stop('delivery', 'Oklahoma City, OK', { reference: 'PO 5521' }),
          stop('delivery', 'Tulsa, OK', { appointmentStart: '2027-04-06T09:00:00-05:00' }),
        ],
      }),
    );
    const invoice = (await request('POST', '/api/invoices', {
      invoiceNumber: 'INV-STOPS-1', loadId: load.id, customerId: customer.id, status: 'sent', invoiceDate: '2027-04-07', dueDate: '2027-05-07', subtotal: '4200.00', total: '4200.00',
    })).json as Invoice;
    const text = await pdfText(`/api/invoices/${invoice.id}/pdf`);
    expect(text).toContain('STOPS (3)');
    // Times in the company's time zone (America/Chicago: CDT in April).
    expect(text).toMatch(/1\. Pickup Dallas, TX, Irving DC Appt 04\/05\/2027 08:00-10:00/);
    expect(text).toContain('Arrived 04/05/2027 08:12 (Driver)');
    expect(text).toMatch(/2\. Delivery Oklahoma City, OK No appointment Ref PO 5521/);
    expect(text).toMatch(/3\. Delivery Tulsa, OK Appt 04\/06\/2027 09:00/);
    expect(await pdfText(`/api/invoices/${invoice.id}/packet`)).toContain('STOPS (3)');

    const settlement = (await request('POST', '/api/settlements', {
      driverId: driver.id, settlementNumber: 'SETTLE-20270407-4242', periodStart: '2027-04-01', periodEnd: '2027-04-07', totalRevenue: '4200.00', driverPay: '300.00', netPay: '300.00', status: 'Pending', loadIds: [load.id],
    })).json as Settlement;
    expect(await pdfText(`/api/settlements/${settlement.id}/pdf`)).toContain('Dallas, TX to Tulsa, OK, 3 stops');
  }, 30_000);

  it("lists under what needs attention a load that left its last stop undelivered, and late and at-risk stops with how late", async () => {
    // One 'now' for every time: the estimate's lateness is their difference, rounded up to the minute.
    const now = Date.now();
    const hours = (count: number) => new Date(now + count * 3_600_000).toISOString();
    const left = await created(spec({ status: 'in-transit', stops: [stop('pickup', 'Joliet, IL', { arrivedAt: hours(-9), departedAt: hours(-8) }), stop('delivery', 'Peoria, IL', { arrivedAt: hours(-3), departedAt: hours(-2) })] }));
    const late = await created(spec({ status: 'assigned', stops: [stop('pickup', 'Joliet, IL', { appointmentEnd: hours(-2) }), stop('delivery', 'Peoria, IL', { appointmentEnd: hours(1) })] }));
    // Its pickup has no appointment: the spec's pickup day stays, which must not come after the delivery's.
    const risky = await created(spec({ pickupDate: '2026-01-01', status: 'in-transit', assignedTruckId: truck.id, stops: [stop('pickup', 'Joliet, IL', { arrivedAt: hours(-3) }), stop('delivery', 'Peoria, IL', { appointmentEnd: hours(2) })] }));
    await ask(STOP_WATCH_ACTIONS.seen, { stops: [{ loadId: risky.id, stopId: risky.stops![1].id, eta: hours(3.5) }] });
    const attention = (await request('GET', '/api/loads/attention')).json as StopAttention[];
    const of = (load: Load) => attention.find(({ loadId }) => loadId === load.id);
    expect(of(left)).toMatchObject({ kind: 'departed-last', sequence: 2, message: 'Departed last stop, not delivered' });
    expect(of(late)).toMatchObject({ kind: 'late', sequence: 1, message: expect.stringMatching(/^Stop 1 \(Joliet, IL\) is late by 2 h/) });
    expect(of(risky)).toMatchObject({ kind: 'at-risk', sequence: 2, message: 'Stop 2 (Peoria, IL) is at risk: 1 h 30 min late at 50 mph' });
  }, 15_000);
});
