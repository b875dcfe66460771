import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { invalidInput, INVALID_INPUT, SOMETHING_WENT_WRONG } from '@tms/contracts';
import { createTestDatabase, type TestDatabase } from '@tms/service-kit/testing';
import { Browser, sessionId } from './support/browser.js';
import { ensureBuilt, freePort, runUntilExit, startGateway, type GatewayProcess } from './support/gateway-process.js';
import { startExternalIssuer } from './support/external-issuer.js';
import { Responder } from './support/responder.js';
import { signIn as signInWithCookie } from './support/system.js';

/**
 * The built gateway (`node svc-gateway/dist/main.js`) against the real Postgres (a fresh database) and NATS (a
 * subject root of its own, so a developer's running services are never reached). Services are stood in for by
 * a responder on NATS.
 */
const root = `gwtest${randomBytes(4).toString('hex')}`;
const FLEET_URL = 'https://fleet.cdn.example.com/mf-manifest.json';
const UNAVAILABLE = { message: 'The core service is not available. Please try again shortly.' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let db: TestDatabase;
let gateway: GatewayProcess;
let shellDir: string;

beforeAll(async () => {
  ensureBuilt();
  db = await createTestDatabase();
  shellDir = mkdtempSync(path.join(tmpdir(), 'tms-shell-'));
  writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>TMS shell</title><div id="root"></div>');
  writeFileSync(path.join(shellDir, 'main.abc123.js'), 'console.log("shell")');
  gateway = await startGateway({
    PORT: String(await freePort()),
    DATABASE_URL: db.url,
    NATS_SUBJECT_ROOT: root,
    SERVICE_TIMEOUT_MS: '1500',
    REMOTE_FLEET_URL: FLEET_URL,
    SHELL_DIST: shellDir,
  });
}, 120_000);

afterAll(async () => {
  await gateway?.stop();
  await db?.drop();
  if (shellDir) rmSync(shellDir, { recursive: true, force: true });
}, 60_000);

/** Signs in through the development issuer like a person with a browser would. */
async function signIn(email: string) {
  const browser = new Browser(gateway.url);
  const login = await browser.request('/api/login');
  expect(login.status).toBe(302);
  const preLoginSid = sessionId(browser.cookie('tms.sid')?.value);

  const page = await browser.navigate(login.headers.get('location')!);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  expect(action).toBeDefined();

  const landed = await browser.navigate(action!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }),
  });
  return { browser, preLoginSid, html, landed };
}

const json = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('sign-in with the development issuer', () => {
  it('signs in through the OIDC flow, under a new session id, and answers the user', async () => {
    const { browser, preLoginSid, html, landed } = await signIn('Casey.Driver@Example.com');

    // The sign-in page: a field labelled 'Email' and a 'Sign in' button, no consent screen afterwards.
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(browser.hops.some((hop) => /consent/i.test(hop.url))).toBe(false);

    // The callback redirects to / (the shell) with the session cookie.
    const callback = browser.hops.find((hop) => hop.url.startsWith(`${gateway.url}/api/callback?`))!;
    expect(callback).toMatchObject({ status: 302, location: '/' });
    const cookie = callback.setCookies.find((line) => line.startsWith('tms.sid='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // APP_URL is http here
    expect(landed.status).toBe(200);
    expect(browser.hops.at(-1)!.url).toBe(`${gateway.url}/`);

    const me = await json(await browser.request('/api/auth/user'));
    expect(me).toEqual({
      status: 200,
      body: { id: expect.stringMatching(UUID), email: 'casey.driver@example.com', firstName: null, lastName: null, profileImageUrl: null },
    });

    const sid = sessionId(browser.cookie('tms.sid')?.value);
    expect(preLoginSid).toBeDefined();
    expect(sid).toBeDefined();
    expect(sid).not.toBe(preLoginSid);
    const sessions = await db.query<{ sid: string; sess: { passport?: { user?: string } }; expire: Date }>(
      'SELECT sid, sess, expire FROM gateway.sessions WHERE sid = ANY($1)',
      [[sid, preLoginSid]],
    );
    expect(sessions.map((row) => row.sid)).toEqual([sid]); // the pre-login session is gone
    expect(sessions[0].sess.passport?.user).toBe(me.body.id);
    // Idle for SESSION_IDLE_SECONDS (default an hour) and it is over.
    expect(sessions[0].expire.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    expect(sessions[0].expire.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000 + 1000); // stored to the second

    const users = await db.query('SELECT id, email, first_name AS "firstName", last_name AS "lastName" FROM gateway.users WHERE email = $1', ['casey.driver@example.com']);
    expect(users).toEqual([{ id: me.body.id, email: 'casey.driver@example.com', firstName: null, lastName: null }]);
  });

  it('signs the same e-mail in as the same user, and another e-mail as another user', async () => {
    const first = await json(await (await signIn('pat@example.com')).browser.request('/api/auth/user'));
    const again = await json(await (await signIn('PAT@example.com')).browser.request('/api/auth/user'));
    const other = await json(await (await signIn('lee@example.com')).browser.request('/api/auth/user'));
    expect(again.body.id).toBe(first.body.id);
    expect(other.body).toMatchObject({ email: 'lee@example.com' });
    expect(other.body.id).not.toBe(first.body.id);
    const [{ count }] = await db.query<{ count: string }>('SELECT count(*) FROM gateway.users WHERE email IN ($1, $2)', ['pat@example.com', 'lee@example.com']);
    expect(count).toBe('2');
  });

  it('asks again for an address that is not one', async () => {
    const browser = new Browser(gateway.url);
    const page = await browser.navigate('/api/login');
    const action = /action="([^"]+)"/.exec(await page.text())![1];
    const answer = await browser.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'not-an-address' }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/role="alert">Enter a valid e-mail address\./);
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    const browser = new Browser(gateway.url);
    await browser.request('/api/login');
    const answer = await browser.request('/api/callback?code=stolen&state=forged');
    expect(answer.status).toBe(401);
    expect(await answer.text()).toMatch(/Sign-in failed/);
    expect((await browser.request('/api/auth/user')).status).toBe(401);
  });

  it('logs what a callback carries as one escaped line, never a stack trace', async () => {
    const forged = 'FORGED-LINE ERROR [Gateway] admin signed in';
    const browser = new Browser(gateway.url);
    await browser.request('/api/login');
    const refused = await browser.request(`/api/callback?error=server_error&error_description=${encodeURIComponent(`bad\n${forged}`)}`);
    expect(refused.status).toBe(502);
    // A callback without the sign-in's cookie at all.
    expect((await fetch(`${gateway.url}/api/callback?code=x&state=y`, { redirect: 'manual' })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = gateway.output().split('\n');
    expect(lines.some((line) => line.startsWith(forged))).toBe(false);
    expect(lines.some((line) => line.includes(`bad\\u000a${forged}`))).toBe(true);
    expect(lines.filter((line) => /^\s+at /.test(line))).toEqual([]);
  });

  it('signs out: destroys the session, clears the cookie and goes to the landing page', async () => {
    const { browser } = await signIn('sam@example.com');
    const cookieValue = browser.cookie('tms.sid')!.value;
    const sid = sessionId(cookieValue);
    expect(await db.query('SELECT 1 FROM gateway.sessions WHERE sid = $1', [sid])).toHaveLength(1);

    const logout = await browser.request('/api/logout');
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');
    expect(logout.headers.getSetCookie().join()).toMatch(/tms\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(browser.cookie('tms.sid')).toBeUndefined();

    expect(await db.query('SELECT 1 FROM gateway.sessions WHERE sid = $1', [sid])).toHaveLength(0);
    expect(await json(await browser.request('/api/auth/user'))).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    // Replaying the old cookie does not bring the session back.
    const replay = await fetch(`${gateway.url}/api/auth/user`, { headers: { cookie: `tms.sid=${cookieValue}` } });
    expect(replay.status).toBe(401);
  });
});

describe('the sign-in gate and public routes', () => {
  it('answers 401 on /api without a session', async () => {
    for (const url of ['/api/trucks', '/api/trucks/1', '/api/auth/user', '/api/health', '/api/anything']) {
      expect(await json(await fetch(`${gateway.url}${url}`))).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    }
    const post = await fetch(`${gateway.url}/api/trucks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await json(post)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('answers /healthz and /runtime-config.json without a session, honouring REMOTE_FLEET_URL', async () => {
    expect(await json(await fetch(`${gateway.url}/healthz`))).toEqual({ status: 200, body: { status: 'ok' } });
    const config = await fetch(`${gateway.url}/runtime-config.json`);
    expect(config.headers.get('cache-control')).toBe('no-cache');
    expect(await json(config)).toEqual({
      status: 200,
      body: {
        remotes: {
          dispatch: '/remotes/dispatch/mf-manifest.json',
          fleet: FLEET_URL,
          accounting: '/remotes/accounting/mf-manifest.json',
          safety: '/remotes/safety/mf-manifest.json',
        },
      },
    });
  });

  it('serves the shell, and its index.html for client-side routes, but never for /api or missing files', async () => {
    for (const url of ['/', '/fleet', '/drivers/123', '/no-such-page']) {
      const page = await fetch(`${gateway.url}${url}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<title>TMS shell</title>');
    }
    expect((await fetch(`${gateway.url}/main.abc123.js`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/missing.abc123.js`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/remotes/nosuch/remoteEntry.js`)).status).toBe(404);
    const api = await fetch(`${gateway.url}/api/a/b/c`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/json/);
  });
});

describe('forwarding /api/{resource} to the owning service over NATS', () => {
  const truck = { id: '0b6f2a52-7e4c-4d59-9c51-7f0b0b1b2c3d', truckNumber: 'T-100' };
  let browser: Browser;
  let responder: Responder;

  beforeAll(async () => {
    browser = (await signIn('dispatcher@example.com')).browser;
    responder = await Responder.start([`${root}.core.>`], (subject, data) => {
      const payload = data as Record<string, unknown>;
      switch (subject.slice(root.length + 1)) {
        case 'core.health':
          return { ok: true, data: { service: 'svc-core', status: 'up' } };
        case 'core.trucks.list':
          // Two pages, as svc-core pages a long list: the gateway joins them into one array.
          return payload.after === 'page-2'
            ? { ok: true, data: { rows: Buffer.from(JSON.stringify([{ ...truck, id: 'second' }])), next: null } }
            : { ok: true, data: { rows: Buffer.from(JSON.stringify([truck])), next: 'page-2' } };
        case 'core.trucks.get':
          return payload.id === truck.id ? { ok: true, data: truck } : { ok: false, error: { code: 'not_found', message: 'Truck not found' } };
        case 'core.trucks.create':
          if (payload.truckNumber === '') {
            return invalidInput({ truckNumber: ['Truck number is required'] });
          }
          if (payload.truckNumber === truck.truckNumber) {
            return { ok: false, error: { code: 'conflict', message: 'Truck number already exists', issues: { truckNumber: ['Truck number already exists'] } } };
          }
          return { ok: true, data: { id: 'new-id', ...payload } };
        case 'core.trucks.update':
          return { ok: true, data: { ...truck, ...(payload.changes as object) } };
        case 'core.trucks.delete':
          return { ok: true, data: { id: payload.id } };
        case 'core.drivers.list':
          return { ok: false, error: { code: 'internal', message: 'relation "core.drivers" does not exist' } };
        case 'core.drivers.get':
          return undefined; // a service that never answers
        default:
          return { ok: false, error: { code: 'invalid', message: `unexpected ${subject}` } };
      }
    });
  }, 60_000);

  afterAll(async () => {
    await responder?.stop().catch(() => undefined);
  });

  const send = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    browser.request(url, {
      method,
      headers: { 'content-type': 'application/json', origin: gateway.url, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const lastReceived = () => responder.received.at(-1)!;

  it('lists (200) page by page as one JSON array, compressed when the client accepts it', async () => {
    const before = responder.received.length;
    const answer = await browser.request('/api/trucks', { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(await json(answer)).toEqual({ status: 200, body: [truck, { ...truck, id: 'second' }] });
    expect(responder.received.slice(before)).toEqual([
      { subject: `${root}.core.trucks.list`, data: {} },
      { subject: `${root}.core.trucks.list`, data: { after: 'page-2' } },
    ]);
  });

  it('gets one (200) with { id }, and answers 404 for a missing one', async () => {
    expect(await json(await browser.request(`/api/trucks/${truck.id}`))).toEqual({ status: 200, body: truck });
    expect(lastReceived()).toEqual({ subject: `${root}.core.trucks.get`, data: { id: truck.id } });
    expect(await json(await browser.request('/api/trucks/missing'))).toEqual({ status: 404, body: { message: 'Truck not found' } });
  });

  it('creates (201) with the body as payload; 400 with field issues; 409 on a conflict', async () => {
    expect(await json(await send('POST', '/api/trucks', { truckNumber: 'T-200', type: 'Semi' }))).toEqual({
      status: 201,
      body: { id: 'new-id', truckNumber: 'T-200', type: 'Semi' },
    });
    expect(lastReceived()).toEqual({ subject: `${root}.core.trucks.create`, data: { truckNumber: 'T-200', type: 'Semi' } });
    expect(await json(await send('POST', '/api/trucks', { truckNumber: '' }))).toEqual({
      status: 400,
      body: { message: INVALID_INPUT, issues: { truckNumber: ['Truck number is required'] } },
    });
    expect(await json(await send('POST', '/api/trucks', { truckNumber: 'T-100' }))).toEqual({
      status: 409,
      body: { message: 'Truck number already exists', issues: { truckNumber: ['Truck number already exists'] } },
    });
  });

  it('updates (200) with { id, changes } and deletes (204) with { id }', async () => {
    expect(await json(await send('PATCH', `/api/trucks/${truck.id}`, { truckNumber: 'T-101' }))).toEqual({
      status: 200,
      body: { ...truck, truckNumber: 'T-101' },
    });
    expect(lastReceived()).toEqual({ subject: `${root}.core.trucks.update`, data: { id: truck.id, changes: { truckNumber: 'T-101' } } });
    const deleted = await send('DELETE', `/api/trucks/${truck.id}`);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect(lastReceived()).toEqual({ subject: `${root}.core.trucks.delete`, data: { id: truck.id } });
  });

  it('answers a plain 500 for an internal error, without the service text', async () => {
    expect(await json(await browser.request('/api/drivers'))).toEqual({
      status: 500,
      body: { message: SOMETHING_WENT_WRONG },
    });
  });

  it('answers 404 for a resource nobody owns, without asking any service', async () => {
    const before = responder.received.length;
    for (const url of ['/api/spaceships', '/api/constructor', '/api/__proto__/1']) {
      expect(await json(await browser.request(url))).toEqual({ status: 404, body: { message: 'Not found' } });
    }
    expect(responder.received.length).toBe(before);
  });

  it('refuses a state-changing request from another origin with 403, before it reaches a service', async () => {
    const before = responder.received.length;
    for (const [method, url] of [['POST', '/api/trucks'], ['PATCH', `/api/trucks/${truck.id}`], ['DELETE', `/api/trucks/${truck.id}`]]) {
      const answer = await send(method, url, method === 'DELETE' ? undefined : { truckNumber: 'X' }, { origin: 'https://evil.example' });
      expect(await json(answer)).toEqual({ status: 403, body: { message: 'Forbidden' } });
    }
    expect(responder.received.length).toBe(before);
    // A read from elsewhere is not refused by the origin check (SameSite and CORS keep its answer away).
    expect((await browser.request('/api/trucks', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });

  it('refuses a signed-in write that does not show it came from the app (no Origin), unless Sec-Fetch-Site says so', async () => {
    const noOrigin = await browser.request('/api/trucks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ truckNumber: 'T-200', type: 'Semi' }),
    });
    expect(await json(noOrigin)).toEqual({ status: 403, body: { message: 'Forbidden' } });
    const sameOrigin = await browser.request('/api/trucks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ truckNumber: 'T-200', type: 'Semi' }),
    });
    expect(sameOrigin.status).toBe(201);
  });

  it('refuses a body that is not what its Content-Encoding says, or nested too deeply, with 400 before any service', async () => {
    const before = responder.received.length;
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const answer = await send('POST', '/api/trucks', { truckNumber: 'T-200' }, { 'content-encoding': encoding });
      expect(await json(answer)).toEqual({ status: 400, body: { message: 'The request body could not be decoded as its Content-Encoding says.' } });
    }
    const deep = `{"truckNumber":"T-200","make":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const answer = await browser.request('/api/trucks', { method: 'POST', headers: { 'content-type': 'application/json', origin: gateway.url }, body: deep });
    expect(await json(answer)).toEqual({ status: 400, body: { message: 'The request body is nested too deeply (at most 32 levels).' } });
    expect(responder.received.length).toBe(before);
  });

  it("answers 400 'Invalid JSON' for a malformed body", async () => {
    const answer = await browser.request('/api/trucks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: gateway.url },
      body: '{"truckNumber": ',
    });
    expect(await json(answer)).toEqual({ status: 400, body: { message: 'Invalid JSON' } });
  });

  it('reports each service in /api/health', async () => {
    expect(await json(await browser.request('/api/health'))).toEqual({
      status: 200,
      body: { status: 'degraded', services: { gateway: 'up', core: 'up', accounting: 'down', telematics: 'down', ai: 'down' } },
    });
  });

  it('answers 503 within 5 s when a service does not answer in time', async () => {
    const started = Date.now();
    expect(await json(await browser.request(`/api/drivers/${truck.id}`))).toEqual({ status: 503, body: UNAVAILABLE });
    expect(Date.now() - started).toBeLessThanOrEqual(5000);
  });

  it('answers 503 within 5 s when no service is there at all', async () => {
    await responder.stop();
    const started = Date.now();
    expect(await json(await browser.request('/api/trucks'))).toEqual({ status: 503, body: UNAVAILABLE });
    expect(await json(await send('POST', '/api/trucks', { truckNumber: 'T-300' }))).toEqual({ status: 503, body: UNAVAILABLE });
    expect(Date.now() - started).toBeLessThanOrEqual(5000);
    const health = await json(await browser.request('/api/health'));
    expect(health.body).toEqual({ status: 'degraded', services: { gateway: 'up', core: 'down', accounting: 'down', telematics: 'down', ai: 'down' } });
  });
});

describe('security headers', () => {
  it('sends nosniff, refuses framing, and sends a CSP and a Referrer-Policy on pages and API answers', async () => {
    for (const url of ['/', '/fleet', '/api/auth/user', '/api/login', '/oidc/.well-known/openid-configuration', '/healthz']) {
      const { headers } = await fetch(`${gateway.url}${url}`, { redirect: 'manual' });
      expect([url, headers.get('x-content-type-options')]).toEqual([url, 'nosniff']);
      expect([url, headers.get('x-frame-options')]).toEqual([url, 'DENY']);
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(headers.get('referrer-policy')).toBe('same-origin');
    }
    // The shell may load the remotes runtime configuration names, from their own origins.
    const csp = (await fetch(`${gateway.url}/`)).headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' https:\/\/fleet\.cdn\.example\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/fleet\.cdn\.example\.com/);
  });
});

describe('session lifetime (SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS)', () => {
  it('signs a session out when it goes unused, and after its maximum age however busy', async () => {
    const short = await startGateway({
      PORT: String(await freePort()),
      DATABASE_URL: db.url,
      NATS_SUBJECT_ROOT: root,
      SHELL_DIST: shellDir,
      SESSION_IDLE_SECONDS: '2',
      SESSION_MAX_SECONDS: '5',
    });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const user = async (cookie: string) => (await fetch(`${short.url}/api/auth/user`, { headers: { cookie } })).status;
    try {
      const idle = await signInWithCookie(short.url, 'idle@example.com');
      expect(await user(idle)).toBe(200);
      await sleep(3000);
      expect(await user(idle)).toBe(401);

      const busy = await signInWithCookie(short.url, 'busy@example.com');
      for (let second = 0; second < 4; second += 1) {
        expect(await user(busy)).toBe(200); // each request renews the idle time
        await sleep(1000);
      }
      await sleep(1500);
      expect(await user(busy)).toBe(401);
    } finally {
      await short.stop();
    }
  }, 60_000);
});

describe('sign-in with an external issuer (OIDC_ISSUER_URL)', () => {
  it('discovers the issuer, signs in and maps its claims to the user', async () => {
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const issuer = await startExternalIssuer({
      redirectUri: `${appUrl}/api/callback`,
      claims: {
        email: 'Robin.Roe@Example.com',
        email_verified: true,
        given_name: 'Robin',
        family_name: 'Roe',
        picture: 'https://images.example.com/robin.png',
      },
    });
    const external = await startGateway({
      PORT: String(port),
      DATABASE_URL: db.url,
      NATS_SUBJECT_ROOT: root,
      OIDC_ISSUER_URL: issuer.issuer,
      OIDC_CLIENT_ID: issuer.clientId,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
    });
    try {
      expect(external.output()).not.toMatch(/DEVELOPMENT sign-in issuer/);
      expect((await fetch(`${external.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);

      const browser = new Browser(external.url);
      const login = await browser.request('/api/login');
      expect(login.headers.get('location')).toMatch(new RegExp(`^${issuer.issuer}/auth\\?.*scope=openid%20email%20profile`));
      expect(new URL(login.headers.get('location')!).searchParams.get('state')).toBeTruthy();
      await browser.navigate(login.headers.get('location')!);
      expect(browser.hops.find((hop) => hop.url.startsWith(`${external.url}/api/callback?`))).toMatchObject({ status: 302, location: '/' });

      expect(await json(await browser.request('/api/auth/user'))).toEqual({
        status: 200,
        body: {
          id: expect.stringMatching(UUID),
          email: 'robin.roe@example.com',
          firstName: 'Robin',
          lastName: 'Roe',
          profileImageUrl: 'https://images.example.com/robin.png',
        },
      });
      expect(external.output()).not.toContain(issuer.clientSecret);
      expect(external.output()).toMatch(/OIDC_ALLOWED_DOMAINS and OIDC_ALLOWED_EMAILS are empty: anyone with an account at the issuer may sign in/);
    } finally {
      await external.stop();
      await issuer.stop();
    }
  }, 60_000);

  it('lets in only the domains and addresses of OIDC_ALLOWED_DOMAINS and OIDC_ALLOWED_EMAILS', async () => {
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    let email = 'pat@outsider.example';
    const issuer = await startExternalIssuer({ redirectUri: `${appUrl}/api/callback`, claims: () => ({ email, email_verified: true }) });
    const external = await startGateway({
      PORT: String(port),
      DATABASE_URL: db.url,
      NATS_SUBJECT_ROOT: root,
      OIDC_ISSUER_URL: issuer.issuer,
      OIDC_CLIENT_ID: issuer.clientId,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
      OIDC_ALLOWED_DOMAINS: 'carrier.example, @haul.example',
      OIDC_ALLOWED_EMAILS: 'Dana@Partner.example',
    });
    const signInAs = async (address: string) => {
      email = address;
      const browser = new Browser(external.url);
      const login = await browser.request('/api/login');
      const landed = await browser.navigate(login.headers.get('location')!);
      return { status: landed.status, text: await landed.text(), user: (await browser.request('/api/auth/user')).status };
    };
    try {
      expect(external.output()).not.toMatch(/are empty/);
      const refused = await signInAs('pat@outsider.example');
      expect(refused).toMatchObject({ status: 403, user: 401 });
      expect(refused.text).toMatch(/<h1>Access not allowed<\/h1>/);
      expect(refused.text).toContain('pat@outsider.example may not sign in to this TMS.');
      expect(await db.query(`SELECT 1 FROM gateway.users WHERE email = 'pat@outsider.example'`)).toHaveLength(0);
      for (const allowed of ['lee@carrier.example', 'kim@haul.example', 'dana@partner.example']) {
        expect([allowed, (await signInAs(allowed)).user]).toEqual([allowed, 200]);
      }
      expect((await signInAs('dana2@partner.example')).user).toBe(401);
    } finally {
      await external.stop();
      await issuer.stop();
    }
  }, 60_000);

  it('refuses to start with an allow list entry that is no domain or address, naming it', async () => {
    const { code, output } = await runUntilExit({ OIDC_ALLOWED_DOMAINS: 'carrier.example, not a domain!', PORT: String(await freePort()) });
    expect(code).not.toBe(0);
    expect(output).toMatch(/OIDC_ALLOWED_DOMAINS must list entries like example\.com, separated by commas \(got "not"\)/);
  }, 30_000);
});

describe('start-up', () => {
  it('refuses to start with the development issuer under NODE_ENV=production', async () => {
    const { code, output } = await runUntilExit({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PORT: String(await freePort()) });
    expect(code).not.toBe(0);
    expect(output).toMatch(/OIDC_ISSUER_URL is not set.*NODE_ENV=production/);
    expect(output).not.toMatch(/listening on/);
  }, 30_000);

  it('refuses to start when the OIDC issuer cannot be reached, saying so', async () => {
    const { code, output } = await runUntilExit({
      OIDC_ISSUER_URL: `http://127.0.0.1:${await freePort()}/realms/tms`,
      OIDC_CLIENT_ID: 'tms',
      OIDC_CLIENT_SECRET: 'never-logged-secret',
      PORT: String(await freePort()),
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(/Cannot read the OIDC discovery document at http:\/\/127\.0\.0\.1:\d+\/realms\/tms\/\.well-known\/openid-configuration/);
    expect(output).not.toContain('never-logged-secret');
  }, 30_000);

  it('exits with 0 on SIGTERM, so its supervisor stops it instead of restarting it', async () => {
    const other = await startGateway({ PORT: String(await freePort()), DATABASE_URL: db.url, NATS_SUBJECT_ROOT: root, SHELL_DIST: shellDir });
    const code = await other.stop();
    // Its own output says what it was waiting for, should it not exit in time.
    if (code !== 0) throw new Error(`The gateway exited with ${code} after SIGTERM:\n${other.output()}`);
    expect(other.output()).toMatch(/SIGTERM: stopping/);
  }, 30_000);
});
