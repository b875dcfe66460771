import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractOffline } from './offline-extractor.js';
import { wrongFields, type ExpectedLoad } from './scoring.js';

const OWN_DOCUMENTS = path.resolve('svc-ai/test/documents');
const SHARED_DOCUMENTS = path.resolve('../shared/documents');

/** Every .txt document of a folder with its expected answer. */
function documents(folder: string): [string, string, ExpectedLoad][] {
  if (!existsSync(path.join(folder, 'answers.json'))) return [];
  const answers = JSON.parse(readFileSync(path.join(folder, 'answers.json'), 'utf8')) as Record<string, ExpectedLoad>;
  return readdirSync(folder)
    .filter((name) => name.endsWith('.txt') && answers[name])
    .map((name) => [name, readFileSync(path.join(folder, name), 'utf8'), answers[name]]);
}

describe('the offline extractor', () => {
  const cases = [...documents(OWN_DOCUMENTS), ...documents(SHARED_DOCUMENTS)];

  it('has documents of several shapes to read', () => {
    expect(documents(OWN_DOCUMENTS).length).toBeGreaterThanOrEqual(13);
  });

  it.each(cases)('reads every scored field of %s, and the instructions it gives into the notes', (_name, text, answer) => {
    expect(wrongFields(extractOffline(text).fields, answer)).toEqual([]);
  });

  it('gives a confidence between 0 and 1 for each field it fills, and none for what it leaves empty', () => {
    const { fields, confidence } = extractOffline('Load Number: AB1234\nTotal Rate: $1,200.00');
    expect(fields).toEqual({ loadNumber: 'AB1234', rate: '1200.00' });
    expect(Object.keys(confidence).sort()).toEqual(['loadNumber', 'rate']);
    for (const value of Object.values(confidence)) expect(value).toBeGreaterThan(0);
    for (const value of Object.values(confidence)) expect(value).toBeLessThanOrEqual(1);
  });

  it('is less sure of what OCR read', () => {
    const text = 'Load Number: AB1234';
    expect(extractOffline(text, { fromOcr: true }).confidence.loadNumber).toBeLessThan(extractOffline(text).confidence.loadNumber!);
  });

  it('takes the total the carrier is paid, not the linehaul, per-hour charges or insurance', () => {
    const text = 'Line Haul: $1,000.00\nFuel Surcharge: $120.50\nDetention $60/hr\nCargo insurance $100,000.00\n';
    expect(extractOffline(text).fields.rate).toBe('1120.50');
    expect(extractOffline(`${text}Total Pay: $1,180.50`).fields.rate).toBe('1180.50');
  });

  it('reads dates in the ways documents write them, as ISO days', () => {
    for (const [written, day] of [
      ['03/07/2027', '2027-03-07'],
      ['2027-03-07', '2027-03-07'],
      ['March 7th, 2027', '2027-03-07'],
      ['7 Mar 2027', '2027-03-07'],
      ['Sun, Mar 7, 2027', '2027-03-07'],
    ]) {
      expect(extractOffline(`Pickup date: ${written}`).fields.pickupDate).toBe(day);
    }
  });

  it('converts a weight in kilograms to pounds', () => {
    expect(extractOffline('Gross weight: 10,000 kg').fields.weight).toBe(22046);
  });

  it('fills nothing from a text that is no freight document', () => {
    expect(extractOffline('Dear Sir, thank you for your letter.').fields).toEqual({});
  });
});
