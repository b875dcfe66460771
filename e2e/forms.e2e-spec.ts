import { ASSIGNMENT_TEXTS, EXTRACT_TYPE_REFUSAL, LOAD_MESSAGES, type Customer, type Driver, type FuelPurchase, type Load, type Truck } from '@tms/contracts';
import { launchBrowser, newSession, signIn, type Browser, type Page } from './support/browser.js';
import { answerDiscardQuestion, apiSteps, dayFromToday, discardQuestion, screenSteps } from './support/steps.js';

/**
 * What staff tripped over in the dialogs (issue 31): one click one save, nothing typed changed silently, a dialog
 * that asks before it throws work away and opens on its first field, assignments that show what we know, and the
 * small things (the upload refusal, the 404 page's way back, the favicon, search without spaces). Every record this
 * file makes carries 'FRM' (or 'Frm') and is deleted at the end.
 */
let browser: Browser;
let page: Page;

const { getList, post, remove } = apiSteps(() => page);
const { main, row, errorToast, submit, choose, fillDay, cancel } = screenSteps(() => page);

async function cleanUp() {
  const ours = (text: string | null | undefined) => /frm/i.test(text ?? '');
  const customers = (await getList<Customer>('customers')).filter((customer) => ours(customer.email));
  const customerIds = new Set(customers.map((customer) => customer.id));
  const loads = (await getList<Load>('loads')).filter((load) => customerIds.has(load.customerId));
  const fuel = (await getList<FuelPurchase>('fuel')).filter((purchase) => ours(purchase.location));
  const trucks = (await getList<Truck>('trucks')).filter((truck) => ours(truck.truckNumber));
  const drivers = (await getList<Driver>('drivers')).filter((driver) => ours(driver.email));
  for (const [resource, records] of [['loads', loads], ['fuel', fuel], ['customers', customers], ['trucks', trucks], ['drivers', drivers]] as const) {
    for (const { id } of records) await remove(resource, id);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  await signIn(page, 'clerk@example.com');
  await post('customers', { name: 'Frm Foods', email: 'ap@frm.example', phone: '555-0142', address: 'Chicago, IL', type: 'shipper' });
  await post('drivers', {
    name: 'Olga Frm', email: 'olga.frm@example.com', phone: '555-0143', licenseNumber: 'FRM-CDL-1', status: 'on-leave',
    licenseExpiration: dayFromToday(-3),
  });
  await post('drivers', { name: 'Ready Frm', email: 'ready.frm@example.com', phone: '555-0144', licenseNumber: 'FRM-CDL-2', status: 'available' });
  await post('trucks', { truckNumber: 'FRM-OOS', type: 'Dry Van', status: 'out-of-service', licensePlate: 'P 270936' });
  const paired = await post<{ id: string }>('trucks', { truckNumber: 'FRM-RDY', type: 'Refrigerated', status: 'available', licensePlate: 'FRM-P2' });
  await post('drivers', {
    name: 'Paired Frm', email: 'paired.frm@example.com', phone: '555-0145', licenseNumber: 'FRM-CDL-3', status: 'on-duty', assignedTruckId: paired.id,
    medicalCardExpiration: dayFromToday(21),
  });
  // The app read its lists when it opened, before these records: open it afresh.
  await page.reload();
});
afterAll(async () => {
  if (page) await cleanUp();
  await browser?.close();
});

// A test that fails with its dialog open would otherwise fail the next one on that dialog, not on its own step.
afterEach(async () => {
  const open = page.getByRole('dialog').filter({ has: page.locator('form') });
  if (await open.count()) await cancel(open.first());
});

const openCreateLoad = async () => {
  await main().getByRole('button', { name: 'Create Load' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Load' });
  await dialog.getByLabel('Load Number').waitFor();
  return dialog;
};

/** What the page has focus on: the id of the focused element. */
const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');

describe('the load dialog', () => {
  beforeAll(async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loads', exact: true }).click();
    await page.getByRole('heading', { name: 'Loads' }).waitFor();
  });

  it('takes a date as people type it, shows what it read, and says so of one it cannot read', async () => {
    const dialog = await openCreateLoad();
    const pickup = dialog.getByLabel('Pickup Date', { exact: true });
    await pickup.fill('12/1/26');
    await page.keyboard.press('Tab');
    await expect(pickup.inputValue()).resolves.toBe('2026-12-01');
    const delivery = dialog.getByLabel('Delivery Date', { exact: true });
    await delivery.fill('dec 3 2026');
    await page.keyboard.press('Tab');
    await expect(delivery.inputValue()).resolves.toBe('2026-12-03');
    await delivery.fill('13/45/2026');
    await page.keyboard.press('Tab');
    await dialog.getByText('"13/45/2026" is not a date: type it like 12/01/2026 or 2026-12-01').waitFor();
    // The field keeps the day it had.
    await expect(delivery.inputValue()).resolves.toBe('2026-12-03');
    await cancel(dialog);
  });

  it('opens on its first field, not its close button', async () => {
    const dialog = await openCreateLoad();
    await page.waitForFunction(() => document.activeElement?.id === 'load_loadNumber');
    expect(await focusedId()).toBe('load_loadNumber');
    // Untouched, it closes at once: there is nothing to lose.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('asks before Escape throws away what was typed, and keeps it when the user keeps editing', async () => {
    const dialog = await openCreateLoad();
    await dialog.getByLabel('Pickup Location').fill('Joliet, IL');
    await page.keyboard.press('Escape');
    const question = discardQuestion(page);
    await question.waitFor();
    await expect(question.innerText()).resolves.toContain('What you typed in this dialog will be lost.');
    await answerDiscardQuestion(page, 'Keep editing');
    await expect(dialog.getByLabel('Pickup Location').inputValue()).resolves.toBe('Joliet, IL');

    // A click outside asks too; 'Discard' closes it.
    await page.mouse.click(5, 5);
    await question.waitFor();
    await answerDiscardQuestion(page, 'Discard');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('refuses a negative rate under the field, keeping -500 as typed, and a delivery before the pickup', async () => {
    const dialog = await openCreateLoad();
    await dialog.getByLabel('Rate').fill('-500');
    // A third decimal is not rounded away either: it is refused.
    await dialog.getByLabel('Expenses').fill('12.345');
    await fillDay(dialog, 'Pickup Date', dayFromToday(5));
    await fillDay(dialog, 'Delivery Date', dayFromToday(2));
    await submit(dialog, 'Create Load').click();
    await dialog.getByText('Must not be negative').waitFor();
    await dialog.getByText('Enter an amount like 1234.50').waitFor();
    await dialog.getByText(LOAD_MESSAGES.deliveryBeforePickup).waitFor();
    // Shown with the cents, as typed: not 0.00.
    expect(Number(await dialog.getByLabel('Rate').inputValue())).toBe(-500);
    await expect(dialog.getByLabel('Expenses').inputValue()).resolves.toBe('12.345');
    await cancel(dialog);
  });

  it('shows each driver’s and truck’s status in the lists, and warns under the field for one not fit to go', async () => {
    const dialog = await openCreateLoad();
    await dialog.getByLabel('Assigned Driver', { exact: true }).fill('Frm');
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.filter({ hasText: 'Olga Frm' }).waitFor();
    await expect(options.filter({ hasText: 'Olga Frm' }).innerText()).resolves.toMatch(/On Leave, CDL expired/);
    await expect(options.filter({ hasText: 'Ready Frm' }).innerText()).resolves.toMatch(/Available/);
    await page.keyboard.press('Escape');
    await choose(dialog, 'Assigned Driver', 'Olga Frm');
    await dialog.getByText(ASSIGNMENT_TEXTS.warning('Olga Frm', ['On Leave', 'CDL expired'])).waitFor();
    await choose(dialog, 'Assigned Truck', 'FRM-OOS');
    await dialog.getByText(ASSIGNMENT_TEXTS.warning('FRM-OOS', ['Out of Service'])).waitFor();
    // A fit driver clears the warning.
    await choose(dialog, 'Assigned Driver', 'Ready Frm');
    await dialog.getByText(ASSIGNMENT_TEXTS.warning('Olga Frm', ['On Leave', 'CDL expired'])).waitFor({ state: 'hidden' });
    await cancel(dialog);
  });

  it("lists ready drivers and trucks first with a truck's type, warns of a card expiring within 30 days, and brings the driver's truck", async () => {
    const dialog = await openCreateLoad();
    await dialog.getByLabel('Assigned Truck', { exact: true }).fill('FRM-');
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.filter({ hasText: 'FRM-RDY' }).waitFor();
    await options.filter({ hasText: 'FRM-OOS' }).waitFor();
    await expect(options.filter({ hasText: 'FRM-RDY' }).innerText()).resolves.toMatch(/^FRM-RDY\s+Refrigerated, Available$/);
    await expect(options.filter({ hasText: 'FRM-OOS' }).innerText()).resolves.toMatch(/^FRM-OOS\s+Dry Van, Out of Service$/);
    // Free trucks first. Read again while the list is being redrawn (a truck list refetched as another file changes it:
    // CI once read it between two drawings, with neither truck in it).
    const positions = async () => {
      const order = await options.evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
      return ['FRM-RDY', 'FRM-OOS'].map((truck) => order.findIndex((text) => text.includes(truck)));
    };
    let [ready, outOfService] = await positions();
    for (let tries = 0; (ready < 0 || outOfService < 0) && tries < 50; tries++) {
      await page.waitForTimeout(100);
      [ready, outOfService] = await positions();
    }
    expect(ready).toBeGreaterThanOrEqual(0);
    expect(ready).toBeLessThan(outOfService);
    await page.keyboard.press('Escape');
    await dialog.getByLabel('Assigned Driver', { exact: true }).fill('Frm');
    await options.filter({ hasText: 'Paired Frm' }).waitFor();
    await expect(options.filter({ hasText: 'Paired Frm' }).innerText()).resolves.toMatch(/On Duty, Medical card expires in 21 days/);
    await page.keyboard.press('Escape');
    await choose(dialog, 'Assigned Driver', 'Paired Frm');
    await dialog.getByText(ASSIGNMENT_TEXTS.warning('Paired Frm', ['On Duty', 'Medical card expires in 21 days'])).waitFor();
    // The driver's truck, and the load Assigned.
    await dialog.locator('.ant-select').filter({ hasText: 'FRM-RDY' }).waitFor();
    await dialog.locator('.ant-select').filter({ hasText: 'Assigned' }).waitFor();
    await cancel(dialog);
  });

  it('saves once on a double click on Create Load, with no error', async () => {
    const dialog = await openCreateLoad();
    await dialog.getByLabel('Load Number').fill('FRM-L1');
    await choose(dialog, 'Customer', 'Frm Foods');
    await dialog.getByLabel('Pickup Location').fill('Chicago, IL');
    await fillDay(dialog, 'Pickup Date', dayFromToday(1));
    await dialog.getByLabel('Delivery Location').fill('Dallas, TX');
    await fillDay(dialog, 'Delivery Date', dayFromToday(3));
    await dialog.getByLabel('Rate').fill('1800');
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/loads')) creates.push(request.headers()['idempotency-key'] ?? '');
    });
    await submit(dialog, 'Create Load').dblclick();
    await dialog.waitFor({ state: 'hidden' });
    await row('FRM-L1').waitFor();
    // Any error toast would be up by now: the list is refetched after the save settles.
    await page.waitForTimeout(1000);
    expect(await errorToast('Failed to create load').count()).toBe(0);
    expect((await getList<Load>('loads')).filter((load) => load.loadNumber === 'FRM-L1')).toHaveLength(1);
    // Whatever reached the server carried the dialog's one key.
    expect(creates.length).toBeGreaterThan(0);
    expect(new Set(creates).size).toBe(1);
    expect(creates[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('names the types it takes when it refuses a file, as people say them', async () => {
    const dialog = await openCreateLoad();
    await dialog.getByRole('tab', { name: 'AI Extract' }).click();
    await dialog.getByTestId('load-extract-input').setInputFiles({ name: 'loads.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
    await expect(dialog.getByTestId('load-extract-error').innerText()).resolves.toBe(EXTRACT_TYPE_REFUSAL);
    expect(EXTRACT_TYPE_REFUSAL).toBe('File type must be PDF, PNG, JPG, GIF, WEBP or TXT');
    await cancel(dialog);
  });

  it("shows the seconds an extraction has taken, and 'Create Load' waits for it", async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // A slow OCR, held until the test has looked: the panel then shows the failure, and Create Load is back.
    await page.route('**/api/extract-load', async (route) => {
      await answered;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'AI is busy. Please try again.' }) });
    });
    const dialog = await openCreateLoad();
    await dialog.getByRole('tab', { name: 'AI Extract' }).click();
    await dialog.getByTestId('load-extract-input').setInputFiles({ name: 'tender.txt', mimeType: 'text/plain', buffer: Buffer.from('LOAD TENDER\nLoad # FRM-9\n') });
    await dialog.getByText('AI is extracting load information...').waitFor();
    await dialog.getByTestId('load-extract-elapsed').filter({ hasText: /Reading the document… [1-9]\d* s/ }).waitFor();
    expect(await submit(dialog, 'Create Load').isDisabled()).toBe(true);
    answer();
    await dialog.getByTestId('load-extract-error').waitFor();
    expect(await submit(dialog, 'Create Load').isDisabled()).toBe(false);
    await page.unroute('**/api/extract-load');
    await cancel(dialog);
  });
});

describe('the fuel dialog', () => {
  it('refuses a card number of 5 digits under the field rather than cutting it', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fuel', exact: true }).click();
    await page.getByRole('heading', { name: 'Fuel Management' }).waitFor();
    await main().getByRole('button', { name: 'Add Fuel Purchase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Fuel Purchase' });
    await dialog.getByLabel('Card Number (last 4)').fill('12345');
    await submit(dialog, 'Create').click();
    await dialog.getByText('Enter at most the last 4 digits of the card').waitFor();
    await expect(dialog.getByLabel('Card Number (last 4)').inputValue()).resolves.toBe('12345');
    await cancel(dialog);
  });
});

describe('small things', () => {
  it('finds the plate "P 270936" when searched as "P270936"', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet', exact: true }).click();
    await page.getByRole('heading', { name: 'Fleet Management' }).waitFor();
    await page.getByPlaceholder('Search trucks...').fill('P270936');
    await row('FRM-OOS').waitFor();
    await page.getByPlaceholder('Search trucks...').fill('');
  });

  it('links the 404 page to the Dashboard, its texts as the spec says', async () => {
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('has a favicon, linked from the page and served at /favicon.ico', async () => {
    const linked = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(linked).toMatch(/favicon\.ico$/);
    const icon = await page.request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });
});
