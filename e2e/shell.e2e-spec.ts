import { baseUrl, fleetOrigin, launchBrowser, newSession, signIn, type Browser } from './support/browser.js';
import { screenSteps } from './support/steps.js';

/** Sign-in, the shell and remote loading, as a dispatcher sees them in Chromium. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NAV_ITEMS = ['Dashboard', 'Loads', 'Fleet', 'Drivers', 'Customers', 'Safety', 'Maintenance', 'Fuel', 'GPS Tracking', 'Accounting', 'Settlements'];

describe('signed out', () => {
  it('shows only the landing page, at every path', async () => {
    const { context, page } = await newSession(browser);
    for (const path of ['/', '/fleet', '/drivers', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Streamline Your Fleet Operations' }).isVisible()).resolves.toBe(true);
      await expect(page.getByText('Transportation Management System').first().isVisible()).resolves.toBe(true);
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    }
    for (const feature of ['Load Management', 'Fleet Tracking', 'Driver Management', 'Accounting', 'GPS Tracking', 'Analytics']) {
      await expect(page.getByRole('heading', { name: feature, exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(page.getByRole('heading', { name: 'Ready to optimize your operations?' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('© 2025').isVisible()).resolves.toBe(true);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/trucks')).status()).toBe(401);
    await context.close();
  });

  it('Get Started leads to the sign-in page', async () => {
    const { context, page } = await newSession(browser);
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await page.getByLabel('Email').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/oidc\//);
    await context.close();
  });
});

describe('signed in', () => {
  it('signs in through the development issuer and shows the shell with the user', async () => {
    const { context, page } = await newSession(browser);
    const email = await signIn(page, 'casey@example.com');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    await expect(page.getByText('Operations', { exact: true }).isVisible()).resolves.toBe(true);
    const names = await nav.getByRole('link').allInnerTexts();
    expect(names.map((name) => name.trim()).filter(Boolean)).toEqual([...NAV_ITEMS, 'Settings']);
    // No names from the issuer: the avatar falls back to the e-mail's first letter.
    await expect(page.getByText('C', { exact: true }).first().isVisible()).resolves.toBe(true);
    const user = await (await page.request.get('/api/auth/user')).json();
    expect(user).toMatchObject({ email, firstName: null, lastName: null });
    await context.close();
  });

  it('shows the 404 page for unknown paths', async () => {
    const { context, page } = await newSession(browser);
    await signIn(page);
    for (const path of ['/no-such-page', '/loads/no/such/screen']) {
      await page.goto(path);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await expect(page.getByText('Did you forget to add the page to the router?').isVisible()).resolves.toBe(true);
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await context.close();
  });

  it('highlights the active item, keeps the dark theme across a reload and toggles the sidebar with Ctrl+B', async () => {
    const { context, page } = await newSession(browser);
    await signIn(page);
    await screenSteps(() => page).navigate('Drivers');
    await page.getByRole('heading', { name: 'Driver Management' }).waitFor();
    await expect(page.locator('.ant-menu-item-selected').innerText()).resolves.toContain('Drivers');

    expect(await page.evaluate(() => localStorage.getItem('theme') ?? 'light')).toBe('light');
    const lightBackground = await page.evaluate(() => getComputedStyle(document.querySelector('header')!).backgroundColor);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { name: 'Driver Management' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    const darkBackground = await page.evaluate(() => getComputedStyle(document.querySelector('header')!).backgroundColor);
    expect(darkBackground).not.toBe(lightBackground);

    const sidebar = page.locator('aside').first();
    const openWidth = (await sidebar.boundingBox())!.width;
    expect(openWidth).toBe(256);
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('aside')!.getBoundingClientRect().width === 48);
    expect((await context.cookies()).find((cookie) => cookie.name === 'sidebar_state')?.value).toBe('false');
    await page.reload();
    await page.getByRole('heading', { name: 'Driver Management' }).waitFor();
    expect((await page.locator('aside').first().boundingBox())!.width).toBe(48);
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('aside')!.getBoundingClientRect().width === 256);
    const cookie = (await context.cookies()).find((entry) => entry.name === 'sidebar_state')!;
    expect(cookie.value).toBe('true');
    expect(Math.round(cookie.expires - Date.now() / 1000)).toBeGreaterThan(604800 - 60);
    await context.close();
  });

  it('shows a control\'s tooltip only after the pointer has rested on it for 700 ms', async () => {
    const { context, page } = await newSession(browser);
    await signIn(page);
    await page.getByRole('button', { name: 'Toggle theme' }).hover();
    await page.waitForTimeout(400);
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await page.getByRole('tooltip').filter({ hasText: 'Switch to dark theme' }).waitFor({ timeout: 2000 });
    await context.close();
  });

  it('opens the sidebar as a slide-in panel below 768 px', async () => {
    const { context, page } = await newSession(browser, { width: 500, height: 800 });
    await signIn(page);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet', exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet', exact: true }).click();
    await page.getByRole('heading', { name: 'Fleet Management' }).waitFor();
    await context.close();
  });

  it('contains a remote that fails to load, keeps the shell working, and recovers on Retry', async () => {
    const { context, page } = await newSession(browser);
    await signIn(page);
    // The fleet remote's server is unreachable.
    await page.route(`${fleetOrigin()}/**`, (route) => route.abort('connectionrefused'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet', exact: true }).click();
    await page.getByRole('heading', { name: 'This section could not be loaded' }).waitFor({ timeout: 15000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet', exact: true }).click();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    // It comes back.
    await page.unroute(`${fleetOrigin()}/**`);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Fleet Management' }).waitFor({ timeout: 15000 });
    await context.close();
  });

  it('loads a remote from the origin the runtime configuration names, under the Content-Security-Policy', async () => {
    // The e2e system serves the fleet remote from an origin of its own (REMOTE_FLEET_URL, see global-setup.mjs).
    const { context, page } = await newSession(browser);
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (violation: string) => violations.push(violation));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    const fromRemoteOrigin: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().startsWith(fleetOrigin())) fromRemoteOrigin.push(new URL(request.url()).pathname);
    });
    await signIn(page);
    const document = await page.request.get('/fleet');
    expect(document.headers()['content-security-policy']).toContain(`script-src 'self' ${fleetOrigin()}`);
    expect(document.headers()['x-frame-options']).toBe('DENY');
    expect((await (await page.request.get('/runtime-config.json')).json()).remotes.fleet).toBe(`${fleetOrigin()}/mf-manifest.json`);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet', exact: true }).click();
    await page.getByRole('heading', { name: 'Fleet Management' }).waitFor({ timeout: 15000 });
    await page.getByRole('main').getByRole('button', { name: 'Add Truck' }).click();
    await page.getByRole('dialog').waitFor();
    expect(fromRemoteOrigin).toContain('/mf-manifest.json');
    expect(fromRemoteOrigin.some((file) => file.endsWith('.js'))).toBe(true);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('signs out: the session is destroyed on the server and the landing page returns', async () => {
    const { context, page } = await newSession(browser);
    await signIn(page);
    const cookieBefore = (await context.cookies()).find((cookie) => cookie.name === 'tms.sid')!;
    expect(cookieBefore.httpOnly).toBe(true);
    expect(cookieBefore.sameSite).toBe('Lax');
    await page.getByRole('link', { name: 'Log Out' }).click();
    await page.getByRole('heading', { name: 'Streamline Your Fleet Operations' }).waitFor();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    // The old cookie no longer opens a session either.
    const replay = await fetch(`${baseUrl()}/api/auth/user`, { headers: { cookie: `tms.sid=${cookieBefore.value}` } });
    expect(replay.status).toBe(401);
    await context.close();
  });
});
