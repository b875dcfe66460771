import type { Customer, ExtractLayout, Load } from '@tms/contracts';
import { launchBrowser, newSession, signIn, type Browser, type Page } from './support/browser.js';
import { apiSteps, screenSteps } from './support/steps.js';

/**
 * Learned layouts (issue 49) in the browser: a load saved with its document teaches AI Extract the sender's layout;
 * the next document of that layout fills the form with 'Learned from LRN-…' under the fields read so; Settings'
 * Learned Layouts card lists it, and 'Forget' forgets it. Records made here carry 'LRN' (labels of their own, which
 * no other test's document has) and are deleted at the end.
 */
let browser: Browser;
let page: Page;
const { cancel } = screenSteps(() => page);
const { origin, getList, remove } = apiSteps(() => page);
const RUN = String(Date.now()).slice(-6);

/** A document of the LRN layout: its labels are the layout, its values the load's. */
const lrnDocument = (loadNumber: string, from: string, to: string, rate: string) =>
  [
    'LRN TEST BROKERAGE',
    'LRN Carrier Sheet',
    '',
    `LRN Sheet Ref:      ${loadNumber}`,
    `LRN Loading City:   ${from}`,
    'LRN Loading Day:    03/02/2027',
    `LRN Unloading City: ${to}`,
    'LRN Unloading Day:  03/04/2027',
    `LRN Settlement:     $${rate}`,
    '',
  ].join('\n');

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  await signIn(page, 'layouts.dispatcher@example.com');
  const customer = await page.request.post('/api/customers', {
    data: { name: 'Lrn Sender Co', email: 'sender.lrn@example.com', phone: '555-0161', address: '1 Yard Rd, Reno, NV', type: 'shipper' },
    headers: origin(),
  });
  if (!customer.ok()) throw new Error(`POST /api/customers: ${customer.status()}`);
  // A load saved with the right values, and its document kept on it (as AI Extract's save does).
  const load = await page.request.post('/api/loads', {
    data: { loadNumber: `LRN-${RUN}-1`, customerId: ((await customer.json()) as Customer).id, status: 'pending', pickupLocation: 'Reno, NV', pickupDate: '2027-03-02', deliveryLocation: 'Boise, ID', deliveryDate: '2027-03-04', rate: '1425.00' },
    headers: origin(),
  });
  if (!load.ok()) throw new Error(`POST /api/loads: ${load.status()}`);
  const text = lrnDocument(`LRN-${RUN}-1`, 'Reno, NV', 'Boise, ID', '1,425.00');
  const kept = await page.request.post(`/api/loads/${((await load.json()) as Load).id}/documents`, {
    data: { fileName: 'lrn-sheet.txt', fileType: 'text/plain', fileSize: Buffer.byteLength(text), fileData: `data:text/plain;base64,${Buffer.from(text).toString('base64')}`, documentType: 'Rate Confirmation' },
    headers: origin(),
  });
  if (!kept.ok()) throw new Error(`POST /api/loads/:id/documents: ${kept.status()}`);
  // svc-ai learns as it hears of the document.
  for (let tries = 0; !(await learned()); tries++) {
    if (tries > 120) throw new Error('Nothing was learned from the LRN load');
    await page.waitForTimeout(250);
  }
});

const learned = async () => (await getList<ExtractLayout>('extract-layouts')).find((layout) => layout.loadNumber === `LRN-${RUN}-1`);

afterAll(async () => {
  if (page) {
    const layout = await learned();
    if (layout) await remove('extract-layouts', layout.id);
    const customers = (await getList<Customer>('customers')).filter((customer) => customer.email === 'sender.lrn@example.com');
    const ids = new Set(customers.map((customer) => customer.id));
    for (const load of (await getList<Load>('loads')).filter((load) => ids.has(load.customerId))) await remove('loads', load.id);
    for (const { id } of customers) await remove('customers', id);
  }
  await browser?.close();
});

describe('layouts learned from saved loads', () => {
  it("fills the next document of the layout with what was learned, saying 'Learned from' the load", async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loads', exact: true }).click();
    await page.getByRole('heading', { name: 'Loads' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Create Load' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Load' });
    await dialog.getByRole('tab', { name: 'AI Extract' }).click();
    await dialog.getByText('Upload Load Document', { exact: true }).waitFor();
    const next = lrnDocument(`LRN-${RUN}-2`, 'Elko, NV', 'Twin Falls, ID', '1,610.00');
    await dialog.getByTestId('load-extract-input').setInputFiles({ name: 'lrn-sheet-2.txt', mimeType: 'text/plain', buffer: Buffer.from(next) });
    await dialog.getByRole('tab', { name: 'Manual Entry', selected: true }).waitFor();
    await expect(dialog.getByLabel('Load Number').inputValue()).resolves.toBe(`LRN-${RUN}-2`);
    await expect(dialog.getByLabel('Pickup Location').inputValue()).resolves.toBe('Elko, NV');
    await expect(dialog.getByLabel('Rate').inputValue()).resolves.toBe('1610.00');
    await expect(dialog.getByTestId('learned-rate').innerText()).resolves.toContain(`Learned from LRN-${RUN}-1`);
    await expect(dialog.getByTestId('confidence-loadNumber').innerText()).resolves.toMatch(new RegExp(`^AI confidence: \\d+% · Learned from LRN-${RUN}-1$`));
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
  });

  it("lists the layout in Settings' Learned Layouts card, and forgets it on 'Forget'", async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
    const card = page.getByRole('region', { name: 'Learned Layouts' });
    const row = card.getByRole('listitem').filter({ hasText: `LRN-${RUN}-1` });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('LRN TEST BROKERAGE');
    await expect(row.innerText()).resolves.toContain('Load Number, Pickup Location, Pickup Date, Delivery Location, Delivery Date, Rate');
    await expect(row.innerText()).resolves.toMatch(/From Load\s+LRN-/);
    await expect(row.innerText()).resolves.toContain('1 document');
    page.once('dialog', (confirm) => void confirm.accept());
    await row.getByRole('button', { name: 'Forget LRN TEST BROKERAGE' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await learned()).toBeUndefined();
  });
});
