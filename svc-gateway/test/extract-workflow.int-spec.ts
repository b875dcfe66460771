import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CUSTOMER_MESSAGES, LOAD_MESSAGES, type Customer, type ExtractLoadResult, type Load } from '@tms/contracts';
import { httpRequest } from './support/http-request.js';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * Issue 47 point 7 through the whole built system: extraction that fits the workflow. The load dialog asks whether a
 * dropped document's load number is taken (GET /api/loads/by-number); the answer of POST /api/extract-load names the
 * document's sender, which the dialog matches to a customer by name or by its MC number (a customer's new field,
 * which a CSV export and import carry as any other).
 */
let system: RunningSystem;
let cookie: string;
const run = Date.now().toString(36);
const OWN = path.resolve('svc-ai/test/documents');

const request = (method: string, url: string, body?: unknown) => httpRequest(system.url, cookie, method, url, body);
const dataUrl = (type: string, data: Uint8Array | string) => `data:${type};base64,${Buffer.from(data).toString('base64')}`;

async function created<T>(resource: string, body: unknown): Promise<T> {
  const answer = await request('POST', `/api/${resource}`, body);
  if (answer.status !== 201) throw new Error(`POST /api/${resource}: ${answer.status} ${answer.data.toString()}`);
  return answer.json as T;
}
const customerFields = (name: string, fields: Record<string, unknown> = {}) => ({
  name, email: `dispatch-${run}@${name.toLowerCase().replace(/\W+/g, '')}.example`, phone: '555-0100', address: '1 Main St, Omaha, NE', type: 'shipper', ...fields,
});

beforeAll(async () => {
  system = await sharedSystem();
  cookie = await signIn(system.url, 'extract-workflow@example.com');
}, 120_000);

describe('GET /api/loads/by-number', () => {
  it('answers the load with that number, trimmed as numbers are stored, or null', async () => {
    const customer = await created<Customer>('customers', customerFields(`ByNumber ${run}`));
    const load = await created<Load>('loads', {
      loadNumber: `BYNUM-${run}`, customerId: customer.id, status: 'pending', pickupLocation: 'Joliet, IL', pickupDate: '2027-03-01',
      deliveryLocation: 'El Paso, TX', deliveryDate: '2027-03-03', rate: '4200.00',
    });
    const found = await request('GET', `/api/loads/by-number?loadNumber=BYNUM-${run}`);
    expect(found.status).toBe(200);
    expect(found.json).toEqual({ load: { id: load.id, loadNumber: `BYNUM-${run}`, status: 'pending' } });
    expect((await request('GET', `/api/loads/by-number?loadNumber=${encodeURIComponent(`  BYNUM-${run} `)}`)).json.load?.id).toBe(load.id);
    // Numbers are compared as they are stored: another case is another number, as the unique key has it.
    expect((await request('GET', `/api/loads/by-number?loadNumber=bynum-${run}`)).json).toEqual({ load: null });
    expect((await request('GET', `/api/loads/by-number?loadNumber=NONE-${run}`)).json).toEqual({ load: null });
  });

  it('answers 400 with the field message for no number, and 401 to no one signed in', async () => {
    for (const query of ['', '?loadNumber=', '?loadNumber=%20%20', '?loadNumber=A&loadNumber=B']) {
      const answer = await request('GET', `/api/loads/by-number${query}`);
      expect(answer.status).toBe(400);
      expect(answer.json.issues).toEqual({ loadNumber: [LOAD_MESSAGES.loadNumber] });
    }
    expect((await httpRequest(system.url, undefined, 'GET', `/api/loads/by-number?loadNumber=BYNUM-${run}`)).status).toBe(401);
  });
});

describe("a customer's MC number (issue 47)", () => {
  it('is kept as written, empty when left out, refused when it is not one', async () => {
    const broker = await created<Customer>('customers', customerFields(`MC Broker ${run}`, { mcNumber: ' MC-889123 ' }));
    expect(broker.mcNumber).toBe('MC-889123');
    expect((await created<Customer>('customers', customerFields(`No MC ${run}`))).mcNumber).toBe('');
    const refused = await request('POST', '/api/customers', customerFields(`Bad MC ${run}`, { mcNumber: 'eight' }));
    expect(refused.status).toBe(400);
    expect(refused.json.issues).toEqual({ mcNumber: [CUSTOMER_MESSAGES.mcNumber] });
  });

  it('goes out in the CSV export and comes back through an import unchanged', async () => {
    const broker = await created<Customer>('customers', customerFields(`CSV Broker ${run}`, { mcNumber: 'MC 771234' }));
    const csv = (await request('GET', '/api/customers?format=csv')).data.toString('utf8');
    const [header, ...rows] = csv.split(/\r?\n/);
    expect(header.split(',')).toContain('mcNumber');
    const row = rows.find((line) => line.includes(broker.email));
    expect(row).toContain('MC 771234');
    const answer = await fetch(`${system.url}/api/customers/import?dryRun=false`, {
      method: 'POST', headers: { cookie, origin: system.url, 'content-type': 'text/csv' }, body: `${header}\r\n${row}\r\n`,
    });
    expect(await answer.json()).toMatchObject({ rows: 1, create: 0, unchanged: 1, errors: [] });
    expect(((await request('GET', `/api/customers/${broker.id}`)).json as Customer).mcNumber).toBe('MC 771234');
  });
});

describe("POST /api/extract-load names the document's sender", () => {
  it("from a rate confirmation's letterhead: name, MC number, address, phone and billing address", async () => {
    const answer = await request('POST', '/api/extract-load', { fileType: 'text/plain', fileData: dataUrl('text/plain', readFileSync(path.join(OWN, 'multistop-ratecon.txt'))) });
    expect(answer.status).toBe(200);
    expect((answer.json as ExtractLoadResult).sender).toEqual({
      name: 'SUMMIT FREIGHT BROKERAGE LLC', mcNumber: '889123', address: '1200 Commerce Blvd, Suite 400, Chicago, IL 60601', phone: '(312) 555-0199',
      billingEmail: 'ap@summitfreight.example',
    });
  });

  it("from an X12 204's bill-to party", async () => {
    const answer = await request('POST', '/api/extract-load', { fileType: 'text/plain', fileData: dataUrl('text/plain', readFileSync(path.join(OWN, 'edi-204-pipes.txt'))) });
    expect(answer.status).toBe(200);
    expect((answer.json as ExtractLoadResult).sender).toEqual({ name: 'Lakeshore Logistics', address: '900 Harbor Dr, Milwaukee, WI 53202' });
  });
});
