import type { GpsLocation } from '@tms/contracts';
import { baseUrl, launchBrowser, newSession, recordDialogs, signIn, type Browser, type Confirmations, type Page } from './support/browser.js';
import { screenSteps } from './support/steps.js';

/** GPS Tracking (spec 2.14), end to end: devices registered on the screen post positions, which the screen shows. */
let browser: Browser;
let page: Page;
let dialogs: Confirmations;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, { width: 1440, height: 1000 }));
  dialogs = recordDialogs(page);
  await signIn(page, 'gps.dispatcher@example.com');
});
const { withNoRows, showOnly } = screenSteps(() => page);
/** What this file created, deleted afterwards: the end-to-end tests share one system. */
const created: { resource: string; id: string }[] = [];

// The screen shows the last position of every truck and driver, and the other files post theirs meanwhile.
const ours = ({ truckId, driverId }: GpsLocation) => created.some(({ id }) => id === truckId || id === driverId);
beforeAll(() => showOnly('gps/latest', ours));

/** The devices this file registers on the screen: revoked afterwards, before the truck they are bound to goes. */
const DEVICE_NAMES = ['Cab tablet', 'Provider feed'];

afterAll(async () => {
  const devices = page ? ((await (await page.request.get('/api/devices')).json()) as { id: string; name: string }[]) : [];
  for (const device of devices.filter(({ name }) => DEVICE_NAMES.includes(name))) {
    await page.request.delete(`/api/devices/${device.id}`, { headers: { origin: baseUrl() } }).catch(() => undefined);
  }
  for (const { resource, id } of created.reverse()) {
    await page?.request.delete(`/api/${resource}/${id}`, { headers: { origin: baseUrl() } }).catch(() => undefined);
  }
  await browser?.close();
});

/** A signed-in write, as the screens make it (same origin). */
async function create(resource: string, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post(`/api/${resource}`, { data: body, headers: { origin: baseUrl() } });
  if (response.status() !== 201) throw new Error(`${resource}: ${response.status()} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  created.push({ resource, id });
  return id;
}

/** A device's post: no cookie, no Origin, its token. */
async function postGps(token: string, body: unknown) {
  const response = await fetch(`${baseUrl()}/api/gps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(202);
}

const entries = () => page.getByTestId('gps-entry');

/** Waits until `locator` matches `count` elements (the screen renders asynchronously). */
async function waitForCount(locator: ReturnType<Page['locator']>, count: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while ((await locator.count()) !== count) {
    if (Date.now() > deadline) throw new Error(`Expected ${count} of ${String(locator)}, found ${await locator.count()}`);
    await page.waitForTimeout(100);
  }
}
const textOf = async (locator: ReturnType<Page['locator']>) => {
  await locator.first().waitFor();
  return locator.first().innerText();
};
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function registerDevice(name: string, truckNumber?: string): Promise<string> {
  await page.getByRole('button', { name: 'Register Device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register Device' });
  await dialog.getByLabel('Name').fill(name);
  if (truckNumber) {
    await dialog.getByLabel('Truck').click();
    await page.locator('.ant-select-item-option').filter({ hasText: truckNumber }).click();
  }
  await dialog.getByRole('button', { name: /Register$/ }).click();
  const shown = page.getByRole('dialog', { name: 'Device Token' });
  await shown.getByText('Copy this token now: it will not be shown again.').first().waitFor();
  const token = (await shown.getByTestId('device-token').textContent())!.trim();
  await page.screenshot({ path: 'test-results/gps-token.png' });
  await shown.getByRole('button', { name: 'Done' }).click();
  return token;
}

describe('GPS Tracking', () => {
  let driverId: string;
  const truckNumber = `GPS-${Date.now() % 100000}`;

  it('shows the titles, the empty state and the integration information', async () => {
    await create('trucks', { truckNumber, type: 'Dry Van', status: 'available', licensePlate: 'IL-GPS1' });
    driverId = await create('drivers', { name: 'Marta Quinn', email: `marta.${Date.now()}@example.com`, phone: '555-0101', licenseNumber: `MQ-${Date.now()}`, status: 'on-duty' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GPS Tracking', exact: true }).click();
    await page.getByRole('heading', { name: 'GPS Tracking' }).first().waitFor();
    await page.getByText('Real-time driver and truck location tracking').first().waitFor();
    await page.getByText('Live Locations', { exact: true }).first().waitFor();
    await page.getByText('Latest GPS coordinates from drivers and trucks').first().waitFor();
    await withNoRows(['gps/latest'], async () => {
      await page.getByText('No GPS locations yet').first().waitFor();
      await page.getByText('GPS location data will appear here when drivers or trucks transmit their coordinates').first().waitFor();
    });
    await page.getByText('Integration Information').first().waitFor();
    await page.getByTestId('integration-card').getByText(/POST .*\/api\/gps$/).first().waitFor();
    await page.getByTestId('gps-map').first().waitFor();
  });

  it('registers devices whose positions appear after a refresh, with the badges and their fallbacks', async () => {
    const truckToken = await registerDevice('Cab tablet', truckNumber);
    const providerToken = await registerDevice('Provider feed');
    expect(await textOf(page.getByRole('row').filter({ hasText: 'Cab tablet' }))).toContain(truckNumber);
    await postGps(truckToken, { latitude: 41.8781136, longitude: -87.6297982, timestamp: minutesAgo(3), speed: 61.6, heading: 270 });
    await postGps(providerToken, { latitude: 32.7766642, longitude: -96.7969879, timestamp: minutesAgo(2), driverId });
    // A driver who has left since: the entry keeps the position, under 'Unknown Driver'.
    const leftId = await create('drivers', { name: 'Lee Gone', email: `lee.${Date.now()}@example.com`, phone: '555-0102', licenseNumber: `LG-${Date.now()}`, status: 'off-duty' });
    await postGps(providerToken, { latitude: 39.7392358, longitude: -104.990251, timestamp: minutesAgo(1), driverId: leftId });
    expect((await page.request.delete(`/api/drivers/${leftId}`, { headers: { origin: baseUrl() } })).status()).toBe(204);
    // The consumer writes asynchronously: refresh until all three are there.
    const deadline = Date.now() + 20_000;
    for (;;) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(300);
      if ((await entries().count()) === 3) break;
      if (Date.now() > deadline) throw new Error(`3 entries never appeared (${await entries().count()})`);
    }

    const truckEntry = entries().filter({ hasText: truckNumber });
    expect(await textOf(truckEntry)).toContain('N/A'); // no driver
    expect(await textOf(truckEntry)).toContain('62 mph');
    expect(await textOf(truckEntry)).toContain('270°');
    expect(await textOf(truckEntry)).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);
    const link = truckEntry.getByRole('link', { name: /41\.87811, -87\.62980/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toMatch(/41\.8781136,-87\.6297982/);
    expect(await textOf(entries().filter({ hasText: 'Marta Quinn' }))).toContain('N/A'); // no truck
    await waitForCount(entries().filter({ hasText: 'Unknown Driver' }), 1);
    expect(await textOf(entries().filter({ hasText: 'Marta Quinn' }))).not.toContain('mph');
    await page.screenshot({ path: 'test-results/gps-tracking.png', fullPage: true });
  });

  it('filters drivers only and trucks only, and searches by driver or truck', async () => {
    const filter = page.getByLabel('Filter locations');
    await filter.click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Drivers Only' }).click();
    await waitForCount(entries(), 2);
    await filter.click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Trucks Only' }).click();
    await waitForCount(entries(), 1);
    await filter.click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'All Locations' }).click();
    await page.getByPlaceholder('Search by driver or truck...').fill('marta');
    await waitForCount(entries(), 1);
    await page.getByPlaceholder('Search by driver or truck...').fill(truckNumber.toLowerCase());
    await waitForCount(entries(), 1);
    await page.getByPlaceholder('Search by driver or truck...').fill('');
    await waitForCount(entries(), 3);
  });

  it("centres the map on an entry with 'View on Map'", async () => {
    await waitForCount(page.getByTestId('gps-map-point'), 3);
    const before = await page.getByTestId('gps-map').getAttribute('viewBox');
    await entries().filter({ hasText: 'Marta Quinn' }).getByRole('button', { name: 'View on Map' }).click();
    await waitForCount(page.locator('[data-testid="gps-map-point"][data-selected="true"]'), 1);
    expect(await page.getByTestId('gps-map').getAttribute('viewBox')).not.toBe(before);
    await page.getByTestId('gps-map').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/gps-map.png' });
  });

  it('revokes a device after a confirmation', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Provider feed' });
    await row.getByRole('button', { name: 'Revoke Provider feed' }).click();
    await waitForCount(row, 0);
    expect(dialogs.messages.at(-1)).toBe('Are you sure you want to revoke this device? It will no longer be able to send positions.');
  });
});
