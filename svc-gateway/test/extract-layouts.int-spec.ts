import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Customer, ExtractLayout, ExtractLoadResult, Load } from '@tms/contracts';
import { isEdi204 } from '../../svc-ai/src/extract/edi-204.js';
import { wrongFields, type ExpectedLoad } from '../../svc-ai/src/extract/scoring.js';
import { httpRequest } from './support/http-request.js';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * Learning each sender's layout from saved loads (issue 49), through the public API as a client: a load saved with
 * the right values (`POST /api/loads`), the document kept on it (`POST /api/loads/{id}/documents`), then the next
 * document of that layout read (`POST /api/extract-load`) with what was learned, marked so; forgotten on
 * `DELETE /api/extract-layouts/{id}`. Layouts of our own, two documents each (svc-ai/test/documents/layouts): those
 * tuned on, and four held out of every rule (held-out-2 is left to bench:extract). An X12 204 is read as data and
 * never learned, so the tuned 204s are left out. A system of its own: what it learns changes every extraction.
 */
const LAYOUTS = path.resolve('svc-ai/test/documents/layouts');
const LEARNED_FIELDS = ['commodity', 'deliveryDate', 'deliveryLocation', 'loadNumber', 'pickupDate', 'pickupLocation', 'rate', 'weight'];

interface Sample {
  file: string;
  text: string;
  /** A bill of lading states no rate: its answer has none. */
  answer: Required<Pick<ExpectedLoad, 'loadNumber' | 'pickupLocation' | 'pickupDate' | 'deliveryLocation' | 'deliveryDate' | 'weight' | 'commodity'>> & { rate?: string };
}

/** The fields a layout learns from its first document: those its answer gives. */
const learnedFieldsOf = (sample: Sample) => LEARNED_FIELDS.filter((field) => field in sample.answer);
/** The rate a load saved from a bill of lading is given (from the rate confirmation, not on the document: never learned). */
const RATE_NOT_ON_THE_DOCUMENT = '1234.56';

/** The layouts of a folder: their first document (saved with its load) and second (read after). */
function layoutsOf(set: 'tuned' | 'held-out'): { name: string; first: Sample; second: Sample }[] {
  const folder = path.join(LAYOUTS, set);
  const answers = JSON.parse(readFileSync(path.join(folder, 'answers.json'), 'utf8')) as Record<string, Sample['answer']>;
  const sample = (file: string): Sample => ({ file, text: readFileSync(path.join(folder, file), 'utf8'), answer: answers[file] });
  return Object.keys(answers)
    .filter((file) => file.endsWith('-1.txt'))
    .map((file) => ({ name: `${set}/${file.replace(/-1\.txt$/, '')}`, first: sample(file), second: sample(file.replace(/-1\.txt$/, '-2.txt')) }))
    .filter(({ first }) => !isEdi204(first.text));
}
const TUNED = layoutsOf('tuned');
const HELD_OUT = layoutsOf('held-out');

let system: RunningSystem;
let cookie: string;
let customerId: string;

const dataUrl = (text: string) => `data:text/plain;base64,${Buffer.from(text).toString('base64')}`;
const request = (method: string, route: string, body?: unknown) => httpRequest(system.url, cookie, method, route, body);

/** A load saved with `values` and the document kept on it, as AI Extract's save does. */
async function saveWithDocument(values: Partial<Sample['answer']> & { loadNumber: string }, sample: Sample): Promise<string> {
  const created = await request('POST', '/api/loads', { rate: RATE_NOT_ON_THE_DOCUMENT, ...values, customerId, status: 'pending' });
  expect(created.status).toBe(201);
  const id = (created.json as Load).id;
  const kept = await request('POST', `/api/loads/${id}/documents`, { fileName: sample.file, fileType: 'text/plain', fileSize: Buffer.byteLength(sample.text), fileData: dataUrl(sample.text), documentType: 'Rate Confirmation' });
  expect(kept.status).toBe(201);
  return id;
}

const layouts = async () => {
  const answer = await request('GET', '/api/extract-layouts');
  expect(answer.status).toBe(200);
  return answer.json as ExtractLayout[];
};

/** The learned layout of a load, once svc-ai has learned it (it hears of the kept document as an event). */
async function learnedFrom(loadId: string): Promise<ExtractLayout> {
  const started = Date.now();
  for (;;) {
    const found = (await layouts()).find((layout) => layout.loadId === loadId);
    if (found) return found;
    if (Date.now() - started > 30_000) throw new Error(`Nothing was learned from load ${loadId}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function extract(sample: Sample): Promise<ExtractLoadResult> {
  const answer = await request('POST', '/api/extract-load', { fileType: 'text/plain', fileData: dataUrl(sample.text) });
  expect(answer.status).toBe(200);
  return answer.json as ExtractLoadResult;
}

beforeAll(async () => {
  system = await startIsolatedSystem({ label: 'layouts' });
  cookie = await signIn(system.url, 'layouts@example.com');
  const customer = await request('POST', '/api/customers', { name: 'Layouts Freight', email: 'layouts@example.com', phone: '555-0149', address: '1 Dock Rd, Joliet, IL', type: 'shipper' });
  expect(customer.status).toBe(201);
  customerId = (customer.json as Customer).id;
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

describe('learning each sender\'s layout from a saved load', () => {
  it('has layouts of its own, four of them held out', () => {
    expect(TUNED.length).toBeGreaterThanOrEqual(4);
    expect(HELD_OUT.length).toBe(4);
  });

  it('reads the next document of each layout with what its saved load taught, every field right and marked learned', async () => {
    for (const { name, first, second } of [...TUNED, ...HELD_OUT]) {
      const loadId = await saveWithDocument(first.answer, first);
      const layout = await learnedFrom(loadId);
      expect([name, [...layout.fields].sort()]).toEqual([name, learnedFieldsOf(first)]);
      expect(layout).toMatchObject({ loadNumber: first.answer.loadNumber, usedCount: 0 });
      expect(layout.title).toBe(first.text.split('\n')[0].trim().split(/\s{2,}/)[0]);

      const read = await extract(second);
      expect([name, wrongFields(read, second.answer)]).toEqual([name, []]);
      expect(read.extraction.learned).toEqual({ layoutId: layout.id, loadId, loadNumber: first.answer.loadNumber, fields: expect.arrayContaining(learnedFieldsOf(first)) });
      expect(read.confidence.loadNumber).toBeGreaterThanOrEqual(0.9);
    }
    // Each read counts as a use.
    expect((await layouts()).every((layout) => layout.usedCount === 1 && layout.lastUsedAt)).toBe(true);
  }, 240_000);

  it('never reads a document of another layout with a learned one', async () => {
    // Every layout of ours is learned by now: a sample of another sender's layout is read by the general rules alone.
    const other = 'CROSSROADS CARRIERS\nPlease haul the freight below.\n\nPO Number: CC-1001\nFrom Tulsa, OK 74101 on 01/05/2028\nTo Wichita, KS 67202 by 01/06/2028\nWe pay $900.00 all in for 20,000 lbs of Tile.\n';
    const read = await extract({ file: 'other.txt', text: other, answer: {} as Sample['answer'] });
    expect(read.extraction.learned).toBeUndefined();
    // Nor is the first document of a layout ever read with another layout's lessons.
    for (const { first } of HELD_OUT) {
      const learned = (await extract(first)).extraction.learned;
      if (learned) expect(learned.loadNumber).toBe(first.answer.loadNumber);
    }
  }, 120_000);

  it('learns nothing from a field the saved load leaves empty, and a correct load of the layout replaces a wrong one', async () => {
    const [{ first, second }] = TUNED;
    // A wrong load: the fuel surcharge taken for the rate, no weight and no commodity.
    const { weight: _weight, commodity: _commodity, ...rest } = first.answer;
    const wrongId = await saveWithDocument({ ...rest, loadNumber: `${first.answer.loadNumber}-W`, rate: '175.00' }, first);
    const wrong = await learnedFrom(wrongId);
    expect(wrong.fields).not.toContain('weight');
    expect(wrong.fields).not.toContain('commodity');
    expect(wrong.fields).not.toContain('loadNumber');
    expect((await extract(second)).rate).toBe('260.00');
    // Saving the correct load of that layout replaces what the wrong one taught: one layout, learned from it.
    const rightId = await saveWithDocument({ ...first.answer, loadNumber: `${first.answer.loadNumber}-R` }, first);
    const right = await learnedFrom(rightId);
    expect(right.id).toBe(wrong.id);
    expect((await layouts()).filter((layout) => layout.loadId === wrongId)).toEqual([]);
    expect((await extract(second)).rate).toBe(second.answer.rate);
  }, 120_000);

  it('forgets a layout on DELETE: its documents are read by the general rules again', async () => {
    const { first, second } = HELD_OUT[3];
    const layout = (await layouts()).find((candidate) => candidate.loadNumber === first.answer.loadNumber)!;
    expect(layout).toBeDefined();
    expect((await extract(second)).extraction.learned?.layoutId).toBe(layout.id);
    expect((await request('DELETE', `/api/extract-layouts/${layout.id}`)).status).toBe(204);
    expect((await layouts()).map(({ id }) => id)).not.toContain(layout.id);
    expect((await extract(second)).extraction.learned).toBeUndefined();
    expect((await request('DELETE', `/api/extract-layouts/${layout.id}`)).status).toBe(404);
    expect((await request('DELETE', '/api/extract-layouts/not-an-id')).status).toBe(404);
  }, 120_000);

  it('requires a signed-in user', async () => {
    expect((await httpRequest(system.url, undefined, 'GET', '/api/extract-layouts')).status).toBe(401);
    expect((await httpRequest(system.url, undefined, 'DELETE', '/api/extract-layouts/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });
});
