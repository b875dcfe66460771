import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { IMPORT_CONTENT_TYPES, IMPORT_MESSAGES } from '@tms/contracts';
import { JSON_ONLY } from '../src/http/request-body.js';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * A body the server cannot read is refused, never taken as empty (issue 51): every operation of the API document gets
 * a text/plain, a text/csv, a multipart/form-data and a malformed JSON body, as a signed-in browser (or a registered
 * device) would send them, and each is refused before anything is read into a change: 415 naming the type the route
 * takes, or 400 for JSON that does not parse. Afterwards nothing has changed: the audit trail (which every change
 * writes), the records named in the paths, the company profile, the quarter's IFTA rates, the devices' positions.
 */
let system: RunningSystem;
let cookie: string;
const real: Record<string, string> = {};
let deviceToken: string;

interface Answer {
  status: number;
  body: any;
}

/** One request with a body of the given type, on a connection of its own (node:http: fetch sends no GET body). */
function send(method: string, path: string, contentType: string | undefined, body: string | undefined, headers: Record<string, string> = {}): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${system.url}${path}`,
      {
        method,
        agent: false,
        headers: {
          origin: system.url,
          cookie,
          ...(contentType ? { 'content-type': contentType } : {}),
          ...(payload ? { 'content-length': payload.byteLength } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: response.statusCode!, body: parsed });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const json = async (method: string, path: string, body?: unknown) => {
  const answer = await send(method, path, body === undefined ? undefined : 'application/json', body === undefined ? undefined : JSON.stringify(body));
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

const BOUNDARY = 'tms-boundary';
const BODIES = [
  { name: 'text/plain', type: 'text/plain', body: 'name=Renamed by text' },
  { name: 'text/csv', type: 'text/csv', body: 'jurisdiction,rate\r\nTX,0.2000\r\n' },
  {
    name: 'multipart/form-data',
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nRenamed by form\r\n--${BOUNDARY}--\r\n`,
  },
  { name: 'malformed JSON', type: 'application/json', body: '{"name": "Renamed by JSON",' },
] as const;

/** What the state of the system reads as: compared before and after the refused requests. */
async function state() {
  return {
    audit: await json('GET', '/api/audit'),
    customer: await json('GET', `/api/customers/${real.customers}`),
    load: await json('GET', `/api/loads/${real.loads}`),
    company: await json('GET', '/api/company'),
    rates: await json('GET', '/api/reports/ifta/rates?year=2003&quarter=1'),
    devices: await json('GET', '/api/devices'),
    positions: await json('GET', '/api/gps/latest'),
  };
}

beforeAll(async () => {
  system = await startIsolatedSystem({ label: 'body-types' });
  cookie = await signIn(system.url, 'bodies@example.com');
  const customer = await json('POST', '/api/customers', { name: 'Acme Freight', email: 'ap@acme.example', phone: '555-0100', address: '1 Main St, Joliet, IL', type: 'shipper' });
  real.customers = customer.id;
  const load = await json('POST', '/api/loads', {
    loadNumber: 'LD-BODY-1', customerId: customer.id, status: 'delivered', pickupLocation: 'Joliet, IL', pickupDate: '2026-11-02',
    deliveryLocation: 'El Paso, TX', deliveryDate: '2026-11-04', rate: '2975.00',
  });
  real.loads = load.id;
  const device = await json('POST', '/api/devices', { name: 'Tracker 1' });
  real.devices = device.id;
  deviceToken = device.token;
  await json('PUT', '/api/company', { name: 'Body Carriers', address: '2 Dock Rd, Joliet, IL', mcNumber: 'MC-123456', paymentTermsDays: 15 });
  await json('PUT', '/api/reports/ifta/rates?year=2003&quarter=1', [{ jurisdiction: 'TX', rate: '0.2000' }, { jurisdiction: 'OK', rate: '0.1900' }]);
}, 120_000);

afterAll(async () => {
  await system?.stop();
}, 30_000);

/** `{id}` as a record that exists where the test made one of its resource, else an id that names nothing. */
const filled = (path: string) => path.replace(/\/api\/([^/]+)\/\{id\}/, (_, resource: string) => `/api/${resource}/${real[resource] ?? randomUUID()}`).replace(/\{\w+\}/g, randomUUID());

test('every route refuses a body it cannot read, and nothing changes', async () => {
  const document = await json('GET', '/api/openapi.json');
  type Operation = { security?: { deviceToken?: unknown }[]; requestBody?: { content?: Record<string, unknown> } };
  const operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      device: operation.security?.some((scheme) => 'deviceToken' in scheme) ?? false,
      // A resource's import, a factor's report (issue 45) and a fuel card statement (issue 48) take a CSV, as the document says.
      takesCsv: 'text/csv' in (operation.requestBody?.content ?? {}),
    })),
  );
  expect(operations.length).toBeGreaterThan(60);
  const before = await state();
  const wrong: string[] = [];
  let checked = 0;
  for (const { method, path, device, takesCsv: importsCsv } of operations) {
    // Signing out reads no body: a form or anything else signs out (and would end this test's session). Outside /api
    // (health, runtime configuration) no route takes a body.
    if (path === '/api/logout' || !path.startsWith('/api/')) continue;
    for (const { name, type, body } of BODIES) {
      // A factor's report takes its kind, a fuel card statement (issue 48) its layout.
      const query = path.endsWith('/import') ? '?dryRun=false' : importsCsv ? '?kind=purchase&layout=generic&dryRun=true' : path.startsWith('/api/reports/ifta') ? '?year=2003&quarter=1' : '';
      const target = `${filled(path)}${query}`;
      const answer = await send(method, target, type, body, device ? { authorization: `Bearer ${deviceToken}` } : {});
      checked += 1;
      const takesIt = importsCsv && (IMPORT_CONTENT_TYPES as readonly string[]).includes(type);
      const expected = importsCsv
        ? takesIt
          ? { status: 200 } // read as the CSV it is: its rows are not trucks, drivers or customers, so nothing is imported
          : { status: 415, message: IMPORT_MESSAGES.contentType }
        : name === 'malformed JSON'
          ? { status: 400, message: 'Invalid JSON' }
          : { status: 415, message: JSON_ONLY };
      const got = { status: answer.status, ...('message' in expected ? { message: answer.body?.message } : {}) };
      if (JSON.stringify(got) !== JSON.stringify(expected)) wrong.push(`${method} ${path} with ${name}: ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
    }
  }
  expect(wrong).toEqual([]);
  expect(checked).toBeGreaterThan(240);
  expect(await state()).toEqual(before);
}, 180_000);

test('a JSON body still saves: a PATCH with application/json changes the record, one with text/plain is refused', async () => {
  const refused = await send('PATCH', `/api/customers/${real.customers}`, 'text/plain', JSON.stringify({ name: 'Acme Two' }));
  expect(refused).toEqual({ status: 415, body: { message: JSON_ONLY } });
  expect((await json('GET', `/api/customers/${real.customers}`)).name).toBe('Acme Freight');
  const saved = await send('PATCH', `/api/customers/${real.customers}`, 'application/json; charset=utf-8', JSON.stringify({ name: 'Acme Two' }));
  expect([saved.status, saved.body.name]).toEqual([200, 'Acme Two']);
  const rates = await send('PUT', '/api/reports/ifta/rates?year=2003&quarter=1', 'text/csv', 'jurisdiction,rate\nTX,0.2000');
  expect(rates.status).toBe(415);
  expect((await json('GET', '/api/reports/ifta/rates?year=2003&quarter=1')).rates).toHaveLength(2);
}, 30_000);
