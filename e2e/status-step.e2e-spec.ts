import { UPLOAD_MAX_FILE_BYTES, type Customer, type Driver, type Load, type Truck } from '@tms/contracts';
import dayjs from 'dayjs';
import { launchBrowser, newSession, recordDialogs, signIn, type Browser, type Confirmations, type Page } from './support/browser.js';
import { apiSteps, screenSteps } from './support/steps.js';

/**
 * One click per status step (issue 47, point 3): the Loads row menu's 'Mark In Transit' and 'Mark Delivered', each
 * with Undo in its toast; marking a load delivered before its pickup date asks first. A load's workspace (point 2).
 * Records carry 'SST'.
 */
let browser: Browser;
let page: Page;
let confirmations: Confirmations;

const { getList, post, remove } = apiSteps(() => page);
const { choose, row, toast, openRowMenu, rowMenuItems } = screenSteps(() => page);

async function cleanUp() {
  const customers = (await getList<Customer>('customers')).filter((customer) => customer.email.endsWith('sst.example.com'));
  const ids = new Set(customers.map((customer) => customer.id));
  for (const { id } of (await getList<Load>('loads')).filter((load) => ids.has(load.customerId))) await remove('loads', id);
  for (const { id } of customers) await remove('customers', id);
  for (const { id } of (await getList<Driver>('drivers')).filter((driver) => driver.email.endsWith('@sst.example.com'))) await remove('drivers', id);
  for (const { id } of (await getList<Truck>('trucks')).filter((truck) => truck.truckNumber === 'SST-T1')) await remove('trucks', id);
}

const statusOf = async (loadNumber: string) => (await getList<Load>('loads')).find((load) => load.loadNumber === loadNumber)?.status;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, { width: 1440, height: 900 }));
  confirmations = recordDialogs(page);
  await signIn(page, 'status-step@example.com');
  await cleanUp();
  const customer = await post<Customer>('customers', { name: 'Sst Harvest Foods', email: 'ap@harvest.sst.example.com', phone: '555-0121', address: '1 Elm St, Ames, IA', type: 'shipper' });
  const driver = await post<Driver>('drivers', { name: 'Sst Dana Reyes', email: 'dana@sst.example.com', phone: '555-0122', licenseNumber: 'SST-1', status: 'on-duty' });
  const truck = await post<Truck>('trucks', { truckNumber: 'SST-T1', type: 'Dry Van', status: 'available', licensePlate: 'SST T1' });
  await post('drivers', { name: 'Sst Lee Moss', email: 'lee@sst.example.com', phone: '555-0123', licenseNumber: 'SST-2', status: 'available', assignedTruckId: truck.id });
  const today = dayjs();
  await post('loads', {
    loadNumber: 'LD-SST-1', customerId: customer.id, status: 'assigned', assignedDriverId: driver.id, pickupLocation: 'Ames, IA',
    pickupDate: today.format('YYYY-MM-DD'), deliveryLocation: 'Omaha, NE', deliveryDate: today.add(1, 'day').format('YYYY-MM-DD'), rate: '900.00',
  });
  await post('loads', {
    loadNumber: 'LD-SST-2', customerId: customer.id, status: 'in-transit', pickupLocation: 'Ames, IA',
    pickupDate: today.add(5, 'day').format('YYYY-MM-DD'), deliveryLocation: 'Omaha, NE', deliveryDate: today.add(6, 'day').format('YYYY-MM-DD'), rate: '900.00',
  });
  await post('loads', {
    loadNumber: 'LD-SST-3', customerId: customer.id, status: 'pending', pickupLocation: 'Ames, IA',
    pickupDate: today.add(2, 'day').format('YYYY-MM-DD'), deliveryLocation: 'Omaha, NE', deliveryDate: today.add(3, 'day').format('YYYY-MM-DD'), rate: '700.00',
  });
  await page.goto('/loads');
  await page.getByPlaceholder('Search loads...').fill('LD-SST');
  await row('LD-SST-2').waitFor();
});
afterAll(async () => {
  if (page) await cleanUp();
  await browser?.close();
});

describe('one click per status step', () => {
  it("marks an assigned load In Transit from its row menu, and Undo in the toast puts it back", async () => {
    expect(await rowMenuItems('LD-SST-1')).toEqual(['Edit', 'Open', 'Mark In Transit', 'Stops', 'Charges', 'Messages', 'Delete']);
    await openRowMenu('LD-SST-1', 'Mark In Transit');
    await toast('LD-SST-1 marked In Transit').waitFor();
    await row('LD-SST-1').filter({ hasText: 'In Transit' }).waitFor();
    await toast('LD-SST-1 marked In Transit').getByRole('button', { name: 'Undo' }).click();
    await toast('LD-SST-1 is Assigned again').waitFor();
    await row('LD-SST-1').filter({ hasText: 'Assigned' }).waitFor();
    expect(await statusOf('LD-SST-1')).toBe('assigned');
  });

  it('asks before marking delivered a load not yet picked up, and leaves it as it was when told no', async () => {
    confirmations.accept = false;
    await openRowMenu('LD-SST-2', 'Mark Delivered');
    expect(confirmations.messages.at(-1)).toBe(`LD-SST-2 is picked up on ${dayjs().add(5, 'day').format('MM/DD/YYYY')}. Mark it delivered anyway?`);
    expect(await statusOf('LD-SST-2')).toBe('in-transit');
    confirmations.accept = true;
    await openRowMenu('LD-SST-2', 'Mark Delivered');
    await toast('LD-SST-2 marked Delivered').waitFor();
    expect(await statusOf('LD-SST-2')).toBe('delivered');
  });
});

describe("a load's workspace (issue 47, point 2)", () => {
  it('opens on a row click with everything about the load, uploads a document, and takes the next status step', async () => {
    await row('LD-SST-1').getByRole('cell').first().click();
    const workspace = page.getByTestId('load-workspace');
    await workspace.getByText('Load LD-SST-1', { exact: true }).waitFor();
    const details = workspace.getByRole('region', { name: 'Details' });
    // The names, once the lists they come from are read.
    await details.getByText('Sst Dana Reyes').waitFor();
    await expect(details.innerText()).resolves.toMatch(/Customer\s+Sst Harvest Foods[\s\S]*Driver\s+Sst Dana Reyes[\s\S]*Route\s+Ames, IA → Omaha, NE[\s\S]*Rate\s+\$900\.00/);
    await workspace.getByRole('region', { name: 'Stops' }).getByText('Stop 1 · Pickup · Ames, IA').waitFor();
    await workspace.getByRole('region', { name: 'Invoice' }).getByText('Not invoiced yet').waitFor();
    await workspace.getByRole('region', { name: 'Messages' }).getByText('No messages yet').waitFor();

    // Upload: a proof of delivery kept with the load, listed at once.
    const documents = workspace.getByRole('region', { name: 'Documents' });
    await documents.locator('input[type=file]').setInputFiles({ name: 'pod-sst-1.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await toast('pod-sst-1.pdf was kept with the load.').waitFor();
    await documents.getByRole('row').filter({ hasText: 'pod-sst-1.pdf' }).filter({ hasText: 'Proof of Delivery' }).waitFor();
    // Checked like every upload: one over 15 MB is refused, saying so, and nothing is sent.
    await documents.locator('input[type=file]').setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(UPLOAD_MAX_FILE_BYTES + 1) });
    await toast('Failed to upload document. Please try again.').filter({ hasText: 'The document is too large: at most 15 MB.' }).waitFor();
    expect(await documents.getByRole('row').filter({ hasText: 'huge.pdf' }).count()).toBe(0);

    // The next status step, from the workspace's own buttons: the workspace shows the new status.
    await workspace.getByRole('toolbar', { name: 'Load actions' }).getByRole('button', { name: 'Mark In Transit' }).click();
    await toast('LD-SST-1 marked In Transit').waitFor();
    await expect(details.innerText()).resolves.toMatch(/Status\s+In Transit/);
    expect(await statusOf('LD-SST-1')).toBe('in-transit');
    // Its change history, as the load dialog names it.
    await workspace.getByText('History', { exact: true }).click();
    await workspace.getByRole('listitem').filter({ hasText: 'Changed' }).filter({ hasText: 'Status' }).filter({ hasText: 'In Transit' }).first().waitFor();
    await page.screenshot({ path: 'test-results/load-workspace.png' });
    await workspace.getByRole('button', { name: 'Close' }).click();
    await workspace.waitFor({ state: 'hidden' });
  });

  it("assigns a pending load from its workspace: the driver brings their truck, and the load becomes Assigned", async () => {
    await row('LD-SST-3').getByRole('cell').first().click();
    const workspace = page.getByTestId('load-workspace');
    await workspace.getByText('Load LD-SST-3', { exact: true }).waitFor();
    await workspace.getByRole('toolbar', { name: 'Load actions' }).getByRole('button', { name: 'Assign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign LD-SST-3' });
    await choose(dialog, 'Assigned Driver', 'Sst Lee Moss');
    await dialog.getByText('SST-T1').waitFor();
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await toast('LD-SST-3 assigned').waitFor();
    const details = workspace.getByRole('region', { name: 'Details' });
    await expect(details.innerText()).resolves.toMatch(/Status\s+Assigned[\s\S]*Driver\s+Sst Lee Moss[\s\S]*Truck\s+SST-T1/);
    await workspace.getByRole('button', { name: 'Close' }).click();
    await workspace.waitFor({ state: 'hidden' });
  });
});
