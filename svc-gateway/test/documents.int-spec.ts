import { createHash, randomBytes } from 'node:crypto';
import { Objm } from '@nats-io/obj';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { DOCUMENT_MAX_FILE_BYTES, DOCUMENT_MESSAGES, documentsBucket, type Customer, type Load, type LoadDocument } from '@tms/contracts';
import { config } from '@tms/service-kit';
import pg from 'pg';
import { httpRequest } from './support/http-request.js';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * A load's documents through the whole built system: gateway → JetStream object store → svc-core (rows in
 * core.documents, bytes in the run's documents bucket) and back as a streamed download. Files larger than a NATS
 * message may be (max_payload, 1 MB) are kept and read back byte for byte.
 */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let system: RunningSystem;
let cookie: string;
let nats: NatsConnection;
let database: pg.Client;
let root: string;
let loadId: string;

const dataUrl = (type: string, data: Uint8Array | string) => `data:${type};base64,${Buffer.from(data).toString('base64')}`;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A request as the app sends it, signed in unless said otherwise. */
const request = (method: string, path: string, body?: unknown, { signedIn = true } = {}) => httpRequest(system.url, signedIn ? cookie : undefined, method, path, body);

const upload = (load: string, fileName: string, fileType: string, data: Uint8Array, extra: Record<string, unknown> = {}) =>
  request('POST', `/api/loads/${load}/documents`, { fileName, fileType, fileSize: data.byteLength, fileData: dataUrl(fileType, data), ...extra });

async function createLoad(loadNumber: string): Promise<string> {
  const customers = await request('GET', '/api/customers');
  const customerId = (customers.json as Customer[])[0].id;
  const created = await request('POST', '/api/loads', {
    loadNumber, customerId, status: 'pending', pickupLocation: 'Joliet, IL', pickupDate: '2026-11-09',
    deliveryLocation: 'El Paso, TX', deliveryDate: '2026-11-10', rate: '5025.00',
  });
  if (created.status !== 201) throw new Error(`POST /api/loads: ${created.status} ${created.data.toString()}`);
  return (created.json as Load).id;
}

/** The stored object of a document, or null when the documents bucket has none by that id. */
async function storedObject(id: string) {
  const info = await (await new Objm(nats).open(documentsBucket(root))).info(id);
  return info && !info.deleted ? info : null;
}

beforeAll(async () => {
  system = await sharedSystem();
  // The run's subject root, as scripts/system.mjs makes it from the database's name (tms_{label}_{suffix}).
  root = new URL(system.databaseUrl).pathname.replace(/^\/tms_(\w+?)_(\w+)$/, '$1$2');
  cookie = await signIn(system.url, 'documents@example.com');
  nats = await connect({ servers: config.natsUrl });
  database = new pg.Client({ connectionString: system.databaseUrl });
  await database.connect();
  const customer = await request('POST', '/api/customers', {
    name: 'Keystone Freight', email: 'docs@keystone.example', phone: '555-0100', address: '1 Dock Rd, Joliet, IL', type: 'shipper',
  });
  expect(customer.status).toBe(201);
  loadId = await createLoad('DOC-1');
}, 120_000);

afterAll(async () => {
  await database?.end();
  await system?.stop();
  await nats?.drain();
}, 60_000);

describe('a load\'s documents', () => {
  it('keeps an uploaded file, lists it without its data, and downloads it as it was sent', async () => {
    const text = 'RATE CONFIRMATION\nLoad # SF118074\nPickup: Joliet, IL\n';
    const created = await upload(loadId, 'ratecon SF118074.txt', 'text/plain', Buffer.from(text), { documentType: 'Rate Confirmation' });
    expect(created.status).toBe(201);
    const document = created.json as LoadDocument;
    expect(document).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      loadId,
      fileName: 'ratecon SF118074.txt',
      fileType: 'text/plain',
      fileSize: Buffer.byteLength(text),
      documentType: 'Rate Confirmation',
      uploadedAt: expect.any(String),
    });

    const listed = await request('GET', `/api/loads/${loadId}/documents`);
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([document]);

    const downloaded = await request('GET', `/api/documents/${document.id}/download`);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-type']).toMatch(/^text\/plain/);
    expect(downloaded.headers['content-disposition']).toBe('attachment; filename="ratecon SF118074.txt"');
    expect(downloaded.data.toString('utf8')).toBe(text);
  });

  it('keeps a 5 MB file, more than a NATS message may carry, and gives back the same bytes', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5 * 1024 * 1024)]);
    const created = await upload(loadId, 'scan.pdf', 'application/pdf', pdf);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ fileSize: pdf.byteLength, documentType: 'Other' });

    const downloaded = await request('GET', `/api/documents/${created.json.id}/download`);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.headers['content-length']).toBe(String(pdf.byteLength));
    expect(sha256(downloaded.data)).toBe(sha256(pdf));
  }, 60_000);

  it('keeps a file of the largest size the extraction takes', async () => {
    const scan = randomBytes(DOCUMENT_MAX_FILE_BYTES);
    const created = await upload(loadId, 'scan.png', 'image/png', scan);
    expect(created.status).toBe(201);
    const downloaded = await request('GET', `/api/documents/${created.json.id}/download`);
    expect(downloaded.status).toBe(200);
    expect(sha256(downloaded.data)).toBe(sha256(scan));
  }, 60_000);

  it('refuses a file over the limit with a 413 that says the limit', async () => {
    const tooLarge = await upload(loadId, 'huge.txt', 'text/plain', Buffer.alloc(DOCUMENT_MAX_FILE_BYTES + 1, 'a'));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.message).toBe(DOCUMENT_MESSAGES.tooLarge);
  }, 30_000);

  it.each([
    ['no file name', { fileName: '' }, 'fileName', DOCUMENT_MESSAGES.fileName],
    ['no file type', { fileType: undefined }, 'fileType', DOCUMENT_MESSAGES.fileType],
    ['a type that is no MIME type', { fileType: 'pdf' }, 'fileType', DOCUMENT_MESSAGES.invalidFileType],
    ['no file size', { fileSize: undefined }, 'fileSize', DOCUMENT_MESSAGES.fileSize],
    ['a size that is not the file\'s', { fileSize: 3 }, 'fileSize', DOCUMENT_MESSAGES.sizeMismatch],
    ['no file data', { fileData: undefined }, 'fileData', DOCUMENT_MESSAGES.fileData],
    ['data that is no data URL', { fileData: 'Load # 1' }, 'fileData', DOCUMENT_MESSAGES.notDataUrl],
    ['an unknown document type', { documentType: 'Invoice' }, 'documentType', DOCUMENT_MESSAGES.documentType],
  ])('answers 400 with the field\'s message for %s, and keeps nothing', async (_case, change, field, message) => {
    const data = Buffer.from('Load # 1');
    const body = { fileName: 'tender.txt', fileType: 'text/plain', fileSize: data.byteLength, fileData: dataUrl('text/plain', data), ...change };
    const answer = await request('POST', `/api/loads/${loadId}/documents`, body);
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe(message);
    expect(answer.json.issues[field]).toEqual([message]);
    const { rows } = await database.query(`SELECT count(*)::int AS count FROM core.documents WHERE file_name = 'tender.txt'`);
    expect(rows[0].count).toBe(0);
  });

  it('answers 404 for a load or document that does not exist', async () => {
    for (const load of [UNKNOWN_ID, 'not-an-id']) {
      const uploaded = await upload(load, 'tender.txt', 'text/plain', Buffer.from('Load # 1'));
      expect([uploaded.status, uploaded.json.message]).toEqual([404, DOCUMENT_MESSAGES.loadNotFound]);
      const listed = await request('GET', `/api/loads/${load}/documents`);
      expect([listed.status, listed.json.message]).toEqual([404, DOCUMENT_MESSAGES.loadNotFound]);
    }
    const downloaded = await request('GET', `/api/documents/${UNKNOWN_ID}/download`);
    expect([downloaded.status, downloaded.json.message]).toEqual([404, DOCUMENT_MESSAGES.notFound]);
    const deleted = await request('DELETE', `/api/documents/${UNKNOWN_ID}`);
    expect(deleted.status).toBe(404);
  });

  it('deletes a document with its bytes', async () => {
    const created = await upload(loadId, 'bol.txt', 'text/plain', Buffer.from('BILL OF LADING'), { documentType: 'Bill of Lading' });
    const { id } = created.json as LoadDocument;
    expect(await storedObject(id)).not.toBeNull();
    expect((await request('DELETE', `/api/documents/${id}`)).status).toBe(204);
    expect((await request('GET', `/api/documents/${id}/download`)).status).toBe(404);
    expect((await request('GET', `/api/loads/${loadId}/documents`)).json.map((document: LoadDocument) => document.id)).not.toContain(id);
    expect(await storedObject(id)).toBeNull();
  });

  it('deletes a load\'s documents, rows and bytes, with the load', async () => {
    const doomed = await createLoad('DOC-2');
    const ids: string[] = [];
    for (const name of ['a.txt', 'b.txt']) ids.push((await upload(doomed, name, 'text/plain', Buffer.from(name))).json.id);
    for (const id of ids) expect(await storedObject(id)).not.toBeNull();

    expect((await request('DELETE', `/api/loads/${doomed}`)).status).toBe(204);
    const { rows } = await database.query('SELECT id FROM core.documents WHERE id = ANY($1::uuid[])', [ids]);
    expect(rows).toEqual([]);
    for (const id of ids) {
      expect(await storedObject(id)).toBeNull();
      expect((await request('GET', `/api/documents/${id}/download`)).status).toBe(404);
    }
    // The other load's documents are untouched.
    expect((await request('GET', `/api/loads/${loadId}/documents`)).json.length).toBeGreaterThan(0);
  });

  it('needs a signed-in user for every route', async () => {
    const [document] = (await request('GET', `/api/loads/${loadId}/documents`)).json as LoadDocument[];
    const answers = await Promise.all([
      request('POST', `/api/loads/${loadId}/documents`, { fileName: 'x.txt', fileType: 'text/plain', fileSize: 1, fileData: dataUrl('text/plain', 'x') }, { signedIn: false }),
      request('GET', `/api/loads/${loadId}/documents`, undefined, { signedIn: false }),
      request('GET', `/api/documents/${document.id}/download`, undefined, { signedIn: false }),
      request('DELETE', `/api/documents/${document.id}`, undefined, { signedIn: false }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    expect(await storedObject(document.id)).not.toBeNull();
  });
});
