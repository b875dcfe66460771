import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Customer, Load } from '@tms/contracts';
import { launchBrowser, newSession, signIn, type Browser, type Page } from './support/browser.js';
import { apiSteps, screenSteps, type Dialog } from './support/steps.js';

/**
 * Issue 47 point 7 as a dispatcher does it: a document dropped on 'AI Extract' whose load number is taken says so at
 * once, with a button to that load; a document from a known broker chooses it as the customer (by name or by MC
 * number); one from a broker no customer is offers 'Add Customer', filled from the document, and chooses the customer
 * once it is saved. Every record made here carries 'XWF' and this run's mark, and is deleted at the end. And issue 49
 * point 4: a multi-stop document fills the Stops section, each stop with its appointment and reference.
 */
let browser: Browser;
let page: Page;
const { cancel, submit } = screenSteps(() => page);
const { getList, post, remove } = apiSteps(() => page);

const RUN = Date.now().toString(36).toUpperCase();
/** An MC number of this run's own: digits no other run's broker has. */
const MC = String(Date.now()).slice(-7);
/** Another of this run's own, never MC itself (its first digit moved on by one). */
const OTHER_MC = `${(Number(MC[0]) + 1) % 10}${MC.slice(1)}`;

/** A broker's rate confirmation as text: its letterhead (name, address, phone, MC number), then the load. */
const rateConfirmation = (broker: string, loadNumber: string, { mc = '', billing = '' } = {}) =>
  Buffer.from(
    [
      broker,
      '100 Test Ave, Joliet, IL 60431',
      `Phone (312) 555-0100${mc ? `   MC# ${mc}` : ''}`,
      '',
      'CARRIER RATE CONFIRMATION',
      `Load #: ${loadNumber}`,
      'Pickup: Joliet, IL on 03/01/2027',
      'Delivery: El Paso, TX on 03/03/2027',
      'Total Carrier Pay: $2,000.00',
      ...(billing ? [`Send invoices to ${billing}`] : []),
      '',
    ].join('\n'),
  );

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  await signIn(page, 'extract-workflow.dispatcher@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loads', exact: true }).click();
  await page.getByRole('heading', { name: 'Loads' }).waitFor();
});

afterAll(async () => {
  if (page) {
    const customers = (await getList<Customer>('customers')).filter((customer) => customer.name.includes(RUN) || customer.email.includes(RUN.toLowerCase()));
    const ids = new Set(customers.map((customer) => customer.id));
    for (const load of (await getList<Load>('loads')).filter((load) => ids.has(load.customerId))) await remove('loads', load.id);
    for (const { id } of customers) await remove('customers', id);
  }
  await browser?.close();
});

// A test that fails with a dialog open would otherwise fail the next on that dialog: the customer's first, then the load's.
afterEach(async () => {
  for (const name of ['Add Customer', 'Create Load']) {
    const open = page.getByRole('dialog', { name });
    if (!(await open.count())) continue;
    await cancel(open);
    await open.waitFor({ state: 'hidden' });
  }
});

/** Opens 'Create Load', drops the document on 'AI Extract' and waits for the form to be filled. */
async function extractFrom(name: string, document: Buffer): Promise<Dialog> {
  if (!page.url().match(/\/loads(\?|$)/)) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loads', exact: true }).click();
    await page.getByRole('heading', { name: 'Loads' }).waitFor();
  }
  await page.getByRole('main').getByRole('button', { name: 'Create Load' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Load' });
  await dialog.getByRole('tab', { name: 'AI Extract' }).click();
  await dialog.getByText('Upload Load Document', { exact: true }).waitFor();
  await dialog.getByTestId('load-extract-input').setInputFiles({ name, mimeType: 'text/plain', buffer: document });
  await dialog.getByRole('tab', { name: 'Manual Entry', selected: true }).waitFor({ timeout: 30_000 });
  return dialog;
}

/** The customer chosen in the load form, as the choice shows it. */
const chosenCustomer = (dialog: Dialog, name: string) => dialog.locator('.ant-select').filter({ hasText: name });

describe('AI Extract fits the workflow', () => {
  it("says at once that a document's load number is taken, and its button opens that load", async () => {
    const customer = await post<Customer>('customers', { name: `Xwf Owner ${RUN}`, email: `owner-${RUN.toLowerCase()}@xwf.example`, phone: '555-0100', address: '1 Main St', type: 'shipper' });
    const load = await post<Load>('loads', {
      loadNumber: `XWF-${RUN}-1`, customerId: customer.id, status: 'pending', pickupLocation: 'Joliet, IL', pickupDate: '2027-03-01',
      deliveryLocation: 'El Paso, TX', deliveryDate: '2027-03-03', rate: '2000.00',
    });
    const dialog = await extractFrom('taken.txt', rateConfirmation(`Xwf Taken ${RUN} LLC`, `XWF-${RUN}-1`));
    await expect(dialog.getByLabel('Load Number').inputValue()).resolves.toBe(`XWF-${RUN}-1`);
    const notice = dialog.getByTestId('load-extract-duplicate');
    // Before any save is tried.
    await notice.getByText(`A load with load number XWF-${RUN}-1 already exists.`).waitFor();
    // Another number typed in: the notice is no longer true, and goes.
    await dialog.getByLabel('Load Number').fill(`XWF-${RUN}-1B`);
    await notice.waitFor({ state: 'hidden' });
    await dialog.getByLabel('Load Number').fill(`XWF-${RUN}-1`);
    await notice.getByRole('button', { name: `Open XWF-${RUN}-1` }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.pathname === '/loads' && url.searchParams.get('open') === load.id);
    // The Loads screen opens that load's workspace.
    const workspace = page.getByTestId('load-workspace');
    await workspace.getByText(`Load XWF-${RUN}-1`, { exact: true }).waitFor();
    await workspace.getByRole('button', { name: 'Close' }).click();
    await workspace.waitFor({ state: 'hidden' });
  });

  it("chooses a known broker as the customer by its name, whatever its legal form and case", async () => {
    const broker = await post<Customer>('customers', { name: `Xwf Haulers ${RUN}, L.L.C.`, email: `haulers-${RUN.toLowerCase()}@xwf.example`, phone: '555-0101', address: '2 Main St', type: 'shipper' });
    const dialog = await extractFrom('known.txt', rateConfirmation(`XWF HAULERS ${RUN} INC.`, `XWF-${RUN}-2`));
    await dialog.getByTestId('load-extract-sender').getByText(`Customer chosen from the document's sender (XWF HAULERS ${RUN} INC.): ${broker.name}.`).waitFor();
    await chosenCustomer(dialog, broker.name).waitFor();
  });

  it('chooses a known broker by its MC number when the document names it otherwise', async () => {
    const broker = await post<Customer>('customers', { name: `Xwf Carrier Desk ${RUN}`, email: `desk-${RUN.toLowerCase()}@xwf.example`, phone: '555-0102', address: '3 Main St', type: 'shipper', mcNumber: `MC-${MC}` });
    const dialog = await extractFrom('by-mc.txt', rateConfirmation(`XWF BROKERAGE SERVICES ${RUN}`, `XWF-${RUN}-3`, { mc: MC }));
    await chosenCustomer(dialog, broker.name).waitFor();
  });

  it("offers 'Add Customer' for an unknown broker, filled from the document, and chooses the customer saved", async () => {
    const name = `XWF NEWLINE FREIGHT ${RUN} LLC`;
    const billing = `ap-${RUN.toLowerCase()}@newline.example`;
    const dialog = await extractFrom('unknown.txt', rateConfirmation(name, `XWF-${RUN}-4`, { mc: OTHER_MC, billing }));
    const sender = dialog.getByTestId('load-extract-sender');
    await sender.getByText(`The document's sender, ${name}, is not one of your customers.`).waitFor();
    await sender.getByRole('button', { name: 'Add Customer' }).click();

    const add = page.getByRole('dialog', { name: 'Add Customer' });
    await expect(add.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(name);
    await expect(add.getByLabel('MC Number').inputValue()).resolves.toBe(`MC-${OTHER_MC}`);
    await expect(add.getByLabel('Billing E-mail').inputValue()).resolves.toBe(billing);
    await expect(add.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(billing);
    await expect(add.getByLabel('Phone').inputValue()).resolves.toBe('(312) 555-0100');
    await expect(add.getByLabel('Address').inputValue()).resolves.toBe('100 Test Ave, Joliet, IL 60431');
    await submit(add, 'Add Customer').click();
    await add.waitFor({ state: 'hidden' });

    // Back in the load's dialog, still open, with the new customer chosen.
    await chosenCustomer(dialog, name).waitFor();
    await sender.getByText(`Customer chosen from the document's sender (${name}): ${name}.`).waitFor();
    const saved = (await getList<Customer>('customers')).find((customer) => customer.name === name);
    expect(saved).toMatchObject({ mcNumber: `MC-${OTHER_MC}`, billingEmail: billing, type: 'shipper' });
  });

  it("fills the Stops section from a multi-stop document, and the pickup and delivery from its first and last stop", async () => {
    const document = readFileSync(path.resolve('svc-ai/test/documents/multistop-ratecon-windows.txt'));
    const dialog = await extractFrom('multistop-ratecon-windows.txt', document);
    await expect(dialog.getByLabel('Pickup Location').inputValue()).resolves.toBe('Phoenix, AZ');
    await expect(dialog.getByLabel('Delivery Location').inputValue()).resolves.toBe('San Diego, CA');
    const stops = dialog.getByTestId('load-stop');
    await expect(stops.count()).resolves.toBe(4);
    const shown = [];
    for (let index = 0; index < 4; index++) {
      const stop = stops.nth(index);
      shown.push([
        await stop.getByLabel('Location', { exact: true }).inputValue(),
        await stop.getByLabel('Appointment Start').inputValue(),
        await stop.getByLabel('Appointment End').inputValue(),
        await stop.getByLabel('Reference').inputValue(),
      ]);
    }
    expect(shown).toEqual([
      ['Phoenix, AZ', '2027-03-09 06:00', '2027-03-09 09:00', 'SB-55102'],
      ['Yuma, AZ', '2027-03-09 14:00', '2027-03-09 16:00', 'VG-2231'],
      ['Ontario, CA', '2027-03-10 05:30', '', 'FM-77810'],
      ['San Diego, CA', '2027-03-10 13:00', '2027-03-10 15:00', 'CG-40918'],
    ]);
    await expect(stops.nth(1).getByLabel('Facility').inputValue()).resolves.toBe('Valley Greens Packing');
  });
});
