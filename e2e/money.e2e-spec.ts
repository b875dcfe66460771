import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Customer, Driver, Invoice, Load, Settlement } from '@tms/contracts';
import dayjs from 'dayjs';
import { simpleParser } from 'mailparser';
import { launchBrowser, newSession, recordDialogs, signIn, type Browser, type Page } from './support/browser.js';
import { connectDatabase } from './support/database.js';
import { apiSteps, screenSteps, type Dialog } from './support/steps.js';

/**
 * From a delivered load to money (issue 26), end to end: the company profile in Settings, 'Create Invoice' from a
 * delivered load's row, the invoice and packet PDFs, a driver's pay rule and a load's miles in their dialogs, and
 * 'Fill from loads' in a settlement, to the cent; 'Send Invoice' (issue 46). Every record this file makes carries
 * 'MNY' (or 'Mny') and is deleted at the end; the company profile is put back as it was.
 */
let browser: Browser;
let page: Page;

const { getList, post, remove, origin } = apiSteps(() => page);
const { row, main, toast, errorToast, successToast, submit, choose, openRowMenu, rowMenuItems, cancel, navigate } = screenSteps(() => page);

/** Deletes what this file made: settlements and invoices before the loads they name, loads before their customer. */
async function cleanUp() {
  const ours = (text: string | null | undefined) => /mny/i.test(text ?? '');
  const customers = (await getList<Customer>('customers')).filter((customer) => ours(customer.email));
  const customerIds = new Set(customers.map((customer) => customer.id));
  const drivers = (await getList<Driver>('drivers')).filter((driver) => ours(driver.email));
  const driverIds = new Set(drivers.map((driver) => driver.id));
  const settlements = (await getList<Settlement>('settlements')).filter((settlement) => driverIds.has(settlement.driverId));
  const invoices = (await getList<Invoice>('invoices')).filter((invoice) => customerIds.has(invoice.customerId));
  const loads = (await getList<Load>('loads')).filter((load) => customerIds.has(load.customerId));
  const order = [['settlements', settlements], ['invoices', invoices], ['loads', loads], ['customers', customers], ['drivers', drivers]] as const;
  for (const [resource, records] of order) for (const { id } of records) await remove(resource, id);
}

/** Chooses a row menu's download, and answers the response and the saved file's first bytes. */
async function download(rowText: string, item: string, path: RegExp) {
  const [saved, response] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((answer) => path.test(new URL(answer.url()).pathname)),
    openRowMenu(rowText, item),
  ]);
  const bytes = await readFile((await saved.path())!);
  return { response, name: saved.suggestedFilename(), bytes };
}

const selected = (dialog: Dialog, text: string) => dialog.locator('.ant-select').filter({ hasText: text });
const value = (dialog: Dialog, label: string) => dialog.getByLabel(label, { exact: true }).inputValue();

let customer: Customer;
let driver: Driver;
/** Delivered, 925 miles: the one invoiced from its row. */
let longHaul: Load;
/** Delivered, its miles typed in the load dialog. */
let shortHop: Load;
/** Delivered without miles: per-mile pay has none for it. */
let noMiles: Load;
/** The profile before this file saved one: the defaults (nothing saved) are put back by removing the saved row. */
let savedProfile: { name?: string } | undefined;

/** Today in the company's calendar (svc-accounting's COMPANY_TIME_ZONE, America/Chicago by default). */
const companyToday = () => dayjs(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date()));

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, { width: 1440, height: 900 }));
  recordDialogs(page);
  await signIn(page, 'money@example.com');
  await cleanUp();
  savedProfile = await (await page.request.get('/api/company')).json();
  customer = await post<Customer>('customers', { name: 'Mny Prairie Grocers', email: 'ap@prairie.mny.example.com', phone: '(312) 555-0190', address: '900 W Fulton Market, Chicago, IL 60607', type: 'receiver' });
  driver = await post<Driver>('drivers', { name: 'Mny Dana Hauler', email: 'dana@mny.example.com', phone: '(773) 555-0123', licenseNumber: 'MNY-D123-4567', status: 'on-duty' });
  const load = (loadNumber: string, rate: string, deliveryDate: string, fields: object = {}) =>
    post<Load>('loads', {
      loadNumber, customerId: customer.id, status: 'delivered', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-01', deliveryLocation: 'Dallas, TX',
      deliveryDate, rate, assignedDriverId: driver.id, commodity: 'Canned goods', weight: 38000, ...fields,
    });
  longHaul = await load('LD-MNY-1', '1234.57', '2027-03-02', { miles: 925 });
  shortHop = await load('LD-MNY-2', '0.10', '2027-03-05', { deliveryLocation: 'Gary, IN' });
  noMiles = await load('LD-MNY-3', '500.00', '2027-03-07');
  // Outside the period: not settled with the others.
  await load('LD-MNY-4', '999.99', '2027-03-08', { miles: 100 });
  // A document kept on the load goes into its packet.
  const text = 'BILL OF LADING MNY-1\nShipper: Mny Prairie Grocers\n';
  await post(`loads/${longHaul.id}/documents`, {
    fileName: 'bol-mny-1.txt', fileType: 'text/plain', fileSize: Buffer.byteLength(text), fileData: `data:text/plain;base64,${Buffer.from(text).toString('base64')}`,
    documentType: 'Bill of Lading',
  });
  // The lists the app read when it opened predate these records.
  await page.goto('/settings');
});
afterAll(async () => {
  if (page) {
    await cleanUp();
    if (savedProfile?.name) await page.request.put('/api/company', { data: savedProfile, headers: origin() });
    else await restoreDefaultProfile();
  }
  await browser?.close();
});

async function restoreDefaultProfile() {
  const db = await connectDatabase();
  try {
    await db.query('DELETE FROM accounting.company_profile');
  } finally {
    await db.end();
  }
}

describe('the company profile in Settings', () => {
  it('shows field messages for a bad value, then saves the profile invoices print', async () => {
    const card = page.getByRole('region', { name: 'Company Profile' });
    await card.getByLabel('Legal Name', { exact: true }).fill('Mny Prairie Freight LLC');
    await card.getByLabel('Address', { exact: true }).fill('4100 W 47th St, Chicago, IL 60632');
    await card.getByLabel('Phone', { exact: true }).fill('(312) 555-0142');
    await card.getByLabel('Email', { exact: true }).fill('billing@');
    await card.getByLabel('MC Number', { exact: true }).fill('MC-123456');
    await card.getByLabel('USDOT Number', { exact: true }).fill('1234567');
    await card.getByLabel('Remit-To Address', { exact: true }).fill('PO Box 500, Chicago, IL 60690');
    await card.getByLabel('Payment Terms (days)', { exact: true }).fill('45');
    await card.getByLabel('Invoice Note', { exact: true }).fill('Thank you for shipping with us.');
    await card.getByRole('button', { name: 'Save Profile' }).click();
    await errorToast('Failed to save the company profile').waitFor();
    const emailField = card.locator('.ant-form-item').filter({ has: page.getByLabel('Email', { exact: true }) });
    await emailField.locator('.ant-form-item-explain-error').waitFor();

    await card.getByLabel('Email', { exact: true }).fill('billing@prairie.mny.example.com');
    await card.getByRole('button', { name: 'Save Profile' }).click();
    await successToast('Company profile saved').waitFor();
    await emailField.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    const saved = await (await page.request.get('/api/company')).json();
    expect(saved).toMatchObject({ name: 'Mny Prairie Freight LLC', email: 'billing@prairie.mny.example.com', mcNumber: 'MC-123456', dotNumber: '1234567', paymentTermsDays: 45 });

    await page.reload();
    await expect(page.getByRole('region', { name: 'Company Profile' }).getByLabel('Payment Terms (days)', { exact: true }).inputValue()).resolves.toBe('45');
  });
});

describe('pay rules and miles in their dialogs', () => {
  it("gives the driver a per-mile pay rule, its unit shown, and a load its loaded miles", async () => {
    await navigate('Drivers');
    await page.getByRole('heading', { name: 'Driver Management' }).waitFor();
    await openRowMenu('Mny Dana Hauler', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Driver' });
    await expect(dialog.getByLabel('Pay Rate', { exact: true }).isDisabled()).resolves.toBe(true);
    await choose(dialog, 'Pay Type', 'Per Mile');
    await dialog.getByText('$/mi', { exact: true }).waitFor();
    await dialog.getByLabel('Pay Rate', { exact: true }).fill('0.655');
    await submit(dialog, 'Update Driver').click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await getList<Driver & { payType: string; payRate: string }>('drivers')).find((one) => one.id === driver.id)).toMatchObject({ payType: 'perMile', payRate: '0.655' });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loads', exact: true }).click();
    await page.getByRole('heading', { name: 'Loads', exact: true }).waitFor();
    await page.getByPlaceholder('Search loads...').fill('LD-MNY');
    await openRowMenu('LD-MNY-2', 'Edit');
    const load = page.getByRole('dialog', { name: 'Edit Load' });
    await load.getByLabel('Loaded Miles', { exact: true }).fill('1');
    await submit(load, 'Update Load').click();
    await load.waitFor({ state: 'hidden' });
    expect((await getList<Load & { miles: number | null }>('loads')).find((one) => one.id === shortHop.id)?.miles).toBe(1);
  });
});

describe("'Create Invoice' from a delivered load", () => {
  it("is in a delivered load's row menu only, and opens the invoice dialog filled from the load and the terms", async () => {
    await post('loads', {
      loadNumber: 'LD-MNY-9', customerId: customer.id, status: 'in-transit', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-01',
      deliveryLocation: 'Joliet, IL', deliveryDate: '2027-03-02', rate: '250.00',
    });
    await page.reload();
    await page.getByPlaceholder('Search loads...').fill('LD-MNY');
    expect(await rowMenuItems('LD-MNY-9')).toEqual(['Edit', 'Open', 'Mark Delivered', 'Stops', 'Charges', 'Messages', 'Delete']);
    expect(await rowMenuItems('LD-MNY-1')).toEqual(['Edit', 'Open', 'Stops', 'Charges', 'Messages', 'Create Invoice', 'Delete']);

    await openRowMenu('LD-MNY-1', 'Create Invoice');
    // No proof of delivery is kept on LD-MNY-1: Create Invoice says so first, and goes ahead when told (issue 44).
    await page.locator('.ant-modal-confirm').filter({ hasText: 'Paperwork missing' }).getByRole('button', { name: 'Create Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
    await dialog.waitFor();
    // The request is taken out of the address: a reload does not open the dialog again.
    const address = new URL(page.url());
    expect([address.pathname, address.searchParams.get('tab'), address.searchParams.get('invoiceForLoad')]).toEqual(['/accounting', 'invoices', null]);
    await selected(dialog, 'LD-MNY-1').waitFor();
    await selected(dialog, 'Mny Prairie Grocers').waitFor();
    await expect(value(dialog, 'Subtotal')).resolves.toBe('1234.57');
    await expect(value(dialog, 'Total')).resolves.toBe('1234.57');
    await expect(value(dialog, 'Invoice Date')).resolves.toBe(companyToday().format('YYYY-MM-DD'));
    await expect(value(dialog, 'Due Date')).resolves.toBe(companyToday().add(45, 'day').format('YYYY-MM-DD'));
    await dialog.getByLabel('Invoice Number', { exact: true }).fill('INV-MNY-1');
    await submit(dialog, 'Create Invoice').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(row('INV-MNY-1').innerText()).resolves.toMatch(/INV-MNY-1\s+LD-MNY-1\s+Mny Prairie Grocers\s+[\s\S]*\$1,234\.57\s+\$0\.00\s+\$1,234\.57\s+Draft/);
  });

  it("shows the load as 'Invoiced', and refuses a second invoice for it with the server's reason", async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loads', exact: true }).click();
    await page.getByPlaceholder('Search loads...').fill('LD-MNY-1');
    await expect(row('LD-MNY-1').innerText()).resolves.toMatch(/LD-MNY-1\s+Invoiced/);
    expect(await rowMenuItems('LD-MNY-1')).toEqual(['Edit', 'Open', 'Stops', 'Charges', 'Messages', 'Delete']);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounting', exact: true }).click();
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await main().getByRole('button', { name: 'Create Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
    await choose(dialog, 'Load', 'LD-MNY-1');
    await dialog.getByLabel('Invoice Number', { exact: true }).fill('INV-MNY-2');
    await dialog.getByLabel('Due Date', { exact: true }).fill('2027-04-30');
    await page.keyboard.press('Tab');
    await submit(dialog, 'Create Invoice').click();
    await errorToast('Failed to create invoice.').filter({ hasText: 'Load LD-MNY-1 already has invoice INV-MNY-1.' }).waitFor();
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('invoice downloads', () => {
  it("downloads the invoice and its packet as PDFs, and says when a download fails", async () => {
    await page.getByPlaceholder('Search invoices...').fill('INV-MNY-1');
    const invoice = await download('INV-MNY-1', 'Download Invoice', /^\/api\/invoices\/[^/]+\/pdf$/);
    expect(invoice.response.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(invoice.name).toBe('INV-MNY-1.pdf');
    expect(invoice.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const packet = await download('INV-MNY-1', 'Download Packet', /^\/api\/invoices\/[^/]+\/packet$/);
    expect(packet.response.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(packet.name).toMatch(/\.pdf$/);
    expect(packet.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The invoice and the bill of lading after it.
    expect(packet.bytes.length).toBeGreaterThan(invoice.bytes.length);

    await page.route('**/api/invoices/*/pdf', (route) => route.fulfill({ status: 503, body: 'Service unavailable' }));
    await openRowMenu('INV-MNY-1', 'Download Invoice');
    await errorToast('Failed to download invoice.').waitFor();
    await page.unroute('**/api/invoices/*/pdf');
    await page.getByPlaceholder('Search invoices...').fill('');
  });
});

describe("'Send Invoice' (issue 46)", () => {
  it("sends the invoice and its packet to the customer's billing e-mail, and the draft becomes sent", async () => {
    await navigate('Customers');
    await page.getByRole('heading', { name: 'Customer Management' }).waitFor();
    await openRowMenu('Mny Prairie Grocers', 'Edit');
    const customerDialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await customerDialog.getByLabel('Billing E-mail', { exact: true }).fill('ap-billing@prairie.mny.example.com');
    await submit(customerDialog, 'Update Customer').click();
    await customerDialog.waitFor({ state: 'hidden' });

    await navigate('Accounting');
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await page.getByPlaceholder('Search invoices...').fill('INV-MNY-1');
    await openRowMenu('INV-MNY-1', 'Send Invoice');
    const dialog = page.getByRole('dialog', { name: 'Send Invoice' });
    // From the company's e-mail (saved above), to the billing e-mail, with the invoice and its packet.
    await dialog.getByText('billing@prairie.mny.example.com', { exact: true }).waitFor();
    await dialog.getByText('ap-billing@prairie.mny.example.com', { exact: true }).waitFor();
    await dialog.getByText('Invoice INV-MNY-1 for load LD-MNY-1 from Mny Prairie Freight LLC', { exact: true }).waitFor();
    await dialog.getByText('INV-MNY-1.pdf, INV-MNY-1-packet.pdf', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await successToast('Invoice sent').filter({ hasText: 'Invoice INV-MNY-1 was sent to ap-billing@prairie.mny.example.com.' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect(row('INV-MNY-1').innerText()).resolves.toMatch(/\$1,234\.57\s+Sent/);

    // What the SMTP server received (e2e/support/global-setup.mjs keeps each message).
    const mailDir = process.env.E2E_MAIL_DIR!;
    const messages = await Promise.all((await readdir(mailDir)).map(async (name) => simpleParser(await readFile(path.join(mailDir, name)))));
    const mail = messages.find((message) => message.subject?.includes('INV-MNY-1'));
    expect(mail?.from?.text).toBe('"Mny Prairie Freight LLC" <billing@prairie.mny.example.com>');
    expect(mail?.attachments.map((file) => file.filename)).toEqual(['INV-MNY-1.pdf', 'INV-MNY-1-packet.pdf']);

    // The sending is in the invoice's History.
    await openRowMenu('INV-MNY-1', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Invoice' });
    await edit.getByText('History', { exact: true }).click();
    const sent = edit.getByRole('listitem').filter({ hasText: 'Sent by e-mail' });
    await expect(sent.innerText()).resolves.toMatch(/To: ap-billing@prairie\.mny\.example\.com[\s\S]*Result: Sent/);
    await cancel(edit);
    await edit.waitFor({ state: 'hidden' });
    await page.getByPlaceholder('Search invoices...').fill('');
  });
});

describe("a settlement 'Fill from loads'", () => {
  const period = async (dialog: Dialog) => {
    await choose(dialog, 'Driver', 'Mny Dana');
    for (const [label, day] of [['Period Start', '2027-03-01'], ['Period End', '2027-03-07']]) {
      await dialog.getByLabel(label, { exact: true }).fill(day);
      await page.keyboard.press('Tab');
    }
  };

  it('lists the driver\'s delivered loads in the period with their pay, fills the figures to the cent and saves the loads', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settlements', exact: true }).click();
    await page.getByRole('heading', { name: 'Driver Settlements' }).waitFor();
    await main().getByRole('button', { name: 'Create Settlement' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Settlement' });
    const fill = dialog.getByRole('button', { name: 'Fill from loads' });
    await expect(fill.isDisabled()).resolves.toBe(true);
    await period(dialog);
    await fill.click();

    // 925 mi x $0.655 = $605.875 and 1 mi x $0.655 = $0.655, each rounded half up; LD-MNY-3 has no miles.
    await expect(row('LD-MNY-1', page).innerText()).resolves.toMatch(/LD-MNY-1\s+Chicago, IL → Dallas, TX\s+Mar 2, 2027\s+\$1,234\.57\s+925\s+\$605\.88/);
    await expect(row('LD-MNY-2', page).innerText()).resolves.toMatch(/LD-MNY-2\s+Chicago, IL → Gary, IN\s+Mar 5, 2027\s+\$0\.10\s+1\s+\$0\.66/);
    await expect(row('LD-MNY-3', page).innerText()).resolves.toMatch(/LD-MNY-3\s+[\s\S]*\$500\.00\s+-\s+\$0\.00/);
    expect(await row('LD-MNY-4', page).count()).toBe(0);
    await dialog.getByText('No loaded miles on LD-MNY-3').waitFor();
    await expect(value(dialog, 'Total Miles')).resolves.toBe('926');
    await expect(value(dialog, 'Total Revenue')).resolves.toBe('1734.67');
    await expect(value(dialog, 'Driver Pay')).resolves.toBe('606.54');
    await expect(value(dialog, 'Net Pay')).resolves.toBe('606.54');
    await dialog.getByLabel('Deductions', { exact: true }).fill('6.54');
    await expect(value(dialog, 'Net Pay')).resolves.toBe('600.00');

    const number = await value(dialog, 'Settlement Number');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/settlements') && response.request().method() === 'POST');
    await submit(dialog, 'Create Settlement').click();
    const response = await answered;
    expect(response.status()).toBe(201);
    const ids = [longHaul.id, shortHop.id, noMiles.id].sort();
    expect(((response.request().postDataJSON() as { loadIds: string[] }).loadIds ?? []).slice().sort()).toEqual(ids);
    expect(((await response.json()) as { loadIds: string[] }).loadIds.slice().sort()).toEqual(ids);
    await toast('Settlement created').waitFor();
    await expect(row(number).innerText()).resolves.toMatch(/Mny Dana Hauler\s+Mar 1, 2027 - Mar 7, 2027\s+926\s+\$1,734\.67\s+\$606\.54\s+\$6\.54\s+\$600\.00\s+Pending/);
  });

  it('leaves loads another settlement pays out of the next, and downloads the statement', async () => {
    await main().getByRole('button', { name: 'Create Settlement' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Settlement' });
    await period(dialog);
    await dialog.getByRole('button', { name: 'Fill from loads' }).click();
    await dialog.getByText('No delivered loads of this driver in this period are left to settle.').waitFor();
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });

    const statement = await download('Mny Dana Hauler', 'Download Statement', /^\/api\/settlements\/[^/]+\/pdf$/);
    expect(statement.response.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(statement.name).toMatch(/\.pdf$/);
    expect(statement.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
