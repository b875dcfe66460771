import type pg from 'pg';
import { launchBrowser, newSession, onScreen, scrollUntil, signIn, type Browser, type Page } from './support/browser.js';
import { connectDatabase } from './support/database.js';

/**
 * GPS Tracking for a real carrier's fleet (spec 2.14, issue 5): 3,000 trucks, each with a device and a latest position,
 * seeded straight into Postgres. Every entry and every device is still reachable by scrolling, and the search covers
 * every entry, not only those drawn. Times are the benchmarks' business, not this test's.
 */
const TRUCK_COUNT = 3000;
// 'FLT-0001' … 'FLT-3000'. FLT-0001 reported last (its entry first); its device was registered first (listed last).
const truckNumber = (n: number) => `FLT-${String(n).padStart(4, '0')}`;

let database: pg.Client;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  database = await connectDatabase();
  await database.query(
    `WITH trucks AS (
       INSERT INTO core.trucks (truck_number, type, status, license_plate, created_at)
       SELECT 'FLT-' || lpad(n::text, 4, '0'), 'Dry Van', 'available', 'FLTP-' || n, timestamptz '2000-01-01' + n * interval '1 second'
       FROM generate_series(1, $1::int) AS n
       RETURNING id, substring(truck_number FROM 5)::int AS n
     ), devices AS (
       INSERT INTO telematics.devices (name, truck_id, last_position_at, created_at)
       SELECT 'Tablet ' || lpad(n::text, 4, '0'), id, now() - n * interval '1 second', timestamptz '2000-01-01' + n * interval '1 second'
       FROM trucks
       RETURNING id, truck_id
     )
     INSERT INTO telematics.latest_positions (subject_kind, subject_id, position_id, device_id, truck_id, latitude, longitude, recorded_at, created_at)
     SELECT 'truck', trucks.id, gen_random_uuid(), devices.id, trucks.id, 30 + trucks.n % 15, -120 + trucks.n % 40,
            now() - trucks.n * interval '1 second', now()
     FROM trucks JOIN devices ON devices.truck_id = trucks.id`,
    [TRUCK_COUNT],
  );
  browser = await launchBrowser();
  ({ page } = await newSession(browser, { width: 1440, height: 1000 }));
  await signIn(page, 'gps.fleet@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GPS Tracking', exact: true }).click();
  await page.getByRole('heading', { name: 'GPS Tracking' }).first().waitFor();
});

afterAll(async () => {
  // The other browser tests share this database.
  await database?.query(`DELETE FROM telematics.latest_positions WHERE truck_id IN (SELECT id FROM core.trucks WHERE truck_number LIKE 'FLT-%')`);
  await database?.query(`DELETE FROM telematics.devices WHERE truck_id IN (SELECT id FROM core.trucks WHERE truck_number LIKE 'FLT-%')`);
  await database?.query(`DELETE FROM core.trucks WHERE truck_number LIKE 'FLT-%'`);
  // The gateway and svc-telematics reuse the latest positions for a moment: wait until the list no longer has them.
  for (let tries = 0; page && tries < 100; tries++) {
    const latest = (await (await page.request.get('/api/gps/latest')).json()) as unknown[];
    if (latest.length === 0) break;
    await page.waitForTimeout(100);
  }
  await browser?.close();
  await database?.end();
});

const entries = () => page.getByTestId('gps-entry');
const entryOf = (n: number) => entries().filter({ hasText: truckNumber(n) });
const deviceOf = (n: number) => page.getByRole('row').filter({ hasText: `Tablet ${String(n).padStart(4, '0')}` });

describe(`GPS Tracking with ${TRUCK_COUNT} trucks reporting`, () => {
  it('shows the latest position first, with its truck', async () => {
    await entryOf(1).waitFor();
    await expect(entries().first().innerText()).resolves.toContain(truckNumber(1));
    await expect(onScreen(entryOf(1))).resolves.toBe(true);
  });

  it('scrolls to the oldest position', async () => {
    await scrollUntil(page, entryOf(1), entryOf(TRUCK_COUNT));
    await expect(onScreen(entryOf(TRUCK_COUNT))).resolves.toBe(true);
  });

  it('searches every position, not only the ones on screen, and shows them all again when the search is cleared', async () => {
    const search = page.getByPlaceholder('Search by driver or truck...');
    await search.fill('flt-2999');
    await entryOf(2999).waitFor();
    expect(await entries().count()).toBe(1);
    await search.fill('');
    await entryOf(1).waitFor();
    await expect(entries().first().innerText()).resolves.toContain(truckNumber(1));
  });

  it('scrolls the devices to the first one registered', async () => {
    await deviceOf(TRUCK_COUNT).waitFor();
    await scrollUntil(page, deviceOf(TRUCK_COUNT), deviceOf(1));
    await page.mouse.wheel(0, 4000); // to the end: the row whole, not only on screen
    await expect(onScreen(deviceOf(1))).resolves.toBe(true);
    await expect(deviceOf(1).innerText()).resolves.toContain(truckNumber(1));
    await page.screenshot({ path: 'test-results/gps-fleet.png' });
  });
});
