import type { Driver, Expense, FuelCardMapping, FuelPurchase, Truck } from '@tms/contracts';
import { launchBrowser, newSession, recordDialogs, signIn, type Browser, type Confirmations, type Page } from './support/browser.js';
import { apiSteps, dayFromToday, screenSteps } from './support/steps.js';

/**
 * Issue 48, point 1 in the browser: a statement of a layout no built-in one reads, its columns mapped in 'Import Fuel
 * Card Statement' ('Map columns…'), the mapping saved under a name, the dry run run by it and the statement imported; then the mapping
 * deleted from the dialog, the statement it imported kept. Every truck, driver and mapping this file makes is named 'FMD' and deleted at the end: the other browser tests
 * share the system.
 */
let browser: Browser;
let page: Page;
let confirmations: Confirmations;

const { getList, post, remove } = apiSteps(() => page);
const { choicesClosed, successToast } = screenSteps(() => page);
const run = Date.now().toString(36).toUpperCase();
const mappingName = `FMD ${run} Roadside Card`;
const usDay = (() => {
  const [year, month, day] = dayFromToday(-1).split('-');
  return `${month}/${day}/${year}`;
})();

/** 'Tran Time', 'Driver Name', 'City', 'State/Prov' and 'Card #' are EFS titles (pre-chosen); the rest no layout's. */
const statement = {
  name: 'roadside.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'Ticket,Purchased On,Tran Time,Tractor,Driver Name,City,State/Prov,Prod,Gal,Line Total,Card #',
      `FMD-${run}-1,${usDay},10:05,FMD-101,Fran Mapping,Midland,TX,DSL,100.000,400.00,7083051234561111`,
      `FMD-${run}-1,${usDay},10:05,FMD-101,Fran Mapping,Midland,TX,DEF,4.000,10.00,7083051234561111`,
    ].join('\r\n'),
  ),
};

async function cleanUp() {
  const truckIds = new Set((await getList<Truck>('trucks')).filter((truck) => truck.truckNumber.startsWith('FMD-')).map((truck) => truck.id));
  const driverIds = new Set((await getList<Driver>('drivers')).filter((driver) => driver.email.startsWith('fmd.')).map((driver) => driver.id));
  for (const fuel of (await getList<FuelPurchase>('fuel')).filter((purchase) => truckIds.has(purchase.truckId))) await remove('fuel', fuel.id);
  for (const expense of (await getList<Expense>('expenses')).filter((expense) => /FMD-/.test(expense.description))) await remove('expenses', expense.id);
  for (const id of driverIds) await remove('drivers', id);
  for (const id of truckIds) await remove('trucks', id);
  for (const mapping of (await getList<FuelCardMapping>('fuel/mappings')).filter((mapping) => mapping.name.startsWith('FMD '))) await remove('fuel/mappings', mapping.id);
}

/** Picks an option of a Select (by its label) from its open list. */
async function pick(scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  await choicesClosed();
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, { height: 1600 }));
  confirmations = recordDialogs(page);
  await signIn(page, 'fuel.mapping@example.com');
  await cleanUp();
  await post('trucks', { truckNumber: 'FMD-101', type: 'Dry Van', status: 'in-use', licensePlate: 'FMD-P101' });
  await post('drivers', { name: 'Fran Mapping', email: 'fmd.fran@example.com', phone: '555-0149', licenseNumber: 'FMD-L1', status: 'on-duty' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fuel', exact: true }).click();
  await page.getByRole('heading', { name: 'Fuel Management' }).waitFor();
});

afterAll(async () => {
  if (page) await cleanUp();
  await browser?.close();
});

describe('Import Fuel Card Statement: Map columns…', () => {
  it("maps a file's columns, saves the mapping under a name, imports the statement by it, and deletes the mapping", async () => {
    await page.getByRole('main').getByRole('button', { name: 'Import Fuel Card Statement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Fuel Card Statement' });
    await pick(dialog, 'Layout', 'Map columns…');
    await dialog.locator('input[type=file]').setInputFiles(statement);

    // Titles a built-in layout knows are chosen already; the others are chosen by hand.
    const mapping = dialog.getByLabel('Column mapping');
    await mapping.waitFor();
    await expect(mapping.getByLabel('Driver Name column', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).resolves.toContain('Driver Name');
    await expect(mapping.getByLabel('Location State/Province column', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).resolves.toContain('State/Prov');
    await mapping.getByRole('button', { name: 'Save Mapping' }).click();
    await mapping.getByText('Mapping name is required').waitFor();
    await mapping.getByText('Choose the column that holds Unit').waitFor();

    for (const [field, column] of [
      ['Invoice', 'Ticket'],
      ['Transaction Date', 'Purchased On'],
      ['Unit', 'Tractor'],
      ['Product Code', 'Prod'],
      ['Quantity', 'Gal'],
      ['Amount', 'Line Total'],
    ]) await pick(mapping, `${field} column`, column);
    await mapping.getByLabel('Mapping name').fill(mappingName);
    await mapping.getByRole('button', { name: 'Save Mapping' }).click();

    // Saved, it is the layout chosen and the dry run runs by it.
    await dialog.getByText('Every line can be imported.').waitFor();
    await expect(dialog.locator('.ant-select').filter({ has: page.getByLabel('Layout', { exact: true }) }).innerText()).resolves.toContain(mappingName);
    const lines = dialog.getByRole('table', { name: 'Statement lines' });
    await expect(lines.getByRole('row').filter({ hasText: 'Row 2: DSL' }).textContent()).resolves.toContain('Fuel purchase: unit FMD-101, 100.000 gal Diesel at $4.000, Midland, TX, $400.00');
    await expect(dialog.locator('.ant-statistic').filter({ hasText: 'Purchases total' }).textContent()).resolves.toBe('Purchases total$400.00');
    await expect(dialog.locator('.ant-statistic').filter({ hasText: 'Expenses total' }).textContent()).resolves.toBe('Expenses total$10.00');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await successToast('Fuel card statement imported').filter({ hasText: '1 fuel purchase, 1 expense, 0 imported before' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect((await getList<FuelPurchase>('fuel')).filter((purchase) => purchase.receiptNumber === `FMD-${run}-1`)).toEqual([expect.objectContaining({ gallons: '100.000', totalCost: '400.00', cardNumber: '1111' })]);

    // Next time the layout choice lists the mapping by its name: the same statement is imported before.
    await page.getByRole('main').getByRole('button', { name: 'Import Fuel Card Statement' }).click();
    await pick(dialog, 'Layout', mappingName);
    await dialog.locator('input[type=file]').setInputFiles(statement);
    await dialog.getByText('Every line was imported before: nothing would change.').waitFor();

    // A mapping no longer needed is deleted from the dialog, after the browser asks; what it imported stays.
    confirmations.accept = false;
    await page.screenshot({ path: 'test-results/fuel-mapping-chosen.png' });
    await dialog.getByRole('button', { name: 'Delete Mapping' }).click();
    expect(confirmations.messages.at(-1)).toBe(`Delete the mapping ${mappingName}? Statements imported by it stay as they are.`);
    expect((await getList<FuelCardMapping>('fuel/mappings')).map((saved) => saved.name)).toContain(mappingName);
    confirmations.accept = true;
    await dialog.getByRole('button', { name: 'Delete Mapping' }).click();
    await successToast('Mapping deleted').filter({ hasText: mappingName }).waitFor();
    await expect(dialog.locator('.ant-select').filter({ has: page.getByLabel('Layout', { exact: true }) }).innerText()).resolves.toContain('EFS transaction report');
    await dialog.getByRole('button', { name: 'Delete Mapping' }).waitFor({ state: 'detached' });
    expect((await getList<FuelCardMapping>('fuel/mappings')).map((saved) => saved.name)).not.toContain(mappingName);
    await dialog.getByLabel('Layout', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Map columns…' }).waitFor();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: mappingName }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await choicesClosed();
    expect((await getList<FuelPurchase>('fuel')).filter((purchase) => purchase.receiptNumber === `FMD-${run}-1`)).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
