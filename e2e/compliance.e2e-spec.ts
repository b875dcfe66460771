import { launchBrowser, newSession, recordDialogs, signIn, type Browser, type Page } from './support/browser.js';
import type { ComplianceItem } from '@tms/contracts';
import { addDays, dayIn, DEFAULT_COMPANY_TIME_ZONE } from '@tms/service-kit';
import { apiSteps, screenSteps } from './support/steps.js';

/**
 * Compliance at a glance: the Dashboard's 'Needs Attention' card lists an expired medical card with a link to
 * Drivers, and Settings makes the calendar link a calendar app subscribes to. Other browser tests share the system:
 * this file's driver carries 'CMP' and is deleted at the end, and only its own items are looked at.
 */
let browser: Browser;
let page: Page;
const { post, remove } = apiSteps(() => page);
const { showOnly } = screenSteps(() => page);
let driverId: string | undefined;
/** A day from today in the company's calendar, which says 'expired 3 days ago' (this machine's today may be a day ahead). */
const companyDayFromToday = (days: number) => addDays(dayIn(DEFAULT_COMPANY_TIME_ZONE), days);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, { width: 1440, height: 900 }));
  recordDialogs(page);
  await signIn(page, 'compliance.manager@example.com');
  ({ id: driverId } = await post('drivers', {
    name: 'Casey CMP Comply', email: 'casey.cmp@example.com', phone: '555-0190', licenseNumber: 'CMP-CDL-1', status: 'on-duty',
    licenseExpiration: companyDayFromToday(400), medicalCardExpiration: companyDayFromToday(-3),
  }));
});
afterAll(async () => {
  if (driverId) await remove('drivers', driverId);
  await browser?.close();
});

describe('Needs Attention', () => {
  it('shows below the spec cards what expired, with a link to the screen that puts it right', async () => {
    // The card shows the first five items of the system, which the other files' records may fill.
    await showOnly<ComplianceItem>('compliance', (item) => item.subjectId === driverId);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Needs Attention' });
    await card.waitFor();
    const item = card.getByRole('listitem').filter({ hasText: 'Medical card of Casey CMP Comply expired 3 days ago' });
    await item.waitFor();
    await expect(item.getByText('Expired', { exact: true }).isVisible()).resolves.toBe(true);
    // The spec's cards are still there, above it.
    const fleetStatus = await page.getByRole('region', { name: 'Fleet Status' }).boundingBox();
    expect((await card.boundingBox())!.y).toBeGreaterThan(fleetStatus!.y);
    // The link opens the driver itself (issue 47): their drawer, with the credential that needs attention.
    await item.getByRole('link', { name: 'Drivers' }).click();
    await page.getByRole('heading', { name: 'Driver Management' }).waitFor();
    const drawer = page.getByRole('dialog', { name: 'Casey CMP Comply' });
    const credentials = drawer.getByRole('region', { name: 'Credentials' });
    await credentials.getByText('Medical Card Expiration').waitFor();
    // The day it expired, and how it stands.
    await expect(credentials.innerText()).resolves.toMatch(/Medical Card Expiration\W+[A-Z][a-z]{2} \d{1,2}, \d{4} Expired/);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });
});

describe('the calendar link in Settings', () => {
  it('is made, shown once to copy, works in a calendar app, and is replaced by the next', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
    const card = page.getByRole('region', { name: 'Compliance Calendar' });
    await card.getByRole('button', { name: 'Create Link' }).click();
    const link = card.getByRole('textbox', { name: 'Calendar link' });
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/api\/compliance\.ics\?key=[\w-]{43}$/);
    // A calendar app sends no cookie.
    const feed = await fetch(url);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain('SUMMARY:Medical card expires: Casey CMP Comply');

    await card.getByRole('button', { name: 'Replace Link' }).click();
    await page.waitForFunction((old) => (document.querySelector('input[aria-label="Calendar link"]') as HTMLInputElement | null)?.value !== old, url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(await link.inputValue())).status).toBe(200);
  });
});
