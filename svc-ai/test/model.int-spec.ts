import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXTRACTED_FIELDS } from '@tms/contracts';
import { loadAiConfig } from '../src/extract/ai-config.js';
import { ExtractService } from '../src/extract/extract.service.js';
import { UNFOUNDED_CONFIDENCE } from '../src/extract/grounding.js';
import { startFakeModel } from './support/fake-model.js';

/**
 * The model path against a local OpenAI-compatible server: the request it gets, the answer checked against the
 * document, and the fallback on a bad answer.
 */
const DOCUMENT = readFileSync(path.resolve('svc-ai/test/documents/multistop-ratecon.txt'), 'utf8');
let reply: string | number | 'hang' = '';
let model: Awaited<ReturnType<typeof startFakeModel>>;
let service: ExtractService;

beforeAll(async () => {
  model = await startFakeModel(() => reply);
  service = new ExtractService(loadAiConfig({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'test-model', OPENAI_TIMEOUT_MS: '1500' }));
});

afterAll(async () => {
  await service.onModuleDestroy();
  await model.stop();
}, 60_000);

const GOOD_ANSWER = {
  loadNumber: 'RC-44871',
  pickupLocation: 'Gary, IN',
  pickupDate: '11/02/2026',
  deliveryLocation: 'Pittsburgh, PA',
  deliveryDate: '2026-11-04',
  rate: '$2,860.00',
  weight: 41800,
  commodity: 'Steel coils',
  notes: null,
};

describe('extraction with a model configured', () => {
  it('asks for structured output with the load schema, sending the document text, and answers the model\'s fields', async () => {
    reply = JSON.stringify(GOOD_ANSWER);
    const before = model.requests.length;
    const result = await service.fields(DOCUMENT, false);

    const request = model.requests.at(-1)!;
    expect(model.requests.length).toBe(before + 1);
    expect(request.authorization).toBe('Bearer test-key');
    expect(request.body.model).toBe('test-model');
    expect(request.body.response_format?.type).toBe('json_schema');
    expect(request.body.response_format?.json_schema?.strict).toBe(true);
    expect(Object.keys(request.body.response_format!.json_schema!.schema.properties).sort()).toEqual([...EXTRACTED_FIELDS].sort());
    expect(request.body.response_format!.json_schema!.schema.required.sort()).toEqual([...EXTRACTED_FIELDS].sort());
    expect(request.body.messages.at(-1)!.content).toContain('Total Carrier Pay ... $2,860.00');

    expect(result.extraction).toEqual({ extractor: 'model', model: 'test-model', ocr: false });
    // Dates and money the model wrote its own way arrive as the form takes them.
    expect(result).toMatchObject({ pickupDate: '2026-11-02', rate: '2860.00', weight: 41800, loadNumber: 'RC-44871' });
    expect(result.notes).toBeUndefined();
    expect(result.confidence.rate).toBeGreaterThan(0.9);
  });

  it('flags for review what the model answered that the document does not say, and keeps what it does say', async () => {
    reply = JSON.stringify({ ...GOOD_ANSWER, loadNumber: 'RC-99817', deliveryDate: '2026-11-09', rate: '3100.00' });
    const result = await service.fields(DOCUMENT, false);

    expect(result.extraction).toEqual({ extractor: 'model', model: 'test-model', ocr: false });
    // The invention is answered, but never as if it were read: the form shows it as one to check (below 60%).
    expect(result).toMatchObject({ loadNumber: 'RC-99817', deliveryDate: '2026-11-09', rate: '3100.00' });
    expect(result.confidence).toMatchObject({ loadNumber: UNFOUNDED_CONFIDENCE, deliveryDate: UNFOUNDED_CONFIDENCE, rate: UNFOUNDED_CONFIDENCE });
    expect(UNFOUNDED_CONFIDENCE).toBeLessThan(0.6);
    for (const field of ['pickupLocation', 'pickupDate', 'deliveryLocation', 'weight', 'commodity'] as const) expect(result.confidence[field]).toBeGreaterThan(0.9);
  });

  it.each([
    ['an answer that is not JSON', 'Sure! The load is RC-44871.', 'the model did not answer JSON'],
    ['an answer the schema refuses', JSON.stringify({ ...GOOD_ANSWER, weight: 'heavy' }), "the model's answer did not match the load schema"],
    ['an answer with no field', JSON.stringify(Object.fromEntries(EXTRACTED_FIELDS.map((field) => [field, null]))), 'the model found none of the fields'],
    ['an HTTP error', 500, 'the model answered HTTP 500'],
    ['no answer in time', 'hang' as const, 'the model did not answer in time'],
  ])('falls back to the offline extractor on %s, and says so', async (_case, answer, reason) => {
    reply = answer;
    const result = await service.fields(DOCUMENT, false);
    expect(result.extraction).toEqual({ extractor: 'offline', ocr: false, fallbackReason: reason });
    expect(result).toMatchObject({ loadNumber: 'RC-44871', pickupLocation: 'Gary, IN', deliveryLocation: 'Pittsburgh, PA', rate: '2860.00' });
  });
});
