import { baseUrl, launchBrowser, newSession, signIn, type Browser, type Page } from './support/browser.js';
import { screenSteps } from './support/steps.js';

import { ROW_MENU } from './support/steps.js';
/** Who changed what: an edit dialog's History, collapsed at first, lists the record's changes as the API recorded them. */
let browser: Browser;
let page: Page;
const { cancel } = screenSteps(() => page);
let customerId: string | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  await signIn(page, 'history.clerk@example.com');
});
afterAll(async () => {
  if (customerId) await page?.request.delete(`/api/customers/${customerId}`, { headers: { origin: baseUrl() } }).catch(() => undefined);
  await browser?.close();
});

describe('History in an edit dialog', () => {
  it('lists who changed which field from what to what, and when, newest first', async () => {
    const name = `Hartwell Supply ${Date.now()}`;
    const created = await page.request.post('/api/customers', {
      data: { name, email: `ap.${Date.now()}@hartwell.example`, phone: '(312) 555-0100', address: 'Chicago, IL', type: 'shipper' },
      headers: { origin: baseUrl() },
    });
    customerId = ((await created.json()) as { id: string }).id;
    await page.request.patch(`/api/customers/${customerId}`, { data: { phone: '(312) 555-0199' }, headers: { origin: baseUrl() } });

    await page.goto('/customers');
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: ROW_MENU }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    const history = dialog.getByRole('button', { name: 'History' });
    await history.waitFor();
    expect(await dialog.getByRole('list', { name: 'History' }).count()).toBe(0); // collapsed at first
    await history.click();
    const entries = dialog.getByRole('list', { name: 'History' }).getByRole('listitem');
    await entries.nth(1).waitFor();
    const [changed, made] = [await entries.nth(0).innerText(), await entries.nth(1).innerText()];
    expect(changed).toMatch(/^Changed · history\.clerk@example\.com · [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)/);
    expect(changed).toContain('Phone: (312) 555-0100 → (312) 555-0199');
    expect(made).toMatch(/^Created · history\.clerk@example\.com/);
    expect(made).toContain(`Name: ${name}`);
    expect(made).toContain('Type: Shipper'); // a choice as the dialog names it
    await entries.nth(1).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300); // the panel's opening animation, for the picture
    await page.screenshot({ path: 'test-results/history.png' });
    await cancel(dialog);
  });
});
