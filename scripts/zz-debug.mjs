import { startIsolatedSystem } from '/work/main/scripts/system.mjs';
import { chromium } from 'playwright-core';
const system = await startIsolatedSystem({ label: 'dbg', logFile: '/tmp/dbg-system.log' });
console.log(system.url);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ baseURL: system.url, viewport: { width: 1280, height: 800 } });
try {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await page.getByLabel('Email').fill('x@example.com');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.goto('/drivers');
  await page.getByRole('heading', { name: 'Driver Management' }).waitFor();
  const add = async (name, email, license) => {
    await page.getByRole('button', { name: 'Add Driver', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Driver' });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('555');
    await dialog.getByLabel('License Number').fill(license);
    await dialog.getByRole('button', { name: 'Add Driver', exact: true }).click();
    return dialog;
  };
  await add('Maria Lopez', 'maria@example.com', 'CDL-889');
  await page.getByRole('row').filter({ hasText: 'Maria Lopez' }).waitFor();
  const dialog = await add('Second', 'MARIA@example.com', 'CDL-777');
  await dialog.getByText('A driver with this email already exists').waitFor();
  await dialog.getByLabel('Email').fill('second.maria@example.com');
  await dialog.getByLabel('License Number').fill('cdl-889');
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/dbg.png' });
  console.log(await page.getByRole('dialog').evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 300) + ' ... ' + [...e.querySelectorAll('button')].map((b) => b.outerHTML).join('\n'))));
} catch (e) { console.log(e); await page.screenshot({ path: '/tmp/dbg.png' }); }
await browser.close();
await system.stop();
