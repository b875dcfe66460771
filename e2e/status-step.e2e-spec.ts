import type { Customer, Driver, Load } from '@tms/contracts';
import dayjs from 'dayjs';
import { launchBrowser, newSession, recordDialogs, signIn, type Browser, type Confirmations, type Page } from './support/browser.js';
import { apiSteps, screenSteps } from './support/steps.js';

/**
 * One click per status step (issue 47, point 3): the Loads row menu's 'Mark In Transit' and 'Mark Delivered', each
 * with Undo in its toast; marking a load delivered before its pickup date asks first. Records carry 'STP'.
 */
let browser: Browser;
let page: Page;
let confirmations: Confirmations;

const { getList, post, remove } = apiSteps(() => page);
const { row, toast, openRowMenu, rowMenuItems } = screenSteps(() => page);

async function cleanUp() {
  const customers = (await getList<Customer>('customers')).filter((customer) => /stp/i.test(customer.email));
  const ids = new Set(customers.map((customer) => customer.id));
  for (const { id } of (await getList<Load>('loads')).filter((load) => ids.has(load.customerId))) await remove('loads', id);
  for (const { id } of customers) await remove('customers', id);
  for (const { id } of (await getList<Driver>('drivers')).filter((driver) => /stp/i.test(driver.email))) await remove('drivers', id);
}

const statusOf = async (loadNumber: string) => (await getList<Load>('loads')).find((load) => load.loadNumber === loadNumber)?.status;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, { width: 1440, height: 900 }));
  confirmations = recordDialogs(page);
  await signIn(page, 'status-step@example.com');
  await cleanUp();
  const customer = await post<Customer>('customers', { name: 'Stp Harvest Foods', email: 'ap@harvest.stp.example.com', phone: '555-0121', address: '1 Elm St, Ames, IA', type: 'shipper' });
  const driver = await post<Driver>('drivers', { name: 'Stp Dana Reyes', email: 'dana@stp.example.com', phone: '555-0122', licenseNumber: 'STP-1', status: 'on-duty' });
  const today = dayjs();
  await post('loads', {
    loadNumber: 'LD-STP-1', customerId: customer.id, status: 'assigned', assignedDriverId: driver.id, pickupLocation: 'Ames, IA',
    pickupDate: today.format('YYYY-MM-DD'), deliveryLocation: 'Omaha, NE', deliveryDate: today.add(1, 'day').format('YYYY-MM-DD'), rate: '900.00',
  });
  await post('loads', {
    loadNumber: 'LD-STP-2', customerId: customer.id, status: 'in-transit', pickupLocation: 'Ames, IA',
    pickupDate: today.add(5, 'day').format('YYYY-MM-DD'), deliveryLocation: 'Omaha, NE', deliveryDate: today.add(6, 'day').format('YYYY-MM-DD'), rate: '900.00',
  });
  await page.goto('/loads');
  await page.getByPlaceholder('Search loads...').fill('LD-STP');
  await row('LD-STP-2').waitFor();
});
afterAll(async () => {
  if (page) await cleanUp();
  await browser?.close();
});

describe('one click per status step', () => {
  it("marks an assigned load In Transit from its row menu, and Undo in the toast puts it back", async () => {
    expect(await rowMenuItems('LD-STP-1')).toEqual(['Edit', 'Mark In Transit', 'Stops', 'Charges', 'Messages', 'Delete']);
    await openRowMenu('LD-STP-1', 'Mark In Transit');
    await toast('LD-STP-1 marked In Transit').waitFor();
    await row('LD-STP-1').filter({ hasText: 'In Transit' }).waitFor();
    await toast('LD-STP-1 marked In Transit').getByRole('button', { name: 'Undo' }).click();
    await toast('LD-STP-1 is Assigned again').waitFor();
    await row('LD-STP-1').filter({ hasText: 'Assigned' }).waitFor();
    expect(await statusOf('LD-STP-1')).toBe('assigned');
  });

  it('asks before marking delivered a load not yet picked up, and leaves it as it was when told no', async () => {
    confirmations.accept = false;
    await openRowMenu('LD-STP-2', 'Mark Delivered');
    expect(confirmations.messages.at(-1)).toBe(`LD-STP-2 is picked up on ${dayjs().add(5, 'day').format('MM/DD/YYYY')}. Mark it delivered anyway?`);
    expect(await statusOf('LD-STP-2')).toBe('in-transit');
    confirmations.accept = true;
    await openRowMenu('LD-STP-2', 'Mark Delivered');
    await toast('LD-STP-2 marked Delivered').waitFor();
    expect(await statusOf('LD-STP-2')).toBe('delivered');
  });
});
