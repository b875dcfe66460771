import type { Customer, Load, StopAttention, Truck } from '@tms/contracts';
import { baseUrl, launchBrowser, newSession, recordDialogs, signIn, type Browser, type Page } from './support/browser.js';
import { apiSteps, screenSteps } from './support/steps.js';

/**
 * A load is its stops (issue 42), end to end: the load dialog's Stops section (a stop added, moved, saved, the spec's
 * pickup and delivery fields in step with the first and last), the Loads row menu's 'Stops' drawer (its timeline),
 * '+N stops' beside the route, a late stop under Needs Attention, and a load imported from CSV with its stops. Every record this file makes carries 'STP' and
 * is deleted at the end: the other browser tests share the system.
 */
let browser: Browser;
let page: Page;
let customer: Customer;
let truck: Truck;
/** The device of the truck, revoked before the truck goes. */
let deviceId: string | undefined;

const { getList, post, remove } = apiSteps(() => page);
const { row, main, submit, openRowMenu, choose, cancel, fillDay, navigate, showOnly } = screenSteps(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  recordDialogs(page);
  await signIn(page, 'dispatcher@example.com');
  customer = await post<Customer>('customers', { name: 'Stp Route Freight', email: 'route@stp.example.com', phone: '555-0150', address: '1 Dock Rd, Joliet, IL', type: 'shipper' });
  truck = await post<Truck>('trucks', { truckNumber: 'STP-201', type: 'Dry Van', status: 'available', licensePlate: 'STP-P1' });
});

afterAll(async () => {
  if (page) {
    for (const load of (await getList<Load>('loads')).filter((load) => load.customerId === customer?.id)) await remove('loads', load.id);
    if (customer) await remove('customers', customer.id);
    if (deviceId) await remove('devices', deviceId);
    if (truck) await remove('trucks', truck.id);
  }
  await browser?.close();
});

const stopCards = () => page.getByRole('dialog').getByTestId('load-stop');
const stopLocation = (index: number) => stopCards().nth(index).getByLabel('Location', { exact: true });

describe("the load dialog's Stops", () => {
  it('adds a stop, moves it last, keeps the delivery fields in step, and saves the load with its stops in order', async () => {
    await navigate('Loads');
    await main().getByRole('button', { name: 'Create Load' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Load' });
    await dialog.getByLabel('Load Number').fill('LD-STP-1');
    await choose(dialog, 'Customer', 'Stp Route Freight');
    await dialog.getByLabel('Pickup Location').fill('Joliet, IL');
    await fillDay(dialog, 'Pickup Date', '2027-04-05');
    await dialog.getByLabel('Delivery Location').fill('El Paso, TX');
    await fillDay(dialog, 'Delivery Date', '2027-04-07');
    await dialog.getByLabel('Rate', { exact: true }).fill('3900');

    // The spec's fields are the first and the last stop.
    await expect(stopCards().count()).resolves.toBe(2);
    await expect(stopLocation(0).inputValue()).resolves.toBe('Joliet, IL');
    await expect(stopLocation(1).inputValue()).resolves.toBe('El Paso, TX');

    await dialog.getByRole('button', { name: 'Add Stop' }).click();
    await expect(stopCards().count()).resolves.toBe(3);
    await stopLocation(1).fill('Amarillo, TX');
    await stopCards().nth(1).getByLabel('Reference').fill('PO 4471');
    await dialog.getByRole('button', { name: 'Move stop down 2' }).click();
    await expect(stopLocation(2).inputValue()).resolves.toBe('Amarillo, TX');
    // The last stop is the delivery.
    await expect(dialog.getByLabel('Delivery Location').inputValue()).resolves.toBe('Amarillo, TX');

    await submit(dialog, 'Create Load').click();
    await dialog.waitFor({ state: 'hidden' });
    const saved = row('LD-STP-1');
    await saved.filter({ hasText: 'Joliet, IL → Amarillo, TX' }).waitFor();
    await expect(saved.getByTestId('load-more-stops').innerText()).resolves.toBe('+1 stop');

    await openRowMenu('LD-STP-1', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Load' });
    await edit.getByTestId('load-stop').nth(2).waitFor();
    const locations = await Promise.all([0, 1, 2].map((index) => stopLocation(index).inputValue()));
    expect(locations).toEqual(['Joliet, IL', 'El Paso, TX', 'Amarillo, TX']);
    await expect(stopCards().nth(2).getByLabel('Reference').inputValue()).resolves.toBe('PO 4471');
    await cancel(edit);
  });

  it('names the stop in its message when a stop is left without its place', async () => {
    await openRowMenu('LD-STP-1', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Load' });
    await edit.getByTestId('load-stop').nth(2).waitFor();
    await stopLocation(1).fill('');
    await submit(edit, 'Update Load').click();
    await edit.getByText('Stop 2: Location is required', { exact: true }).waitFor();
    await cancel(edit);
  });
});

describe("the Loads row menu's Stops", () => {
  it("opens a timeline of the stops with their appointments, arrivals and how they stand, and the truck's track on the map", async () => {
    const now = Date.now();
    const hours = (count: number) => new Date(now + count * 3_600_000).toISOString();
    const load = await post<Load>('loads', {
      loadNumber: 'LD-STP-2', customerId: customer.id, status: 'in-transit', assignedTruckId: truck.id, pickupLocation: 'x', pickupDate: '2027-01-01',
      deliveryLocation: 'x', deliveryDate: '2027-01-01', rate: '2100.00',
      stops: [
        { type: 'pickup', location: 'Joliet, IL', appointmentStart: hours(-30), appointmentEnd: hours(-28), arrivedAt: hours(-29), departedAt: hours(-27) },
        { type: 'delivery', location: 'Peoria, IL', facility: 'Peoria Cold Storage', appointmentStart: hours(-5), appointmentEnd: hours(-3) },
      ],
    });
    // The truck's device reports it on the road from Joliet since the load was given to it.
    const device = await post<{ id: string; token: string }>('devices', { name: 'STP-201 ELD', truckId: truck.id });
    deviceId = device.id;
    const since = Date.now();
    const positions = [0, 1, 2, 3, 4].map((step) => ({ latitude: 41.52 - step * 0.1, longitude: -88.08 - step * 0.2, timestamp: new Date(since + step * 10).toISOString() }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const posted = await fetch(`${baseUrl()}/api/gps`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${device.token}` }, body: JSON.stringify(positions) });
    expect(posted.status).toBe(202);
    const span = new URLSearchParams({ truckId: truck.id, from: new Date(since - 60_000).toISOString(), to: new Date().toISOString() });
    // Stored within seconds (the device is answered 202 before that).
    for (const deadline = Date.now() + 20_000; ; await page.waitForTimeout(250)) {
      const track = await (await page.request.get(`/api/gps/track?${span}`)).json();
      if (track.positions === 5) break;
      if (Date.now() > deadline) throw new Error(`The positions were not stored: ${JSON.stringify(track)}`);
    }
    expect(load.stops).toHaveLength(2);

    await page.reload();
    await openRowMenu('LD-STP-2', 'Stops');
    const drawer = page.locator('.ant-drawer').filter({ hasText: 'Stops of LD-STP-2' });
    const entries = drawer.getByTestId('stop-timeline-entry');
    await entries.nth(1).waitFor();
    await expect(entries.nth(0).innerText()).resolves.toMatch(/Stop 1 · Pickup · Joliet, IL\s+On time[\s\S]*Arrived: .+ \(Dispatcher\)[\s\S]*Departed: .+ \(Dispatcher\)/);
    await expect(entries.nth(1).innerText()).resolves.toMatch(/Stop 2 · Delivery · Peoria, IL\s+Late 3 h[\s\S]*Peoria Cold Storage[\s\S]*Arrived: Not yet/);
    await drawer.getByTestId('stops-map').waitFor();
    // The two stops and the truck where it is now, and its track from Joliet.
    await drawer.getByTestId('stops-map-track').waitFor();
    await expect(drawer.getByTestId('stops-map-point').count()).resolves.toBe(3);
    await page.screenshot({ path: 'test-results/stops-drawer.png' });
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it("shows the late stop under the Dashboard's Needs Attention, with the stop and how late", async () => {
    await showOnly<StopAttention>('loads/attention', (item) => item.loadNumber.startsWith('LD-STP-'));
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Needs Attention' });
    const item = card.getByRole('listitem').filter({ hasText: 'LD-STP-2: Stop 2 (Peoria, IL) is late by 3 h' });
    await item.waitFor();
    await expect(item.getByText('Late', { exact: true }).isVisible()).resolves.toBe(true);
  });
});

describe('Import on the Loads screen', () => {
  it('imports a load with its stops from a CSV, after its dry run, and shows its extra stop beside the route', async () => {
    await navigate('Loads');
    await main().getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Loads' });
    const csv = [
      'Load #,Customer,Status,Pickup Location,Pickup Date,Delivery Location,Delivery Date,Rate,Stops',
      `LD-STP-IMP-1,${customer.id},Pending,"Joliet, IL",2027-05-03,"El Paso, TX",2027-05-05,4100.00,"Pickup Joliet, IL 2027-05-03 08:00-10:00; Pickup Amarillo, TX 2027-05-04; Delivery El Paso, TX 2027-05-05"`,
    ];
    await dialog.locator('input[type=file]').setInputFiles({ name: 'loads.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv.join('\r\n')}\r\n`) });
    await dialog.getByText('Every row is valid.').waitFor();
    await expect(dialog.locator('.ant-statistic').filter({ hasText: 'To create' }).textContent()).resolves.toBe('To create1');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row('LD-STP-IMP-1').getByTestId('load-more-stops').filter({ hasText: '+1 stop' }).waitFor();
  });
});
