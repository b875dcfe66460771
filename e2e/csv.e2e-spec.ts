import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { launchBrowser, newSession, signIn, type Browser, type Page } from './support/browser.js';
import { connectDatabase } from './support/database.js';
import { dayFromToday, screenSteps } from './support/steps.js';

/**
 * CSV in the browser (issue 28): Fleet's Import dialog (dry run, errors by row in the file's words, the bad rows as a
 * CSV, the good rows imported: issue 47) and its Export of what it shows.
 */
let browser: Browser;
let page: Page;
let database: pg.Client;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  database = await connectDatabase();
  await signIn(page, 'csv.importer@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet', exact: true }).click();
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
  it("shows the dry run with each error in the file's words, lists the bad rows as a CSV and imports the good ones", async () => {
    await page.getByRole('main').getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Trucks' });
    await dialog.locator('input[type=file]').setInputFiles(csvFile(['Truck #,Type,Status,License Plate,Year', 'CSVE-1,Dry Van,Available,CSV 1,2021', 'CSVE-2,,In Use,CSV 2,2O23']));
    const errors = dialog.getByRole('table');
    await errors.getByRole('row').filter({ hasText: 'Type is required' }).waitFor();
    // Issue 47: the file's own column header and the cell as written.
    await expect(errors.getByRole('row').filter({ hasText: 'Type is required' }).getByRole('cell').allTextContents()).resolves.toEqual(['3', 'Type', '""', 'Type is required']);
    await expect(errors.getByRole('row').filter({ hasText: 'Year must be' }).getByRole('cell').allTextContents()).resolves.toEqual(['3', 'Year', '"2O23"', 'Year must be a whole number']);
    await expect(dialog.locator('.ant-statistic').filter({ hasText: 'To create' }).textContent()).resolves.toBe('To create1');
    expect(await dialog.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);

    // The bad rows, to correct: the file's header and cells, and what is wrong with each.
    const [saved] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download the bad rows' }).click()]);
    expect(saved.suggestedFilename()).toBe('trucks-errors.csv');
    expect(await readFile((await saved.path())!, 'utf8')).toBe(
      '\uFEFFTruck #,Type,Status,License Plate,Year,Errors\r\nCSVE-2,,In Use,CSV 2,2O23,"Type: Type is required; Year: Year must be a whole number"\r\n',
    );

    await dialog.getByRole('button', { name: 'Import the good rows (1)' }).click();
    await successToast('Import complete').filter({ hasText: '1 created, 0 updated, 0 unchanged, 1 left out for their errors' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row('CSVE-1').waitFor();
    expect(await row('CSVE-2').count()).toBe(0);

    // The corrected bad row, and a change to the good one: every row valid, then imported.
    await page.getByRole('main').getByRole('button', { name: 'Import' }).click();
    await dialog.locator('input[type=file]').setInputFiles(
      csvFile(['Truck #,Type,Status,License Plate,Year,Make,Model', 'CSVE-1,Dry Van,Available,CSV 1,2021,Volvo,VNL', 'CSVE-2,Flatbed,In Use,CSV 2,,,']),
    );
    await dialog.getByText('Every row is valid.').waitFor();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await successToast('Import complete').filter({ hasText: '1 created, 1 updated, 0 unchanged' }).waitFor();
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
