import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { EXTRACT_MAX_FILE_BYTES, EXTRACT_MESSAGES, type ExtractLoadResult } from '@tms/contracts';
import { config } from '@tms/service-kit';
import { scannedPdf } from '../../svc-ai/test/support/scanned-pdf.js';
import { startFakeModel } from '../../svc-ai/test/support/fake-model.js';
import { signIn, type RunningSystem } from './support/system.js';

/**
 * POST /api/extract-load through the whole built system: gateway → JetStream object store → svc-ai, with a model
 * configured (a local OpenAI-compatible server) that answers for one document and fails for the others, so both the
 * model path and the fallback to the offline extractor are taken.
 */
const SYSTEM_SCRIPT = fileURLToPath(new URL('../../scripts/system.mjs', import.meta.url));
const SAMPLES = path.resolve('../shared/documents');
const OWN = path.resolve('svc-ai/test/documents');
const LABEL = 'extract';

let system: RunningSystem;
let cookie: string;
let model: Awaited<ReturnType<typeof startFakeModel>>;

const dataUrl = (type: string, data: Uint8Array | string) => `data:${type};base64,${Buffer.from(data).toString('base64')}`;

/**
 * POSTs to /api/extract-load on a connection of its own (node:http, no keep-alive): a reused connection the server
 * closes as idle while a large body is being written would fail the request for a reason no browser shows.
 */
function extract(body: unknown, headers: Record<string, string> = {}) {
  const payload = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return new Promise<{ status: number; body: ExtractLoadResult & { message?: string; issues?: Record<string, string[]> } }>((resolve, reject) => {
    const request = http.request(
      `${system.url}/api/extract-load`,
      {
        method: 'POST',
        agent: false,
        headers: { cookie, origin: system.url, 'content-type': 'application/json', 'content-length': payload.byteLength, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

beforeAll(async () => {
  model = await startFakeModel(({ body }) =>
    body.messages.at(-1)!.content.includes('SUMMIT FREIGHT')
      ? JSON.stringify({ loadNumber: 'RC-44871', pickupLocation: 'Gary, IN', pickupDate: '2026-11-02', deliveryLocation: 'Pittsburgh, PA', deliveryDate: '2026-11-04', rate: '2860.00', weight: 41800, commodity: 'Steel coils', notes: 'Tarps required' })
      : 503,
  );
  const { startIsolatedSystem } = (await import(SYSTEM_SCRIPT)) as {
    startIsolatedSystem(options: { label: string; env: Record<string, string> }): Promise<RunningSystem>;
  };
  system = await startIsolatedSystem({ label: LABEL, env: { OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'fake-model', OPENAI_TIMEOUT_MS: '3000' } });
  cookie = await signIn(system.url, 'extract@example.com');
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await model?.stop();
  // The run's upload bucket lives in the shared NATS server: leave nothing behind.
  const nats = await connect({ servers: config.natsUrl });
  const streams = await jetstreamManager(nats);
  for await (const name of streams.streams.names()) if (name.startsWith(`OBJ_${LABEL}`)) await streams.streams.delete(name);
  await nats.drain();
}, 60_000);

describe('POST /api/extract-load', () => {
  it('answers the load form\'s fields of a text document, with a confidence for each, falling back from a failing model', async () => {
    const { status, body } = await extract({ fileType: 'text/plain', fileData: dataUrl('text/plain', readFileSync(path.join(SAMPLES, 'rateconClassic-1.txt'))) });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      loadNumber: 'SF118074',
      pickupLocation: 'Joliet, IL',
      pickupDate: '2026-11-09',
      deliveryLocation: 'El Paso, TX',
      deliveryDate: '2026-11-10',
      rate: '5025.00',
      weight: 27250,
      commodity: 'Auto parts',
    });
    expect(body.extraction).toEqual({ extractor: 'offline', ocr: false, fallbackReason: 'the model answered HTTP 503' });
    expect(Object.keys(body.confidence).sort()).toEqual(Object.keys(body).filter((key) => !['confidence', 'extraction', 'documentType', 'sender', 'stops'].includes(key)).sort());
  }, 30_000);

  it('answers the model\'s fields when the model answers, sent the document\'s text', async () => {
    const { status, body } = await extract({ fileType: 'text/plain', fileData: dataUrl('text/plain', readFileSync(path.join(OWN, 'multistop-ratecon.txt'))) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ loadNumber: 'RC-44871', rate: '2860.00', notes: 'Tarps required', extraction: { extractor: 'model', model: 'fake-model', ocr: false } });
    expect(model.requests.at(-1)!.body.response_format?.type).toBe('json_schema');
  }, 30_000);

  it('reads a text PDF', async () => {
    const { status, body } = await extract({ fileType: 'application/pdf', fileData: dataUrl('application/pdf', readFileSync(path.join(SAMPLES, 'bol-1.pdf'))) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ loadNumber: 'NS621802', pickupLocation: 'Joliet, IL', deliveryLocation: 'Denver, CO', rate: '2775.00', weight: 22500, extraction: { ocr: false } });
    // The kind its heading names, under which the load keeps the document.
    expect(body.documentType).toBe('Bill of Lading');
  }, 30_000);

  it('reads an image by OCR', async () => {
    const { status, body } = await extract({ fileType: 'image/png', fileData: dataUrl('image/png', readFileSync(path.join(SAMPLES, 'rateconClassic-2.png'))) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ loadNumber: '857345', pickupLocation: 'Laredo, TX', deliveryLocation: 'Phoenix, AZ', rate: '2975.00', weight: 44000, extraction: { ocr: true } });
  }, 60_000);

  it('reads a 10 MB scanned PDF by OCR, though no NATS message may carry it', async () => {
    const pdf = await scannedPdf(readFileSync(path.join(SAMPLES, 'bol-2.png')), { scale: 2, noise: 8, quality: 0.92, size: 10.5 * 1000 * 1000 });
    expect(pdf.byteLength).toBeGreaterThan(10 * 1000 * 1000);
    expect(pdf.byteLength).toBeLessThan(EXTRACT_MAX_FILE_BYTES);
    const { status, body } = await extract({ fileType: 'application/pdf', fileData: dataUrl('application/pdf', pdf) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ loadNumber: '653870', pickupLocation: 'Atlanta, GA', deliveryLocation: 'El Paso, TX', rate: '1450.00', extraction: { ocr: true } });
  }, 90_000);

  it('refuses a file over the limit with a 413 that says the limit', async () => {
    const { status, body } = await extract({ fileType: 'text/plain', fileData: dataUrl('text/plain', Buffer.alloc(EXTRACT_MAX_FILE_BYTES + 1, 'a')) });
    expect(status).toBe(413);
    expect(body.message).toBe(EXTRACT_MESSAGES.tooLarge);
  }, 30_000);

  it('refuses a body over the limit with the same 413', async () => {
    const { status, body } = await extract({ fileType: 'text/plain', fileData: dataUrl('text/plain', Buffer.alloc(EXTRACT_MAX_FILE_BYTES * 1.2, 'a')) });
    expect(status).toBe(413);
    expect(body.message).toBe(EXTRACT_MESSAGES.tooLarge);
  }, 30_000);

  it('keeps the other routes\' body limit', async () => {
    const response = await fetch(`${system.url}/api/trucks`, {
      method: 'POST',
      headers: { cookie, origin: system.url, 'content-type': 'application/json' },
      body: JSON.stringify({ truckNumber: 'x'.repeat(600 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it.each([
    ['an unsupported type', { fileType: 'application/zip', fileData: dataUrl('application/zip', 'PK') }, EXTRACT_MESSAGES.unsupportedType],
    ['a body that is no data URL', { fileType: 'text/plain', fileData: 'Load Number: 1' }, EXTRACT_MESSAGES.fileData],
    ['an empty file', { fileType: 'text/plain', fileData: 'data:text/plain;base64,' }, EXTRACT_MESSAGES.empty],
    ['a corrupt PDF', { fileType: 'application/pdf', fileData: dataUrl('application/pdf', '%PDF-1.7\n1 0 obj << /Type /Catalog garbage') }, EXTRACT_MESSAGES.unreadablePdf],
    ['a file that is no PDF', { fileType: 'application/pdf', fileData: dataUrl('application/pdf', 'Load Number: 1') }, EXTRACT_MESSAGES.unreadablePdf],
    ['an unreadable image', { fileType: 'image/png', fileData: dataUrl('image/png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(200, 7)])) }, EXTRACT_MESSAGES.unreadableImage],
    ['a binary file sent as text', { fileType: 'text/plain', fileData: dataUrl('text/plain', Buffer.from([0, 1, 2, 3, 0, 0, 5])) }, EXTRACT_MESSAGES.unreadableText],
  ])('answers 400 with a message the error card shows for %s', async (_case, request, message) => {
    const { status, body } = await extract(request);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  }, 30_000);

  it('answers 400 for a body that is not JSON', async () => {
    const { status } = await extract('{"fileData":');
    expect(status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const response = await fetch(`${system.url}/api/extract-load`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
  });

  it.each([
    ['no session', false, 401],
    ['another site', true, 403],
  ])('answers a document upload from %s before reading its body', async (_case, signedIn, expected) => {
    const headers: Record<string, string> = signedIn ? { cookie, origin: 'https://evil.example' } : {};
    for (const route of ['/api/extract-load', '/api/loads/00000000-0000-4000-8000-000000000001/documents']) {
      // 20 MB announced, 64 KB sent: the answer must come while the rest has not been sent.
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(`${system.url}${route}`, {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': 20 * 1024 * 1024, ...headers },
        });
        request.on('response', (response) => {
          resolve(response.statusCode!);
          request.destroy();
        });
        request.on('error', reject);
        request.write(Buffer.alloc(64 * 1024, 'a'));
      });
      expect([route, status]).toEqual([route, expected]);
    }
  });
});
