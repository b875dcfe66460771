import type { Accident, Driver, Inspection, Load, Truck, Violation } from '@tms/contracts';
import { launchBrowser, newSession, recordDialogs, signIn, type Browser, type Confirmations, type Page } from './support/browser.js';
import { apiSteps, screenSteps } from './support/steps.js';

/**
 * Safety & Compliance (/safety), end to end: Chromium → gateway → NATS → svc-core → Postgres. Every truck, driver,
 * customer and load this file makes carries 'SAF' (or 'Saf') and is deleted at the end with its safety records: the
 * other browser tests share the system.
 */
let browser: Browser;
let page: Page;
/** The browser confirmations: accepted unless a test says otherwise. */
let confirmations: Confirmations;

const { getList, post, remove } = apiSteps(() => page);

const ours = (text: string | null | undefined) => /saf/i.test(text ?? '');

/** Deletes what this file made: the safety records first (they keep their trucks and drivers), then the rest. */
async function cleanUp() {
  const trucks = (await getList<Truck>('trucks')).filter((truck) => ours(truck.truckNumber));
  const drivers = (await getList<Driver>('drivers')).filter((driver) => ours(driver.email));
  const driverIds = new Set(drivers.map((driver) => driver.id));
  const inspections = (await getList<Inspection>('inspections')).filter((record) => driverIds.has(record.driverId));
  const accidents = (await getList<Accident>('accidents')).filter((record) => driverIds.has(record.driverId));
  const violations = (await getList<Violation>('violations')).filter((record) => driverIds.has(record.driverId));
  const loads = (await getList<Load>('loads')).filter((load) => ours(load.loadNumber));
  const customers = (await getList<{ id: string; email: string }>('customers')).filter((customer) => ours(customer.email));
  const order = [['inspections', inspections], ['accidents', accidents], ['violations', violations], ['loads', loads], ['customers', customers], ['trucks', trucks], ['drivers', drivers]] as const;
  for (const [resource, records] of order) {
    for (const { id } of records) await remove(resource, id);
  }
}

let ids: { truck: string; otherTruck: string; driver: string; otherDriver: string; load: string };

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  confirmations = recordDialogs(page);
  await signIn(page, 'safety.manager@example.com');
  // The dialogs' choice lists: trucks, drivers and a load.
  const truck = await post('trucks', { truckNumber: 'SAF-101', type: 'Dry Van', status: 'available', licensePlate: 'SAF-P1' });
  const otherTruck = await post('trucks', { truckNumber: 'SAF-202', type: 'Flatbed', status: 'available', licensePlate: 'SAF-P2' });
  const driver = await post('drivers', { name: 'Rosa Safetyman', email: 'rosa.saf@example.com', phone: '555-0181', licenseNumber: 'SAF-CDL-1', status: 'on-duty' });
  const otherDriver = await post('drivers', { name: 'Otto Brakes', email: 'otto.saf@example.com', phone: '555-0182', licenseNumber: 'SAF-CDL-2', status: 'available' });
  const customer = await post('customers', { name: 'Saf Foods', email: 'ship@saffoods.com', phone: '555-0190', address: '1 Dock Rd, Gary, IN', type: 'shipper' });
  const load = await post('loads', {
    loadNumber: 'LD-SAF-1', customerId: customer.id, status: 'in-transit', pickupLocation: 'Gary, IN', pickupDate: '2027-03-01',
    deliveryLocation: 'Dayton, OH', deliveryDate: '2027-03-02', rate: '1800.00',
  });
  ids = { truck: truck.id, otherTruck: otherTruck.id, driver: driver.id, otherDriver: otherDriver.id, load: load.id };
});
afterAll(async () => {
  if (page) await cleanUp();
  await browser?.close();
});

const { main, row, errorToast, tab, submit, openRowMenu, choose, fillDay, cancel, withNoRows, navigate } = screenSteps(() => page);

async function openSafety(path = '/safety') {
  await page.goto(path);
  await page.getByRole('heading', { name: 'Safety & Compliance' }).waitFor();
}

describe('Safety & Compliance', () => {
  beforeAll(async () => {
    await navigate('Safety');
    await page.getByRole('heading', { name: 'Safety & Compliance' }).waitFor();
  });

  it('shows its heading and the three tabs, Inspections first, each empty with its hint and add button', async () => {
    await expect(page.getByText('Manage inspections, accidents, and violations').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('tab').allInnerTexts()).resolves.toEqual(['Inspections', 'Accidents', 'Violations']);
    await expect(tab('Inspections').getAttribute('aria-selected')).resolves.toBe('true');
    const empties = [
      ['Inspections', 'No inspections found', 'Get started by recording your first inspection', 'Record Inspection', 'Search inspections...'],
      ['Accidents', 'No accidents found', 'No accidents have been reported', 'Report Accident', 'Search accidents...'],
      ['Violations', 'No violations found', 'No violations have been recorded', 'Record Violation', 'Search violations...'],
    ];
    await withNoRows(['inspections', 'accidents', 'violations'], async () => {
      for (const [name, empty, hint, add, placeholder] of empties) {
        await tab(name).click();
        await page.getByText(empty).waitFor();
        await expect(page.getByText(hint).isVisible()).resolves.toBe(true);
        // The add button above the table, and again in the empty state.
        await expect(main().getByRole('button', { name: add }).count()).resolves.toBe(2);
        await expect(page.getByPlaceholder(placeholder).isVisible()).resolves.toBe(true);
        expect(await page.getByRole('textbox', { name: /^Search / }).count()).toBe(1);
      }
    });
    await tab('Inspections').click();
  });

  it('shows the messages of section 5 and the create defaults in the inspection dialog', async () => {
    await main().getByRole('button', { name: 'Record Inspection' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Record Inspection' });
    await expect(dialog.locator('.ant-select').filter({ hasText: 'Pending' }).count()).resolves.toBe(1);
    const today = await page.evaluate(() => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    });
    await expect(dialog.getByLabel('Inspection Date').inputValue()).resolves.toBe(today);
    await submit(dialog, 'Record Inspection').click();
    for (const message of ['Truck is required', 'Driver is required', 'Inspection type is required']) {
      await dialog.getByText(message).waitFor();
    }
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
  });

  it('records an inspection and lists it: date MMM dd, yyyy, truck, driver, type, status badge, no defects', async () => {
    await main().getByRole('button', { name: 'Record Inspection' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Record Inspection' });
    await choose(dialog, 'Truck', 'SAF-101');
    await choose(dialog, 'Driver', 'Rosa Safetyman');
    await choose(dialog, 'Inspection Type', 'Roadside');
    await fillDay(dialog, 'Inspection Date', '2027-03-04');
    await choose(dialog, 'Status', 'Passed');
    await submit(dialog, 'Record Inspection').click();
    await dialog.waitFor({ state: 'hidden' });
    await row('SAF-101').waitFor();
    await expect(row('SAF-101').innerText()).resolves.toMatch(/Mar 04, 2027\s+SAF-101\s+Rosa Safetyman\s+Roadside\s+Passed\s+None/);
  });

  it("shows 'Unknown' for a truck or driver it cannot name, and cuts long defects at 200 px", async () => {
    const defects = 'Left rear brake chamber leaking air at the push rod boot; both steer tires under 4/32 inch tread depth; cracked windshield';
    await post('inspections', { truckId: ids.otherTruck, driverId: ids.otherDriver, inspectionType: 'DOT', inspectionDate: '2027-02-10', status: 'Failed', defects });
    await page.reload();
    const failed = row('SAF-202');
    // The driver is named once the drivers are read, which may come after the rows.
    await failed.getByText('Otto Brakes').waitFor();
    await expect(failed.innerText()).resolves.toMatch(/Feb 10, 2027\s+SAF-202\s+Otto Brakes\s+DOT\s+Failed/);
    // Cut with an ellipsis, whole on hover (its title).
    const cell = failed.getByTitle(defects);
    await expect(cell.textContent()).resolves.toBe(defects);
    expect((await cell.boundingBox())!.width).toBeLessThanOrEqual(200);
    await expect(cell.evaluate((element) => element.scrollWidth > element.clientWidth)).resolves.toBe(true);

    // An accident with no truck: its Truck column says 'Unknown'.
    await post('accidents', { driverId: ids.otherDriver, accidentDate: '2027-01-15', location: 'I-90 near Gary, IN', severity: 'Critical', description: 'Saf test', status: 'Closed' });
    await tab('Accidents').click();
    await row('I-90 near Gary').getByText('Otto Brakes').waitFor();
    await expect(row('I-90 near Gary').innerText()).resolves.toMatch(/Jan 15, 2027\s+Otto Brakes\s+Unknown\s+I-90 near Gary, IN\s+Critical\s+0\s+Closed/);
    await tab('Inspections').click();
  });

  it('reports an accident with its load and lists it with the severity, injuries and status', async () => {
    await tab('Accidents').click();
    await main().getByRole('button', { name: 'Report Accident' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Report Accident' });
    await expect(dialog.locator('.ant-select').filter({ hasText: 'Reported' }).count()).resolves.toBe(1);
    await expect(dialog.getByLabel('Injuries Reported').inputValue()).resolves.toBe('0');
    await submit(dialog, 'Report Accident').click();
    for (const message of ['Driver is required', 'Location is required', 'Severity is required', 'Description is required']) {
      await dialog.getByText(message).waitFor();
    }
    await choose(dialog, 'Driver', 'Rosa Safetyman');
    await choose(dialog, 'Truck', 'SAF-101');
    await choose(dialog, 'Load', 'LD-SAF-1');
    await fillDay(dialog, 'Accident Date', '2027-03-05');
    await dialog.getByLabel('Location').fill('US-30 at Saf Junction, IN');
    await choose(dialog, 'Severity', 'Moderate');
    await choose(dialog, 'Status', 'Under Investigation');
    await dialog.getByLabel('Injuries Reported').fill('2');
    await dialog.getByLabel('Estimated Cost').fill('12500.5');
    await dialog.getByLabel('Description').fill('Sideswiped while merging');
    await submit(dialog, 'Report Accident').click();
    await dialog.waitFor({ state: 'hidden' });
    await row('Saf Junction').waitFor();
    await expect(row('Saf Junction').innerText()).resolves.toMatch(/Mar 05, 2027\s+Rosa Safetyman\s+SAF-101\s+US-30 at Saf Junction, IN\s+Moderate\s+2\s+Under Investigation/);
    const saved = (await getList<Accident>('accidents')).find((accident) => accident.location.includes('Saf Junction'))!;
    expect(saved).toMatchObject({ loadId: ids.load, truckId: ids.truck, estimatedCost: '12500.50', injuriesReported: 2 });
  });

  it("records violations and lists them: citation or 'N/A', fine in dollars or 'N/A', points or 0", async () => {
    await tab('Violations').click();
    await main().getByRole('button', { name: 'Record Violation' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Record Violation' });
    await choose(dialog, 'Driver', 'Otto Brakes');
    await choose(dialog, 'Violation Type', 'Weight');
    await fillDay(dialog, 'Violation Date', '2027-03-06');
    await dialog.getByLabel('Location').fill('Saf scale house, I-65');
    await dialog.getByLabel('Citation Number').fill('CIT-SAF-77');
    await dialog.getByLabel('Fine Amount').fill('1175');
    await dialog.getByLabel('Points').fill('3');
    await dialog.getByLabel('Description').fill('Over gross weight');
    await submit(dialog, 'Record Violation').click();
    await dialog.waitFor({ state: 'hidden' });
    await row('CIT-SAF-77').waitFor();
    await expect(row('CIT-SAF-77').innerText()).resolves.toMatch(/Mar 06, 2027\s+Otto Brakes\s+Weight\s+CIT-SAF-77\s+\$1,175\.00\s+3\s+Pending/);

    await post('violations', { driverId: ids.driver, violationType: 'HOS', violationDate: '2027-02-20', location: 'Saf weigh station', description: 'Log', status: 'Dismissed' });
    await page.reload();
    await row('HOS').waitFor();
    await expect(row('HOS').innerText()).resolves.toMatch(/Feb 20, 2027\s+Rosa Safetyman\s+HOS\s+N\/A\s+N\/A\s+0\s+Dismissed/);
  });

  it('keeps the tab in the URL, so a reload or a shared link opens it', async () => {
    await openSafety();
    await tab('Violations').click();
    await page.waitForURL(/\/safety\?tab=violations$/);
    await page.reload();
    await row('CIT-SAF-77').waitFor();
    await expect(tab('Violations').getAttribute('aria-selected')).resolves.toBe('true');
    await openSafety('/safety?tab=accidents');
    await row('Saf Junction').waitFor();
    await expect(tab('Accidents').getAttribute('aria-selected')).resolves.toBe('true');
    await tab('Inspections').click();
    await page.waitForURL(/\/safety$/);
  });

  it("searches every tab with one search box, each tab's fields, case-insensitively", async () => {
    await openSafety();
    const search = page.getByRole('textbox', { name: 'Search inspections...' });
    await search.fill('otto');
    await row('SAF-202').waitFor();
    expect(await row('SAF-101').count()).toBe(0);
    await search.fill('saf-101');
    await row('SAF-101').waitFor();
    expect(await row('SAF-202').count()).toBe(0);
    await search.fill('ROADSIDE');
    await row('SAF-101').waitFor();
    await search.fill('failed');
    await row('SAF-202').waitFor();
    expect(await row('SAF-101').count()).toBe(0);

    // The same search box, with what was typed, on the next tab.
    await search.fill('under investigation');
    await tab('Accidents').click();
    const accidents = page.getByRole('textbox', { name: 'Search accidents...' });
    await expect(accidents.inputValue()).resolves.toBe('under investigation');
    await row('Saf Junction').waitFor();
    expect(await row('I-90 near Gary').count()).toBe(0);
    await accidents.fill('gary');
    await row('I-90 near Gary').waitFor();
    await accidents.fill('critical');
    await row('I-90 near Gary').waitFor();
    expect(await row('Saf Junction').count()).toBe(0);

    await tab('Violations').click();
    const violations = page.getByRole('textbox', { name: 'Search violations...' });
    for (const [query, shown, hidden] of [['cit-saf', 'CIT-SAF-77', 'HOS'], ['rosa', 'HOS', 'CIT-SAF-77'], ['scale house', 'CIT-SAF-77', 'HOS'], ['dismissed', 'HOS', 'CIT-SAF-77'], ['weight', 'CIT-SAF-77', 'HOS']]) {
      await violations.fill(query);
      await row(shown).waitFor();
      expect(await row(hidden).count()).toBe(0);
    }
    await violations.fill('nothing like this');
    await page.getByText('No violations found').waitFor();
    await expect(page.getByText('Try adjusting your search').isVisible()).resolves.toBe(true);
    // No add button in the empty state while searching.
    await expect(main().getByRole('button', { name: 'Record Violation' }).count()).resolves.toBe(1);
    await violations.fill('');
    await row('HOS').waitFor();
  });

  it('edits each kind of record in a prefilled dialog', async () => {
    await openSafety();
    await openRowMenu('SAF-101', 'Edit');
    let dialog = page.getByRole('dialog', { name: 'Edit Inspection' });
    await expect(dialog.getByLabel('Inspection Date').inputValue()).resolves.toBe('2027-03-04');
    await dialog.getByLabel('Defects').fill('Mud flap missing');
    await submit(dialog, 'Update Inspection').click();
    await dialog.waitFor({ state: 'hidden' });
    await row('SAF-101').filter({ hasText: 'Mud flap missing' }).waitFor();

    await tab('Accidents').click();
    await openRowMenu('Saf Junction', 'Edit');
    dialog = page.getByRole('dialog', { name: 'Edit Accident' });
    await expect(dialog.getByLabel('Estimated Cost').inputValue()).resolves.toBe('12500.50');
    await choose(dialog, 'Status', 'Closed');
    await submit(dialog, 'Update Accident').click();
    await dialog.waitFor({ state: 'hidden' });
    await row('Saf Junction').filter({ hasText: 'Closed' }).waitFor();

    await tab('Violations').click();
    await openRowMenu('CIT-SAF-77', 'Edit');
    dialog = page.getByRole('dialog', { name: 'Edit Violation' });
    await expect(dialog.getByLabel('Points').inputValue()).resolves.toBe('3');
    await choose(dialog, 'Status', 'Paid');
    await submit(dialog, 'Update Violation').click();
    await dialog.waitFor({ state: 'hidden' });
    await row('CIT-SAF-77').filter({ hasText: 'Paid' }).waitFor();
  });

  it("says 'Failed to record/update ...' and 'Please try again.' when a save fails, keeping what was typed", async () => {
    await openSafety('/safety?tab=violations');
    await page.route('**/api/violations**', (route) => (route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 503, body: 'down' })));
    try {
      await main().getByRole('button', { name: 'Record Violation' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Record Violation' });
      await choose(dialog, 'Driver', 'Otto Brakes');
      await choose(dialog, 'Violation Type', 'Speeding');
      await dialog.getByLabel('Location').fill('Saf typed location');
      await dialog.getByLabel('Description').fill('Typed by hand');
      await submit(dialog, 'Record Violation').click();
      await errorToast('Failed to record violation').filter({ hasText: 'Please try again.' }).waitFor();
      await expect(dialog.getByLabel('Location').inputValue()).resolves.toBe('Saf typed location');
      await expect(dialog.getByLabel('Description').inputValue()).resolves.toBe('Typed by hand');
      await cancel(dialog);
      await dialog.waitFor({ state: 'hidden' });

      await openRowMenu('CIT-SAF-77', 'Edit');
      const edit = page.getByRole('dialog', { name: 'Edit Violation' });
      await edit.getByLabel('Location').fill('Saf changed');
      await submit(edit, 'Update Violation').click();
      await errorToast('Failed to update violation').filter({ hasText: 'Please try again.' }).waitFor();
      await expect(edit.getByLabel('Location').inputValue()).resolves.toBe('Saf changed');
      await cancel(edit);
    } finally {
      await page.unroute('**/api/violations**');
    }

    await tab('Inspections').click();
    await page.route('**/api/inspections**', (route) => (route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 503, body: 'down' })));
    try {
      await openRowMenu('SAF-101', 'Edit');
      const edit = page.getByRole('dialog', { name: 'Edit Inspection' });
      await submit(edit, 'Update Inspection').click();
      await errorToast('Failed to update inspection').filter({ hasText: 'Please try again.' }).waitFor();
      await cancel(edit);
    } finally {
      await page.unroute('**/api/inspections**');
    }

    await tab('Accidents').click();
    await page.route('**/api/accidents**', (route) => (route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 503, body: 'down' })));
    try {
      await main().getByRole('button', { name: 'Report Accident' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Report Accident' });
      await choose(dialog, 'Driver', 'Otto Brakes');
      await dialog.getByLabel('Location').fill('Saf somewhere');
      await choose(dialog, 'Severity', 'Minor');
      await dialog.getByLabel('Description').fill('Scrape');
      await submit(dialog, 'Report Accident').click();
      await errorToast('Failed to report accident').filter({ hasText: 'Please try again.' }).waitFor();
      await expect(dialog.getByLabel('Location').inputValue()).resolves.toBe('Saf somewhere');
      await cancel(dialog);
    } finally {
      await page.unroute('**/api/accidents**');
    }
  });

  it('asks before deleting with the texts of section 8, keeps the record when cancelled, and says so when a delete fails', async () => {
    await openSafety();
    confirmations.accept = false;
    await openRowMenu('SAF-202', 'Delete');
    expect(confirmations.messages.at(-1)).toBe('Are you sure you want to delete this inspection?');
    await page.waitForTimeout(300);
    expect(await row('SAF-202').count()).toBe(1);
    confirmations.accept = true;

    // Gone already (deleted elsewhere): the delete fails.
    const inspection = (await getList<Inspection>('inspections')).find((record) => record.truckId === ids.otherTruck)!;
    expect((await remove('inspections', inspection.id)).status()).toBe(204);
    await openRowMenu('SAF-202', 'Delete');
    await errorToast('Failed to delete inspection. Please try again.').waitFor();

    await tab('Accidents').click();
    await openRowMenu('I-90 near Gary', 'Delete');
    expect(confirmations.messages.at(-1)).toBe('Are you sure you want to delete this accident record?');
    await row('I-90 near Gary').waitFor({ state: 'detached' });

    await tab('Violations').click();
    await page.route('**/api/violations/**', (route) => (route.request().method() === 'DELETE' ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));
    try {
      await openRowMenu('HOS', 'Delete');
      expect(confirmations.messages.at(-1)).toBe('Are you sure you want to delete this violation?');
      await errorToast('Failed to delete violation. Please try again.').waitFor();
      expect(await row('HOS').count()).toBe(1);
    } finally {
      await page.unroute('**/api/violations/**');
    }
    await tab('Accidents').click();
    await page.route('**/api/accidents/**', (route) => (route.request().method() === 'DELETE' ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));
    try {
      await openRowMenu('Saf Junction', 'Delete');
      await errorToast('Failed to delete accident. Please try again.').waitFor();
    } finally {
      await page.unroute('**/api/accidents/**');
    }
  });

  it('shows three skeleton rows until the list arrives', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/inspections', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await openSafety();
      await page.getByRole('status', { name: 'Loading' }).waitFor();
      await expect(page.getByRole('status', { name: 'Loading' }).locator('.ant-skeleton').count()).resolves.toBe(3);
      expect(await row('SAF-101').count()).toBe(0);
      release();
      await row('SAF-101').waitFor();
    } finally {
      await page.unroute('**/api/inspections');
    }
  });

  it('keeps the safety history: a driver or truck with safety records cannot be deleted, and says what uses it', async () => {
    const reply = await remove('trucks', ids.truck);
    expect(reply.status()).toBe(409);
    await expect(reply.json()).resolves.toMatchObject({ message: 'This truck has 1 inspection and 1 accident. Its history is kept, so it cannot be deleted.' });

    await navigate('Drivers');
    await row('Rosa Safetyman').waitFor();
    await openRowMenu('Rosa Safetyman', 'Delete');
    const refused = errorToast('Failed to delete driver. Please try again.');
    await refused.waitFor();
    await expect(refused.innerText()).resolves.toContain('This driver has 1 inspection, 1 accident and 1 violation. Its history is kept, so it cannot be deleted.');
    expect(await row('Rosa Safetyman').count()).toBe(1);
  });

  it('leaves the accidents of a deleted load with no load', async () => {
    expect((await remove('loads', ids.load)).status()).toBe(204);
    const accident = (await getList<Accident>('accidents')).find((record) => record.location.includes('Saf Junction'))!;
    expect(accident).toMatchObject({ loadId: null, driverId: ids.driver, truckId: ids.truck });
    await openSafety('/safety?tab=accidents');
    await row('Saf Junction').waitFor();
  });
});
