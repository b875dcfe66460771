/**
 * `npm run bench:first-load`: what a first visit downloads and how soon it shows something, in Chromium with a cold
 * cache on a throttled connection (10 Mbit/s down and up, 40 ms latency), against the whole built system:
 *   - the landing page, signed out: time to its headline;
 *   - the signed-in shell on a page that loads no remote (/settings): time to the sidebar;
 *   - a remote's screen (/fleet), for information: time to its heading.
 * For each, what had been downloaded when that first screen showed, and once the network settled. Prints figures and
 * asserts nothing. JavaScript is counted three ways: as sent (compressed when the server compresses), decoded, and
 * gzipped here with zlib's default level (what the `compression` middleware sends).
 *   BENCH_FILES=1   also list every script with its sizes
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startIsolatedSystem } from '../scripts/system.mjs';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const BYTES_PER_SECOND = 10_000_000 / 8;
const THROTTLED = { offline: false, latency: 40, downloadThroughput: BYTES_PER_SECOND, uploadThroughput: BYTES_PER_SECOND };
const listFiles = Boolean(process.env.BENCH_FILES);

const kb = (bytes) => `${Math.round(bytes / 1000).toLocaleString('en-US')} KB`;
const sum = (items, pick) => items.reduce((total, item) => total + pick(item), 0);

/** Records every response of a page through the DevTools protocol: type, bytes as sent and bytes decoded. */
async function recordNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', THROTTLED);
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    requests.set(requestId, { url: request.url, type, decoded: 0, wire: 0, finished: false });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const request = requests.get(requestId);
    if (request) request.decoded += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const request = requests.get(requestId);
    if (request) Object.assign(request, { wire: encodedDataLength, finished: true });
  });
  return () => [...requests.values()].filter((request) => request.finished);
}

/** Milliseconds from the start of navigation to the first animation frame in which `selector` shows `text`. */
function timeToVisible(page, selector, text) {
  return page
    .waitForFunction(
      ([selector, text]) =>
        [...document.querySelectorAll(selector)].some((element) => element.checkVisibility() && element.textContent.includes(text)) &&
        performance.now(),
      [selector, text],
      { polling: 'raf', timeout: 60_000 },
    )
    .then((handle) => handle.jsonValue());
}

/** The gzip size of each script, fetched again outside the browser. */
async function gzippedSizes(scripts) {
  return Promise.all(
    scripts.map(async (script) => {
      const body = Buffer.from(await (await fetch(script.url)).arrayBuffer());
      return { ...script, gzipped: gzipSync(body).length };
    }),
  );
}

const isRemote = (request) => new URL(request.url).pathname.startsWith('/remotes/');

/** One line of figures for the requests finished by some moment. */
async function describe(moment, requests) {
  const scripts = await gzippedSizes(requests.filter((request) => request.type === 'Script'));
  const remoteScripts = scripts.filter(isRemote);
  console.log(
    `  ${moment}: ${scripts.length} scripts, JS ${kb(sum(scripts, (s) => s.wire))} on the wire, ` +
      `${kb(sum(scripts, (s) => s.decoded))} decoded, ${kb(sum(scripts, (s) => s.gzipped))} gzipped` +
      (remoteScripts.length ? ` (remotes: ${remoteScripts.length} scripts, ${kb(sum(remoteScripts, (s) => s.gzipped))} gzipped)` : '') +
      `; all ${requests.length} requests ${kb(sum(requests, (r) => r.wire))} on the wire`,
  );
  return scripts;
}

/**
 * Opens `url` in a context with a cold cache and prints what had been downloaded when `ready` showed (the first
 * screen), then when the network settled.
 */
async function measure(browser, title, { url, storageState, ready }) {
  const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const finishedRequests = await recordNetwork(page);
    await page.goto(url);
    const firstScreen = await timeToVisible(page, ready.selector, ready.text);
    const atFirstScreen = finishedRequests();
    await page.waitForLoadState('networkidle');

    console.log(`\n${title}: ${ready.name} visible after ${Math.round(firstScreen).toLocaleString('en-US')} ms`);
    await describe('by then', atFirstScreen);
    const scripts = await describe('once settled', finishedRequests());
    if (listFiles) {
      for (const script of scripts.toSorted((a, b) => b.gzipped - a.gzipped)) {
        console.log(`    ${kb(script.gzipped).padStart(8)} gzipped ${kb(script.decoded).padStart(9)} decoded  ${new URL(script.url).pathname}`);
      }
    }
  } finally {
    await context.close();
  }
}

/** Signs in through the development issuer, unthrottled, and returns the session (cookies) for fresh contexts. */
async function signIn(browser, baseUrl) {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Log In' }).first().click();
    await page.getByLabel('Email').fill('bench@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}

const system = await startIsolatedSystem({ label: 'bench' });
let browser;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  console.log('First load in Chromium, cold cache, 10 Mbit/s down and up, 40 ms latency (1 KB = 1000 bytes)');
  await measure(browser, 'Landing page, signed out (/)', {
    url: `${system.url}/`,
    ready: { name: 'headline', selector: 'h1', text: 'Streamline Your Fleet Operations' },
  });
  const session = await signIn(browser, system.url);
  await measure(browser, 'Signed-in shell, no remote (/settings)', {
    url: `${system.url}/settings`,
    storageState: session,
    ready: { name: 'sidebar', selector: 'nav[aria-label="Main"]', text: 'Operations' },
  });
  await measure(browser, 'A remote screen (/fleet)', {
    url: `${system.url}/fleet`,
    storageState: session,
    ready: { name: 'Fleet Management heading', selector: 'h1', text: 'Fleet Management' },
  });
} finally {
  await browser?.close();
  await system.stop();
}
