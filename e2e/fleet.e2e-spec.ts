import { launchBrowser, newSession, recordDialogs, signIn, type Browser, type Confirmations, type Page } from './support/browser.js';
import { dayFromToday, ROW_MENU, screenSteps } from './support/steps.js';

/** Fleet Management and Driver Management, end to end: Chromium → gateway → NATS → svc-core → Postgres. */
let browser: Browser;
let page: Page;
let dialogs: Confirmations;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  dialogs = recordDialogs(page);
  await signIn(page, 'fleet.manager@example.com');
});
afterAll(async () => {
  await browser?.close();
});

const { row, toast, openRowMenu, cancel, withNoRows, navigate } = screenSteps(() => page);

async function addTruck(fields: { number: string; type: string; plate: string; year?: string; make?: string; model?: string; vin?: string }) {
  await page.getByRole('main').getByRole('button', { name: 'Add Truck' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Truck' });
  await dialog.getByLabel('Truck Number').fill(fields.number);
  await dialog.getByLabel('Type').fill(fields.type);
  await page.keyboard.press('Enter');
  await dialog.getByLabel('License Plate').fill(fields.plate);
  if (fields.vin) await dialog.getByLabel('VIN').fill(fields.vin);
  if (fields.year) await dialog.getByLabel('Year').fill(fields.year);
  if (fields.make) await dialog.getByLabel('Make').fill(fields.make);
  if (fields.model) await dialog.getByLabel('Model').fill(fields.model);
  await dialog.getByRole('button', { name: /Add Truck$/ }).click();
  return dialog;
}

describe('Fleet Management', () => {
  beforeAll(async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet', exact: true }).click();
    await page.getByRole('heading', { name: 'Fleet Management' }).waitFor();
  });

  it('invites to add the first truck when there are none', async () => {
    await withNoRows(['trucks'], async () => {
      await page.getByText('No trucks found').waitFor();
      await expect(page.getByText('Get started by adding your first truck').isVisible()).resolves.toBe(true);
    });
  });

  it('shows the validation messages of section 5 and the create defaults', async () => {
    await page.getByRole('main').getByRole('button', { name: 'Add Truck' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Truck' });
    await expect(dialog.locator('.ant-select').filter({ hasText: 'Available' }).count()).resolves.toBe(1);
    await dialog.getByRole('button', { name: /Add Truck$/ }).click();
    for (const message of ['Truck number is required', 'Type is required', 'License plate is required']) {
      await dialog.getByText(message).waitFor();
    }
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adds trucks and lists them with their details, "Not specified" and "N/A"', async () => {
    await addTruck({ number: 'T-101', type: 'Dry Van', plate: 'TX-4521', year: '2022', make: 'Freightliner', model: 'Cascadia' });
    await row('T-101').waitFor();
    await expect(row('T-101').innerText()).resolves.toMatch(/T-101\s+Dry Van\s+Available\s+2022 Freightliner Cascadia\s+TX-4521\s+N\/A/);
    await addTruck({ number: 'T-202', type: 'Flatbed', plate: 'OK-7788', vin: '1HGBH41JXMN109186' });
    await row('T-202').waitFor();
    await expect(row('T-202').innerText()).resolves.toMatch(/Not specified[\s\S]*OK-7788[\s\S]*1HGBH41JXMN109186/);
  });

  it('refuses a duplicate truck number with the error toast and says why under the field', async () => {
    const dialog = await addTruck({ number: 't-101', type: 'Tanker', plate: 'DUP-1' });
    await toast().filter({ hasText: 'Error' }).filter({ hasText: 'Failed to add truck. Please try again.' }).waitFor();
    await dialog.getByText('A truck with this truck number already exists').waitFor();
    await cancel(dialog);
    expect(await row('DUP-1').count()).toBe(0);
  });

  it('moves the focus to the toast with F8, and dismisses it with a swipe to the right', async () => {
    const dialog = await addTruck({ number: 'T-101', type: 'Tanker', plate: 'DUP-2' });
    const notice = toast().filter({ hasText: 'Failed to add truck. Please try again.' });
    await notice.waitFor();
    await cancel(dialog);
    await page.keyboard.press('F8');
    expect(await notice.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    const swipe = async (distance: number) => {
      const box = (await notice.boundingBox())!;
      await page.mouse.move(box.x + 40, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 40 + distance, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
    };
    await swipe(30); // short of the 50 px threshold: it stays
    await page.waitForTimeout(300);
    expect(await notice.isVisible()).toBe(true);
    await swipe(80);
    await notice.waitFor({ state: 'detached', timeout: 2000 });
  });

  it('searches by truck number, license plate and type, case-insensitively', async () => {
    const search = page.getByPlaceholder('Search trucks...');
    await search.fill('ok-77');
    await expect(row('T-202').isVisible()).resolves.toBe(true);
    expect(await row('T-101').count()).toBe(0);
    await search.fill('dry van');
    await row('T-101').waitFor();
    expect(await row('T-202').count()).toBe(0);
    await search.fill('nothing like this');
    await page.getByText('No trucks found').waitFor();
    await expect(page.getByText('Try adjusting your search').isVisible()).resolves.toBe(true);
    await search.fill('');
    await row('T-202').waitFor();
  });

  it('edits a truck in a prefilled dialog and refetches the list', async () => {
    await openRowMenu('T-202', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Truck' });
    await expect(dialog.getByLabel('Truck Number').inputValue()).resolves.toBe('T-202');
    await expect(dialog.getByLabel('License Plate').inputValue()).resolves.toBe('OK-7788');
    await dialog.getByLabel('Status').fill('Out of');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: /Update Truck$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row('T-202').filter({ hasText: 'Out of Service' }).waitFor();
  });

  it('asks before deleting, keeps the truck when cancelled, and deletes it when confirmed', async () => {
    const { page: other } = await newSession(browser);
    recordDialogs(other, false);
    await signIn(other);
    await other.goto('/fleet');
    await other.getByRole('row').filter({ hasText: 'T-202' }).getByRole('button', { name: ROW_MENU }).click();
    await other.getByRole('menuitem', { name: 'Delete' }).click();
    await other.waitForTimeout(500);
    expect(await other.getByRole('row').filter({ hasText: 'T-202' }).count()).toBe(1);
    await other.context().close();

    await openRowMenu('T-202', 'Delete');
    expect(dialogs.messages.at(-1)).toBe('Are you sure you want to delete this truck?');
    await row('T-202').waitFor({ state: 'detached' });
  });

  it('says so when a delete fails because the truck is already gone', async () => {
    await addTruck({ number: 'T-303', type: 'Tanker', plate: 'GONE-1' });
    await row('T-303').waitFor();
    const trucks = (await (await page.request.get('/api/trucks')).json()) as { id: string; truckNumber: string }[];
    const id = trucks.find((truck) => truck.truckNumber === 'T-303')!.id;
    expect((await page.request.delete(`/api/trucks/${id}`, { headers: { origin: new URL(page.url()).origin } })).status()).toBe(204);
    await openRowMenu('T-303', 'Delete');
    await toast().filter({ hasText: 'Failed to delete truck. Please try again.' }).waitFor();
  });
  it('says so when an update fails, and names the field', async () => {
    await addTruck({ number: 'T-404', type: 'Tanker', plate: 'UPD-1' });
    await row('T-404').waitFor();
    await openRowMenu('T-404', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Truck' });
    await dialog.getByLabel('Truck Number').fill('T-101');
    await dialog.getByRole('button', { name: /Update Truck$/ }).click();
    await toast().filter({ hasText: 'Error' }).filter({ hasText: 'Failed to update truck. Please try again.' }).waitFor();
    await dialog.getByText('A truck with this truck number already exists').waitFor();
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
    await row('T-404').waitFor();
  });

  it('shows the loading skeleton until the list arrives', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/trucks', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('status', { name: 'Loading' }).waitFor();
    expect(await page.locator('.ant-skeleton').count()).toBeGreaterThan(0);
    expect(await row('T-101').count()).toBe(0);
    release();
    await row('T-101').waitFor();
    await page.unroute('**/api/trucks');
  });
});

describe('Driver Management', () => {
  beforeAll(async () => {
    await navigate('Drivers');
    await page.getByRole('heading', { name: 'Driver Management' }).waitFor();
  });

  async function addDriver(fields: { name: string; email: string; phone: string; license: string; licenseExpiration?: string; medicalCard?: string; medicalExpiration?: string; truck?: string }) {
    await page.getByRole('main').getByRole('button', { name: 'Add Driver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Driver' });
    await dialog.getByLabel('Name', { exact: true }).fill(fields.name);
    await dialog.getByLabel('Email').fill(fields.email);
    await dialog.getByLabel('Phone').fill(fields.phone);
    await dialog.getByLabel('License Number').fill(fields.license);
    if (fields.licenseExpiration) {
      await dialog.getByLabel('License Expiration').fill(fields.licenseExpiration);
      await page.keyboard.press('Tab');
    }
    if (fields.medicalCard) await dialog.getByLabel('Medical Card Number').fill(fields.medicalCard);
    if (fields.medicalExpiration) {
      await dialog.getByLabel('Medical Card Expiration').fill(fields.medicalExpiration);
      await page.keyboard.press('Tab');
    }
    if (fields.truck) {
      await dialog.getByLabel('Assigned Truck').fill(fields.truck);
      await page.keyboard.press('Enter');
    }
    await dialog.getByRole('button', { name: /Add Driver$/ }).click();
    return dialog;
  }

  it('invites to add the first driver when there are none, then shows the validation messages of section 5', async () => {
    await withNoRows(['drivers'], async () => {
      await page.getByText('No drivers found').waitFor();
      await expect(page.getByText('Get started by adding your first driver').isVisible()).resolves.toBe(true);
    });
    await page.getByRole('main').getByRole('button', { name: 'Add Driver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Driver' });
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: /Add Driver$/ }).click();
    for (const message of ['Name is required', 'Invalid email address', 'Phone number is required', 'License number is required']) {
      await dialog.getByText(message).waitFor();
    }
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adds drivers with expiry badges, initials and the truck chosen from the fleet', async () => {
    await addDriver({ name: 'Maria Lopez', email: 'maria@example.com', phone: '555-0101', license: 'CDL-889', licenseExpiration: dayFromToday(10), medicalCard: 'MED-1', medicalExpiration: dayFromToday(-3), truck: 'T-101' });
    await row('Maria Lopez').waitFor();
    const maria = await row('Maria Lopez').innerText();
    expect(maria).toContain('ML');
    expect(maria).toContain('maria@example.com');
    expect(maria).toContain('555-0101');
    expect(maria).toMatch(/CDL-889\s+10d/);
    expect(maria).toContain('Expired');
    const trucks = (await (await page.request.get('/api/trucks')).json()) as { id: string; truckNumber: string }[];
    expect(maria).toContain(trucks.find((truck) => truck.truckNumber === 'T-101')!.id);

    await addDriver({ name: 'Sam Okafor', email: 'sam@example.com', phone: '555-0102', license: 'CDL-900', licenseExpiration: dayFromToday(400) });
    await row('Sam Okafor').waitFor();
    const sam = await row('Sam Okafor').innerText();
    expect(sam).toContain('Valid');
    expect(sam).toContain('Not assigned');
  });

  it('refuses a duplicate e-mail or license number', async () => {
    const dialog = await addDriver({ name: 'Second Maria', email: 'MARIA@example.com', phone: '555-0199', license: 'CDL-777' });
    await toast().filter({ hasText: 'Failed to add driver. Please try again.' }).waitFor();
    await dialog.getByText('A driver with this email already exists').waitFor();
    await dialog.getByLabel('Email').fill('second.maria@example.com');
    await dialog.getByLabel('License Number').fill('cdl-889');
    await dialog.getByRole('button', { name: /Add Driver$/ }).click();
    await dialog.getByText('A driver with this license number already exists').waitFor();
    await cancel(dialog);
  });

  it('searches by name, e-mail and license number', async () => {
    const search = page.getByPlaceholder('Search drivers...');
    await search.fill('SAM@');
    await row('Sam Okafor').waitFor();
    expect(await row('Maria Lopez').count()).toBe(0);
    await search.fill('cdl-889');
    await row('Maria Lopez').waitFor();
    expect(await row('Sam Okafor').count()).toBe(0);
    await search.fill('zzz');
    await page.getByText('No drivers found').waitFor();
    await expect(page.getByText('Try adjusting your search').isVisible()).resolves.toBe(true);
    await search.fill('');
  });

  it('edits a driver with the dates as calendar days and unassigns the truck', async () => {
    await openRowMenu('Maria Lopez', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Driver' });
    await expect(dialog.getByLabel('License Expiration').inputValue()).resolves.toBe(dayFromToday(10));
    await dialog.getByLabel('Phone').fill('555-0111');
    await dialog.getByLabel('Assigned Truck').fill('None');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: /Update Driver$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row('Maria Lopez').filter({ hasText: '555-0111' }).filter({ hasText: 'Not assigned' }).waitFor();
  });

  it('deletes a driver after the confirmation', async () => {
    await openRowMenu('Sam Okafor', 'Delete');
    expect(dialogs.messages.at(-1)).toBe('Are you sure you want to delete this driver?');
    await row('Sam Okafor').waitFor({ state: 'detached' });
    expect(await row('Maria Lopez').count()).toBe(1);
  });
});
