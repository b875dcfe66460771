import type { Customer, Driver, FuelPurchase, Load, MaintenanceRecord, Truck } from '@tms/contracts';
import { launchBrowser, newSession, recordDialogs, signIn, type Browser, type Confirmations, type Page } from './support/browser.js';
import { apiSteps, dayFromToday, screenSteps } from './support/steps.js';

/**
 * Maintenance and Fuel Management, end to end: Chromium → gateway → NATS → svc-core → Postgres. Every truck, driver,
 * customer and load this file makes carries 'MF' and is deleted at the end with the records that name them: the other
 * browser tests share the system.
 */
let browser: Browser;
let page: Page;
/** The browser confirmations: accepted unless a test says otherwise. */
let confirmations: Confirmations;

const { origin, getList, post, remove } = apiSteps(() => page);
/** A day as the lists show it: 'Mar 4, 2027'. */
const shown = (day: string) => new Date(`${day}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

let trucks: Record<'dryVan' | 'reefer', Truck>;
let driver: Driver;
let load: Load;

/** Deletes what this file made: the records naming its trucks and driver first (they keep them), then the rest. */
async function cleanUp() {
  const ours = (text: string | null) => /\bmf\b|mf-/i.test(text ?? '');
  const truckIds = new Set((await getList<Truck>('trucks')).filter((truck) => ours(truck.truckNumber)).map((truck) => truck.id));
  const driverIds = new Set((await getList<Driver>('drivers')).filter((record) => ours(record.email)).map((record) => record.id));
  const customerIds = new Set((await getList<Customer>('customers')).filter((customer) => ours(customer.email)).map((customer) => customer.id));
  const fuel = (await getList<FuelPurchase>('fuel')).filter((purchase) => truckIds.has(purchase.truckId) || driverIds.has(purchase.driverId));
  const maintenance = (await getList<MaintenanceRecord>('maintenance')).filter((record) => truckIds.has(record.truckId));
  const loads = (await getList<Load>('loads')).filter((record) => customerIds.has(record.customerId));
  const batches: [string, { id: string }[]][] = [
    ['fuel', fuel], ['maintenance', maintenance], ['loads', loads], ['customers', [...customerIds].map((id) => ({ id }))],
    ['drivers', [...driverIds].map((id) => ({ id }))], ['trucks', [...truckIds].map((id) => ({ id }))],
  ];
  for (const [resource, records] of batches) {
    for (const { id } of records) await remove(resource, id);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  // Tall enough that every row of the lists is drawn (the tables are virtual).
  ({ page } = await newSession(browser, { height: 1400 }));
  confirmations = recordDialogs(page);
  await signIn(page, 'fleet.ops@example.com');
  trucks = {
    dryVan: await post<Truck>('trucks', { truckNumber: 'MF-101', type: 'Dry Van', status: 'in-use', licensePlate: 'MF-P101' }),
    reefer: await post<Truck>('trucks', { truckNumber: 'MF-202', type: 'Refrigerated', status: 'available', licensePlate: 'MF-P202' }),
  };
  driver = await post<Driver>('drivers', { name: 'Mona Fuel', email: 'mona.mf@example.com', phone: '555-0188', licenseNumber: 'MF-CDL-1', status: 'on-duty' });
  const customer = await post<Customer>('customers', { name: 'MF Harbor Foods', email: 'ship@harbor.mf.example.com', phone: '555-0142', address: 'Chicago, IL', type: 'shipper' });
  load = await post<Load>('loads', {
    loadNumber: 'LD-MF-1', customerId: customer.id, status: 'in-transit', pickupLocation: 'Chicago, IL', pickupDate: dayFromToday(-1),
    deliveryLocation: 'Dallas, TX', deliveryDate: dayFromToday(1), rate: '2450.00',
  });
});
afterAll(async () => {
  if (page) await cleanUp();
  await browser?.close();
});

const { main, row, errorToast, successToast, submit, openRowMenu, choose, cancel, withNoRows, navigate } = screenSteps(() => page);

/** The body of the next request to `path` by `method`. */
function nextBody(method: string, path: RegExp): Promise<Record<string, unknown>> {
  return page.waitForRequest((request) => request.method() === method && path.test(new URL(request.url()).pathname)).then((request) => request.postDataJSON());
}

/** The text and background colours of an element as drawn. */
const colours = (element: ReturnType<Page['locator']>) =>
  element.evaluate((node) => ({ color: getComputedStyle(node).color, background: getComputedStyle(node).backgroundColor }));
const rgb = (colour: string) => (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);

describe('Maintenance', () => {
  beforeAll(async () => {
    await navigate('Maintenance');
    await page.getByRole('heading', { name: 'Maintenance' }).waitFor();
  });

  it('starts with its title, subtitle and empty state', async () => {
    await expect(main().getByText('Track vehicle service and repairs').isVisible()).resolves.toBe(true);
    await withNoRows(['maintenance'], async () => {
      await page.getByText('No maintenance records found').waitFor();
      await expect(page.getByText('Get started by adding your first service record').isVisible()).resolves.toBe(true);
      await expect(page.getByPlaceholder('Search by truck number or vendor...').isVisible()).resolves.toBe(true);
    });
  });

  it("opens 'Add Service Record' serviced today and Scheduled, and shows the messages of section 5", async () => {
    await main().getByRole('button', { name: 'Add Service Record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Service Record' });
    await dialog.getByText('Record a new maintenance service').waitFor();
    await expect(dialog.getByLabel('Service Date', { exact: true }).inputValue()).resolves.toBe(dayFromToday(0));
    await expect(dialog.locator('.ant-select').filter({ hasText: 'Scheduled' }).count()).resolves.toBe(1);
    await expect(dialog.getByLabel('Cost', { exact: true }).getAttribute('step')).resolves.toBe('0.01');
    await submit(dialog, 'Create').click();
    for (const message of ['Truck is required', 'Maintenance type is required', 'Cost is required', 'Description is required']) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await cancel(dialog);
  });

  it("records a service: mileage sent as a number, empty optionals left out, 'Maintenance recorded', the row as spec 2.12 shows it", async () => {
    await main().getByRole('button', { name: 'Add Service Record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Service Record' });
    await choose(dialog, 'Truck', 'MF-101');
    await choose(dialog, 'Maintenance Type', 'PM Service');
    await choose(dialog, 'Status', 'Completed');
    await dialog.getByLabel('Cost', { exact: true }).fill('1250.40');
    await dialog.getByLabel('Mileage', { exact: true }).fill('412503');
    await dialog.getByLabel('Description', { exact: true }).fill('PM-B service: oil, filters, chassis lube');
    const body = nextBody('POST', /^\/api\/maintenance$/);
    await submit(dialog, 'Create').click();
    expect(await body).toEqual({
      truckId: trucks.dryVan.id, maintenanceType: 'PM Service', serviceDate: dayFromToday(0), mileage: 412503, cost: '1250.40',
      description: 'PM-B service: oil, filters, chassis lube', status: 'Completed',
    });
    await successToast('Maintenance recorded').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect(row('MF-101 - Dry Van').innerText()).resolves.toMatch(
      new RegExp(`${shown(dayFromToday(0))}\\s+MF-101 - Dry Van\\s+PM Service\\s+-\\s+\\$1,250\\.40\\s+412,503\\s+-\\s+Completed`),
    );
  });

  it('draws a next service whose day has passed in the destructive style with a warning icon, with its mileage in mi', async () => {
    const overdue = dayFromToday(-9);
    const upcoming = dayFromToday(40);
    await post('maintenance', {
      truckId: trucks.reefer.id, maintenanceType: 'Brake Service', serviceDate: dayFromToday(-100), cost: '2890', vendor: 'FleetPride',
      description: 'Brake shoes and drums, rear axles', status: 'Completed', nextServiceDate: overdue, nextServiceMileage: 500000,
    });
    await post('maintenance', {
      truckId: trucks.reefer.id, maintenanceType: 'Oil Change', serviceDate: dayFromToday(-20), cost: '389.95', vendor: 'Rush Truck Centers',
      description: 'Oil and filter change', status: 'Completed', nextServiceDate: upcoming,
    });
    await page.reload();
    const late = row('FleetPride');
    await late.waitFor();
    await expect(late.innerText()).resolves.toContain('500,000 mi');
    const lateDay = late.getByText(shown(overdue));
    await expect(late.getByRole('img', { name: 'Overdue' }).isVisible()).resolves.toBe(true);
    const [red, green, blue] = rgb((await colours(lateDay)).color);
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(120);
    expect(blue).toBeLessThan(120);

    const onTime = row('Rush Truck Centers');
    await expect(onTime.getByRole('img', { name: 'Overdue' }).count()).resolves.toBe(0);
    expect((await colours(onTime.getByText(shown(upcoming)))).color).not.toBe((await colours(lateDay)).color);
  });

  it('gives each maintenance type its own badge colour', async () => {
    const brake = await colours(row('FleetPride').getByText('Brake Service', { exact: true }));
    const oil = await colours(row('Rush Truck Centers').getByText('Oil Change', { exact: true }));
    const pm = await colours(row('MF-101 - Dry Van').getByText('PM Service', { exact: true }));
    expect(new Set([brake.background, oil.background, pm.background]).size).toBe(3);
    const [red, , blue] = rgb(brake.color);
    expect(red).toBeGreaterThan(blue);
  });

  it('searches by truck number and vendor', async () => {
    const search = page.getByPlaceholder('Search by truck number or vendor...');
    await search.fill('mf-101');
    await row('MF-101 - Dry Van').waitFor();
    expect(await row('MF-202').count()).toBe(0);
    await search.fill('fleetpride');
    await row('FleetPride').waitFor();
    expect(await row('Rush Truck Centers').count()).toBe(0);
    await search.fill('Brake Service'); // the type is not searched
    await page.getByText('No maintenance records found').waitFor();
    await expect(page.getByText('Try adjusting your search').isVisible()).resolves.toBe(true);
    await search.fill('');
    await row('FleetPride').waitFor();
  });

  it("edits in 'Edit Service Record', prefilled, clearing a value, and says 'Maintenance updated'", async () => {
    await openRowMenu('Rush Truck Centers', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Service Record' });
    await dialog.getByText('Update maintenance details').waitFor();
    await expect(dialog.getByLabel('Vendor', { exact: true }).inputValue()).resolves.toBe('Rush Truck Centers');
    await expect(dialog.getByLabel('Cost', { exact: true }).inputValue()).resolves.toBe('389.95');
    await dialog.getByLabel('Vendor', { exact: true }).fill('');
    await dialog.getByLabel('Next Service Mileage', { exact: true }).fill('431000');
    const body = nextBody('PATCH', /^\/api\/maintenance\//);
    await submit(dialog, 'Update').click();
    expect(await body).toMatchObject({ vendor: null, nextServiceMileage: 431000, cost: '389.95' });
    await successToast('Maintenance updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row('Oil Change').filter({ hasText: '431,000 mi' }).waitFor();
  });

  it('keeps what was typed when a save fails, with the toasts of section 8', async () => {
    await page.route('**/api/maintenance', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, body: 'Service unavailable' }) : route.fallback(),
    );
    await main().getByRole('button', { name: 'Add Service Record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Service Record' });
    await choose(dialog, 'Truck', 'MF-202');
    await choose(dialog, 'Maintenance Type', 'Tire Rotation');
    await dialog.getByLabel('Cost', { exact: true }).fill('180');
    await dialog.getByLabel('Description', { exact: true }).fill('Rotate steer tires');
    await submit(dialog, 'Create').click();
    await errorToast('Failed to record maintenance. Please try again.').waitFor();
    await expect(dialog.getByLabel('Description', { exact: true }).inputValue()).resolves.toBe('Rotate steer tires');
    await expect(dialog.getByLabel('Cost', { exact: true }).inputValue()).resolves.toBe('180.00');
    await cancel(dialog);
    await page.unroute('**/api/maintenance');

    await page.route('**/api/maintenance/*', (route) => route.fulfill({ status: 503, body: 'Service unavailable' }));
    await openRowMenu('FleetPride', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Service Record' });
    await edit.getByLabel('Cost', { exact: true }).fill('2990');
    await submit(edit, 'Update').click();
    await errorToast('Failed to update maintenance. Please try again.').waitFor();
    await expect(edit.getByLabel('Cost', { exact: true }).inputValue()).resolves.toBe('2990.00');
    await cancel(edit);
    await openRowMenu('FleetPride', 'Delete');
    await errorToast('Failed to delete maintenance record. Please try again.').waitFor();
    await page.unroute('**/api/maintenance/*');
    expect(await row('Tire Rotation').count()).toBe(0);
  });

  it("asks before deleting, keeps the record when cancelled, and says 'Maintenance deleted'", async () => {
    confirmations.accept = false;
    await openRowMenu('Oil Change', 'Delete');
    expect(confirmations.messages.at(-1)).toBe('Are you sure you want to delete this maintenance record?');
    await page.waitForTimeout(500);
    expect(await row('Oil Change').count()).toBe(1);
    confirmations.accept = true;
    await openRowMenu('Oil Change', 'Delete');
    await successToast('Maintenance deleted').waitFor();
    await row('Oil Change').waitFor({ state: 'detached' });
  });
});

describe('Fuel Management', () => {
  beforeAll(async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fuel', exact: true }).click();
    await page.getByRole('heading', { name: 'Fuel Management' }).waitFor();
  });

  const openAdd = async () => {
    await main().getByRole('button', { name: 'Add Fuel Purchase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Fuel Purchase' });
    await dialog.getByText('Record a new fuel purchase').waitFor();
    return dialog;
  };

  it('starts with its title, subtitle and empty state', async () => {
    await expect(main().getByText('Track fuel purchases and fuel card transactions').isVisible()).resolves.toBe(true);
    await withNoRows(['fuel'], async () => {
      await page.getByText('No fuel purchases found').waitFor();
      await expect(page.getByText('Get started by recording your first fuel purchase').isVisible()).resolves.toBe(true);
    });
  });

  it('works out the read-only Total Cost as gallons × price per gallon to the cent, exactly, as they are typed', async () => {
    const dialog = await openAdd();
    const total = dialog.getByLabel('Total Cost', { exact: true });
    await expect(total.getAttribute('readonly')).resolves.not.toBeNull();
    for (const quantity of ['Gallons', 'Price per Gallon']) await expect(dialog.getByLabel(quantity).getAttribute('step')).resolves.toBe('0.001');
    await dialog.getByLabel('Gallons', { exact: true }).fill('125.5');
    await expect(total.inputValue()).resolves.toBe('');
    await dialog.getByLabel('Price per Gallon', { exact: true }).fill('3.899');
    await expect(total.inputValue()).resolves.toBe('489.32'); // 489.3245
    // 1.005 × 1.000 is 1.00499999... in floating point, which rounds to 1.00.
    await dialog.getByLabel('Gallons', { exact: true }).fill('1.005');
    await dialog.getByLabel('Price per Gallon', { exact: true }).fill('1');
    await expect(total.inputValue()).resolves.toBe('1.01');
    await dialog.getByLabel('Price per Gallon', { exact: true }).fill('');
    await expect(total.inputValue()).resolves.toBe('');
    await cancel(dialog);
  });

  it('opens dated today with no load, shows the messages of section 5, and refuses a card number over 4 characters as typed', async () => {
    const dialog = await openAdd();
    await expect(dialog.getByLabel('Transaction Date', { exact: true }).inputValue()).resolves.toBe(dayFromToday(0));
    await expect(dialog.locator('.ant-select').filter({ hasText: 'None' }).count()).resolves.toBe(1);
    // Not cut to 4 without a word (issue 31): kept as typed, and refused under the field.
    await dialog.getByLabel('Card Number (last 4)', { exact: true }).pressSequentially('4111222');
    await expect(dialog.getByLabel('Card Number (last 4)', { exact: true }).inputValue()).resolves.toBe('4111222');
    await submit(dialog, 'Create').click();
    for (const message of [
      'Truck is required', 'Driver is required', 'Vendor is required', 'Location is required', 'Gallons is required',
      'Price per gallon is required', 'Total cost is required', 'Fuel type is required', 'Enter at most the last 4 digits of the card',
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await cancel(dialog);
  });

  it("records a purchase with its load: the total sent as worked out, empty optionals left out, 'Fuel purchase recorded'", async () => {
    const dialog = await openAdd();
    await choose(dialog, 'Truck', 'MF-101');
    await choose(dialog, 'Driver', 'Mona Fuel');
    await choose(dialog, 'Load', 'LD-MF-1');
    await choose(dialog, 'Vendor', 'Pilot');
    await dialog.getByLabel('Location', { exact: true }).fill('Gary, IN');
    await dialog.getByLabel('Gallons', { exact: true }).fill('125.5');
    await dialog.getByLabel('Price per Gallon', { exact: true }).fill('3.899');
    await choose(dialog, 'Fuel Type', 'Diesel');
    await dialog.getByLabel('Odometer Reading', { exact: true }).fill('412880');
    const body = nextBody('POST', /^\/api\/fuel$/);
    await submit(dialog, 'Create').click();
    const sent = await body;
    expect(sent).toMatchObject({
      truckId: trucks.dryVan.id, driverId: driver.id, loadId: load.id, transactionDate: dayFromToday(0), vendor: 'Pilot', location: 'Gary, IN',
      totalCost: '489.32', fuelType: 'Diesel', odometerReading: 412880,
    });
    expect(['cardNumber', 'receiptNumber', 'notes'].filter((field) => field in sent)).toEqual([]);
    await successToast('Fuel purchase recorded').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect(row('Gary, IN').innerText()).resolves.toMatch(
      new RegExp(`${shown(dayFromToday(0))}\\s+MF-101\\s+Mona Fuel\\s+Pilot\\s+Gary, IN\\s+125\\.500\\s+\\$3\\.899\\s+\\$489\\.32\\s+Diesel`),
    );
  });

  it('refuses over HTTP a total that disagrees and a card number of 5 digits, with 400 and the field messages', async () => {
    const purchase = {
      truckId: trucks.dryVan.id, driverId: driver.id, transactionDate: dayFromToday(0), vendor: 'Pilot', location: 'Gary, IN',
      gallons: '125.5', pricePerGallon: '3.899', fuelType: 'Diesel',
    };
    const disagreeing = await page.request.post('/api/fuel', { data: { ...purchase, totalCost: '489.33' }, headers: origin() });
    expect(disagreeing.status()).toBe(400);
    expect((await disagreeing.json()).issues).toEqual({ totalCost: ['Total cost must be gallons × price per gallon: $489.32'] });
    const longCard = await page.request.post('/api/fuel', { data: { ...purchase, cardNumber: '12345' }, headers: origin() });
    expect(longCard.status()).toBe(400);
    expect((await longCard.json()).issues).toEqual({ cardNumber: ['Enter at most the last 4 digits of the card'] });
  });

  it("gives each vendor its colour in the spec's order, and an unknown vendor the Other colour", async () => {
    const stops: [string, string][] = [
      ["Love's", 'Joplin, MO'], ['Shell', 'Memphis, TN'], ['TA', 'Walcott, IA'], ['Petro', 'Effingham, IL'],
      ['Flying J', 'Ontario, CA'], ['Speedway', 'Dayton, OH'], ['Other', 'Ames, IA'], ['Kwik Trip', 'La Crosse, WI'],
    ];
    for (const [vendor, location] of stops) {
      await post('fuel', {
        truckId: trucks.reefer.id, driverId: driver.id, transactionDate: dayFromToday(-3), vendor, location, gallons: '98.25', pricePerGallon: '3.759', fuelType: 'Diesel',
      });
    }
    await page.reload();
    const badge = async (vendor: string, location: string) => colours(row(location).getByText(vendor, { exact: true }));
    await row('La Crosse, WI').waitFor();
    const drawn = [await badge('Pilot', 'Gary, IN')];
    for (const [vendor, location] of stops) drawn.push(await badge(vendor, location));
    const unknown = drawn.pop()!;
    expect(new Set(drawn.map(({ color, background }) => `${color} ${background}`)).size).toBe(8);
    expect(unknown).toEqual(drawn[7]);
    const [pilotRed, , pilotBlue] = rgb(drawn[0].color);
    expect(pilotBlue).toBeGreaterThan(pilotRed);
    const [lovesRed, , lovesBlue] = rgb(drawn[1].color);
    expect(lovesRed).toBeGreaterThan(lovesBlue);
    await expect(row('La Crosse, WI').innerText()).resolves.toMatch(/98\.250\s+\$3\.759\s+\$369\.32/); // 369.32175
  });

  it('searches by truck number, driver name, vendor and location', async () => {
    const search = page.getByPlaceholder('Search by truck, driver, vendor, or location...');
    await search.fill('mf-101');
    await row('Gary, IN').waitFor();
    expect(await row('Joplin, MO').count()).toBe(0);
    await search.fill('MONA');
    await row('Joplin, MO').waitFor();
    await search.fill('flying j');
    await row('Ontario, CA').waitFor();
    expect(await row('Gary, IN').count()).toBe(0);
    await search.fill('walcott');
    await row('Walcott, IA').waitFor();
    expect(await row('Ontario, CA').count()).toBe(0);
    await search.fill('Diesel'); // the fuel type is not searched
    await page.getByText('No fuel purchases found').waitFor();
    await expect(page.getByText('Try adjusting your search').isVisible()).resolves.toBe(true);
    await search.fill('');
  });

  it("edits in 'Edit Fuel Purchase', prefilled, the total following the new price, and says 'Fuel purchase updated'", async () => {
    await openRowMenu('Gary, IN', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Fuel Purchase' });
    await dialog.getByText('Update fuel transaction details').waitFor();
    await expect(dialog.getByLabel('Gallons', { exact: true }).inputValue()).resolves.toBe('125.500');
    await expect(dialog.getByLabel('Total Cost', { exact: true }).inputValue()).resolves.toBe('489.32');
    await dialog.getByLabel('Price per Gallon', { exact: true }).fill('4.109');
    await expect(dialog.getByLabel('Total Cost', { exact: true }).inputValue()).resolves.toBe('515.68'); // 515.6795
    const body = nextBody('PATCH', /^\/api\/fuel\//);
    await submit(dialog, 'Update').click();
    expect(await body).toMatchObject({ pricePerGallon: '4.109', totalCost: '515.68', loadId: load.id, cardNumber: null });
    await successToast('Fuel purchase updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row('Gary, IN').filter({ hasText: '$515.68' }).waitFor();
  });

  it('keeps what was typed when a save fails, with the toasts of section 8', async () => {
    await page.route('**/api/fuel/*', (route) => route.fulfill({ status: 503, body: 'Service unavailable' }));
    await openRowMenu('Joplin, MO', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Fuel Purchase' });
    await edit.getByLabel('Location', { exact: true }).fill('Carthage, MO');
    await submit(edit, 'Update').click();
    await errorToast('Failed to update fuel purchase. Please try again.').waitFor();
    await expect(edit.getByLabel('Location', { exact: true }).inputValue()).resolves.toBe('Carthage, MO');
    await cancel(edit);
    await openRowMenu('Joplin, MO', 'Delete');
    await errorToast('Failed to delete fuel purchase. Please try again.').waitFor();
    await page.unroute('**/api/fuel/*');

    await page.route('**/api/fuel', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 503, body: 'Service unavailable' }) : route.fallback()));
    const dialog = await openAdd();
    await dialog.getByLabel('Location', { exact: true }).fill('Effingham, IL');
    await dialog.getByLabel('Gallons', { exact: true }).fill('60');
    await dialog.getByLabel('Price per Gallon', { exact: true }).fill('3.5');
    await choose(dialog, 'Truck', 'MF-202');
    await choose(dialog, 'Driver', 'Mona Fuel');
    await choose(dialog, 'Vendor', 'Petro');
    await choose(dialog, 'Fuel Type', 'DEF');
    await submit(dialog, 'Create').click();
    await errorToast('Failed to record fuel purchase. Please try again.').waitFor();
    await expect(dialog.getByLabel('Total Cost', { exact: true }).inputValue()).resolves.toBe('210.00');
    await expect(dialog.getByLabel('Location', { exact: true }).inputValue()).resolves.toBe('Effingham, IL');
    await cancel(dialog);
    await page.unroute('**/api/fuel');
  });

  it("asks before deleting, keeps the purchase when cancelled, and says 'Fuel purchase deleted'", async () => {
    confirmations.accept = false;
    await openRowMenu('Dayton, OH', 'Delete');
    expect(confirmations.messages.at(-1)).toBe('Are you sure you want to delete this fuel purchase?');
    await page.waitForTimeout(500);
    expect(await row('Dayton, OH').count()).toBe(1);
    confirmations.accept = true;
    await openRowMenu('Dayton, OH', 'Delete');
    await successToast('Fuel purchase deleted').waitFor();
    await row('Dayton, OH').waitFor({ state: 'detached' });
  });

  it("shows 'N/A' for a truck or driver it cannot find", async () => {
    const { context, page: other } = await newSession(browser);
    try {
      await signIn(other, 'fleet.ops@example.com');
      for (const list of ['**/api/trucks', '**/api/drivers']) await other.route(list, (route) => route.fulfill({ status: 200, json: [] }));
      await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fuel', exact: true }).click();
      await row('Walcott, IA', other).waitFor();
      await expect(row('Walcott, IA', other).innerText()).resolves.toMatch(/N\/A\s+N\/A\s+TA\s+Walcott, IA/);
    } finally {
      await context.close();
    }
  });
});

describe('what a truck, driver or load keeps', () => {
  it('refuses to delete a truck with a service history and fuel purchases, saying why, and a driver with fuel purchases', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet', exact: true }).click();
    await page.getByRole('heading', { name: 'Fleet Management' }).waitFor();
    await openRowMenu('MF-101', 'Delete');
    await errorToast('Failed to delete truck. Please try again.')
      .filter({ hasText: 'This truck has 1 maintenance record and 1 fuel purchase. Its history is kept, so it cannot be deleted.' })
      .waitFor();
    expect(await row('MF-101').count()).toBe(1);

    await navigate('Drivers');
    await page.getByRole('heading', { name: 'Driver Management' }).waitFor();
    await openRowMenu('Mona Fuel', 'Delete');
    await errorToast('Failed to delete driver. Please try again.').filter({ hasText: 'This driver has 8 fuel purchases.' }).waitFor();
    expect(await row('Mona Fuel').count()).toBe(1);
  });

  it('leaves the fuel purchases of a deleted load with no load', async () => {
    const deleted = await remove('loads', load.id);
    expect(deleted.ok()).toBe(true);
    await page.goto('/fuel');
    await openRowMenu('Gary, IN', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Fuel Purchase' });
    await expect(dialog.locator('.ant-select').filter({ hasText: 'None' }).count()).resolves.toBe(1);
    await expect(dialog.getByLabel('Total Cost', { exact: true }).inputValue()).resolves.toBe('515.68');
    await cancel(dialog);
    const purchase = (await getList<FuelPurchase>('fuel')).find((record) => record.location === 'Gary, IN');
    expect(purchase).toMatchObject({ loadId: null, truckId: trucks.dryVan.id });
  });
});
