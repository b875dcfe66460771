import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this machine needs (no background network, no first-run). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the e2e global setup did not start the system');
  return url;
};

/** The driver app's own origin (issue 44), the gateway's DRIVER_PORT. */
export const driverUrl = () => {
  const url = process.env.E2E_DRIVER_URL;
  if (!url) throw new Error('E2E_DRIVER_URL is not set: the e2e global setup did not start the system');
  return url;
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** The origin the fleet remote is served from: not the app's (see global-setup.mjs). */
export const fleetOrigin = () => {
  const origin = process.env.E2E_FLEET_ORIGIN;
  if (!origin) throw new Error('E2E_FLEET_ORIGIN is not set: the e2e global setup did not start the remote origin');
  return origin;
};

/** An antd dialog (a form's or a question's) while it zooms in or out; once open or closed it has none of these. */
export const DIALOG_IN_MOTION = '.ant-modal:is(.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-leave)';

/**
 * Makes every action on `page` (a click, a fill; a locator's wait too) wait while a dialog opens or closes. antd
 * opens one in steps of two animation frames each: first at its full size but transparent, which Playwright takes
 * for visible and, as it does not move, for stable; then zoomed in from a fifth of its size at the button that opened
 * it. A click whose press lands in the first steps and whose release lands after the zoom began is released on the
 * backdrop, and no button hears it: on a busy machine the first steps last long enough for that. A person never
 * clicks a dialog that is not drawn yet; a test waits until it is.
 */
export function waitForDialogsToSettle(page: Page) {
  return page.addLocatorHandler(page.locator(DIALOG_IN_MOTION).first(), async () => undefined);
}

/** A fresh browser profile at the app, not signed in; its actions wait for dialogs to settle. */
export async function newSession(browser: Browser, options: { width?: number; height?: number } = {}) {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: options.width ?? 1280, height: options.height ?? 800 } });
  const page = await context.newPage();
  await waitForDialogsToSettle(page);
  return { context, page };
}

/** Signs in as a real user would: landing page → Log In → the development issuer's page → back in the app. */
export async function signIn(page: Page, email = `dispatcher+${Date.now()}@example.com`) {
  await page.goto('/');
  // The landing page shows while the sign-in status loads (spec 2.1) and is drawn again once it has: a click between
  // the two was seen lost (the phone-sized a11y run of a CI check).
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === new URL(baseUrl()).origin && !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/api'));
  return email;
}

/** The browser confirmations a page showed (`messages`), each accepted while `accept` is true, else dismissed. */
export interface Confirmations {
  messages: string[];
  accept: boolean;
}

/** Answers every browser confirmation of the page as `accept` says at that moment, and records its text. */
export function recordDialogs(page: Page, accept = true): Confirmations {
  const confirmations: Confirmations = { messages: [], accept };
  page.on('dialog', (dialog) => {
    confirmations.messages.push(dialog.message());
    void (confirmations.accept ? dialog.accept() : dialog.dismiss());
  });
  return confirmations;
}

/**
 * True when one of the elements is on screen (not merely in the page, and not scrolled out of view). Does not wait:
 * read in one step, as a virtual list may draw other rows meanwhile.
 */
export const onScreen = (element: Locator) =>
  element.evaluateAll((found) =>
    found.some((node) => {
      const box = node.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    }),
  );

/** Turns the mouse wheel over `start` until `target` is on screen, as a user scrolls a long list. */
export async function scrollUntil(page: Page, start: Locator, target: Locator) {
  await start.scrollIntoViewIfNeeded();
  const box = (await start.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let turns = 0; turns < 300 && !(await onScreen(target)); turns++) await page.mouse.wheel(0, 4000);
}

export type { Browser, BrowserContext, Locator, Page };
