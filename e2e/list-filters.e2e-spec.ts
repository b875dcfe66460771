import { readFile } from 'node:fs/promises';
import type { Customer, Driver, Invoice, Load, Truck } from '@tms/contracts';
import { launchBrowser, newSession, signIn, type Browser, type Page } from './support/browser.js';
import { apiSteps, screenSteps } from './support/steps.js';

/**
 * Filter and sort every list (issue 47, point 1), as a dispatcher does it: the Loads list by two statuses and a
 * customer, sorted by a click on Rate, kept in the URL (a reload or a shared link shows the same), exported as shown
 * with readable values; the Invoices list by 'Unpaid'. Records carry 'FLT'.
 */
let browser: Browser;
let page: Page;

const { getList, post, remove } = apiSteps(() => page);
const { row, main, choicesClosed } = screenSteps(() => page);
let customer: Customer;

async function cleanUp() {
  const customers = (await getList<Customer>('customers')).filter((one) => /flt/i.test(one.email));
  const ids = new Set(customers.map((one) => one.id));
  for (const { id } of (await getList<Invoice>('invoices')).filter((invoice) => ids.has(invoice.customerId))) await remove('invoices', id);
  for (const { id } of (await getList<Load>('loads')).filter((load) => ids.has(load.customerId))) await remove('loads', id);
  for (const { id } of customers) await remove('customers', id);
  for (const { id } of (await getList<Driver>('drivers')).filter((driver) => /flt/i.test(driver.email))) await remove('drivers', id);
  for (const { id } of (await getList<Truck>('trucks')).filter((truck) => truck.truckNumber.startsWith('FLT-'))) await remove('trucks', id);
}

/** The load numbers the Loads table shows, top to bottom. */
const shownLoads = async () => (await page.getByRole('row').filter({ hasText: 'LD-FLT-' }).allInnerTexts()).map((text) => /LD-FLT-\d/.exec(text)![0]);

/** The rows shown once they are `expected` (the table redraws after the new order comes in), else what they are at 10 s. */
async function shownLoadsBecome(expected: string[]) {
  const until = Date.now() + 10_000;
  let shown = await shownLoads();
  while (JSON.stringify(shown) !== JSON.stringify(expected) && Date.now() < until) {
    await page.waitForTimeout(100);
    shown = await shownLoads();
  }
  return shown;
}

/** Picks `option` in a list filter (an antd Select), by typing part of it. */
async function filter(label: string, option: string) {
  await main().getByLabel(label, { exact: true }).fill(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  await page.keyboard.press('Escape');
  await choicesClosed();
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, { width: 1440, height: 900 }));
  await signIn(page, 'list-filters@example.com');
  await cleanUp();
  customer = await post<Customer>('customers', { name: 'Flt Prairie Mills', email: 'ap@flt.example.com', phone: '555-0131', address: '1 Mill Rd, Salina, KS', type: 'shipper' });
  const other = await post<Customer>('customers', { name: 'Flt Other Co', email: 'ap@other.flt.example.com', phone: '555-0132', address: '2 Mill Rd, Salina, KS', type: 'shipper' });
  const driver = await post<Driver>('drivers', { name: 'Flt Sam Ortiz', email: 'sam@flt.example.com', phone: '555-0133', licenseNumber: 'FLT-1', status: 'on-duty' });
  const truck = await post<Truck>('trucks', { truckNumber: 'FLT-7', type: 'Dry Van', status: 'available', licensePlate: 'FLT 7' });
  const load = (n: number, status: string, rate: string, owner = customer, extra = {}) =>
    post<Load>('loads', {
      loadNumber: `LD-FLT-${n}`, customerId: owner.id, status, pickupLocation: 'Salina, KS', pickupDate: `2027-01-0${n}`,
      deliveryLocation: 'Denver, CO', deliveryDate: `2027-01-0${n + 1}`, rate, ...extra,
    });
  await load(1, 'assigned', '1200.00', customer, { assignedDriverId: driver.id, assignedTruckId: truck.id });
  await load(2, 'in-transit', '950.00');
  const draftLoad = await load(3, 'delivered', '2100.00');
  await load(4, 'assigned', '800.00', other);
  const sentLoad = await load(5, 'delivered', '700.00');
  const invoice = { customerId: customer.id, invoiceDate: '2027-01-06', dueDate: '2027-02-05', subtotal: '700', total: '700' };
  await post('invoices', { ...invoice, invoiceNumber: 'INV-FLT-1', loadId: sentLoad.id, status: 'sent' });
  await post('invoices', { ...invoice, invoiceNumber: 'INV-FLT-2', loadId: draftLoad.id, status: 'draft' });
});
afterAll(async () => {
  if (page) await cleanUp();
  await browser?.close();
});

describe('filters and sort in the URL (issue 47)', () => {
  it('filters Loads by two statuses and a customer, sorts by Rate, and keeps it all in the URL', async () => {
    await page.goto('/loads');
    await row('LD-FLT-3').first().waitFor();
    await filter('Filter by status', 'Assigned');
    await filter('Filter by status', 'In Transit');
    await filter('Filter by customer', 'Flt Prairie Mills');
    await row('LD-FLT-3').waitFor({ state: 'detached' });
    await expect(shownLoads().then((loads) => loads.sort())).resolves.toEqual(['LD-FLT-1', 'LD-FLT-2']);

    await main().getByRole('columnheader', { name: 'Rate' }).click();
    expect(await shownLoadsBecome(['LD-FLT-2', 'LD-FLT-1'])).toEqual(['LD-FLT-2', 'LD-FLT-1']);
    await main().getByRole('columnheader', { name: 'Rate' }).click();
    expect(await shownLoadsBecome(['LD-FLT-1', 'LD-FLT-2'])).toEqual(['LD-FLT-1', 'LD-FLT-2']);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'assigned,in-transit', customerId: customer.id, sort: 'rate', order: 'desc' });

    // A shared link opens the same list.
    await page.goto(url.pathname + url.search);
    await row('LD-FLT-1').waitFor();
    expect(await shownLoadsBecome(['LD-FLT-1', 'LD-FLT-2'])).toEqual(['LD-FLT-1', 'LD-FLT-2']);
    await expect(main().getByRole('columnheader', { name: 'Rate' }).getAttribute('aria-sort')).resolves.toBe('descending');
  });

  it('exports what it shows, with readable values and the customer, driver and truck by name', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), main().getByRole('button', { name: 'Export' }).click()]);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toBe(
      '\uFEFFLoad #,Status,Pickup Location,Delivery Location,Pickup Date,Delivery Date,Rate,Customer,Driver,Truck\r\n' +
        'LD-FLT-1,Assigned,"Salina, KS","Denver, CO",2027-01-01,2027-01-02,1200.00,Flt Prairie Mills,Flt Sam Ortiz,FLT-7\r\n' +
        'LD-FLT-2,In Transit,"Salina, KS","Denver, CO",2027-01-02,2027-01-03,950.00,Flt Prairie Mills,,\r\n',
    );
  });

  it('combines the search box with the filters, and a pickup date range', async () => {
    await page.getByPlaceholder('Search loads...').fill('LD-FLT-2');
    await row('LD-FLT-1').waitFor({ state: 'detached' });
    await page.getByPlaceholder('Search loads...').fill('');
    await page.goto(`/loads?customerId=${customer.id}&pickupDateFrom=2027-01-02&pickupDateTo=2027-01-03&sort=pickupDate`);
    await row('LD-FLT-2').waitFor();
    expect(await shownLoadsBecome(['LD-FLT-2', 'LD-FLT-3'])).toEqual(['LD-FLT-2', 'LD-FLT-3']);
    await expect(main().getByLabel('Pickup from').inputValue()).resolves.toBe('2027-01-02');
  });

  it("filters Invoices by 'Unpaid': sent and overdue, not drafts", async () => {
    await page.goto(`/accounting?tab=invoices&customerId=${customer.id}`);
    await row('INV-FLT-2').waitFor();
    await filter('Filter by status', 'Unpaid');
    await row('INV-FLT-2').waitFor({ state: 'detached' });
    await row('INV-FLT-1').waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('unpaid');
  });
});
