/**
 * `npm run bench:screens`: how the screens feel with a real carrier's data, measured in Chromium against the whole
 * built system on a fresh database. First a dispatch company (10,000 loads, 500 customers, 300 trucks, 400 drivers):
 * Loads and the Dashboard; then BENCH_ROWS trucks and as many drivers (default 10,000): Fleet and Drivers. Prints the
 * time from the click in the sidebar to the content on screen (first opening, then reopening with the lists cached),
 * for the lists the time from a key press in the search box to the table showing its result, and the frame times
 * while the table is scrolled from its first row to its last (for at most BENCH_SCROLL_SECONDS, default 90); and
 * the Loads list filtered and sorted, and a load's workspace drawer (issue 47). Asserts nothing.
 */
import os from 'node:os';
import { chromium } from 'playwright-core';
import pg from 'pg';
import { startIsolatedSystem } from '../scripts/system.mjs';

const rowCount = Number(process.env.BENCH_ROWS ?? 10000);
const scrollSeconds = Number(process.env.BENCH_SCROLL_SECONDS ?? 90);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FRAME_MS = 1000 / 60;
// A fast flick of the wheel: 10,000 rows are some 650,000 px, and Chromium takes some 20 wheel events a second.
const WHEEL_STEP = 1500;
// Each key press changes the first matching row (the list is newest first): '4' → T-9994, '43' → T-9943, ...
const QUERY = '4321';

/**
 * The dispatch company: 500 customers, 300 trucks, 400 drivers and 10,000 loads (L-00001 … L-10000, the highest the
 * newest), every one with a customer and most assigned, at awkward rates.
 */
async function seedDispatch(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO core.customers (name, email, phone, address, type, created_at)
       SELECT 'Customer ' || n, 'customer' || n || '@example.com', '555-' || lpad(n::text, 4, '0'), n || ' Market St, Dallas, TX',
              (ARRAY['shipper', 'receiver'])[n % 2 + 1], now() - interval '1 day' + n * interval '1 second'
       FROM generate_series(1, 500) AS n`,
    );
    await client.query(
      `INSERT INTO core.trucks (truck_number, type, status, license_plate, created_at)
       SELECT 'D-' || n, 'Dry Van', (ARRAY['available', 'in-use'])[n % 2 + 1], 'DPL-' || n, now() - interval '1 day' + n * interval '1 second'
       FROM generate_series(1, 300) AS n`,
    );
    await client.query(
      `INSERT INTO core.drivers (name, email, phone, license_number, status, created_at)
       SELECT 'Dispatch Driver ' || n, 'dispatch' || n || '@example.com', '555-' || n, 'DCDL-' || n,
              (ARRAY['available', 'on-duty'])[n % 2 + 1], now() - interval '1 day' + n * interval '1 second'
       FROM generate_series(1, 400) AS n`,
    );
    await client.query(
      `INSERT INTO core.loads (load_number, customer_id, status, pickup_location, pickup_date, delivery_location, delivery_date,
                               rate, expenses, weight, commodity, assigned_driver_id, assigned_truck_id, created_at)
       SELECT 'L-' || lpad(n::text, 5, '0'), c.id, (ARRAY['pending', 'assigned', 'in-transit', 'delivered', 'invoiced'])[n % 5 + 1],
              (ARRAY['Chicago, IL', 'Dallas, TX', 'Atlanta, GA', 'Denver, CO'])[n % 4 + 1], current_date + n % 60,
              (ARRAY['Memphis, TN', 'Phoenix, AZ', 'Columbus, OH', 'Reno, NV'])[n % 4 + 1], current_date + n % 60 + 2,
              1200 + (n * 37 % 530000) / 100.0, (n % 300) / 100.0, 10000 + n % 34000, 'General freight',
              CASE WHEN n % 5 > 0 THEN d.id END, CASE WHEN n % 5 > 0 THEN t.id END,
              now() - interval '1 day' + n * interval '1 second'
       FROM generate_series(1, 10000) AS n
       JOIN core.customers c ON c.email = 'customer' || (n % 500 + 1) || '@example.com'
       JOIN core.drivers d ON d.email = 'dispatch' || (n % 400 + 1) || '@example.com'
       JOIN core.trucks t ON t.truck_number = 'D-' || (n % 300 + 1)`,
    );
  } finally {
    await client.end();
  }
}

/**
 * Trucks T-1 … T-n and drivers 'Driver 1' … 'Driver n', the highest number the newest (the lists are ordered by
 * created_at DESC); every third driver drives the truck of the same number.
 */
async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO core.trucks (truck_number, type, status, license_plate, vin, year, make, model, created_at)
       SELECT 'T-' || n,
              (ARRAY['Dry Van', 'Reefer', 'Flatbed', 'Tanker'])[n % 4 + 1],
              (ARRAY['available', 'in-use', 'maintenance', 'out-of-service'])[n % 4 + 1],
              'PL-' || n,
              CASE WHEN n % 3 = 0 THEN NULL ELSE '1FUJGLDR' || lpad(n::text, 9, '0') END,
              CASE WHEN n % 5 = 0 THEN NULL ELSE 2015 + n % 10 END,
              CASE WHEN n % 5 = 0 THEN NULL ELSE (ARRAY['Freightliner', 'Kenworth', 'Peterbilt', 'Volvo'])[n % 4 + 1] END,
              CASE WHEN n % 5 = 0 THEN NULL ELSE (ARRAY['Cascadia', 'T680', '579', 'VNL 860'])[n % 4 + 1] END,
              now() - ($1::int - n) * interval '1 second'
       FROM generate_series(1, $1::int) AS n`,
      [rowCount],
    );
    await client.query(
      `INSERT INTO core.drivers (name, email, phone, license_number, status, license_expiration, medical_card_number,
                                 medical_card_expiration, assigned_truck_id, created_at)
       SELECT 'Driver ' || n, 'driver' || n || '@example.com', '555-' || lpad(n::text, 5, '0'), 'CDL-' || n,
              (ARRAY['available', 'on-duty', 'off-duty', 'on-leave'])[n % 4 + 1],
              current_date + (n % 400 - 30),
              CASE WHEN n % 2 = 0 THEN 'MED-' || n END,
              CASE WHEN n % 2 = 0 THEN current_date + (n % 200 - 20) END,
              CASE WHEN n % 3 = 0 THEN (SELECT id FROM core.trucks WHERE truck_number = 'T-' || n) END,
              now() - ($1::int - n) * interval '1 second'
       FROM generate_series(1, $1::int) AS n`,
      [rowCount],
    );
  } finally {
    await client.end();
  }
}

/** Signs in as a user would: landing page → Log In → the development issuer's page → back in the app. */
async function signIn(page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await page.getByLabel('Email').fill('bench@example.com');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/api'));
}

/** The list as the screen gets it, in its order. */
async function getList(page, url) {
  const response = await page.request.get(url);
  if (!response.ok()) throw new Error(`GET ${url} answered ${response.status()}: ${(await response.text()).slice(0, 200)}`);
  return response.json();
}

/**
 * Clicks a sidebar link and answers the milliseconds from the click to the frame that first shows a table row,
 * and how long the list's API call took within them.
 */
async function timeToFirstRow(page, linkName, listUrl, selector = '.ant-table-row') {
  await page.evaluate(() => performance.clearResourceTimings());
  const shown = page.evaluate(
    (selector) =>
      new Promise((resolve) => {
        addEventListener('click', (event) => {
          const clickedAt = event.timeStamp;
          const check = () => {
            const row = document.querySelector(selector);
            const box = row?.getBoundingClientRect();
            if (box && box.height > 0 && box.top < innerHeight) resolve(performance.now() - clickedAt);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }, { capture: true, once: true });
      }),
    selector,
  );
  await page.getByRole('link', { name: linkName, exact: true }).click();
  const ms = await shown;
  const apiMs = await page.evaluate(
    (url) => performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(url))?.duration ?? null,
    listUrl,
  );
  return { ms, apiMs };
}

/**
 * Types QUERY into the search box, then deletes it again, one key at a time; answers, for each key, the milliseconds
 * from the key press to the frame whose first row is the first match (computed here from the list as the API
 * answered it, with the search rule of spec 2.4).
 */
async function keystrokeTimes(page, { placeholder, rows, searchFields, rowLabel }) {
  const firstMatch = (query) => {
    const needle = query.toLowerCase();
    return rowLabel(rows.find((row) => searchFields.some((field) => String(row[field] ?? '').toLowerCase().includes(needle))));
  };
  const steps = [];
  for (let length = 1; length <= QUERY.length; length++) steps.push({ key: QUERY[length - 1], expected: firstMatch(QUERY.slice(0, length)) });
  for (let length = QUERY.length - 1; length >= 0; length--) steps.push({ key: 'Backspace', expected: firstMatch(QUERY.slice(0, length)) });

  const search = page.getByPlaceholder(placeholder);
  await search.click();
  const times = [];
  for (const { key, expected } of steps) {
    const shown = page.evaluate(
      (label) =>
        new Promise((resolve) => {
          addEventListener('keydown', (event) => {
            const pressedAt = event.timeStamp;
            const check = () => {
              const text = document.querySelector('.ant-table-row .ant-table-cell')?.textContent ?? '';
              if (text.endsWith(label)) resolve(performance.now() - pressedAt);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }, { capture: true, once: true });
        }),
      expected,
    );
    await search.press(key);
    times.push(await shown);
  }
  return times;
}

/**
 * Scrolls the table from its first row towards its last with the mouse wheel, as fast as Chromium takes the events,
 * for at most BENCH_SCROLL_SECONDS; answers the times between the frames meanwhile and whether the last row came
 * into view.
 */
async function scrollFrames(page, lastRowLabel) {
  await page.evaluate(() => {
    window.__frames = [];
    const record = (time) => {
      if (!window.__frames) return;
      window.__frames.push(time);
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
  // Over the rows, so the wheel scrolls the table (a virtual table) or the page (a table without a height).
  const body = await page.locator('.ant-table-tbody-virtual-holder, .ant-table-tbody').first().boundingBox();
  const bottom = Math.min(body.y + body.height, page.viewportSize().height);
  await page.mouse.move(body.x + body.width / 2, (body.y + bottom) / 2);
  const lastRowInView = () =>
    page.evaluate((label) => {
      const last = [...document.querySelectorAll('.ant-table-row')].find((row) => row.querySelector('.ant-table-cell')?.textContent?.endsWith(label));
      const box = last?.getBoundingClientRect();
      return Boolean(box && box.bottom > 0 && box.bottom <= innerHeight + 1);
    }, lastRowLabel);
  const deadline = Date.now() + scrollSeconds * 1000;
  let wheelEvents = 0;
  while (!(await lastRowInView()) && Date.now() < deadline) {
    for (let burst = 0; burst < 20; burst++) await page.mouse.wheel(0, WHEEL_STEP);
    wheelEvents += 20;
  }
  const reached = await lastRowInView();
  const frames = await page.evaluate(() => {
    const times = window.__frames;
    window.__frames = null;
    return times.slice(1).map((time, index) => time - times[index]);
  });
  return { frames, reached, wheelEvents };
}

const ms = (value) => (value === null || value === undefined ? 'n/a' : `${Math.round(value)} ms`);
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];
const average = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const line = (label, figures) => console.log(`  ${label.padEnd(36)} ${figures}`);

/** Measures one list screen, printing each figure as soon as it is known. */
async function benchScreen(page, screen) {
  console.log(`\n${screen.name} (${screen.rows.length} rows)`);
  // Opened first from a freshly loaded Settings page: nothing cached, not even by the dashboard, which reads the
  // same lists. Then reopened after a click to Settings, with the list in the cache.
  await page.goto('/settings');
  await page.getByRole('link', { name: screen.name, exact: true }).waitFor();
  const firstOpen = await timeToFirstRow(page, screen.name, screen.listUrl);
  line('click → first row, first opening', `${ms(firstOpen.ms)}   (of which the list API call: ${ms(firstOpen.apiMs)})`);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const reopen = await timeToFirstRow(page, screen.name, screen.listUrl);
  line('click → first row, reopening', `${ms(reopen.ms)}   (list cached, refetched in the background)`);

  const keys = await keystrokeTimes(page, screen);
  line(`key press → result (${keys.length} keys)`, `avg ${ms(average(keys))}, max ${ms(Math.max(...keys))}   [${keys.map(Math.round).join(', ')}]`);

  const { frames, reached, wheelEvents } = await scrollFrames(page, screen.rowLabel(screen.rows.at(-1)));
  const dropped = frames.reduce((sum, frame) => sum + Math.max(0, Math.round(frame / FRAME_MS) - 1), 0);
  const figure = (p) => (frames.length ? `${percentile(frames, p).toFixed(1)} ms` : 'n/a');
  line(
    'scrolling to the last row',
    `${reached ? 'reached' : `NOT reached within ${scrollSeconds} s`} after ${wheelEvents} wheel events of ${WHEEL_STEP} px; ` +
      `${frames.length} frames: p50 ${figure(50)}, p95 ${figure(95)}, max ${figure(100)}, ${dropped} dropped at 60 Hz`,
  );
}

/** The Dashboard: from the click to the four summary cards (not their placeholders) on screen, cold and cached. */
async function benchDashboard(page) {
  console.log('\nDashboard (10,000 loads, 500 customers, 300 trucks, 400 drivers)');
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
  const cards = '[role="region"][aria-label="Total Revenue"]';
  const firstOpen = await timeToFirstRow(page, 'Dashboard', '/api/loads', cards);
  line('click → cards, first opening', `${ms(firstOpen.ms)}   (of which the loads API call: ${ms(firstOpen.apiMs)})`);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const reopen = await timeToFirstRow(page, 'Dashboard', '/api/loads', cards);
  line('click → cards, reopening', `${ms(reopen.ms)}   (lists cached, refetched in the background)`);
}

/**
 * Issue 47's two figures on the 10,000 loads: a filtered, sorted list opened from a link (the whole app loading, then
 * the list read in the database's order) and a header click re-sorting it, each until its first row is the right
 * one; then a load's workspace, from a click on a row to the drawer showing that load, median of 15.
 */
async function benchLoadsView(page) {
  console.log('\nLoads filtered and sorted (issue 47)');
  const query = 'status=assigned,in-transit&sort=rate';
  const [cheapest] = await getList(page, `/api/loads?${query}`);
  const firstRowIs = (label) =>
    page.waitForFunction((label) => (document.querySelector('.ant-table-row .ant-table-cell')?.textContent ?? '').endsWith(label), label, { polling: 'raf' });
  await page.goto('/settings');
  let started = Date.now();
  await page.goto(`/loads?${query}`, { waitUntil: 'commit' });
  await firstRowIs(cheapest.loadNumber);
  line('a link to the list → first row', ms(Date.now() - started));

  // Ascending → descending.
  const [dearest] = await getList(page, `/api/loads?${query}&order=desc`);
  started = Date.now();
  await page.getByRole('main').getByRole('columnheader', { name: 'Rate' }).click();
  await firstRowIs(dearest.loadNumber);
  line('header click → re-sorted first row', ms(Date.now() - started));

  const times = [];
  for (let index = 0; index < 15; index++) {
    const row = page.locator('.ant-table-row').nth(index % 8);
    const label = (await row.locator('.ant-table-cell').first().textContent()).trim();
    const shown = page.evaluate(
      (label) =>
        new Promise((resolve) => {
          addEventListener('click', (event) => {
            const clickedAt = event.timeStamp;
            const check = () => {
              const title = document.querySelector('.ant-drawer-open .ant-drawer-title')?.textContent ?? '';
              const box = document.querySelector('.ant-drawer-open .ant-drawer-body')?.getBoundingClientRect();
              if (title.includes(label) && box && box.width > 0) resolve(performance.now() - clickedAt);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }, { capture: true, once: true });
        }),
      label,
    );
    await row.locator('.ant-table-cell').nth(2).click();
    times.push(await shown);
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' }).catch(() => undefined);
  }
  line('row click → its workspace drawer', `p50 ${ms(percentile(times, 50))}, max ${ms(Math.max(...times))}   [${times.map(Math.round).join(', ')}]`);
}

const system = await startIsolatedSystem({ label: 'benchscreens' });
let browser;
// Ctrl-C (or a kill) still stops the system and drops its database.
const stopAll = async () => {
  await browser?.close();
  await system.stop();
};
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll().finally(() => process.exit(130)));
try {
  await seedDispatch(system.databaseUrl);
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const page = await (await browser.newContext({ baseURL: system.url, viewport: { width: 1280, height: 800 } })).newPage();
  page.setDefaultTimeout(300000);
  await signIn(page);
  console.log(`\nTMS screens in Chromium (1280×800, headless, ${os.cpus().length} cores)`);
  await benchDashboard(page);
  await benchScreen(page, {
    name: 'Loads',
    listUrl: '/api/loads',
    placeholder: 'Search loads...',
    rows: await getList(page, '/api/loads'),
    searchFields: ['loadNumber', 'pickupLocation', 'deliveryLocation'],
    rowLabel: (load) => load.loadNumber,
  });
  await benchLoadsView(page);

  await seed(system.databaseUrl);
  await benchScreen(page, {
    name: 'Fleet',
    listUrl: '/api/trucks',
    placeholder: 'Search trucks...',
    rows: await getList(page, '/api/trucks'),
    searchFields: ['truckNumber', 'licensePlate', 'type'],
    rowLabel: (truck) => truck.truckNumber,
  });
  await benchScreen(page, {
    name: 'Drivers',
    listUrl: '/api/drivers',
    placeholder: 'Search drivers...',
    rows: await getList(page, '/api/drivers'),
    searchFields: ['name', 'email', 'licenseNumber'],
    rowLabel: (driver) => driver.name,
  });
} finally {
  await stopAll();
}
