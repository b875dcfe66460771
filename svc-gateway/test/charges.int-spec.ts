import { connect, type NatsConnection } from '@nats-io/transport-node';
import { rpcSubject, STOP_WATCH_ACTIONS, type AuditEntry, type Charge, type ChargeTerms, type Customer, type Load, type LoadChargeTerms, type StopAttention, type Truck } from '@tms/contracts';
import { config } from '@tms/service-kit';
import { httpRequest } from './support/http-request.js';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * Issue 43 through the whole built system: a load's charge lines (amounts worked out by the server, to the cent),
 * the terms that apply (the company's, a customer's own), and detention drafted from a stop's times, whoever said
 * them: a dispatcher through the load's write, or GPS through svc-telematics's `stops-seen` (asked here as
 * svc-telematics asks it). A time someone entered beats GPS's; a line approved is never changed by a later time.
 */
let system: RunningSystem;
let cookie: string;
let nats: NatsConnection;
let root: string;
let customer: Customer;
let truck: Truck;

const request = (method: string, path: string, body?: unknown) => httpRequest(system.url, cookie, method, path, body);
const ask = async <T>(action: string, payload: unknown): Promise<T> => {
  const subject = rpcSubject(root, 'core', 'loads', action);
  const reply = (await nats.request(subject, JSON.stringify({ pattern: subject, data: payload, id: String(Math.random()) }), { timeout: 5000 })).json<{ response: { ok: boolean; data: T } }>();
  if (!reply.response.ok) throw new Error(`${action}: ${JSON.stringify(reply.response)}`);
  return reply.response.data;
};

/** Times on 2027-03-01 (UTC): '10:00' → 2027-03-01T10:00:00.000Z. */
const at = (clock: string) => `2027-03-01T${clock}:00.000Z`;
let count = 0;
/** A load in transit whose pickup at 'Acme DC' is booked 08:00-10:00 (unless `pickup` says otherwise). */
async function load(pickup: Record<string, unknown> = {}, more: Record<string, unknown>[] = [], customerId = customer.id): Promise<Load> {
  const answer = await request('POST', '/api/loads', {
    loadNumber: `CHG-${++count}`, customerId, status: 'in-transit', assignedTruckId: truck.id, pickupLocation: 'Joliet, IL', pickupDate: '2027-03-01',
    deliveryLocation: 'Tulsa, OK', deliveryDate: '2027-03-02', rate: '2400.00',
    stops: [
      { type: 'pickup', location: 'Joliet, IL', facility: 'Acme DC', appointmentStart: at('08:00'), appointmentEnd: at('10:00'), ...pickup },
      ...more,
      { type: 'delivery', location: 'Tulsa, OK', appointmentStart: '2027-03-02T15:00:00Z', appointmentEnd: '2027-03-02T17:00:00Z' },
    ],
  });
  if (answer.status !== 201) throw new Error(`POST /api/loads: ${answer.status} ${answer.data.toString()}`);
  return answer.json as Load;
}
/** Sets the first stop's times as a dispatcher does: the load's stops written again, the first with `times`. */
async function dispatcherTimes(target: Load, times: Record<string, unknown>) {
  const current = (await request('GET', `/api/loads/${target.id}`)).json as Load;
  const stops = current.stops!.map((stop, index) => (index === 0 ? { ...stop, ...times } : stop));
  const answer = await request('PATCH', `/api/loads/${target.id}`, { stops });
  expect(answer.status).toBe(200);
  return answer.json as Load;
}
const charges = async (target: Load) => {
  const answer = await request('GET', `/api/loads/${target.id}/charges`);
  expect(answer.status).toBe(200);
  return answer.json as Charge[];
};
const detentionOf = async (target: Load) => (await charges(target)).filter(({ code }) => code === 'DETENTION');
/** The load's detention lines once `done` holds of them (drafts after GPS's times run outside its reply). */
async function once(target: Load, done: (lines: Charge[]) => boolean): Promise<Charge[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const lines = await detentionOf(target);
    if (done(lines)) return lines;
    if (Date.now() > deadline) throw new Error(`Not within 15 s: ${JSON.stringify(lines)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  system = await sharedSystem();
  root = new URL(system.databaseUrl).pathname.replace(/^\/tms_(\w+?)_(\w+)$/, '$1$2');
  cookie = await signIn(system.url, 'charges@example.com');
  nats = await connect({ servers: config.natsUrl });
  customer = (await request('POST', '/api/customers', { name: 'Charges Freight', email: 'ops@charges.example', phone: '555-0143', address: '1 Dock Rd, Joliet, IL', type: 'shipper' })).json;
  truck = (await request('POST', '/api/trucks', { truckNumber: 'CHG-T1', type: 'Semi', status: 'available', licensePlate: 'CHG-1' })).json;
}, 120_000);

afterAll(async () => {
  await nats?.close();
  await system?.stop();
}, 60_000);

describe('charge lines on a load', () => {
  it('are added, edited, approved and deleted, each amount quantity × rate to the cent, in the audit trail', async () => {
    const target = await load();
    const lumper = await request('POST', `/api/loads/${target.id}/charges`, { code: 'LUMPER', description: 'Lumper at Acme DC', quantity: '1', unit: 'flat', rate: '185.5', reimbursable: true, payableToDriver: true });
    expect(lumper.status).toBe(201);
    expect(lumper.json).toMatchObject({ loadId: target.id, code: 'LUMPER', quantity: '1.00', rate: '185.50', amount: '185.50', billable: true, reimbursable: true, payableToDriver: true, status: 'requested', drafted: false });

    const layover = await request('POST', `/api/loads/${target.id}/charges`, { code: 'LAYOVER', quantity: '0.33', unit: 'day', rate: '10.01' });
    expect(layover.json).toMatchObject({ amount: '3.30' }); // 3.3033
    const edited = await request('PATCH', `/api/loads/${target.id}/charges/${layover.json.id}`, { quantity: '1.5', rate: '0.01' });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ quantity: '1.50', rate: '0.01', amount: '0.02' }); // 0.015, half up
    const approved = await request('PATCH', `/api/loads/${target.id}/charges/${lumper.json.id}`, { status: 'approved' });
    expect(approved.json).toMatchObject({ status: 'approved', amount: '185.50' });

    expect((await charges(target)).map(({ code, amount, status }) => [code, amount, status])).toEqual([
      ['LUMPER', '185.50', 'approved'],
      ['LAYOVER', '0.02', 'requested'],
    ]);
    expect((await request('DELETE', `/api/loads/${target.id}/charges/${layover.json.id}`)).status).toBe(204);
    expect((await charges(target)).map(({ code }) => code)).toEqual(['LUMPER']);

    const history = (await request('GET', `/api/audit?resource=charges&id=${layover.json.id}`)).json as { entries: AuditEntry[] };
    expect(history.entries.map(({ action, userEmail }) => [action, userEmail])).toEqual([
      ['delete', 'charges@example.com'],
      ['update', 'charges@example.com'],
      ['create', 'charges@example.com'],
    ]);
    expect(history.entries[1].changes).toMatchObject({ quantity: { from: '0.33', to: '1.50' }, amount: { from: '3.30', to: '0.02' } });
  });

  it('say what is wrong in plain words, and find no line on another load', async () => {
    const target = await load();
    const other = await load();
    const wrong = await request('POST', `/api/loads/${target.id}/charges`, { code: 'FREIGHT', quantity: '1.234', unit: 'flat', rate: '12.345' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.issues).toEqual({
      code: ['Code must be one of: LINEHAUL, FUEL_SURCHARGE, DETENTION, LAYOVER, TONU, LUMPER, STOP_OFF, TARP, OTHER'],
      quantity: ['Enter a quantity like 1.5 (at most 2 decimals, up to 9999.99)'],
      rate: ['Enter an amount like 1234.50'],
    });
    const foreignStop = await request('POST', `/api/loads/${target.id}/charges`, { code: 'LUMPER', quantity: '1', unit: 'flat', rate: '50', stopId: other.stops![0].id });
    expect(foreignStop.status).toBe(400);
    expect(foreignStop.json.issues).toEqual({ stopId: ["That stop is not one of this load's stops"] });
    const tooMuch = await request('POST', `/api/loads/${target.id}/charges`, { code: 'OTHER', quantity: '9999.99', unit: 'flat', rate: '99999999.99' });
    expect(tooMuch.json.issues).toEqual({ quantity: ['Quantity times rate is more than 99999999.99'] });

    const line = await request('POST', `/api/loads/${target.id}/charges`, { code: 'TARP', quantity: '1', unit: 'flat', rate: '75' });
    expect((await request('PATCH', `/api/loads/${other.id}/charges/${line.json.id}`, { status: 'approved' })).status).toBe(404);
    expect((await request('PATCH', `/api/loads/${target.id}/charges/${line.json.id}`, { loadId: other.id })).json.issues).toEqual({ loadId: ['A charge stays on its load: delete it and add it to the other load'] });
    expect((await request('GET', '/api/loads/00000000-0000-4000-8000-0000000000aa/charges')).status).toBe(404);
    expect((await request('GET', '/api/loads/not-an-id/charges')).status).toBe(404);
  });

  it("takes a TONU with no stop visited, priced by the customer's own terms", async () => {
    const own = (await request('POST', '/api/customers', { name: 'Own Terms Co', email: 'ops@own-terms.example', phone: '555-0144', address: '2 Dock Rd', type: 'shipper', tonuFlat: '250', detentionRatePerHour: '55.00' })).json as Customer;
    const target = await load({}, [], own.id);
    const tonu = await request('POST', `/api/loads/${target.id}/charges`, { code: 'TONU', quantity: '1' });
    expect(tonu.status).toBe(201);
    expect(tonu.json).toMatchObject({ code: 'TONU', unit: 'flat', rate: '250.00', amount: '250.00', stopId: null, status: 'requested' });
    const terms = (await request('GET', `/api/loads/${target.id}/charge-terms`)).json as LoadChargeTerms;
    expect(terms).toMatchObject({ customerName: 'Own Terms Co', tonuFlat: '250.00', detentionRatePerHour: '55.00', detentionFreeHours: '2.00', detentionCapHours: '5.00', billingIncrementMinutes: 15 });
    expect(terms.from).toMatchObject({ tonuFlat: 'customer', detentionRatePerHour: 'customer', detentionFreeHours: 'company' });
    // A code the terms do not price needs its rate.
    expect((await request('POST', `/api/loads/${target.id}/charges`, { code: 'LUMPER', quantity: '1' })).json.issues).toEqual({ rate: ['Rate is required'] });
  });
});

describe("the company's charge terms", () => {
  it('are the defaults until saved, and are checked field by field', async () => {
    const terms = (await request('GET', '/api/charge-terms')).json as ChargeTerms;
    expect(terms).toEqual({ detentionFreeHours: '2.00', detentionRatePerHour: '40.00', detentionCapHours: '5.00', billingIncrementMinutes: 15, layoverPerDay: null, tonuFlat: null, stopOffPerStop: null, fuelSurchargePerMile: null });
    const wrong = await request('PUT', '/api/charge-terms', { ...terms, detentionFreeHours: '', billingIncrementMinutes: 0 });
    expect(wrong.status).toBe(400);
    expect(wrong.json.issues).toEqual({ detentionFreeHours: ['Detention free hours are required'], billingIncrementMinutes: ['Must be between 1 and 240'] });
    const saved = await request('PUT', '/api/charge-terms', { ...terms, layoverPerDay: '150' });
    expect(saved.json).toMatchObject({ layoverPerDay: '150.00' });
    const history = (await request('GET', '/api/audit?resource=charge-terms')).json as { entries: AuditEntry[] };
    expect(history.entries[0]).toMatchObject({ action: 'update', changes: { layoverPerDay: { from: null, to: '150.00' } } });
    expect((await request('PUT', '/api/charge-terms', terms)).status).toBe(200);
  });
});

describe('detention drafted from the stop’s times', () => {
  it("drafts one requested, billable line from a dispatcher's times, updates it while requested, and deletes it when the time no longer bills", async () => {
    const target = await load();
    // Arrived 08:30 (before 10:00), left 11:20: 2 h 50 min waited, 50 min past 2 free hours, by 15 minutes: 1 h.
    await dispatcherTimes(target, { arrivedAt: at('08:30'), departedAt: at('11:20') });
    const [line] = await detentionOf(target);
    expect(line).toMatchObject({ stopId: target.stops![0].id, quantity: '1.00', unit: 'hour', rate: '40.00', amount: '40.00', status: 'requested', billable: true, drafted: true });
    expect(line.description).toBe('Detention at Acme DC: waited 2 h 50 min, 1 h billed after 2 h free');

    await dispatcherTimes(target, { departedAt: at('16:00') }); // 7 h 30 min: capped at 5 h
    expect(await detentionOf(target)).toMatchObject([{ id: line.id, quantity: '5.00', amount: '200.00', status: 'requested' }]);
    await dispatcherTimes(target, { departedAt: at('10:25') }); // within the free time: nothing to bill
    expect(await detentionOf(target)).toEqual([]);
    const history = (await request('GET', `/api/audit?resource=charges&id=${line.id}`)).json as { entries: AuditEntry[] };
    expect(history.entries.map(({ action, userEmail }) => [action, userEmail])).toEqual([
      ['delete', 'charges@example.com'],
      ['update', 'charges@example.com'],
      ['create', 'charges@example.com'],
    ]);
  });

  it('drafts nothing for a late arrival, and starts the clock at the appointment for an early one', async () => {
    const late = await load();
    await dispatcherTimes(late, { arrivedAt: at('10:01'), departedAt: at('18:00') });
    expect(await detentionOf(late)).toEqual([]);
    const early = await load();
    await dispatcherTimes(early, { arrivedAt: at('06:00'), departedAt: at('10:31') }); // from 08:00: 2 h 31 min
    expect(await detentionOf(early)).toMatchObject([{ quantity: '0.75', amount: '30.00' }]);
  });

  it("drafts from GPS's departure, and a dispatcher's time beats GPS's", async () => {
    const target = await load();
    const pickup = target.stops![0].id;
    await ask(STOP_WATCH_ACTIONS.seen, { stops: [{ loadId: target.id, stopId: pickup, gpsArrivedAt: at('07:50'), gpsDepartedAt: at('10:40') }] });
    // GPS: from 08:00 to 10:40, 40 min over: 0.75 h.
    const [fromGps] = await once(target, (lines) => lines.length === 1);
    expect(fromGps).toMatchObject({ quantity: '0.75', amount: '30.00', status: 'requested', drafted: true });
    const drafted = (await request('GET', `/api/audit?resource=charges&id=${fromGps.id}`)).json as { entries: AuditEntry[] };
    expect(drafted.entries[0]).toMatchObject({ action: 'create', userEmail: 'gps' });

    // The dispatcher says the truck left at 11:05: the line follows (still requested).
    await dispatcherTimes(target, { departedAt: at('11:05'), departedSource: 'dispatcher' });
    expect(await detentionOf(target)).toMatchObject([{ id: fromGps.id, quantity: '1.25', amount: '50.00' }]);
    // GPS sees another departure later: kept beside the dispatcher's, which still counts.
    await ask(STOP_WATCH_ACTIONS.seen, { stops: [{ loadId: target.id, stopId: pickup, gpsDepartedAt: at('12:30') }] });
    const stop = ((await request('GET', `/api/loads/${target.id}`)).json as Load).stops![0];
    expect(stop).toMatchObject({ departedAt: at('11:05'), departedSource: 'dispatcher', gpsDepartedAt: at('12:30') });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await detentionOf(target)).toMatchObject([{ id: fromGps.id, quantity: '1.25', amount: '50.00' }]);
  });

  it('never changes a line already approved or denied', async () => {
    const target = await load();
    await dispatcherTimes(target, { arrivedAt: at('08:00'), departedAt: at('10:10') }); // 10 min over: 0.25 h
    const [line] = await detentionOf(target);
    expect(line).toMatchObject({ quantity: '0.25', amount: '10.00' });
    expect((await request('PATCH', `/api/loads/${target.id}/charges/${line.id}`, { status: 'approved' })).status).toBe(200);
    await dispatcherTimes(target, { departedAt: at('12:00') });
    await ask(STOP_WATCH_ACTIONS.seen, { stops: [{ loadId: target.id, stopId: target.stops![0].id, gpsDepartedAt: at('13:00') }] });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await detentionOf(target)).toMatchObject([{ id: line.id, quantity: '0.25', amount: '10.00', status: 'approved' }]);
    // Nor one denied, even when the time no longer bills.
    expect((await request('PATCH', `/api/loads/${target.id}/charges/${line.id}`, { status: 'denied' })).status).toBe(200);
    await dispatcherTimes(target, { departedAt: at('09:00') });
    expect(await detentionOf(target)).toMatchObject([{ id: line.id, status: 'denied', amount: '10.00' }]);
  });

  it("drafts a stop-off line for each extra stop by the customer's terms", async () => {
    const own = (await request('POST', '/api/customers', { name: 'Stop Off Co', email: 'ops@stop-off.example', phone: '555-0145', address: '3 Dock Rd', type: 'shipper', stopOffPerStop: '75' })).json as Customer;
    const target = await load({}, [{ type: 'delivery', location: 'Springfield, MO', facility: 'Ozark DC' }], own.id);
    const lines = await charges(target);
    expect(lines).toMatchObject([{ code: 'STOP_OFF', stopId: target.stops![1].id, quantity: '1.00', unit: 'stop', rate: '75.00', amount: '75.00', status: 'requested', drafted: true, description: 'Stop-off at Ozark DC (stop 2)' }]);
  });

  it("shows in Needs Attention a truck waiting within 30 minutes before its free time ends", async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const target = await load({ appointmentStart: minutesAgo(200), appointmentEnd: minutesAgo(60), arrivedAt: minutesAgo(100) });
    const attention = (await request('GET', '/api/loads/attention')).json as StopAttention[];
    const item = attention.find(({ loadId }) => loadId === target.id);
    expect(item).toMatchObject({ kind: 'detention', sequence: 1, stopId: target.stops![0].id });
    expect(item!.message).toMatch(/^Detention starts at \d{2}:\d{2} at Acme DC, tell the broker now$/);
    expect(item!.lateMinutes).toBeGreaterThanOrEqual(-21);
    expect(item!.lateMinutes).toBeLessThanOrEqual(-19);
    // Not yet within 30 minutes of it: nothing to say.
    const early = await load({ appointmentStart: minutesAgo(200), appointmentEnd: minutesAgo(60), arrivedAt: minutesAgo(80) });
    // Nor once detention runs: the notice is for before (the drawer's clock shows it then).
    const running = await load({ appointmentStart: minutesAgo(200), appointmentEnd: minutesAgo(60), arrivedAt: minutesAgo(130) });
    const later = (await request('GET', '/api/loads/attention')).json as StopAttention[];
    expect(later.find(({ loadId }) => loadId === early.id)).toBeUndefined();
    expect(later.find(({ loadId }) => loadId === running.id)).toBeUndefined();
  });
});
