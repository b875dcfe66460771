import type { Customer, Driver, Invoice, Load, MaintenanceRecord, Truck } from '@tms/contracts';
import { launchBrowser, newSession, signIn, type Browser, type Page } from './support/browser.js';
import { apiSteps, screenSteps } from './support/steps.js';

/**
 * Records that link (issue 47, point 4), as a dispatcher follows them: a customer's row opens their drawer (balance,
 * aging, open invoices, loads); a load there opens its workspace; the workspace's driver and truck open theirs (the
 * driver's credentials and pay, the truck's services and loads). Records carry 'REC'.
 */
let browser: Browser;
let page: Page;

const { getList, post, remove } = apiSteps(() => page);
const { row, main } = screenSteps(() => page);
let customer: Customer;
let driver: Driver;
let truck: Truck;

async function cleanUp() {
  const customers = (await getList<Customer>('customers')).filter((one) => /rec-e2e/i.test(one.email));
  const ids = new Set(customers.map((one) => one.id));
  for (const { id } of (await getList<Invoice>('invoices')).filter((invoice) => ids.has(invoice.customerId))) await remove('invoices', id);
  for (const { id } of (await getList<Load>('loads')).filter((load) => ids.has(load.customerId))) await remove('loads', id);
  for (const { id } of customers) await remove('customers', id);
  const trucks = (await getList<Truck>('trucks')).filter((one) => one.truckNumber.startsWith('REC-'));
  const truckIds = new Set(trucks.map((one) => one.id));
  for (const { id } of (await getList<MaintenanceRecord>('maintenance')).filter((record) => truckIds.has(record.truckId))) await remove('maintenance', id);
  for (const { id } of (await getList<Driver>('drivers')).filter((one) => /rec-e2e/i.test(one.email))) await remove('drivers', id);
  for (const { id } of trucks) await remove('trucks', id);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, { width: 1440, height: 900 }));
  await signIn(page, 'record-drawers@example.com');
  await cleanUp();
  customer = await post<Customer>('customers', { name: 'Rec Harbor Grain', email: 'ap@rec-e2e.example.com', phone: '555-0141', address: '9 Pier Rd, Duluth, MN', type: 'shipper' });
  truck = await post<Truck>('trucks', { truckNumber: 'REC-12', type: 'Reefer', status: 'in-use', licensePlate: 'REC 12' });
  driver = await post<Driver>('drivers', {
    name: 'Rec Jo Park', email: 'jo@rec-e2e.example.com', phone: '555-0142', licenseNumber: 'REC-CDL-9', status: 'on-duty',
    assignedTruckId: truck.id, payType: 'perMile', payRate: '0.62',
  });
  await post('maintenance', { truckId: truck.id, maintenanceType: 'Oil Change', serviceDate: '2026-11-02', cost: '310.00', description: 'Rec oil and filter', status: 'Completed' });
  const load = (n: number, status: string) =>
    post<Load>('loads', {
      loadNumber: `LD-REC-${n}`, customerId: customer.id, status, pickupLocation: 'Duluth, MN', pickupDate: `2026-11-1${n}`,
      deliveryLocation: 'Fargo, ND', deliveryDate: `2026-11-1${n + 1}`, rate: '1500.00', assignedDriverId: driver.id, assignedTruckId: truck.id,
    });
  await load(1, 'assigned');
  const delivered = await load(2, 'delivered');
  await post('invoices', { invoiceNumber: 'INV-REC-1', loadId: delivered.id, customerId: customer.id, status: 'sent', invoiceDate: '2026-11-14', dueDate: '2026-12-14', subtotal: '1500', total: '1500' });
});
afterAll(async () => {
  if (page) await cleanUp();
  await browser?.close();
});

describe('records that link (issue 47)', () => {
  it("opens a customer's drawer from their row: balance, aging, open invoices and loads", async () => {
    await page.goto('/customers');
    await page.getByPlaceholder('Search customers...').fill('Rec Harbor');
    await row('Rec Harbor Grain').getByRole('cell').first().click();
    const drawer = page.getByRole('dialog', { name: 'Rec Harbor Grain' });
    await drawer.getByRole('region', { name: 'Open Invoices' }).getByText('INV-REC-1').waitFor();
    await expect(drawer.getByRole('region', { name: 'Balance and Aging' }).innerText()).resolves.toMatch(/Balance\s+\$1,500\.00/);
    const loads = drawer.getByRole('region', { name: 'Loads' });
    await loads.getByRole('link', { name: 'LD-REC-2' }).waitFor();
    await loads.getByRole('link', { name: 'LD-REC-1' }).waitFor();
    expect(new URL(page.url()).searchParams.get('open')).toBe(customer.id);

    // A load there opens its workspace on Loads.
    await loads.getByRole('link', { name: 'LD-REC-1' }).click();
    const workspace = page.getByTestId('load-workspace');
    await workspace.getByText('Load LD-REC-1', { exact: true }).waitFor();
  });

  it("follows the workspace's driver and truck to their own drawers", async () => {
    const details = page.getByTestId('load-workspace').getByRole('region', { name: 'Details' });
    await details.getByRole('link', { name: 'Rec Jo Park' }).click();
    await page.getByRole('heading', { name: 'Driver Management' }).waitFor();
    const driverDrawer = page.getByRole('dialog', { name: 'Rec Jo Park' });
    await expect(driverDrawer.getByRole('region', { name: 'Credentials' }).innerText()).resolves.toContain('REC-CDL-9');
    await driverDrawer.getByRole('region', { name: 'Pay Rule' }).getByText('Per Mile: $0.620').waitFor();
    await driverDrawer.getByRole('region', { name: 'Loads' }).getByRole('link', { name: 'LD-REC-2' }).waitFor();

    await driverDrawer.getByRole('region', { name: 'Details' }).getByRole('link', { name: 'REC-12' }).click();
    await page.getByRole('heading', { name: 'Fleet Management' }).waitFor();
    const truckDrawer = page.getByRole('dialog', { name: 'Truck REC-12' });
    await truckDrawer.getByRole('region', { name: 'Services' }).getByText('Oil Change').waitFor();
    await truckDrawer.getByRole('region', { name: 'Latest Position' }).getByText('No position received yet').waitFor();
    await truckDrawer.getByRole('region', { name: 'Loads' }).getByRole('link', { name: 'LD-REC-1' }).waitFor();
    expect(new URL(page.url()).searchParams.get('open')).toBe(truck.id);
    await page.keyboard.press('Escape');
    await truckDrawer.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.get('open')).toBeNull();
    await expect(main().getByRole('heading', { name: 'Fleet Management' }).isVisible()).resolves.toBe(true);
  });
});
