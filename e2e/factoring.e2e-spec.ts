import type { Customer, Invoice, Load } from '@tms/contracts';
import { launchBrowser, newSession, recordDialogs, signIn, type Browser, type Page } from './support/browser.js';
import { apiSteps, dayFromToday, screenSteps } from './support/steps.js';

/**
 * Issue 45 end to end, in Accounting's 'Factoring' drawer: a factored customer's invoice whose load keeps a rate
 * confirmation and a bill of lading is ready; it is picked and put on a schedule, whose PDF, CSV and ZIP are offered;
 * the factor's purchase report is checked, then applied, and the ledger shows the advance, the fee and the reserve
 * to the cent. Every record this file makes carries 'FCT' (invoices the ledger names are kept, as the books keep them).
 */
let browser: Browser;
let page: Page;

const { post, origin } = apiSteps(() => page);
const { navigate, toast, openRowMenu } = screenSteps(() => page);

const onePagePdf = (text: string) => {
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  recordDialogs(page);
  await signIn(page, 'factoring.clerk@example.com');
  const saved = await page.request.put('/api/factoring', {
    headers: origin(),
    data: { name: 'Fct Lakeshore Capital', remitTo: 'PO Box 4410\nChicago, IL 60680', clientNumber: 'FCT-77', noticeText: 'Pay only to Fct Lakeshore Capital.', advancePercent: '97.00', feePercent: '3.00', recourseDays: 90 },
  });
  expect(saved.status()).toBe(200);
  const customer = await post<Customer>('customers', { name: 'Fct Harbor Brokerage', email: 'ap@fct.example.com', phone: '555-0145', address: '9 Pier Rd, Gary, IN', type: 'shipper', invoicing: 'factored' });
  const load = await post<Load>('loads', {
    loadNumber: 'LD-FCT-1', customerId: customer.id, status: 'delivered', pickupLocation: 'Joliet, IL', pickupDate: dayFromToday(-3), deliveryLocation: 'Tulsa, OK', deliveryDate: dayFromToday(-2), rate: '1234.57',
  });
  for (const documentType of ['Rate Confirmation', 'Bill of Lading']) {
    const data = onePagePdf(`${documentType} LD-FCT-1`);
    await post(`loads/${load.id}/documents`, { fileName: `${documentType}.pdf`, fileType: 'application/pdf', fileSize: data.byteLength, fileData: `data:application/pdf;base64,${data.toString('base64')}`, documentType });
  }
  await post<Invoice>('invoices', {
    invoiceNumber: 'INV-FCT-1', loadId: load.id, customerId: customer.id, status: 'sent', invoiceDate: dayFromToday(-2), dueDate: dayFromToday(28), subtotal: '1234.57', total: '1234.57',
  });
});

afterAll(async () => {
  await browser?.close();
});

describe("Accounting's Factoring drawer", () => {
  it('puts a ready invoice on a schedule, applies the purchase report after its check, and shows the ledger to the cent', async () => {
    await navigate('Accounting');
    await page.getByRole('button', { name: 'Factoring', exact: true }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: 'Ready invoices' });
    await drawer.getByText('Fct Lakeshore Capital · client FCT-77 · advance 97.00% · fee 3.00% · recourse 90 days').waitFor();

    const ready = drawer.getByRole('table', { name: 'Ready invoices' }).getByRole('row').filter({ hasText: 'INV-FCT-1' });
    await ready.waitFor({ timeout: 20_000 }).catch(async () => {
      await page.screenshot({ path: 'test-results/factoring-debug.png' });
      throw new Error(`${await drawer.innerText()} ${await (await page.request.get('/api/factoring/invoices')).text()}`);
    });
    await expect(ready.innerText()).resolves.toMatch(/INV-FCT-1\s+Fct Harbor Brokerage\s+LD-FCT-1[\s\S]*\$1,234\.57\s+Ready/);
    await ready.getByRole('checkbox').check();
    await drawer.getByRole('button', { name: 'Make Schedule' }).click();
    await toast().filter({ hasText: /Schedule SCH-\d{4} made/ }).waitFor();

    await drawer.getByRole('tab', { name: 'Schedules' }).click();
    const schedule = drawer.getByRole('table', { name: 'Schedules' }).getByRole('row').filter({ hasText: '$1,234.57' });
    await expect(schedule.innerText()).resolves.toMatch(/SCH-\d{4}[\s\S]*1\s+\$1,234\.57\s+PDF\s+CSV\s+ZIP/);

    await drawer.getByRole('tab', { name: 'Reports' }).click();
    await drawer.locator('input[type=file]').setInputFiles({
      name: 'purchase.csv', mimeType: 'text/csv', buffer: Buffer.from('Invoice Number,Advance,Fee,Reserve\r\nINV-FCT-1,1197.53,37.04,37.04\r\n'),
    });
    await drawer.getByRole('button', { name: 'Check' }).click();
    const checked = drawer.getByRole('table', { name: 'Report rows' }).getByRole('row').filter({ hasText: 'INV-FCT-1' });
    await expect(checked.innerText()).resolves.toMatch(/Advance \$1,197\.53, Fee \$37\.04, Reserve \$37\.04\s+Clean/);
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await toast('Report applied').waitFor();

    await drawer.getByRole('tab', { name: 'Ledger' }).click();
    const entries = drawer.getByRole('table', { name: 'Ledger entries' }).getByRole('row').filter({ hasText: 'INV-FCT-1' });
    await entries.first().waitFor();
    await expect(entries.allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/INV-FCT-1\s+Advance\s+\$1,197\.53/),
      expect.stringMatching(/INV-FCT-1\s+Fee\s+\$37\.04/),
      expect.stringMatching(/INV-FCT-1\s+Reserve\s+\$37\.04/),
    ]);
    await page.screenshot({ path: 'test-results/factoring-drawer.png' });
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // The invoice shows 'Factored' beside its status.
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'INV-FCT-1' }).innerText()).resolves.toMatch(/Sent\s+Factored/);
  });

  it("shows the factor in Settings' Factoring card, and a customer's Invoicing in its dialog", async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
    const card = page.getByRole('region', { name: 'Factoring' });
    await expect(card.getByLabel('Factor name').inputValue()).resolves.toBe('Fct Lakeshore Capital');
    await expect(card.getByLabel('Advance').inputValue()).resolves.toBe('97.00');
    await expect(card.getByLabel('Recourse days').inputValue()).resolves.toBe('90');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: 'test-results/factoring-settings.png' });

    await navigate('Customers');
    await openRowMenu('Fct Harbor Brokerage', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await expect(dialog.getByLabel('Invoicing').locator('xpath=ancestor::div[contains(@class, "ant-select")][1]').innerText()).resolves.toContain('Factored');
    await dialog.screenshot({ path: 'test-results/factoring-customer.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
