import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Customer, Driver, Load, Truck } from '@tms/contracts';
import type pg from 'pg';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { driverUrl, launchBrowser, newSession, recordDialogs, signIn, type Browser, type BrowserContext, type Page } from './support/browser.js';
import { connectDatabase } from './support/database.js';
import { apiSteps, ROW_MENU, screenSteps } from './support/steps.js';

/**
 * The driver in the loop (issue 44), end to end: a dispatcher pairs a driver's phone from Driver Management; the phone
 * (Chromium at 390x844, a location fix given by the browser) opens the link on the driver app's own origin, sees the
 * driver's load, says Arrived and Departed; then loses its signal (CDP offline), opens the app again without it,
 * does three actions (arrive, depart, scan a receipt: '3 waiting to send'), and once the signal is back each is
 * stored exactly once. Scan Document takes two camera pages into one PDF; Sign POD keeps a signed page. Every record
 * this file makes carries 'DRV-E2E' and is deleted at the end: the other browser tests share the system.
 */
const SHOTS = '/tmp/h-driver';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
mkdirSync(SHOTS, { recursive: true });
const FIX = { latitude: 41.5253, longitude: -88.0817, accuracy: 14 };

let browser: Browser;
let page: Page;
let phoneContext: BrowserContext;
let phone: Page;
let db: pg.Client;
let customer: Customer;
let truck: Truck;
let driver: Driver;
let load: Load;
let delivered: Load;

const { post, remove } = apiSteps(() => page);
const get = async <T>(path: string): Promise<T> => (await page.request.get(`/api/${path}`)).json() as Promise<T>;
const { navigate, row } = screenSteps(() => page);

/** A camera photo of a page: 3000 x 2000 px, larger than a scanned page is kept (1600 px on its long side). */
function photo(text: string) {
  const canvas = createCanvas(3000, 2000);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, 3000, 2000);
  context.fillStyle = '#000';
  context.font = '160px sans-serif';
  context.fillText(text, 200, 400);
  return { name: `${text}.jpg`, mimeType: 'image/jpeg', buffer: canvas.toBuffer('image/jpeg') };
}

/** The load's documents as staff see them, with the pages of each PDF. */
async function documents() {
  const listed = await get<{ id: string; documentType: string; fileName: string }[]>(`loads/${load.id}/documents`);
  return Promise.all(
    listed.map(async (document) => {
      const pdf = await PDFDocument.load(await download(document.id));
      return { documentType: document.documentType, pages: pdf.getPages().map((one) => Math.max(one.getWidth(), one.getHeight())) };
    }),
  );
}

const download = async (id: string) => (await page.request.get(`/api/documents/${id}/download`)).body();

/** A load's document's text, as a PDF viewer reads it, its pages' text joined (the file kept beside the screenshots). */
async function textOf(documentType: string) {
  const listed = await get<{ id: string; documentType: string }[]>(`loads/${load.id}/documents`);
  const bytes = await download(listed.find((one) => one.documentType === documentType)!.id);
  writeFileSync(`${SHOTS}/${documentType.toLowerCase().replaceAll(' ', '-')}.pdf`, bytes);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Waits until `read` answers `expected` (as JSON), or fails with what it last answered. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  do {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  } while (Date.now() < deadline);
  expect(last).toEqual(expected);
}

/** The stamps the server stored for the load's stops: `stop sequence:kind`, once each when all is well. */
async function storedStamps(): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT s.sequence, t.kind FROM core.stop_stamps t JOIN core.load_stops s ON s.id = t.stop_id WHERE t.load_id = $1 ORDER BY s.sequence, t.kind`,
    [load.id],
  );
  return rows.map(({ sequence, kind }) => `${sequence}:${kind}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser));
  recordDialogs(page);
  db = await connectDatabase();
  await signIn(page, 'driver-app.dispatcher@example.com');
  customer = await post<Customer>('customers', { name: 'DRV-E2E Foods', email: 'ap@drv-e2e.example.com', phone: '555-0161', address: '1 Dock Rd, Joliet, IL', type: 'shipper' });
  truck = await post<Truck>('trucks', { truckNumber: 'DRV-E2E-T1', type: 'Semi', status: 'available', licensePlate: 'DRVE2E1' });
  driver = await post<Driver>('drivers', { name: 'DRV-E2E Dana Cole', email: 'dana@drv-e2e.example.com', phone: '555-0162', licenseNumber: 'DRVE2E-CDL', status: 'available' });
  load = await post<Load>('loads', {
    loadNumber: 'LD-DRV-E2E-1', customerId: customer.id, status: 'assigned', assignedDriverId: driver.id, assignedTruckId: truck.id,
    pickupLocation: 'x', pickupDate: '2027-06-01', deliveryLocation: 'x', deliveryDate: '2027-06-02', rate: '1850.00',
    stops: [
      { type: 'pickup', location: 'Joliet, IL', facility: 'Acme DC', address: '1 Dock Rd, Joliet, IL 60431', reference: 'PU-4411', notes: 'Check in at gate 2', appointmentStart: '2027-06-01T14:00:00Z', appointmentEnd: '2027-06-01T16:00:00Z' },
      { type: 'delivery', location: 'Peoria, IL', facility: 'Peoria Cold Storage', appointmentStart: '2027-06-02T13:00:00Z' },
      { type: 'delivery', location: 'Springfield, IL', facility: 'Capitol Grocers', address: '400 E Adams St, Springfield, IL 62701', appointmentStart: '2027-06-02T18:00:00Z' },
    ],
  });
});

afterAll(async () => {
  if (page) {
    if (load) await remove('loads', load.id);
    if (delivered) await remove('loads', delivered.id);
    if (driver) await remove('drivers', driver.id);
    if (truck) await remove('trucks', truck.id);
    if (customer) await remove('customers', customer.id);
  }
  await db?.end();
  await browser?.close();
});

describe('the driver app', () => {
  it("pairs from Driver Management, shows the driver's load and stamps Arrived and Departed with a location fix", async () => {
    await navigate('Drivers');
    await row('DRV-E2E Dana Cole').waitFor();
    // 'Pair Phone' exactly: the menu has 'Unpair Phone' too.
    await row('DRV-E2E Dana Cole').getByRole('button', { name: ROW_MENU }).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: 'Pair Phone', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pair Phone: DRV-E2E Dana Cole' });
    const link = (await dialog.getByTestId('pairing-link').innerText()).trim();
    expect(link.startsWith(`${driverUrl()}/#pair=`)).toBe(true);
    await dialog.locator('canvas').waitFor();
    await page.screenshot({ path: `${SHOTS}/pair-phone-dialog.png` });
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The phone: its own browser profile, on the driver origin, with a location fix.
    phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
      geolocation: FIX, permissions: ['geolocation'],
    });
    phone = await phoneContext.newPage();
    await phone.goto(link);
    await phone.getByRole('heading', { name: 'My Loads' }).waitFor();
    // The code is taken out of the address at once.
    expect(phone.url()).toBe(`${driverUrl()}/`);
    await phone.getByRole('button', { name: /LD-DRV-E2E-1/ }).click();
    await phone.getByRole('heading', { name: 'Load LD-DRV-E2E-1' }).waitFor();
    const first = phone.getByRole('region', { name: 'Stop 1' });
    await expect(first.innerText()).resolves.toMatch(/Acme DC[\s\S]*1 Dock Rd, Joliet, IL 60431[\s\S]*PU-4411[\s\S]*Check in at gate 2/);
    await expect(first.getByRole('link', { name: '1 Dock Rd, Joliet, IL 60431' }).getAttribute('href')).resolves.toContain('maps');
    await expect(phone.getByRole('region', { name: 'Load' }).innerText()).resolves.toContain('DRV-E2E-T1');
    await phone.screenshot({ path: `${SHOTS}/phone-load.png`, fullPage: true });

    await first.getByRole('button', { name: 'Arrived' }).click();
    await first.getByText('Arrived', { exact: true }).and(first.locator('dt')).waitFor();
    await first.getByRole('button', { name: 'Departed' }).click();
    await first.locator('dt', { hasText: 'Departed' }).waitFor();
    await phone.getByText(/waiting to send/).waitFor({ state: 'hidden' });
    await eventually(storedStamps, ['1:arrived', '1:departed']);
    const { rows } = await db.query(`SELECT latitude, longitude, accuracy_meters FROM core.stop_stamps WHERE load_id = $1 AND kind = 'arrived'`, [load.id]);
    expect(rows).toEqual([{ latitude: FIX.latitude, longitude: FIX.longitude, accuracy_meters: FIX.accuracy }]);
    const stored = await get<Load>(`loads/${load.id}`);
    expect([stored.stops![0].arrivedSource, stored.stops![0].departedSource, stored.status]).toEqual(['driver', 'driver', 'in-transit']);

    // Scan Document: a two-page BOL from the camera (files set on the capture input), one PDF on the load.
    await phone.getByRole('button', { name: 'Scan Document' }).click();
    const scan = phone.getByRole('dialog', { name: 'Scan Document' });
    await scan.getByRole('radio', { name: 'BOL' }).check();
    const camera = scan.getByLabel('Take a photo of a page');
    await expect(camera.getAttribute('capture')).resolves.toBe('environment');
    await camera.setInputFiles([photo('BOL page 1')]);
    await camera.setInputFiles([photo('BOL page 2')]);
    await scan.getByText('2 pages').waitFor();
    await phone.screenshot({ path: `${SHOTS}/phone-scan.png` });
    await scan.getByRole('button', { name: 'Save Document' }).click();
    await scan.waitFor({ state: 'hidden' });
    await phone.getByRole('list', { name: 'Paperwork' }).getByText(/^Bill of Lading: LD-DRV-E2E-1-BOL-/).waitFor({ timeout: 20_000 });

    // Sign POD at the last stop: the receiver signs on the screen and prints their name.
    await phone.getByRole('region', { name: 'Stop 3' }).getByRole('button', { name: 'Departed' }).click();
    await phone.getByRole('dialog', { name: 'Proof of delivery first' }).getByRole('button', { name: 'Sign POD' }).click();
    const pod = phone.getByRole('dialog', { name: 'Sign POD' });
    const pad = pod.getByRole('img', { name: 'Signature pad: sign with a finger' });
    const box = (await pad.boundingBox())!;
    await phone.mouse.move(box.x + 30, box.y + 120);
    await phone.mouse.down();
    for (const [x, y] of [[80, 60], [140, 150], [200, 70], [260, 140]]) await phone.mouse.move(box.x + x, box.y + y, { steps: 4 });
    await phone.mouse.up();
    // Issue 50, point 8: a receiver's name in Chinese, on the POD as it is (a font fetched for it from the app's origin).
    await pod.getByLabel("Receiver's name").fill('王丽华 Rita Receiver');
    await phone.screenshot({ path: `${SHOTS}/phone-sign-pod.png` });
    await pod.getByRole('button', { name: 'Save POD' }).click();
    await pod.waitFor({ state: 'hidden' });
    await phone.getByRole('list', { name: 'Paperwork' }).getByText(/^Proof of Delivery: LD-DRV-E2E-1-POD-stop-3-/).waitFor({ timeout: 20_000 });
    const kept = await documents();
    expect(kept).toEqual([
      { documentType: 'Bill of Lading', pages: [1600, 1600] },
      { documentType: 'Proof of Delivery', pages: [792] },
    ]);
    expect(await textOf('Proof of Delivery')).toContain('Received by 王丽华 Rita Receiver');
  });

  it('opens without signal, queues three actions with their keys and stores each once when the signal returns', async () => {
    // The network cut as DevTools cuts it, for the page and (through the context) its service worker.
    const cdp = await phoneContext.newCDPSession(phone);
    await cdp.send('Network.enable');
    const offline = async (cut: boolean) => {
      await cdp.send('Network.emulateNetworkConditions', { offline: cut, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await phoneContext.setOffline(cut);
    };
    // The service worker has taken the page (it keeps the app and the answers it saw).
    await phone.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 15_000 }).catch(async () => {
      await phone.reload();
      await phone.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 15_000 });
    });
    await phone.getByRole('button', { name: 'Back to My Loads' }).click();
    await phone.getByRole('button', { name: /LD-DRV-E2E-1/ }).waitFor();
    await phone.getByRole('button', { name: /LD-DRV-E2E-1/ }).click();
    await phone.getByRole('heading', { name: 'Load LD-DRV-E2E-1' }).waitFor();

    await offline(true);
    await phone.reload();
    await phone.getByRole('heading', { name: 'My Loads' }).waitFor();
    await phone.getByRole('button', { name: /LD-DRV-E2E-1/ }).click();
    await phone.getByText('No signal: showing what was last loaded').waitFor();
    const second = phone.getByRole('region', { name: 'Stop 2' });
    await second.getByRole('button', { name: 'Arrived' }).click();
    await phone.getByText('1 waiting to send').waitFor();
    await second.getByRole('button', { name: 'Departed' }).click();
    await phone.getByText('2 waiting to send').waitFor();
    // A document without signal: made in the phone (pdf-lib kept by the service worker), queued whole.
    await phone.getByRole('button', { name: 'Scan Document' }).click();
    const scan = phone.getByRole('dialog', { name: 'Scan Document' });
    await scan.getByRole('radio', { name: 'Lumper Receipt' }).check();
    await scan.getByLabel('Take a photo of a page').setInputFiles([photo('Lumper receipt')]);
    await scan.getByText('1 page').waitFor();
    await scan.getByRole('button', { name: 'Save Document' }).click();
    await phone.getByText('3 waiting to send').waitFor();
    await phone.getByText('Lumper Receipt (1 page) (waiting to send)').waitFor();
    // Shown at once, though not sent.
    await second.locator('dt', { hasText: 'Departed' }).waitFor();
    await phone.screenshot({ path: `${SHOTS}/phone-offline-waiting.png`, fullPage: true });
    expect(await storedStamps()).toEqual(['1:arrived', '1:departed']);
    expect(await documents()).toHaveLength(2);

    // The app opened again, still without signal: the actions wait in IndexedDB.
    await phone.reload();
    await phone.getByText('3 waiting to send').waitFor();

    await offline(false);
    await phone.getByText(/waiting to send/).waitFor({ state: 'hidden', timeout: 40_000 });
    await eventually(storedStamps, ['1:arrived', '1:departed', '2:arrived', '2:departed']);
    expect((await documents()).map(({ documentType }) => documentType)).toEqual(['Bill of Lading', 'Proof of Delivery', 'Lumper Receipt']);
    await phone.screenshot({ path: `${SHOTS}/phone-back-online.png`, fullPage: true });
  });

  it("messages (point 5): the driver writes from the load, dispatch sees 'Messages (1)' and answers, the driver reads it", async () => {
    // The app opens on My Loads.
    await phone.getByRole('button', { name: /LD-DRV-E2E-1/ }).click();
    const messages = phone.getByRole('region', { name: 'Messages' });
    await messages.getByText('No messages yet').waitFor();
    await messages.getByLabel('Write to dispatch').fill('At the gate: dock 4 is closed');
    await messages.getByRole('button', { name: 'Send Message' }).click();
    // Sent at once with signal: shown as the server has it.
    await messages.getByRole('listitem').filter({ hasText: 'At the gate: dock 4 is closed' }).filter({ hasText: /^You · (?!waiting)/ }).waitFor();

    await page.goto('/loads');
    await row('LD-DRV-E2E-1').waitFor();
    await row('LD-DRV-E2E-1').getByRole('button', { name: ROW_MENU }).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: 'Messages (1)' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: 'Messages · LD-DRV-E2E-1' });
    await drawer.getByRole('listitem').filter({ hasText: 'DRV-E2E Dana Cole' }).filter({ hasText: 'At the gate: dock 4 is closed' }).waitFor();
    await drawer.getByLabel('Write to the driver…').fill('Use dock 6, they expect you');
    await drawer.getByRole('button', { name: 'Send' }).click();
    const answer = drawer.getByRole('listitem').filter({ hasText: 'Use dock 6, they expect you' });
    await answer.filter({ hasText: 'Not read yet' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/staff-messages.png` });

    // The driver's next refresh (30 s at most while open; the app opened again here) brings it.
    await phone.reload();
    await phone.getByRole('button', { name: /LD-DRV-E2E-1/ }).click();
    await messages.getByRole('listitem').filter({ hasText: 'Dispatch (driver-app.dispatcher@example.com)' }).filter({ hasText: 'Use dock 6, they expect you' }).waitFor();
    await phone.screenshot({ path: `${SHOTS}/phone-messages.png`, fullPage: true });
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
    // Read on both sides now: no unread count, and the answer marked read.
    await row('LD-DRV-E2E-1').getByRole('button', { name: ROW_MENU }).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: 'Messages', exact: true }).click();
    await drawer.getByRole('listitem').filter({ hasText: 'Use dock 6, they expect you' }).filter({ hasText: /· Read/ }).waitFor();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it("warns on Create Invoice for a delivered load without its proof of delivery: 'Paperwork missing'", async () => {
    delivered = await post<Load>('loads', {
      loadNumber: 'LD-DRV-E2E-2', customerId: customer.id, status: 'delivered', assignedDriverId: driver.id, pickupLocation: 'Joliet, IL', pickupDate: '2027-06-03',
      deliveryLocation: 'Peoria, IL', deliveryDate: '2027-06-03', rate: '900.00',
    });
    // A fresh page: the list this page read before knows nothing of a load made through the API since.
    await page.goto('/loads');
    await row('LD-DRV-E2E-2').waitFor();
    await row('LD-DRV-E2E-2').getByRole('button', { name: ROW_MENU }).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: 'Create Invoice' }).click();
    const warning = page.locator('.ant-modal-confirm').filter({ hasText: 'Paperwork missing' });
    await warning.getByText('No proof of delivery is kept on LD-DRV-E2E-2.', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/create-invoice-warning.png` });
    await warning.getByRole('button', { name: 'Not yet' }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/loads');
  });

  it('has no serious or critical axe violation and fits 360 to 430 px wide, with touch targets of 44 px at least', async () => {
    const link = await post<{ url: string }>(`drivers/${driver.id}/pairing`, {});
    // bypassCSP: the driver origin's CSP rightly refuses axe's injected script.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });
    const tab = await context.newPage();
    const violations: string[] = [];
    const check = async (where: string) => {
      if (!(await tab.evaluate(() => 'axe' in window))) await tab.addScriptTag({ content: AXE_SOURCE });
      const found = await tab.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
        return result.violations.filter(({ impact }) => impact === 'serious' || impact === 'critical').map(({ id, nodes }) => `${id}: ${nodes[0].target.join(' ')}`);
      });
      violations.push(...found.map((line) => `${where}: ${line}`));
      for (const width of [360, 430]) {
        await tab.setViewportSize({ width, height: 844 });
        const sideways = await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (sideways > 0) violations.push(`${where} at ${width} px: scrolls ${sideways} px sideways`);
      }
      await tab.setViewportSize({ width: 390, height: 844 });
      const small = await tab.locator('button:visible, a:visible, input[type=radio]:visible').evaluateAll((elements) =>
        elements.map((element) => element.closest('label') ?? element).filter((element) => element.getBoundingClientRect().height < 44).map((element) => element.outerHTML.slice(0, 80)),
      );
      violations.push(...small.map((element) => `${where}: under 44 px: ${element}`));
    };
    try {
      await tab.goto(link.url);
      await tab.getByRole('heading', { name: 'My Loads' }).waitFor();
      await tab.getByRole('button', { name: /LD-DRV-E2E-1/ }).waitFor();
      await check('My Loads');
      await tab.getByRole('button', { name: /LD-DRV-E2E-1/ }).click();
      await tab.getByRole('region', { name: 'Stop 1' }).waitFor();
      await check('a load');
      await tab.getByRole('button', { name: 'Scan Document' }).click();
      await check('Scan Document');
      await tab.getByRole('button', { name: 'Cancel' }).click();
      await tab.getByRole('button', { name: 'Sign POD' }).first().click();
      await check('Sign POD');
    } finally {
      await context.close();
    }
    expect(violations).toEqual([]);
  });
});
