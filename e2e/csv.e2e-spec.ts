import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { launchBrowser, newSession, signIn, type Browser, type Page } from './support/browser.js';
import { connectDatabase } from './support/database.js';
import { dayFromToday, screenSteps } from './support/steps.js';

/** CSV in the browser (issue 28): Fleet's Import dialog (dry run, errors by row, import) and its Export of what it shows. */
let browser: Browser;
let page: Page;
let database: pg.Client;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  database = await connectDatabase();
  await signIn(page, 'csv.importer@example.com');
  await page.getByRole('link', { name: 'Fleet', exact: true }).click();
  await page.getByRole('heading', { name: 'Fleet Management' }).waitFor();
});
afterAll(async () => {
  // The other browser tests share this database.
  await database?.query(`DELETE FROM core.trucks WHERE truck_number LIKE 'CSVE-%'`);
  await database?.end();
  await browser?.close();
});

const { row, successToast } = screenSteps(() => page);
const csvFile = (lines: string[]) => ({ name: 'trucks.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) });

describe('Fleet Management: Import and Export', () => {
  it('shows the dry run of a file with its errors by row, and imports nothing from it', async () => {
    await page.getByRole('main').getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Trucks' });
    await dialog.locator('input[type=file]').setInputFiles(csvFile(['Truck #,Type,Status,License Plate', 'CSVE-1,Dry Van,Available,CSV 1', 'CSVE-2,,In Use,CSV 2']));
    const errors = dialog.getByRole('table');
    await errors.getByRole('row').filter({ hasText: 'Type is required' }).waitFor();
    await expect(errors.getByRole('row').filter({ hasText: 'Type is required' }).getByRole('cell').allTextContents()).resolves.toEqual(['3', 'type', 'Type is required']);
    await expect(dialog.getByRole('button', { name: 'Import' }).isDisabled()).resolves.toBe(true);
    await expect(dialog.locator('.ant-statistic').filter({ hasText: 'To create' }).textContent()).resolves.toBe('To create1');

    // A corrected file: every row valid, then imported; the list shows the trucks.
    await dialog.getByRole('button', { name: 'Choose another file' }).click();
    await dialog.locator('input[type=file]').setInputFiles(
      csvFile(['Truck #,Type,Status,License Plate,Year,Make,Model', 'CSVE-1,Dry Van,Available,CSV 1,2021,Volvo,VNL', 'CSVE-2,Flatbed,In Use,CSV 2,,,']),
    );
    await dialog.getByText('Every row is valid.').waitFor();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await successToast('Import complete').filter({ hasText: '2 created, 0 updated, 0 unchanged' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row('CSVE-1').waitFor();
    await expect(row('CSVE-2').textContent()).resolves.toContain('In Use');
  });

  it('exports the rows the screen shows, with its columns', async () => {
    await page.getByPlaceholder('Search trucks...').fill('csve-1');
    await row('CSVE-2').waitFor({ state: 'detached' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('main').getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe(`trucks-${dayFromToday(0)}.csv`);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toBe('\uFEFFTruck #,Type,Status,Vehicle Details,License Plate,VIN\r\nCSVE-1,Dry Van,available,2021 Volvo VNL,CSV 1,\r\n');
    await page.getByPlaceholder('Search trucks...').fill('');
  });
});
