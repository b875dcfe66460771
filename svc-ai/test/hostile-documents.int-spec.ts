import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXTRACT_MESSAGES } from '@tms/contracts';
import { startAiService } from './support/ai-service.js';
import { blankPng, digitsText, emptyPagesPdf } from './support/hostile-documents.js';
import { scannedPdf } from './support/scanned-pdf.js';

/**
 * Issue 22: one upload must not hog svc-ai. svc-ai runs from its build, alone, asked over NATS as the gateway asks
 * it; the documents are the small files that declare huge work, and a scan whose OCR takes seconds stands for a
 * document that really is long to read.
 */
const SAMPLES = path.resolve('../shared/documents');
const RATE_CONFIRMATION = new Uint8Array(readFileSync(path.resolve('svc-ai/test/documents/multistop-ratecon.txt')));
const slowScan = () => scannedPdf(readFileSync(path.join(SAMPLES, 'bol-2.png')), { scale: 2, noise: 40 });

describe('svc-ai with hostile documents (two workers)', () => {
  let ai: Awaited<ReturnType<typeof startAiService>>;
  beforeAll(async () => {
    ai = await startAiService('hostile', { AI_WORKERS: '2', AI_QUEUE: '4' });
  }, 60_000);
  afterAll(() => ai?.stop());

  it.each([
    ['a PDF of 80,000 pages', () => emptyPagesPdf(80_000), 'application/pdf', EXTRACT_MESSAGES.tooManyPages],
    ['a PDF with a 5000 x 5000 pt page', () => emptyPagesPdf(1, 5000), 'application/pdf', EXTRACT_MESSAGES.pageTooLarge],
    ['a 76 KB PNG of 20000 x 20000 pixels', () => blankPng(20_000, 20_000), 'image/png', EXTRACT_MESSAGES.imageTooLarge],
  ] as const)('refuses %s at once, with a message under the file', async (_case, file, type, message) => {
    const { reply, seconds } = await ai.extract(file(), type);
    expect(reply).toEqual({ ok: false, error: { code: 'invalid', message, issues: { fileData: [message] } } });
    expect(seconds).toBeLessThan(5);
  }, 30_000);

  it('answers 15 MB of digits in seconds, reading at most the documented characters', async () => {
    const { reply, seconds } = await ai.extract(digitsText(15 * 1000 * 1000), 'text/plain');
    expect(reply.ok).toBe(true);
    expect(seconds).toBeLessThan(5);
  }, 30_000);

  it('reads a rate confirmation in its usual time while a long document is being read, and stays healthy', async () => {
    const usual = (await ai.extract(RATE_CONFIRMATION, 'text/plain')).seconds;
    let longAnswered = false;
    const long = ai.extract(await slowScan(), 'application/pdf').finally(() => (longAnswered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = ai.extract(emptyPagesPdf(80_000), 'application/pdf');
    const { reply, seconds } = await ai.extract(RATE_CONFIRMATION, 'text/plain');
    expect(reply).toMatchObject({ ok: true, data: { loadNumber: 'RC-44871', pickupLocation: 'Gary, IN', deliveryLocation: 'Pittsburgh, PA' } });
    // Not queued behind the long read: answered while it is still being read, in about its usual time (a busy
    // machine, e.g. the browser tests running beside, slows both alike).
    expect(longAnswered).toBe(false);
    expect(seconds).toBeLessThan(Math.max(4, 3 * usual));
    expect(await ai.isUp()).toBe(true);
    expect((await refused).reply).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect((await long).reply.ok).toBe(true);
  }, 90_000);
});

describe('svc-ai under load (one worker, a queue of one)', () => {
  let ai: Awaited<ReturnType<typeof startAiService>>;
  beforeEach(async () => {
    ai = await startAiService('busy', { AI_WORKERS: '1', AI_QUEUE: '1' });
  }, 60_000);
  afterEach(() => ai?.stop());

  it('answers busy at once when its worker and queue are taken', async () => {
    const scan = await slowScan();
    // Their deadline cuts their OCR short (cancelled), so the test does not wait for two long reads.
    const running = ai.extract(scan, 'application/pdf', { deadlineMs: 8000 });
    const queued = ai.extract(scan, 'application/pdf', { deadlineMs: 8000 });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const { reply, seconds } = await ai.extract(RATE_CONFIRMATION, 'text/plain');
    expect(reply).toEqual({ ok: false, error: { code: 'busy', message: EXTRACT_MESSAGES.busy } });
    expect(seconds).toBeLessThan(1);
    await Promise.all([running, queued]);
  }, 120_000);

  it('cancels a document at the deadline of its caller: no CPU is spent on it afterwards', async () => {
    const { reply, seconds } = await ai.extract(await slowScan(), 'application/pdf', { deadlineMs: 1500 });
    expect(reply).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(seconds).toBeLessThan(3);
    const cpu = ai.cpuSeconds();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(ai.cpuSeconds() - cpu).toBeLessThan(0.5);
    // The next document gets a fresh worker.
    expect((await ai.extract(RATE_CONFIRMATION, 'text/plain')).reply.ok).toBe(true);
  }, 60_000);

  it('stops within a few seconds of SIGTERM while a document is being read', async () => {
    const reading = ai.extract(await slowScan(), 'application/pdf', { waitMs: 8000 }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await ai.stop()).toBeLessThan(3);
    await reading;
  }, 60_000);
});
