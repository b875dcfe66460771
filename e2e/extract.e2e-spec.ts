import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXTRACT_MESSAGES, type Customer, type Load, type LoadDocument } from '@tms/contracts';
import { launchBrowser, newSession, signIn, type Browser, type Page } from './support/browser.js';
import { apiSteps, ROW_MENU, screenSteps } from './support/steps.js';

/**
 * The load dialog's 'AI Extract' tab (spec 2.5, 4, 5, 8): the panel's texts, a refused file type, the error card
 * with the file kept, an image's preview, the status while extracting, and the review of the filled form in Manual
 * Entry, saved only on submit, keeping the document with the load (listed and downloaded in the edit dialog). The
 * system has no model configured: the offline extractor answers. Records made here carry 'XTR' and are deleted at the
 * end, their documents with them.
 */
let browser: Browser;
let page: Page;
const { cancel } = screenSteps(() => page);

const OWN_DOCUMENTS = path.resolve('svc-ai/test/documents');
const SAMPLES = path.resolve('../shared/documents');
const { origin, getList, remove } = apiSteps(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  await signIn(page, 'extract.dispatcher@example.com');
  const created = await page.request.post('/api/customers', {
    data: { name: 'Xtr Steel Buyers', email: 'buyers.xtr@example.com', phone: '555-0140', address: '1 Mill St, Gary, IN', type: 'shipper' },
    headers: origin(),
  });
  if (!created.ok()) throw new Error(`POST /api/customers: ${created.status()}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loads', exact: true }).click();
  await page.getByRole('heading', { name: 'Loads' }).waitFor();
});

afterAll(async () => {
  if (page) {
    const customers = (await getList<Customer>('customers')).filter((customer) => /xtr/i.test(customer.email));
    const ids = new Set(customers.map((customer) => customer.id));
    for (const load of (await getList<Load>('loads')).filter((load) => ids.has(load.customerId))) {
      await remove('loads', load.id);
    }
    for (const { id } of customers) await remove('customers', id);
  }
  await browser?.close();
});

// A test that fails with its dialog open would otherwise fail every later test on that dialog, not on its own step.
afterEach(async () => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const open = page.getByRole('dialog');
  if (await open.count()) {
    await cancel(open);
    await open.waitFor({ state: 'hidden' });
  }
});

async function openExtract() {
  await page.getByRole('main').getByRole('button', { name: 'Create Load' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Load' });
  await dialog.getByRole('tab', { name: 'AI Extract' }).click();
  try {
    await dialog.getByRole('tab', { name: 'AI Extract', selected: true }).waitFor({ timeout: 10_000 });
    await dialog.getByText('Upload Load Document', { exact: true }).waitFor({ timeout: 10_000 });
  } catch (error) {
    // Seen once in CI, not reproduced: say what the dialog showed instead.
    throw new Error(`${(error as Error).message}\nThe dialog showed:\n${await dialog.ariaSnapshot({ timeout: 5_000 }).catch(String)}`);
  }
  return dialog;
}

async function closeDialog(dialog: ReturnType<Page['getByRole']>) {
  await cancel(dialog);
  await dialog.waitFor({ state: 'hidden' });
}

const input = (dialog: ReturnType<Page['getByRole']>) => dialog.getByTestId('load-extract-input');
const loadRow = (loadNumber: string) => page.getByRole('row').filter({ hasText: loadNumber });

async function chooseCustomer(dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByLabel('Customer', { exact: true }).fill('Xtr Steel');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Xtr Steel' }).first().waitFor();
  await page.keyboard.press('Enter');
}

async function openEdit(loadNumber: string) {
  await loadRow(loadNumber).getByRole('button', { name: ROW_MENU }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  return page.getByRole('dialog', { name: 'Edit Load' });
}
const errorCard = (dialog: ReturnType<Page['getByRole']>) => dialog.getByTestId('load-extract-error');

describe('AI Extract', () => {
  it('shows the upload panel with the texts of the spec', async () => {
    const dialog = await openExtract();
    for (const text of [
      'Drop a rate confirmation, BOL, or load tender. AI will extract the load details.',
      'Drag & drop a document',
      'or click to browse (PDF, images, text files)',
    ]) {
      await expect(dialog.getByText(text, { exact: true }).isVisible()).resolves.toBe(true);
    }
    // The close button leaves the panel for Manual Entry.
    await dialog.getByRole('button', { name: 'Close upload panel' }).click();
    await expect(dialog.getByRole('tab', { name: 'Manual Entry' }).getAttribute('aria-selected')).resolves.toBe('true');
    await closeDialog(dialog);
  });

  it("refuses a file type the zone does not take with react-dropzone's message", async () => {
    const dialog = await openExtract();
    await input(dialog).setInputFiles({ name: 'tender.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
    await expect(errorCard(dialog).innerText()).resolves.toMatch(/^File type must be /);
    await closeDialog(dialog);
  });

  it('shows the server\'s message in the error card and keeps the file visible, until it is removed', async () => {
    const dialog = await openExtract();
    await input(dialog).setInputFiles({ name: 'broken-ratecon.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj << garbage') });
    await errorCard(dialog).getByText(EXTRACT_MESSAGES.unreadablePdf).waitFor();
    const file = dialog.getByTestId('load-extract-file');
    await expect(file.getByText('broken-ratecon.pdf').isVisible()).resolves.toBe(true);
    await file.getByRole('button', { name: 'Remove' }).click();
    await file.waitFor({ state: 'detached' });
    await expect(errorCard(dialog).count()).resolves.toBe(0);
    await closeDialog(dialog);
  });

  it('previews an image file and reads it', async () => {
    const dialog = await openExtract();
    await input(dialog).setInputFiles(path.join(SAMPLES, 'rateconClassic-2.png'));
    await expect(dialog.getByRole('img', { name: 'rateconClassic-2.png' }).isVisible()).resolves.toBe(true);
    await dialog.getByRole('tab', { name: 'Manual Entry', selected: true }).waitFor({ timeout: 30_000 });
    await expect(dialog.getByLabel('Load Number').inputValue()).resolves.toBe('857345');
    await closeDialog(dialog);
  });

  it('says what it is doing, then fills the form for review in Manual Entry, and saves only on submit', async () => {
    const dialog = await openExtract();
    // Hold the answer until the extracting state has been looked at.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/extract-load', async (route) => {
      await held;
      await route.continue();
    });
    await input(dialog).setInputFiles(path.join(OWN_DOCUMENTS, 'multistop-ratecon.txt'));
    const file = dialog.getByTestId('load-extract-file');
    await file.getByText('AI is extracting load information...').waitFor();
    await expect(file.getByRole('button', { name: 'Remove' }).isDisabled()).resolves.toBe(true);
    release();
    await dialog.getByRole('tab', { name: 'Manual Entry', selected: true }).waitFor();
    await page.unroute('**/api/extract-load');

    await dialog.getByTestId('load-extract-review').waitFor();
    await expect(dialog.getByLabel('Load Number').inputValue()).resolves.toBe('RC-44871');
    await expect(dialog.getByLabel('Pickup Location').inputValue()).resolves.toBe('Gary, IN');
    await expect(dialog.getByLabel('Delivery Location').inputValue()).resolves.toBe('Pittsburgh, PA');
    await expect(dialog.getByLabel('Rate').inputValue()).resolves.toBe('2860.00');
    await expect(dialog.getByLabel('Weight (lbs)').inputValue()).resolves.toBe('41800');
    await expect(dialog.getByLabel('Commodity').inputValue()).resolves.toBe('Steel coils');
    await expect(dialog.getByTestId('confidence-rate').innerText()).resolves.toMatch(/^AI confidence: \d+%$/);
    // What the document does not settle stays the new load's defaults.
    await expect(dialog.locator('.ant-select').filter({ hasText: 'Pending' }).count()).resolves.toBe(1);
    expect(Number(await dialog.getByLabel('Expenses').inputValue())).toBe(0);
    expect((await getList<Load>('loads')).some((load) => load.loadNumber === 'RC-44871')).toBe(false);

    await chooseCustomer(dialog);
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/loads'));
    await dialog.getByRole('button', { name: /Create Load$/ }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      loadNumber: 'RC-44871',
      status: 'pending',
      pickupLocation: 'Gary, IN',
      pickupDate: '2026-11-02',
      deliveryLocation: 'Pittsburgh, PA',
      deliveryDate: '2026-11-04',
      rate: '2860.00',
      weight: 41800,
      expenses: '0.00',
      assignedDriverId: null,
      assignedTruckId: null,
    });
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: 'RC-44871' }).waitFor();
  });

  it('keeps the document the load was created from: the edit dialog lists it, and downloads the same file', async () => {
    const dialog = await openEdit('RC-44871');
    const document = dialog.getByTestId('load-documents').getByRole('row').filter({ hasText: 'multistop-ratecon.txt' });
    await document.waitFor();
    // The kind the extraction read from its heading, and its size.
    await expect(document.innerText()).resolves.toMatch(/Rate Confirmation\s+\d+\.\d KB/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      document.getByRole('link', { name: 'Download multistop-ratecon.txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('multistop-ratecon.txt');
    expect(readFileSync(await download.path())).toEqual(readFileSync(path.join(OWN_DOCUMENTS, 'multistop-ratecon.txt')));
    await closeDialog(dialog);
  });

  it('saves the load when its document cannot be kept, and says that the document was not kept', async () => {
    const dialog = await openExtract();
    await input(dialog).setInputFiles(path.join(SAMPLES, 'tenderEmail-1.txt'));
    await dialog.getByRole('tab', { name: 'Manual Entry', selected: true }).waitFor();
    await expect(dialog.getByLabel('Load Number').inputValue()).resolves.toBe('SF783251');
    await chooseCustomer(dialog);
    const unavailable = 'The core service is not available. Please try again shortly.';
    await page.route('**/api/loads/*/documents', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: unavailable }) }),
    );
    await dialog.getByRole('button', { name: /Create Load$/ }).click();
    const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Error' });
    await toast.filter({ hasText: 'The load was created, but its document could not be kept. Please try again.' }).filter({ hasText: unavailable }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.unroute('**/api/loads/*/documents');
    await loadRow('SF783251').waitFor();
    const load = (await getList<Load>('loads')).find((candidate) => candidate.loadNumber === 'SF783251')!;
    const documents = await page.request.get(`/api/loads/${load.id}/documents`);
    expect((await documents.json()) as LoadDocument[]).toEqual([]);
  });
});
