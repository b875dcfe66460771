import type pg from 'pg';
import { launchBrowser, newSession, onScreen, scrollUntil, signIn, type Browser, type Page } from './support/browser.js';
import { connectDatabase } from './support/database.js';
import { ROW_MENU, screenSteps } from './support/steps.js';

/**
 * A list of a real carrier's size on the shared table (packages/ui): every row is still reachable by scrolling and
 * by the client-side search of spec 2.4, and the row menu still works. Times are the benchmark's business
 * (bench/screens.mjs), not this test's.
 */
const TRUCK_COUNT = 3000;
// 'BIG-0001' … 'BIG-3000', dated long ago so they sit below any truck another test leaves behind, BIG-0001 last.
const truckNumber = (n: number) => `BIG-${String(n).padStart(4, '0')}`;

let database: pg.Client;
let browser: Browser;
let page: Page;
const { cancel } = screenSteps(() => page);

beforeAll(async () => {
  database = await connectDatabase();
  await database.query(
    `INSERT INTO core.trucks (truck_number, type, status, license_plate, created_at)
     SELECT 'BIG-' || lpad(n::text, 4, '0'), 'Dry Van', 'available', 'BIGP-' || n, timestamptz '2000-01-01' + n * interval '1 second'
     FROM generate_series(1, $1::int) AS n`,
    [TRUCK_COUNT],
  );
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  await signIn(page, 'large.fleet@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet', exact: true }).click();
  await page.getByRole('heading', { name: 'Fleet Management' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  // The other browser tests share this database: leave them a list of their own size.
  await database?.query(`DELETE FROM core.trucks WHERE truck_number LIKE 'BIG-%'`);
  await database?.end();
});

const row = (text: string) => page.getByRole('row').filter({ hasText: text });
const rowOf = (n: number) => row(truckNumber(n));
const search = () => page.getByPlaceholder('Search trucks...');

describe(`Fleet Management with ${TRUCK_COUNT} trucks`, () => {
  it('shows the newest trucks first', async () => {
    await rowOf(TRUCK_COUNT).waitFor();
    await expect(onScreen(rowOf(TRUCK_COUNT))).resolves.toBe(true);
    await expect(rowOf(TRUCK_COUNT).innerText()).resolves.toMatch(/BIG-3000\s+Dry Van\s+Available\s+Not specified\s+BIGP-3000\s+N\/A/);
  });

  it('scrolls to the last truck, with the column headers still in view', async () => {
    await scrollUntil(page, rowOf(TRUCK_COUNT), rowOf(1));
    await expect(onScreen(rowOf(1))).resolves.toBe(true);
    await expect(onScreen(page.getByRole('columnheader', { name: 'Truck #' }))).resolves.toBe(true);
  });

  it('searches every truck, not only the ones on screen, and shows them all again when the search is cleared', async () => {
    await search().fill('big-0007');
    await rowOf(7).waitFor();
    await expect(onScreen(rowOf(7))).resolves.toBe(true);
    expect(await row('BIG-').count()).toBe(1);

    await search().fill('BIGP-300');
    await rowOf(300).waitFor();
    for (const n of [300, 3000]) await expect(onScreen(rowOf(n))).resolves.toBe(true);
    expect(await row('BIG-').count()).toBe(2);

    await search().fill('');
    await rowOf(TRUCK_COUNT).waitFor();
    await expect(onScreen(rowOf(TRUCK_COUNT))).resolves.toBe(true);
    await expect(onScreen(rowOf(TRUCK_COUNT - 1))).resolves.toBe(true);
  });

  it('opens the row menu of a truck and edits it in a prefilled dialog', async () => {
    await rowOf(TRUCK_COUNT - 1).getByRole('button', { name: ROW_MENU }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Truck' });
    await expect(dialog.getByLabel('Truck Number').inputValue()).resolves.toBe(truckNumber(TRUCK_COUNT - 1));
    await cancel(dialog);
    await dialog.waitFor({ state: 'hidden' });
  });
});
