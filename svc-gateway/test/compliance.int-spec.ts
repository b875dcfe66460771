import ICAL from 'ical.js';
import pg from 'pg';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * Compliance through the whole built system: the list signed in, its CSV, and the calendar feed a calendar app
 * subscribes to with the key of a link made in Settings (no cookie), parsed here as a calendar app parses it.
 * The boundaries of each kind are svc-core's test (svc-core/test/compliance.int-spec.ts).
 */
let system: RunningSystem;
let clerk: string;
let other: string;

async function api(cookie: string | undefined, method: string, path: string, body?: unknown) {
  const response = await fetch(`${system.url}/api${path}`, {
    method,
    headers: { origin: system.url, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response;
}
const json = async (response: Response) => response.json() as Promise<any>;

/** YYYY-MM-DD `days` from today in the company's time zone (COMPANY_TIME_ZONE: the default, America/Chicago). */
function day(days: number): string {
  const [year, month, date] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date()).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The events of a feed as a calendar app reads them: uid → [summary, the all-day start date]. */
function eventsOf(ics: string): Map<string, [string, string]> {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return new Map(
    calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      expect(event.startDate.isDate).toBe(true);
      return [event.uid, [event.summary, event.startDate.toString()]];
    }),
  );
}

let driverId: string;
let truckId: string;

beforeAll(async () => {
  // Sign-in allowed for example.com only: a calendar link works only while its owner may sign in.
  system = await startIsolatedSystem({ label: 'compliance', env: { OIDC_ALLOWED_DOMAINS: 'example.com' } });
  clerk = await signIn(system.url, 'safety.clerk@example.com');
  other = await signIn(system.url, 'dispatcher@example.com');
  const driver = await api(clerk, 'POST', '/drivers', {
    name: 'Quinn, "Q" =Lopez', email: 'quinn@example.com', phone: '555-0100', licenseNumber: 'CDL-Q1', status: 'on-duty',
    licenseExpiration: day(10), medicalCardExpiration: day(-2),
  });
  expect(driver.status).toBe(201);
  driverId = (await json(driver)).id;
  const truck = await api(clerk, 'POST', '/trucks', { truckNumber: 'Q-1', type: 'Dry Van', status: 'available', licensePlate: 'QQ 1' });
  truckId = (await json(truck)).id;
}, 120_000);

afterAll(async () => {
  await system?.stop();
}, 60_000);

describe('GET /api/compliance', () => {
  it('answers what needs attention to a signed-in user, expired first, and 401 to anyone else', async () => {
    expect((await api(undefined, 'GET', '/compliance')).status).toBe(401);
    expect((await api(undefined, 'GET', '/compliance.csv')).status).toBe(401);
    const items = await json(await api(clerk, 'GET', '/compliance'));
    expect(items.map((item: any) => [item.kind, item.subjectId, item.status, item.dueDate, item.daysLeft])).toEqual([
      ['medical', driverId, 'expired', day(-2), -2],
      ['annual-inspection', truckId, 'missing', null, null],
      ['cdl', driverId, 'due-soon', day(10), 10],
    ]);
  });

  it('exports the list as a CSV a spreadsheet opens safely', async () => {
    const response = await api(clerk, 'GET', '/compliance.csv');
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="compliance-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Status,Kind,Subject Type,Subject,Due Date,Days Left,Message');
    expect(lines[1]).toBe(`Expired,medical,driver,"Quinn, ""Q"" =Lopez",${day(-2)},-2,"Medical card of Quinn, ""Q"" =Lopez expired 2 days ago"`);
    expect(lines[2]).toBe('Missing,annual-inspection,truck,Q-1,,,Truck Q-1 has no passed annual inspection on file');
  });
});

describe('the compliance calendar', () => {
  it('is reached only with the key of a current link, which is shown once and replaced by the next', async () => {
    expect(await json(await api(clerk, 'GET', '/calendar-feed'))).toEqual({ createdAt: null, expiresAt: null });
    const made = await json(await api(clerk, 'POST', '/calendar-feed'));
    expect(made.url).toMatch(new RegExp(`^${system.url}/api/compliance\\.ics\\?key=[\\w-]{43}$`));
    expect((await json(await api(clerk, 'GET', '/calendar-feed'))).createdAt).toBe(made.createdAt);

    const feed = await fetch(made.url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const events = eventsOf(await feed.text());
    // One all-day event per dated item, on its due date; the missing inspection has no date and no event.
    expect([...events.values()].sort()).toEqual([
      ['CDL expires: Quinn, "Q" =Lopez', day(10)],
      ['Medical card expires: Quinn, "Q" =Lopez', day(-2)],
    ]);

    const replaced = await json(await api(clerk, 'POST', '/calendar-feed'));
    expect((await fetch(made.url)).status).toBe(404);
    expect((await fetch(replaced.url)).status).toBe(200);
    // Another user's link is their own; a made-up key or none at all is a 404.
    const theirs = await json(await api(other, 'POST', '/calendar-feed'));
    expect((await fetch(theirs.url)).status).toBe(200);
    expect((await fetch(replaced.url)).status).toBe(200);
    expect((await fetch(`${system.url}/api/compliance.ics?key=${'A'.repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${system.url}/api/compliance.ics`)).status).toBe(404);
    expect((await api(undefined, 'POST', '/calendar-feed')).status).toBe(401);
  });

  it('ends: revoked without a new one, a year after it was made unless renewed, and when its owner may no longer sign in', async () => {
    const database = new pg.Client({ connectionString: system.databaseUrl });
    await database.connect();
    try {
      const made = await json(await api(clerk, 'POST', '/calendar-feed'));
      const yearOn = (from: string) => new Date(new Date(from).getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
      expect(made.expiresAt.slice(0, 10)).toBe(yearOn(made.createdAt));
      // Revoked: the link stops at once, and none is made in its place.
      expect((await api(clerk, 'DELETE', '/calendar-feed')).status).toBe(204);
      expect((await fetch(made.url)).status).toBe(404);
      expect(await json(await api(clerk, 'GET', '/calendar-feed'))).toEqual({ createdAt: null, expiresAt: null });
      const renewNone = await api(clerk, 'POST', '/calendar-feed/renew');
      expect([renewNone.status, (await json(renewNone)).message]).toEqual([404, 'There is no calendar link to renew: create one.']);

      // Past its end it stops; renewed, the same link works for another year from today.
      const link = await json(await api(clerk, 'POST', '/calendar-feed'));
      await database.query(`UPDATE gateway.calendar_feeds SET expires_at = now() - interval '1 minute'`);
      expect((await fetch(link.url)).status).toBe(404);
      const renewed = await json(await api(clerk, 'POST', '/calendar-feed/renew'));
      expect(renewed).toEqual({ createdAt: link.createdAt, expiresAt: expect.any(String) });
      expect(renewed.expiresAt.slice(0, 10)).toBe(yearOn(new Date().toISOString()));
      expect((await fetch(link.url)).status).toBe(200);

      // Its owner no longer allowed to sign in (OIDC_ALLOWED_DOMAINS is example.com): the link stops too.
      const moved = (from: string, to: string) => database.query(`UPDATE gateway.users SET email = $2 WHERE email = $1`, [from, to]);
      await moved('safety.clerk@example.com', 'safety.clerk@elsewhere.example');
      expect((await fetch(link.url)).status).toBe(404);
      await moved('safety.clerk@elsewhere.example', 'safety.clerk@example.com');
      expect((await fetch(link.url)).status).toBe(200);
    } finally {
      await database.end();
    }
  });

  it('keeps an item under its UID when its date changes, and drops it when it is put right', async () => {
    const { url } = await json(await api(clerk, 'POST', '/calendar-feed'));
    const before = eventsOf(await (await fetch(url)).text());
    const cdlUid = [...before].find(([, [summary]]) => summary.startsWith('CDL'))![0];
    expect((await api(clerk, 'PATCH', `/drivers/${driverId}`, { licenseExpiration: day(20), medicalCardExpiration: day(400) })).status).toBe(200);
    const after = eventsOf(await (await fetch(url)).text());
    expect([...after]).toEqual([[cdlUid, ['CDL expires: Quinn, "Q" =Lopez', day(20)]]]);
  });
});
