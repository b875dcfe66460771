import { companyTime, type Charge, type Customer, type Invoice, type InvoiceDraft, type Load, type Settlement, type SettlementDraft, type Track } from '@tms/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { httpRequest, type Answer } from './support/http-request.js';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * Issue 43, points 4 and 5, through the whole built system: 'Create Invoice' fills the invoice from the line haul and the
 * load's approved billable charges (asked of svc-core by svc-accounting), the invoice keeps them whatever the charges
 * do later, its PDF lists them, and its packet has a detention line's evidence page (the stop's times and who said
 * them, what GPS saw inside the stop: svc-telematics's positions of the load's truck) before the lines' receipts.
 * A driver's settlement pays per extra stop and a share of approved detention, and pays back what the driver paid.
 *
 * Times are in the past (positions older than GPS_RETENTION_DAYS are dropped, newer than now refused): minute m is
 * BASE + m minutes. The shared system's default terms apply: 2 free hours, $40.00 an hour, by 15 minutes, 5 h cap.
 */
let system: RunningSystem;
let cookie: string;
let customer: Customer;

const BASE = Math.floor((Date.now() - 8 * 3_600_000) / 60_000) * 60_000;
const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();
const MILES_PER_DEGREE = 69.0933;
const PICKUP = { latitude: 41.5, longitude: -88 };
const request = (method: string, path: string, body?: unknown) => httpRequest(system.url, cookie, method, path, body);

async function pdfText(answer: Answer): Promise<string[]> {
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(answer.data)));
  return text.map((page) => page.replace(/\s+/g, ' '));
}

let count = 0;
/** A delivered load of its own truck, picking up at PICKUP (booked minute 0 to 60), delivering 200 miles on. */
async function deliveredLoad(rate = '2400.00') {
  const n = ++count;
  const truck = await request('POST', '/api/trucks', { truckNumber: `BIL-T${n}`, type: 'Semi', status: 'available', licensePlate: `BIL-${n}` });
  expect(truck.status).toBe(201);
  const answer = await request('POST', '/api/loads', {
    loadNumber: `BIL-${n}`, customerId: customer.id, status: 'delivered', assignedTruckId: truck.json.id, pickupLocation: 'Joliet, IL', pickupDate: at(0).slice(0, 10),
    deliveryLocation: 'Tulsa, OK', deliveryDate: at(0).slice(0, 10), rate,
    stops: [
      { type: 'pickup', location: 'Joliet, IL', facility: 'Acme DC', ...PICKUP, appointmentStart: at(0), appointmentEnd: at(60) },
      { type: 'delivery', location: 'Tulsa, OK', latitude: 36.15, longitude: -95.99 },
    ],
  });
  expect(answer.status).toBe(201);
  return { load: answer.json as Load, truckId: truck.json.id as string };
}

const addCharge = async (load: Load, fields: Record<string, unknown>) => {
  const answer = await request('POST', `/api/loads/${load.id}/charges`, fields);
  expect(answer.status).toBe(201);
  return answer.json as Charge;
};
const decide = async (load: Load, charge: Charge, status: 'approved' | 'denied') => {
  const answer = await request('PATCH', `/api/loads/${load.id}/charges/${charge.id}`, { status });
  expect(answer.status).toBe(200);
  return answer.json as Charge;
};
const draftOf = async (load: Load) => {
  const answer = await request('GET', `/api/invoices/draft?loadId=${load.id}`);
  expect(answer.status).toBe(200);
  return answer.json as InvoiceDraft;
};
const invoiceFrom = async (draft: InvoiceDraft, invoiceNumber: string) => {
  const { loadId, customerId, subtotal, invoiceDate, dueDate } = draft;
  const answer = await request('POST', '/api/invoices', { invoiceNumber, loadId, customerId, status: 'draft', invoiceDate, dueDate, subtotal, tax: '0', total: subtotal });
  expect(answer.status).toBe(201);
  return answer.json as Invoice;
};

beforeAll(async () => {
  system = await sharedSystem();
  cookie = await signIn(system.url, 'billing@example.com');
  customer = (await request('POST', '/api/customers', { name: 'Billed Charges Co', email: 'ap@billed-charges.example', phone: '555-0145', address: '3 Dock Rd, Joliet, IL', type: 'shipper' })).json;
}, 120_000);

describe('charges on the invoice', () => {
  it("fills 'Create Invoice' from the line haul and the approved billable lines, warns of those waiting, and keeps its lines when a charge changes later", async () => {
    const { load } = await deliveredLoad('2400.00');
    const lumper = await addCharge(load, { code: 'LUMPER', description: 'Lumper at Acme DC', quantity: '1', rate: '185.55', reimbursable: true, payableToDriver: true });
    const layover = await addCharge(load, { code: 'LAYOVER', quantity: '0.33', rate: '10.01' }); // 3.3033: 3.30
    const tarp = await addCharge(load, { code: 'TARP', quantity: '1', rate: '75.00' });
    const stopOff = await addCharge(load, { code: 'STOP_OFF', quantity: '1', rate: '50.00' });
    const fuel = await addCharge(load, { code: 'FUEL_SURCHARGE', quantity: '412', rate: '0.41', billable: false }); // not billed: not billable
    await addCharge(load, { code: 'OTHER', description: 'Scale ticket', quantity: '1', rate: '12.00' }); // requested: waits
    // A decision changes the status alone: the flags it does not name stay as they were.
    expect(await decide(load, lumper, 'approved')).toMatchObject({ status: 'approved', billable: true, reimbursable: true, payableToDriver: true });
    await decide(load, layover, 'approved');
    await decide(load, stopOff, 'denied');
    expect(await decide(load, fuel, 'approved')).toMatchObject({ status: 'approved', billable: false });

    const draft = await draftOf(load);
    expect(draft.lines.map(({ code, quantity, rate, amount, chargeId }) => [code, quantity, rate, amount, chargeId])).toEqual([
      ['LINEHAUL', '1.00', '2400.00', '2400.00', null],
      ['LUMPER', '1.00', '185.55', '185.55', lumper.id],
      ['LAYOVER', '0.33', '10.01', '3.30', layover.id],
    ]);
    expect(draft.subtotal).toBe('2588.85');
    expect(draft.waitingForApproval).toBe(2); // the tarp and the scale ticket
    expect(draft.lines[0].description).toBe(`Freight charges, load ${load.loadNumber}: Joliet, IL to Tulsa, OK`);

    const invoice = await invoiceFrom(draft, `INV-BIL-${load.loadNumber}`);
    expect(invoice).toMatchObject({ subtotal: '2588.85', total: '2588.85' });
    const read = async () => (await request('GET', `/api/invoices/${invoice.id}`)).json as Invoice;
    expect((await read()).lines).toEqual(draft.lines);

    // A charge approved, edited or deleted after the invoice was made does not rewrite it.
    await decide(load, tarp, 'approved');
    const edited = await request('PATCH', `/api/loads/${load.id}/charges/${lumper.id}`, { rate: '999.99' });
    expect(edited.json).toMatchObject({ status: 'approved', amount: '999.99', reimbursable: true });
    expect((await request('DELETE', `/api/loads/${load.id}/charges/${layover.id}`)).status).toBe(204);
    expect((await read()).lines).toEqual(draft.lines);

    const [page] = await pdfText(await request('GET', `/api/invoices/${invoice.id}/pdf`));
    expect(page).toContain(`Freight charges, load ${load.loadNumber}: Joliet, IL to Tulsa, OK $2,400.00`);
    expect(page).toContain('Lumper: Lumper at Acme DC $185.55');
    expect(page).toContain('Layover 0.33 Day x $10.01 $3.30');
    expect(page).toContain('Subtotal $2,588.85');
    expect(page).not.toContain('Tarp');
    expect(page).not.toContain('Scale ticket');
  });

  it('says so when one charge waits for approval, and bills the line haul alone', async () => {
    const { load } = await deliveredLoad('1000.01');
    await addCharge(load, { code: 'TARP', quantity: '1', rate: '75.00' });
    const draft = await draftOf(load);
    expect(draft).toMatchObject({ subtotal: '1000.01', waitingForApproval: 1 });
    expect(draft.lines).toHaveLength(1);
  });

  it("puts a detention line's evidence in the packet: the stop, its times and their source, GPS's first and last position inside, the free time and the hours billed, then the receipt", async () => {
    const { load, truckId } = await deliveredLoad('2400.00');
    // Positions of the load's truck: 3 miles south until minute 9, then 0.1 mile north of the stop every 5 minutes
    // from minute 10 to 200, then 3 miles north.
    const device = await request('POST', '/api/devices', { name: `BIL ELD ${load.loadNumber}`, truckId });
    expect(device.status).toBe(201);
    const place = (milesNorth: number, minute: number) => ({ latitude: +(PICKUP.latitude + milesNorth / MILES_PER_DEGREE).toFixed(7), longitude: PICKUP.longitude, timestamp: at(minute) });
    const positions = [place(-3, 5), place(-3, 9)];
    for (let minute = 10; minute <= 200; minute += 5) positions.push(place(0.1, minute));
    positions.push(place(3, 206), place(3, 210));
    const posted = await fetch(`${system.url}/api/gps`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${device.json.token}` }, body: JSON.stringify(positions) });
    expect(posted.status).toBe(202);
    const span = `truckId=${truckId}&from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(220))}`;
    const deadline = Date.now() + 20_000;
    while (((await request('GET', `/api/gps/track?${span}`)).json as Track).positions < positions.length) {
      if (Date.now() > deadline) throw new Error('The positions were never stored');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // The dispatcher's times: arrived minute 10 (after the appointment's start), left minute 205: 3 h 15 min waited,
    // 1 h 15 min past 2 free hours: 1.25 h at $40.00 = $50.00.
    const current = (await request('GET', `/api/loads/${load.id}`)).json as Load;
    const stops = current.stops!.map((stop, index) => (index === 0 ? { ...stop, arrivedAt: at(10), departedAt: at(205) } : stop));
    expect((await request('PATCH', `/api/loads/${load.id}`, { stops })).status).toBe(200);
    const [detention] = ((await request('GET', `/api/loads/${load.id}/charges`)).json as Charge[]).filter(({ code }) => code === 'DETENTION');
    expect(detention).toMatchObject({ quantity: '1.25', rate: '40.00', amount: '50.00', status: 'requested' });
    await decide(load, detention, 'approved');

    const receipt = await request('POST', `/api/loads/${load.id}/documents`, {
      fileName: 'lumper-receipt.txt', fileType: 'text/plain', fileSize: 22, documentType: 'Lumper Receipt', fileData: `data:text/plain;base64,${Buffer.from('LUMPER RECEIPT #A-7781').toString('base64')}`,
    });
    expect(receipt.status).toBe(201);
    const lumper = await addCharge(load, { code: 'LUMPER', quantity: '1', rate: '185.00', documentId: receipt.json.id });
    await decide(load, lumper, 'approved');

    const invoice = await invoiceFrom(await draftOf(load), `INV-BIL-${load.loadNumber}`);
    expect(invoice.subtotal).toBe('2635.00');
    const pages = await pdfText(await request('GET', `/api/invoices/${invoice.id}/packet`));
    const evidence = pages.findIndex((page) => page.includes('Detention evidence'));
    expect(evidence).toBeGreaterThan(0);
    const page = pages[evidence];
    const us = (moment: string) => {
      const time = companyTime(moment, 'America/Chicago');
      return `${time.slice(5, 7)}/${time.slice(8, 10)}/${time.slice(0, 4)} ${time.slice(11)}`;
    };
    expect(page).toContain('Stop 1. Pickup: Acme DC, Joliet, IL');
    expect(page).toContain(`Arrival ${us(at(10))} (source: Dispatcher)`);
    expect(page).toContain(`Departure ${us(at(205))} (source: Dispatcher)`);
    expect(page).toContain(`First position inside ${us(at(10))} 41.50145, -88.00000 0.10 mi from the stop`);
    expect(page).toContain(`Last position inside ${us(at(200))} 41.50145, -88.00000 0.10 mi from the stop`);
    expect(page).toContain('Positions inside 39');
    expect(page).toContain('Free time 2 h');
    expect(page).toContain('Billed 1.25 h x $40.00 per hour = $50.00');
    // The receipt follows the evidence.
    expect(pages[evidence + 1]).toContain('LUMPER RECEIPT #A-7781');
  });
});

describe("charges in the driver's pay", () => {
  it('pays extra stops, a share of approved detention and the lumper the driver paid, each its own line on the draft and the statement, to the cent', async () => {
    const driver = await request('POST', '/api/drivers', {
      name: 'Dana Extras', email: 'dana.extras@example.com', phone: '555-0146', licenseNumber: 'IL-X-43', status: 'on-duty',
      payType: 'perLoad', payRate: '500', perStopPay: '25', detentionSharePercent: '50',
    });
    expect(driver.status).toBe(201);
    expect(driver.json).toMatchObject({ perStopPay: '25.00', detentionSharePercent: '50.00' });
    const period = { periodStart: '2025-01-06', periodEnd: '2025-01-12' };
    const answer = await request('POST', '/api/loads', {
      loadNumber: 'BIL-PAY-1', customerId: customer.id, status: 'delivered', assignedDriverId: driver.json.id, pickupLocation: 'Joliet, IL', pickupDate: '2025-01-07',
      deliveryLocation: 'Tulsa, OK', deliveryDate: '2025-01-08', rate: '3000.00',
      stops: [
        { type: 'pickup', location: 'Joliet, IL' },
        { type: 'pickup', location: 'Aurora, IL' },
        { type: 'delivery', location: 'Springfield, MO' },
        { type: 'delivery', location: 'Tulsa, OK' },
      ],
    });
    expect(answer.status).toBe(201);
    const load = answer.json as Load;
    // Detention billed and approved: 1.25 h x $40.01 = $50.0125, $50.01; its half $25.005, $25.01 (half up).
    const detention = await addCharge(load, { code: 'DETENTION', quantity: '1.25', rate: '40.01', stopId: load.stops![1].id });
    await decide(load, detention, 'approved');
    await decide(load, await addCharge(load, { code: 'DETENTION', quantity: '3', rate: '40.00', stopId: load.stops![2].id }), 'denied'); // not paid
    await addCharge(load, { code: 'DETENTION', quantity: '2', rate: '40.00', stopId: load.stops![3].id }); // still requested: not paid
    // What the driver paid at the dock, paid back whatever the customer decides; a lumper the carrier paid is not.
    await addCharge(load, { code: 'LUMPER', description: 'Lumper at Aurora', quantity: '1', rate: '185.55', reimbursable: true, payableToDriver: true });
    await addCharge(load, { code: 'LUMPER', description: 'Paid by the carrier', quantity: '1', rate: '99.00', reimbursable: true, payableToDriver: false });

    const draft = await request('GET', `/api/settlements/draft?driverId=${driver.json.id}&periodStart=${period.periodStart}&periodEnd=${period.periodEnd}`);
    expect(draft.status).toBe(200);
    const drafted = draft.json as SettlementDraft;
    expect(drafted.loads).toMatchObject([{ loadId: load.id, stopCount: 4, extraStops: 2, pay: '500.00', stopPay: '50.00', detentionPay: '25.01' }]);
    expect(drafted).toMatchObject({
      loadPay: '500.00', stopPay: '50.00', detentionPay: '25.01', reimbursed: '185.55', driverPay: '760.56', netPay: '760.56', perStopPay: '25.00', detentionSharePercent: '50.00',
    });
    expect(drafted.reimbursements).toEqual([{ loadId: load.id, loadNumber: 'BIL-PAY-1', chargeId: expect.any(String), code: 'LUMPER', description: 'Lumper at Aurora', amount: '185.55' }]);

    const saved = await request('POST', '/api/settlements', {
      driverId: driver.json.id, settlementNumber: 'SETTLE-BIL-0001', ...period, totalMiles: 0, totalRevenue: drafted.totalRevenue, driverPay: drafted.driverPay,
      deductions: '10.00', netPay: '0', status: 'Pending', loadIds: [load.id],
    });
    expect(saved.status).toBe(201);
    expect(saved.json as Settlement).toMatchObject({ driverPay: '760.56', netPay: '750.56' });
    const [page] = await pdfText(await request('GET', `/api/settlements/${saved.json.id}/pdf`));
    for (const line of [
      'Load pay $500.00',
      'Extra stops: 2 x $25.00 $50.00',
      'Detention share: 50% of approved detention $25.01',
      'Reimbursed, load BIL-PAY-1: Lumper (Lumper at Aurora) $185.55',
      'Driver Pay $760.56',
      'Net Pay $750.56',
    ]) {
      expect(page).toContain(line);
    }
    expect(page).not.toContain('Paid by the carrier');
  });
});
