import { fileURLToPath } from 'node:url';
import { Browser } from './browser.js';

export interface RunningSystem {
  url: string;
  /** The driver app's own origin (issue 44): its files and the driver API. */
  driverUrl: string;
  /** The system's own fresh database, for seeding what the API would take long to create. */
  databaseUrl: string;
  logFile: string;
  /** Each part's HEALTH_PORT (`svc-core`, `gateway`...), when asked for with `healthPorts`. */
  healthPorts: Record<string, number>;
  stop(): Promise<void>;
}

interface SystemOptions {
  label: string;
  /** More configuration for every process (README: Configuration). */
  env?: Record<string, string>;
  /** Give each part a HEALTH_PORT of its own (metrics, probes). */
  healthPorts?: boolean;
  /** The gateway's port, when the test must know it first (an issuer's redirect URI); else a free one. */
  port?: number;
}

const SYSTEM_SCRIPT = fileURLToPath(new URL('../../../scripts/system.mjs', import.meta.url));

/**
 * The whole built system (scripts/system.mjs: every service and the gateway, from dist/) on a free port, a fresh
 * database and a subject root of its own; its output goes to test-results/{label}-system.log. The script is plain
 * JavaScript, hence the import by path and the type given here.
 */
export async function startIsolatedSystem(options: SystemOptions): Promise<RunningSystem> {
  const system = (await import(SYSTEM_SCRIPT)) as { startIsolatedSystem(options: SystemOptions): Promise<RunningSystem> };
  return system.startIsolatedSystem(options);
}

/**
 * The system the integration run shares (./global-setup.mjs starts it on the first ask and stops it after the run),
 * for a suite that uses the system without changing it: its records must be its own (names no other suite uses; no
 * list read whole). stop() leaves it running for the others.
 */
export async function sharedSystem(): Promise<RunningSystem> {
  const coordinator = process.env.TMS_SHARED_SYSTEM;
  if (!coordinator) throw new Error('No shared system: run the suite in the integration project (jest.config.js)');
  const answer = await fetch(coordinator);
  if (!answer.ok) throw new Error(`The shared system did not start: ${await answer.text()}`);
  return { ...((await answer.json()) as Omit<RunningSystem, 'stop'>), stop: async () => {} };
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
