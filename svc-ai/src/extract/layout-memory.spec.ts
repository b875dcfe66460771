import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isEdi204 } from './edi-204.js';
import { learnLayout, layoutLabels, layoutSimilarity, readWithLayout, SAME_LAYOUT } from './layout-memory.js';
import { normalize } from './offline-extractor.js';
import type { ExpectedLoad } from './scoring.js';

// Only the tuned layouts: the held-out ones (../../test/documents/layouts/held-out) measure, in the integration test and
// bench:extract, and are never read here.
const TUNED = path.resolve('svc-ai/test/documents/layouts/tuned');
const answers = JSON.parse(readFileSync(path.join(TUNED, 'answers.json'), 'utf8')) as Record<string, ExpectedLoad>;
const text = (name: string) => normalize(readFileSync(path.join(TUNED, name), 'utf8'));
// A 204 is read as data, segment by segment, and never learned (extract.service.ts): its layouts are left out.
const layouts = [...new Set(Object.keys(answers).map((name) => name.replace(/-\d\.txt$/, '')))].filter((layout) => !isEdi204(text(`${layout}-1.txt`)));

describe('learning a layout from a saved load', () => {
  it.each(layouts)('%s: learned from the first document, reads every field of the second', (layout) => {
    const learned = learnLayout(text(`${layout}-1.txt`), answers[`${layout}-1.txt`]);
    expect(learned.map(({ field }) => field).sort()).toEqual(Object.keys(answers[`${layout}-1.txt`]).sort());
    const read = readWithLayout(text(`${layout}-2.txt`), learned);
    const expected = answers[`${layout}-2.txt`];
    for (const field of Object.keys(expected) as (keyof ExpectedLoad)[]) {
      expect(String(read[field]).toLowerCase()).toBe(String(expected[field]).toLowerCase());
    }
  });

  it('learns nothing from a field the load leaves empty, or a value the document does not hold', () => {
    const learned = learnLayout(text('summit-ratecon-1.txt'), { loadNumber: 'SFB-40211', rate: '9999.00', weight: 0, commodity: '' });
    expect(learned.map(({ field }) => field)).toEqual(['loadNumber']);
  });

  it('takes the same value standing twice as the pickup first, then the delivery (both on one day)', () => {
    const learned = learnLayout(text('granite-ratecon-1.txt'), answers['granite-ratecon-1.txt']);
    const contexts = Object.fromEntries(learned.map(({ field, context }) => [field, context]));
    expect(contexts.pickupDate).not.toBe(contexts.deliveryDate);
  });

  it("learns a stop's place under its block's own heading, not under the company's name that differs from load to load", () => {
    const sheet = (company: string, street: string, city: string) => `PICKUP\n  ${company}\n  ${street}, ${city}\n  15-Jun-2027\n`;
    const learned = learnLayout(normalize(sheet('Gulf Coast Paper Co - Mill Warehouse', '7100 Hwy 90 E', 'Lake Charles, LA 70615')), { pickupLocation: 'Lake Charles, LA' });
    expect(learned).toEqual([{ field: 'pickupLocation', context: 'above:pickup', occurrence: 0 }]);
    expect(readWithLayout(normalize(sheet('Acadiana Rice Mills', '900 N Parkerson Ave', 'Crowley, LA 70526')), learned).pickupLocation).toBe('Crowley, LA');
  });

  it('learns a value standing in several places where it comes first under its label, not in a total after the rows', () => {
    const table = (rows: string[], total: string) => ['WEIGHT    ORDER', ...rows, total, '', 'ITEM        WEIGHT', `Cookware    ${total.trim()}`].join('\n');
    const learned = learnLayout(normalize(table(['11,340    PO 1', '6,210     PO 2'], '17,550')), { weight: 17550 });
    expect(readWithLayout(normalize(table(['21,780    PO 3'], '21,780')), learned).weight).toBe(21780);
  });

  it("tells a layout's documents from another layout's by their labels, not their values", () => {
    for (const layout of layouts) {
      const labels = layoutLabels(text(`${layout}-1.txt`));
      expect(layoutSimilarity(labels, layoutLabels(text(`${layout}-2.txt`)))).toBeGreaterThanOrEqual(SAME_LAYOUT);
      for (const other of layouts.filter((name) => name !== layout)) {
        expect(layoutSimilarity(labels, layoutLabels(text(`${other}-2.txt`)))).toBeLessThan(SAME_LAYOUT);
      }
    }
  });
});
