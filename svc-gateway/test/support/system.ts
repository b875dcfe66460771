import { fileURLToPath } from 'node:url';
import { Browser } from './browser.js';

export interface RunningSystem {
  url: string;
  /** The system's own fresh database, for seeding what the API would take long to create. */
  databaseUrl: string;
  logFile: string;
  stop(): Promise<void>;
}

const SYSTEM_SCRIPT = fileURLToPath(new URL('../../../scripts/system.mjs', import.meta.url));

/**
 * The whole built system (scripts/system.mjs: every service and the gateway, from dist/) on a free port, a fresh
 * database and a subject root of its own; its output goes to test-results/{label}-system.log. The script is plain
 * JavaScript, hence the import by path and the type given here.
 */
export async function startIsolatedSystem(options: { label: string }): Promise<RunningSystem> {
  const system = (await import(SYSTEM_SCRIPT)) as { startIsolatedSystem(options: { label: string }): Promise<RunningSystem> };
  return system.startIsolatedSystem(options);
}

/** Signs in through the development issuer as a browser would; answers the session cookie as a Cookie header. */
export async function signIn(url: string, email: string): Promise<string> {
  const browser = new Browser(url);
  const login = await browser.request('/api/login');
  const page = await browser.navigate(login.headers.get('location')!);
  const action = /<form method="post" action="([^"]+)">/.exec(await page.text())?.[1];
  if (!action) throw new Error('The development sign-in page has no form');
  await browser.navigate(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }),
  });
  const session = browser.cookie('tms.sid');
  if (!session) throw new Error('Signing in gave no session cookie');
  return `tms.sid=${session.value}`;
}
