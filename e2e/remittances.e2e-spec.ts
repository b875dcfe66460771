import type { Customer, Invoice, Load, Payment, Remittance } from '@tms/contracts';
import dayjs from 'dayjs';
import { launchBrowser, newSession, recordDialogs, signIn, type Browser, type Page } from './support/browser.js';
import { apiSteps, screenSteps } from './support/steps.js';

/**
 * 'Receive Payment' (issue 46): a broker's one payment over three of its invoices, received in the Payments tab of
 * Accounting: the open invoices oldest first, the amount applied oldest first, the rest kept as credit and offered on
 * the next one; then reversed whole from a payment's row menu. Every record of this file carries 'RMT'.
 */
let browser: Browser;
let page: Page;

const { getList, post, remove } = apiSteps(() => page);
const { main, row, toast, submit, openRowMenu, choose, cancel } = screenSteps(() => page);

async function cleanUp() {
  const customers = (await getList<Customer>('customers')).filter((customer) => /rmt/i.test(customer.email));
  const customerIds = new Set(customers.map((customer) => customer.id));
  // A remittance's payments go with it; then what they paid.
  for (const { id } of (await getList<Remittance>('remittances')).filter((remittance) => customerIds.has(remittance.customerId))) await remove('remittances', id);
  const invoices = (await getList<Invoice>('invoices')).filter((invoice) => customerIds.has(invoice.customerId));
  const invoiceIds = new Set(invoices.map((invoice) => invoice.id));
  for (const { id } of (await getList<Payment>('payments')).filter((payment) => invoiceIds.has(payment.invoiceId))) await remove('payments', id);
  for (const { id } of invoices) await remove('invoices', id);
  for (const { id } of (await getList<Load>('loads')).filter((load) => customerIds.has(load.customerId))) await remove('loads', id);
  for (const { id } of customers) await remove('customers', id);
}

let broker: Customer;
/** A delivered load of the broker's and its sent invoice. */
async function invoice(number: number, total: string, invoiceDate: string) {
  const load = await post<Load>('loads', {
    loadNumber: `LD-RMT-${number}`, customerId: broker.id, status: 'delivered', pickupLocation: 'Omaha, NE', pickupDate: invoiceDate,
    deliveryLocation: 'Lincoln, NE', deliveryDate: invoiceDate, rate: total,
  });
  return post<Invoice>('invoices', { invoiceNumber: `INV-RMT-${number}`, loadId: load.id, customerId: broker.id, status: 'sent', invoiceDate, dueDate: '2027-12-31', subtotal: total, total });
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, { width: 1440, height: 900 }));
  recordDialogs(page);
  await signIn(page, 'remittances@example.com');
  await cleanUp();
  broker = await post<Customer>('customers', { name: 'Rmt Prairie Logistics', email: 'ap@prairie.rmt.example.com', phone: '(402) 555-0175', address: '1200 Farnam St, Omaha, NE', type: 'shipper' });
  // Made out of order: the dialog lists them by date.
  await invoice(3, '700.00', '2026-03-10');
  await invoice(1, '1000.00', '2026-01-10');
  await invoice(2, '500.25', '2026-02-10');
  await page.goto('/accounting?tab=payments');
  await page.getByRole('tab', { name: 'Payments', selected: true }).waitFor();
});
afterAll(async () => {
  if (page) await cleanUp();
  await browser?.close();
});

const appliedTo = (dialog: ReturnType<Page['getByRole']>, invoiceNumber: string) => dialog.getByLabel(`Applied to ${invoiceNumber}`, { exact: true });

describe('Receive Payment', () => {
  it("downloads the customer's statement of account from their row in Aging", async () => {
    await main().getByRole('button', { name: 'Aging' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: 'Receivables Aging' });
    await drawer.getByRole('row').filter({ hasText: 'Rmt Prairie Logistics' }).click();
    const [saved] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: 'Statement of Account' }).click()]);
    expect(saved.suggestedFilename()).toBe(`statement-Rmt-Prairie-Logistics-${dayjs().format('YYYY-MM-DD')}.pdf`);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it("applies one payment to the customer's invoices oldest first, keeps the rest as credit, and offers it next time", async () => {
    await main().getByRole('button', { name: 'Receive Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Receive Payment' });
    await choose(dialog, 'Customer', 'Rmt Prairie Logistics');
    // Oldest first, with load number, dates, total and balance.
    await dialog.getByRole('row').filter({ hasText: 'INV-RMT-1' }).waitFor();
    const invoiceRows = dialog.getByRole('row').filter({ hasText: 'INV-RMT-' });
    await expect(invoiceRows.allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/INV-RMT-1\s+LD-RMT-1\s+Jan 10, 2026\s+Dec 31, 2027\s+\$1,000\.00\s+\$1,000\.00/),
      expect.stringMatching(/INV-RMT-2\s+LD-RMT-2\s+Feb 10, 2026\s+Dec 31, 2027\s+\$500\.25\s+\$500\.25/),
      expect.stringMatching(/INV-RMT-3\s+LD-RMT-3\s+Mar 10, 2026\s+Dec 31, 2027\s+\$700\.00\s+\$700\.00/),
    ]);

    await dialog.getByLabel('Amount', { exact: true }).fill('2300.50');
    await dialog.getByLabel('Amount', { exact: true }).press('Tab');
    await expect(appliedTo(dialog, 'INV-RMT-3').inputValue()).resolves.toBe('700.00');
    await expect(Promise.all(['INV-RMT-1', 'INV-RMT-2'].map((number) => appliedTo(dialog, number).inputValue()))).resolves.toEqual(['1000.00', '500.25']);
    await expect(dialog.getByTestId('remittance-summary').innerText()).resolves.toBe('Applied $2,200.25 · $100.25 kept as credit');
    await choose(dialog, 'Payment Method', 'ACH');
    await dialog.getByLabel('Reference Number', { exact: true }).fill('ACH-RMT-1');
    await page.screenshot({ path: 'test-results/receive-payment.png' });
    await submit(dialog, 'Receive Payment').click();
    await dialog.waitFor({ state: 'hidden' });
    await toast('Payment received').waitFor();

    // One spec payment per invoice, in the spec's list.
    await expect(row('ACH-RMT-1').count()).resolves.toBe(3);
    for (const [number, amount] of [['INV-RMT-1', '$1,000.00'], ['INV-RMT-2', '$500.25'], ['INV-RMT-3', '$700.00']]) {
      await expect(row('ACH-RMT-1').filter({ hasText: number }).innerText()).resolves.toMatch(new RegExp(`${number}\\s+Rmt Prairie Logistics\\s+\\${amount}\\s+ACH\\s+ACH-RMT-1`));
    }

    // The credit is offered on their next one; nothing is owed now.
    await main().getByRole('button', { name: 'Receive Payment' }).click();
    const next = page.getByRole('dialog', { name: 'Receive Payment' });
    await choose(next, 'Customer', 'Rmt Prairie Logistics');
    await next.getByText('Apply their credit of $100.25').waitFor();
    await next.getByText('This customer owes nothing').waitFor();
    await cancel(next);
    await next.waitFor({ state: 'hidden' });
  });

  it('reverses the remittance whole from one of its payments', async () => {
    await openRowMenu('INV-RMT-2', 'Reverse Remittance');
    await toast('Remittance reversed').waitFor();
    await row('ACH-RMT-1').first().waitFor({ state: 'detached' });
    const invoices = (await getList<Invoice>('invoices')).filter((invoice) => invoice.customerId === broker.id);
    expect(invoices.map(({ invoiceNumber, paidAmount, status }) => ({ invoiceNumber, paidAmount, status })).sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber))).toEqual([
      { invoiceNumber: 'INV-RMT-1', paidAmount: '0.00', status: 'sent' },
      { invoiceNumber: 'INV-RMT-2', paidAmount: '0.00', status: 'sent' },
      { invoiceNumber: 'INV-RMT-3', paidAmount: '0.00', status: 'sent' },
    ]);
  });
});
