import { formatDollars, sumMoney, type Customer, type Driver, type Load, type Truck } from '@tms/contracts';
import type pg from 'pg';
import { launchBrowser, newSession, recordDialogs, signIn, type Browser, type Confirmations, type Page } from './support/browser.js';
import { apiSteps, screenSteps } from './support/steps.js';
import { connectDatabase } from './support/database.js';

/**
 * Customers, Loads and the Dashboard, end to end: Chromium → gateway → NATS → svc-core → Postgres. Every record this
 * file makes carries 'DSP' (or 'Dsp') and is deleted at the end: the other browser tests share the system.
 */
let browser: Browser;
let page: Page;
/** The browser confirmations: accepted unless a test says otherwise. */
let confirmations: Confirmations;

const { getList, post, remove } = apiSteps(() => page);

/** Deletes what this file made, loads first (they hold their customer). */
async function cleanUp() {
  const ours = (text: string | null) => /dsp/i.test(text ?? '');
  const customers = (await getList<Customer>('customers')).filter((customer) => ours(customer.email));
  const customerIds = new Set(customers.map((customer) => customer.id));
  const loads = (await getList<Load>('loads')).filter((load) => customerIds.has(load.customerId));
  const trucks = (await getList<Truck>('trucks')).filter((truck) => ours(truck.truckNumber));
  const drivers = (await getList<Driver>('drivers')).filter((driver) => ours(driver.email));
  for (const [resource, records] of [['loads', loads], ['customers', customers], ['trucks', trucks], ['drivers', drivers]] as const) {
    for (const { id } of records) await remove(resource, id);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  confirmations = recordDialogs(page);
  await signIn(page, 'dispatcher@example.com');
  // The load dialog's choice lists: a truck and a driver of the fleet.
  await post('trucks', { truckNumber: 'DSP-101', type: 'Reefer', status: 'available', licensePlate: 'DSP-P1', year: 2023, make: 'Volvo', model: 'VNL 860' });
  await post('drivers', { name: 'Dana Dispatch', email: 'dana.dsp@example.com', phone: '555-0177', licenseNumber: 'DSP-CDL-1', status: 'on-duty' });
});
afterAll(async () => {
  if (page) await cleanUp();
  await browser?.close();
});

const { row, errorToast, main, submit, openRowMenu, choose, cancel } = screenSteps(() => page);

/** Closes the open choice list, and waits until no list is on screen (one may still be sliding in or out). */
async function closeChoices() {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.ant-select-dropdown')].every((list) => {
      const box = list.getBoundingClientRect();
      return getComputedStyle(list).display === 'none' || box.width === 0 || box.height === 0;
    }),
  );
}

describe('Customer Management', () => {
  beforeAll(async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers', exact: true }).click();
    await page.getByRole('heading', { name: 'Customer Management' }).waitFor();
  });

  async function addCustomer(fields: { name: string; email: string; phone: string; address: string; type?: 'Receiver' }) {
    await main().getByRole('button', { name: 'Add Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await dialog.getByLabel('Name').fill(fields.name);
    await dialog.getByLabel('Email').fill(fields.email);
    await dialog.getByLabel('Phone').fill(fields.phone);
    await dialog.getByLabel('Address').fill(fields.address);
    if (fields.type) await choose(dialog, 'Type', fields.type);
    await submit(dialog, 'Add Customer').click();
    return dialog;
  }

  it('opens "Add Customer" as a shipper, and shows the messages of section 5 under the fields', async () => {
    await main().getByRole('button', { name: 'Add Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await expect(dialog.locator('.ant-select').filter({ hasText: 'Shipper' }).count()).resolves.toBe(1);
    await dialog.getByLabel('Email').fill('shipping@');
    await submit(dialog, 'Add Customer').click();
    for (const message of ['Name is required', 'Invalid email address', 'Phone number is required', 'Address is required']) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adds customers and lists them with name, e-mail, phone, address and the Type badge', async () => {
    await addCustomer({ name: 'Dsp Harbor Foods', email: 'ship@harbor.dsp.example.com', phone: '(312) 555-0142', address: '4100 W 47th St, Chicago, IL 60632' });
    await row('Dsp Harbor Foods').waitFor();
    await expect(row('Dsp Harbor Foods').innerText()).resolves.toMatch(
      /Dsp Harbor Foods\s+ship@harbor\.dsp\.example\.com\s+\(312\) 555-0142\s+4100 W 47th St, Chicago, IL 60632\s+Shipper/,
    );
    await addCustomer({ name: 'Dsp Lakeside Market', email: 'dock@lakeside.dsp.example.com', phone: '(414) 555-0199', address: '2600 W Silver Spring Dr, Milwaukee, WI', type: 'Receiver' });
    await row('Dsp Lakeside Market').filter({ hasText: 'Receiver' }).waitFor();
  });

  it("shows the failed-save toast of section 8 when the server fails: 'add', then 'update'", async () => {
    await page.route('**/api/customers', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, body: 'Service unavailable' }) : route.fallback(),
    );
    const dialog = await addCustomer({ name: 'Dsp Never Saved', email: 'never@dsp.example.com', phone: '555', address: 'Nowhere 1' });
    await errorToast('Failed to add customer. Please try again.').waitFor();
    await cancel(dialog);
    await page.unroute('**/api/customers');

    await page.route('**/api/customers/*', (route) => route.fulfill({ status: 503, body: 'Service unavailable' }));
    await openRowMenu('Dsp Lakeside Market', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Customer' });
    await submit(edit, 'Update Customer').click();
    await errorToast('Failed to update customer. Please try again.').waitFor();
    await cancel(edit);
    await edit.waitFor({ state: 'hidden' });
    await page.unroute('**/api/customers/*');
    expect(await row('Dsp Never Saved').count()).toBe(0);
  });

  it('searches by name, e-mail and phone, case-insensitively', async () => {
    const search = page.getByPlaceholder('Search customers...');
    await search.fill('LAKESIDE');
    await row('Dsp Lakeside Market').waitFor();
    expect(await row('Dsp Harbor Foods').count()).toBe(0);
    await search.fill('ship@harbor');
    await row('Dsp Harbor Foods').waitFor();
    expect(await row('Dsp Lakeside Market').count()).toBe(0);
    await search.fill('555-0199');
    await row('Dsp Lakeside Market').waitFor();
    expect(await row('Dsp Harbor Foods').count()).toBe(0);
    await search.fill('Silver Spring'); // the address is not searched
    await page.getByText('No customers found').waitFor();
    await expect(page.getByText('Try adjusting your search').isVisible()).resolves.toBe(true);
    await search.fill('');
    await row('Dsp Harbor Foods').waitFor();
  });

  it('edits a customer in a prefilled dialog', async () => {
    await openRowMenu('Dsp Lakeside Market', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await expect(dialog.getByLabel('Email').inputValue()).resolves.toBe('dock@lakeside.dsp.example.com');
    await expect(dialog.locator('.ant-select').filter({ hasText: 'Receiver' }).count()).resolves.toBe(1);
    await dialog.getByLabel('Phone').fill('(414) 555-0100');
    await choose(dialog, 'Type', 'Shipper');
    await submit(dialog, 'Update Customer').click();
    await dialog.waitFor({ state: 'hidden' });
    await row('Dsp Lakeside Market').filter({ hasText: '(414) 555-0100' }).filter({ hasText: 'Shipper' }).waitFor();
  });

  it('asks before deleting, keeps the customer when cancelled, and deletes it when confirmed', async () => {
    confirmations.accept = false;
    await openRowMenu('Dsp Lakeside Market', 'Delete');
    expect(confirmations.messages.at(-1)).toBe('Are you sure you want to delete this customer?');
    await page.waitForTimeout(500);
    expect(await row('Dsp Lakeside Market').count()).toBe(1);
    confirmations.accept = true;
    await openRowMenu('Dsp Lakeside Market', 'Delete');
    await row('Dsp Lakeside Market').waitFor({ state: 'detached' });
  });
});

describe('Loads', () => {
  beforeAll(async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loads', exact: true }).click();
    await page.getByRole('heading', { name: 'Loads' }).waitFor();
    await expect(page.getByText('Manage your shipments and deliveries').isVisible()).resolves.toBe(true);
  });

  const openCreate = async () => {
    await main().getByRole('button', { name: 'Create Load' }).click();
    return page.getByRole('dialog', { name: 'Create Load' });
  };

  async function fillLoad(dialog: ReturnType<Page['getByRole']>, fields: { number?: string; pickup: string; delivery: string; rate: string; expenses?: string; weight?: string }) {
    if (fields.number) await dialog.getByLabel('Load Number').fill(fields.number);
    await choose(dialog, 'Customer', 'Dsp Harbor');
    await dialog.getByLabel('Pickup Location').fill(fields.pickup);
    await dialog.getByLabel('Pickup Date').fill('2027-03-04');
    await page.keyboard.press('Tab');
    await dialog.getByLabel('Delivery Location').fill(fields.delivery);
    await dialog.getByLabel('Delivery Date').fill('2027-03-06');
    await page.keyboard.press('Tab');
    await dialog.getByLabel('Rate').fill(fields.rate);
    if (fields.expenses) await dialog.getByLabel('Expenses').fill(fields.expenses);
    if (fields.weight) await dialog.getByLabel('Weight (lbs)').fill(fields.weight);
  }

  it("opens 'Create Load' on the 'Manual Entry' tab, with 'AI Extract' beside it", async () => {
    const dialog = await openCreate();
    const manual = dialog.getByRole('tab', { name: 'Manual Entry' });
    const extract = dialog.getByRole('tab', { name: 'AI Extract' });
    await expect(manual.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(extract.getAttribute('aria-selected')).resolves.toBe('false');
    await expect(dialog.getByLabel('Pickup Location').isVisible()).resolves.toBe(true);
    await extract.click();
    await expect(dialog.getByLabel('Pickup Location').isVisible()).resolves.toBe(false);
    await manual.click();
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
  });

  it("fills the create defaults: 'LD-' and the current timestamp, Pending, expenses 0, weight 0; money steps by 0.01", async () => {
    const before = Date.now();
    const dialog = await openCreate();
    const number = await dialog.getByLabel('Load Number').inputValue();
    expect(number).toMatch(/^LD-\d+$/);
    const timestamp = Number(number.slice(3));
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
    await expect(dialog.locator('.ant-select').filter({ hasText: 'Pending' }).count()).resolves.toBe(1);
    expect(Number(await dialog.getByLabel('Expenses').inputValue())).toBe(0);
    await expect(dialog.getByLabel('Weight (lbs)').inputValue()).resolves.toBe('0');
    for (const money of ['Rate', 'Expenses']) await expect(dialog.getByLabel(money).getAttribute('step')).resolves.toBe('0.01');
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the messages of section 5 under the fields', async () => {
    const dialog = await openCreate();
    await submit(dialog, 'Create Load').click();
    for (const message of ['Customer is required', 'Pickup location is required', 'Delivery location is required', 'Rate is required']) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
  });

  it('offers the customers, drivers and trucks as searchable choice lists, with None for the assignments', async () => {
    const dialog = await openCreate();
    await dialog.getByLabel('Assigned Driver').fill('dana');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Dana Dispatch' }).waitFor();
    await closeChoices();
    await dialog.getByLabel('Assigned Truck').click();
    // The trucks' own list: the drivers' may still be closing under a loaded machine.
    const truckChoices = page.locator('.ant-select-dropdown:visible').filter({ hasText: 'DSP-101' }).locator('.ant-select-item-option');
    await truckChoices.filter({ hasText: 'DSP-101' }).waitFor();
    await expect(truckChoices.first().innerText()).resolves.toBe('None');
    await closeChoices();
    await dialog.getByLabel('Customer').fill('dsp lakeside'); // deleted above: no longer a choice (Accounting has a Lakeside of its own)
    await page.locator('.ant-select-dropdown:visible .ant-empty-description').filter({ hasText: 'No data' }).waitFor();
    await closeChoices();
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
  });

  it('creates a load, sending money and dates as text, and lists it with its route, status, dates and rate', async () => {
    const dialog = await openCreate();
    await fillLoad(dialog, { number: 'DSP-L1', pickup: 'Chicago, IL', delivery: 'Dallas, TX', rate: '1234.5', expenses: '0.10', weight: '42000' });
    await choose(dialog, 'Assigned Driver', 'Dana Dispatch');
    await choose(dialog, 'Assigned Truck', 'DSP-101');
    // A pending load given a driver and a truck is Assigned (issue 47), shown in its Status field before it is saved.
    await dialog.locator('.ant-select').filter({ hasText: 'Assigned' }).filter({ hasNotText: 'DSP' }).first().waitFor();
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/loads'));
    await submit(dialog, 'Create Load').click();
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({ loadNumber: 'DSP-L1', status: 'assigned', rate: '1234.50', expenses: '0.10', weight: 42000, pickupDate: '2027-03-04', deliveryDate: '2027-03-06' });
    await dialog.waitFor({ state: 'hidden' });
    await expect(row('DSP-L1').innerText()).resolves.toMatch(/DSP-L1\s+Assigned\s+Chicago, IL → Dallas, TX\s+Mar 4, 2027\s+Mar 6, 2027\s+\$1,234\.50/);
  });

  it('keeps the generated load number when the user does not change it', async () => {
    const dialog = await openCreate();
    const number = await dialog.getByLabel('Load Number').inputValue();
    await fillLoad(dialog, { pickup: 'Omaha, NE', delivery: 'Denver, CO', rate: '0.20' });
    await submit(dialog, 'Create Load').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(row(number).innerText()).resolves.toMatch(/Omaha, NE → Denver, CO[\s\S]*\$0\.20/);
  });

  it('says under the field when the load number is taken, with the failed-create toast', async () => {
    const dialog = await openCreate();
    await fillLoad(dialog, { number: 'DSP-L1', pickup: 'Tulsa, OK', delivery: 'Wichita, KS', rate: '900' });
    await submit(dialog, 'Create Load').click();
    await errorToast('Failed to create load. Please try again.').waitFor();
    await dialog.getByText('A load with this load number already exists').waitFor();
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
    expect(await row('Tulsa, OK').count()).toBe(0);
  });

  it("opens 'Edit Load' with the form only, prefilled with the dates as calendar days, and labels the status", async () => {
    await openRowMenu('DSP-L1', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Load' });
    await dialog.getByLabel('Load Number').waitFor();
    expect(await dialog.getByRole('tab').count()).toBe(0);
    await expect(dialog.getByLabel('Load Number').inputValue()).resolves.toBe('DSP-L1');
    await expect(dialog.getByLabel('Pickup Date').inputValue()).resolves.toBe('2027-03-04');
    await expect(dialog.getByLabel('Delivery Date').inputValue()).resolves.toBe('2027-03-06');
    expect(Number(await dialog.getByLabel('Rate').inputValue())).toBe(1234.5);
    await expect(dialog.locator('.ant-select').filter({ hasText: 'Dsp Harbor Foods' }).count()).resolves.toBe(1);
    await expect(dialog.locator('.ant-select').filter({ hasText: 'Dana Dispatch' }).count()).resolves.toBe(1);
    await choose(dialog, 'Status', 'In Transit');
    await submit(dialog, 'Update Load').click();
    await dialog.waitFor({ state: 'hidden' });
    await row('DSP-L1').filter({ hasText: 'In Transit' }).waitFor();
  });

  it('shows the failed-update toast of section 8', async () => {
    // The update fails; the dialog's own read of the load (issue 42: it opens with the load's stops) goes through.
    await page.route('**/api/loads/*', (route) => (route.request().method() === 'PATCH' ? route.fulfill({ status: 503, body: 'Service unavailable' }) : route.continue()));
    await openRowMenu('DSP-L1', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Load' });
    await submit(dialog, 'Update Load').click();
    await errorToast('Failed to update load. Please try again.').waitFor();
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
    await page.unroute('**/api/loads/*');
  });

  it('searches by load number, pickup and delivery location', async () => {
    const search = page.getByPlaceholder('Search loads...');
    await search.fill('dsp-l1');
    await row('DSP-L1').waitFor();
    expect(await row('Omaha, NE').count()).toBe(0);
    await search.fill('omaha');
    await row('Omaha, NE').waitFor();
    expect(await row('DSP-L1').count()).toBe(0);
    await search.fill('DALLAS');
    await row('DSP-L1').waitFor();
    expect(await row('Omaha, NE').count()).toBe(0);
    await search.fill('no such load anywhere');
    await page.getByText('No loads found').waitFor();
    await expect(page.getByText('Try adjusting your search').isVisible()).resolves.toBe(true);
    await search.fill('');
    await row('Omaha, NE').waitFor();
  });

  it('will not delete a customer its loads use: the failed-delete toast, and the customer stays', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers', exact: true }).click();
    await openRowMenu('Dsp Harbor Foods', 'Delete');
    expect(confirmations.messages.at(-1)).toBe('Are you sure you want to delete this customer?');
    await errorToast('Failed to delete customer. Please try again.').waitFor();
    // And why: the server's reason, on a line of its own.
    await errorToast('This customer has').filter({ hasText: 'to another customer first.' }).waitFor();
    expect(await row('Dsp Harbor Foods').count()).toBe(1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loads', exact: true }).click();
    await page.getByRole('heading', { name: 'Loads' }).waitFor();
  });

  it('asks before deleting a load, keeps it when cancelled, and deletes it when confirmed', async () => {
    confirmations.accept = false;
    await openRowMenu('Omaha, NE', 'Delete');
    expect(confirmations.messages.at(-1)).toBe('Are you sure you want to delete this load?');
    await page.waitForTimeout(500);
    expect(await row('Omaha, NE').count()).toBe(1);
    confirmations.accept = true;
    await openRowMenu('Omaha, NE', 'Delete');
    await row('Omaha, NE').waitFor({ state: 'detached' });
    expect(await row('DSP-L1').count()).toBe(1);
  });
});

describe('Dashboard', () => {
  const card = (title: string) => page.getByRole('region', { name: title });

  /** The dashboard with these lists instead of the system's (a full reload, so nothing is cached). */
  async function withLists(lists: { loads: Load[]; trucks: Truck[]; drivers: Driver[] }, check: () => Promise<void>) {
    for (const [resource, rows] of Object.entries(lists)) await page.route(`**/api/${resource}`, (route) => route.fulfill({ json: rows }));
    try {
      await page.goto('/');
      await card('Total Revenue').waitFor();
      await check();
    } finally {
      for (const resource of Object.keys(lists)) await page.unroute(`**/api/${resource}`);
    }
  }

  it('shows four placeholder cards until the lists arrive', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/loads', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto('/');
      // The dashboard's own placeholders, not the shell's while it loads the remote.
      const placeholders = page.getByRole('status', { name: 'Loading' }).filter({ has: page.locator('.ant-card') });
      await placeholders.waitFor();
      expect(await placeholders.locator('.ant-card').count()).toBe(4);
      expect(await card('Active Loads').count()).toBe(0);
    } finally {
      release();
    }
    await card('Active Loads').waitFor();
    expect(await page.getByRole('status', { name: 'Loading' }).count()).toBe(0);
    await page.unroute('**/api/loads');
  });

  it("has the title, the subtitle and the four cards with the figures of the system's loads, trucks and drivers", async () => {
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect(page.getByText('Overview of your operations').isVisible()).resolves.toBe(true);
    await card('Total Revenue').waitFor();
    // The lists as read now, shown as read: the other test files change them while this one runs.
    const [loads, trucks, drivers] = await Promise.all([getList<Load>('loads'), getList<Truck>('trucks'), getList<Driver>('drivers')]);
    await withLists({ loads, trucks, drivers }, async () => {
      const count = (n: number) => n.toLocaleString('en-US');
      const plural = (n: number, noun: string) => `${count(n)} total ${noun}${n === 1 ? '' : 's'}`;
      const active = loads.filter((load) => load.status === 'assigned' || load.status === 'in-transit').length;
      expect(active).toBeGreaterThan(0); // DSP-L1 is in transit
      await expect(card('Active Loads').innerText()).resolves.toMatch(new RegExp(`Active Loads\\s+${count(active)}\\s+\\+12%\\s+${plural(loads.length, 'load')}`));
      const available = trucks.filter((truck) => truck.status === 'available').length;
      await expect(card('Available Trucks').innerText()).resolves.toMatch(new RegExp(`Available Trucks\\s+${count(available)}\\s+${plural(trucks.length, 'truck')}`));
      const onDuty = drivers.filter((driver) => driver.status === 'on-duty').length;
      await expect(card('Active Drivers').innerText()).resolves.toMatch(new RegExp(`Active Drivers\\s+${count(onDuty)}\\s+${plural(drivers.length, 'driver')}`));
      const revenue = formatDollars(sumMoney(loads.map((load) => load.rate)));
      await expect(card('Total Revenue').innerText()).resolves.toMatch(new RegExp(`Total Revenue\\s+${revenue.replace(/[$.]/g, '\\$&')}\\s+\\+22%`));
    });
  });

  it('lists the first 5 loads and trucks in list order, with their details', async () => {
    const [loads, trucks, drivers] = await Promise.all([getList<Load>('loads'), getList<Truck>('trucks'), getList<Driver>('drivers')]);
    await withLists({ loads, trucks, drivers }, async () => {
      const recent = card('Recent Loads').getByRole('listitem');
      expect(await recent.count()).toBe(Math.min(5, loads.length));
      await expect(recent.first().innerText()).resolves.toContain(loads[0].loadNumber);
      const ours = recent.filter({ hasText: 'DSP-L1' });
      if (loads.slice(0, 5).some((load) => load.loadNumber === 'DSP-L1')) {
        await expect(ours.innerText()).resolves.toMatch(/DSP-L1\s+In Transit\s+Chicago, IL → Dallas, TX\s+\$1,234\.50\s+Mar 4, 2027/);
      }
      const fleet = card('Fleet Status').getByRole('listitem');
      expect(await fleet.count()).toBe(Math.min(5, trucks.length));
      for (const [index, truck] of trucks.slice(0, 5).entries()) await expect(fleet.nth(index).innerText()).resolves.toContain(truck.truckNumber);
    });
  });

  it('adds the rates exactly to the cent, and shows each record as spec 2.3 says', async () => {
    const base = (await getList<Load>('loads')).find((load) => load.loadNumber === 'DSP-L1')!;
    const loads = ['0.10', '0.20', '1234567.89', '0.01'].map((rate, n) => ({ ...base, id: `00000000-0000-4000-8000-00000000000${n}`, loadNumber: `DSP-R${n}`, rate }));
    loads[1] = { ...loads[1], status: 'delivered', pickupLocation: 'Fresno, CA', deliveryLocation: 'Reno, NV', pickupDate: '2027-12-31' };
    const truck: Truck = { id: '00000000-0000-4000-8000-000000000009', truckNumber: 'DSP-900', type: 'Flatbed', status: 'out-of-service', licensePlate: 'X', vin: null, year: 2021, make: 'Kenworth', model: 'T680' };
    await withLists({ loads, trucks: [truck, { ...truck, id: `${truck.id.slice(0, -1)}8`, truckNumber: 'DSP-901', year: null, make: null, model: null }], drivers: [] }, async () => {
      await expect(card('Total Revenue').innerText()).resolves.toContain('$1,234,568.20');
      await expect(card('Active Loads').innerText()).resolves.toMatch(/Active Loads\s+3\s+\+12%\s+4 total loads/);
      await expect(card('Available Trucks').innerText()).resolves.toMatch(/Available Trucks\s+0\s+2 total trucks/);
      await expect(card('Active Drivers').innerText()).resolves.toMatch(/Active Drivers\s+0\s+0 total drivers/);
      const recent = card('Recent Loads').getByRole('listitem');
      await expect(recent.nth(1).innerText()).resolves.toMatch(/DSP-R1\s+Delivered\s+Fresno, CA → Reno, NV\s+\$0\.20\s+Dec 31, 2027/);
      const fleet = card('Fleet Status').getByRole('listitem');
      await expect(fleet.nth(0).innerText()).resolves.toMatch(/DSP-900\s+Out of Service\s+2021 Kenworth T680\s+Flatbed/);
      await expect(fleet.nth(1).innerText()).resolves.toMatch(/DSP-901\s+Out of Service\s+Not specified\s+Flatbed/);
    });
  });

  it('invites to create the first load and add the first truck when there are none', async () => {
    await withLists({ loads: [], trucks: [], drivers: [] }, async () => {
      await expect(card('Recent Loads').innerText()).resolves.toMatch(/No loads yet\s+Create your first load to get started/);
      await expect(card('Fleet Status').innerText()).resolves.toMatch(/No trucks yet\s+Add trucks to your fleet to get started/);
      await expect(card('Total Revenue').innerText()).resolves.toContain('$0.00');
      await expect(card('Active Loads').innerText()).resolves.toMatch(/Active Loads\s+0\s+\+12%\s+0 total loads/);
    });
  });
});

describe('Loads and Dashboard at the size of a real carrier', () => {
  const LOADS = 10000;
  let database: pg.Client;

  beforeAll(async () => {
    database = await connectDatabase();
    // Dated long ago, so they sit below every record the other tests make (the lists are newest first).
    await database.query(
      `INSERT INTO core.customers (name, email, phone, address, type, created_at)
       SELECT 'Dsp Bulk Customer ' || n, 'bulk' || n || '@dsp.example.com', '555-' || n, n || ' Bulk Rd', 'shipper',
              timestamptz '2000-01-01' + n * interval '1 second'
       FROM generate_series(1, 500) AS n`,
    );
    await database.query(
      `INSERT INTO core.trucks (truck_number, type, status, license_plate, created_at)
       SELECT 'DSP-BULK-' || n, 'Dry Van', 'available', 'DSPB-' || n, timestamptz '2000-01-01' + n * interval '1 second'
       FROM generate_series(1, 300) AS n`,
    );
    await database.query(
      `INSERT INTO core.drivers (name, email, phone, license_number, status, created_at)
       SELECT 'Bulk Driver ' || n, 'bulk' || n || '@dsp.example.com', '555-' || n, 'DSP-BULK-' || n, 'on-duty',
              timestamptz '2000-01-01' + n * interval '1 second'
       FROM generate_series(1, 400) AS n`,
    );
    await database.query(
      `INSERT INTO core.loads (load_number, customer_id, status, pickup_location, pickup_date, delivery_location, delivery_date,
                               rate, expenses, weight, created_at)
       SELECT 'DSP-BULK-' || lpad(n::text, 5, '0'), c.id, (ARRAY['pending', 'assigned', 'in-transit', 'delivered', 'invoiced'])[n % 5 + 1],
              'Pickup City ' || n, date '2027-01-01' + n % 365, 'Delivery City ' || n, date '2027-01-03' + n % 365,
              (n % 500000) / 100.0 + 0.01, 0, 0, timestamptz '2000-01-01' + n * interval '1 second'
       FROM generate_series(1, $1::int) AS n
       JOIN core.customers c ON c.email = 'bulk' || (n % 500 + 1) || '@dsp.example.com'`,
      [LOADS],
    );
  });
  afterAll(async () => {
    await database?.query(`DELETE FROM core.loads WHERE load_number LIKE 'DSP-BULK-%'`);
    await database?.query(`DELETE FROM core.customers WHERE email LIKE 'bulk%@dsp.example.com'`);
    await database?.query(`DELETE FROM core.trucks WHERE truck_number LIKE 'DSP-BULK-%'`);
    await database?.query(`DELETE FROM core.drivers WHERE email LIKE 'bulk%@dsp.example.com'`);
    await database?.end();
  });

  /** A fresh page load of a screen that needs none of the lists, so the next screen fetches its own. */
  async function startFromCustomers() {
    await page.goto('/customers');
    await page.getByRole('heading', { name: 'Customer Management' }).waitFor();
  }

  // How fast these show is measured by `npm run bench:screens`, not asserted here.
  it('shows the Loads screen of 10,000 loads and finds one of them by a search', async () => {
    await startFromCustomers();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loads', exact: true }).click();
    await page.locator('.ant-table-row').first().waitFor();
    const search = page.getByPlaceholder('Search loads...');
    await search.fill('DSP-BULK-09997');
    await row('DSP-BULK-09997').waitFor();
    await expect(page.getByRole('row').filter({ hasText: 'DSP-BULK-' }).count()).resolves.toBe(1);
    await search.fill('');
  });

  it('shows the Dashboard with the revenue of every load exact to the cent', async () => {
    await startFromCustomers();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    const loads = await getList<Load>('loads');
    expect(loads.length).toBeGreaterThanOrEqual(LOADS);
    const revenue = page.getByRole('region', { name: 'Total Revenue' });
    await revenue.getByText(formatDollars(sumMoney(loads.map((load) => load.rate)))).waitFor();
  });
});
