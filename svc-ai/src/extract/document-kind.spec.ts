import { readFileSync } from 'node:fs';
import path from 'node:path';
import { documentTypeOf } from './document-kind.js';

const read = (folder: string, name: string) => readFileSync(path.resolve(folder, name), 'utf8');
const OWN = 'svc-ai/test/documents';
const SAMPLES = '../shared/documents';

describe('the kind of a document', () => {
  it.each([
    [SAMPLES, 'rateconClassic-1.txt', 'Rate Confirmation'],
    [OWN, 'multistop-ratecon.txt', 'Rate Confirmation'],
    [OWN, 'tabular-ratecon.txt', 'Rate Confirmation'],
    [SAMPLES, 'bol-1.txt', 'Bill of Lading'],
    [OWN, 'bol-consignor.txt', 'Bill of Lading'],
    [SAMPLES, 'tenderEmail-1.txt', 'Load Tender'],
    [OWN, 'edi-204.txt', 'Load Tender'],
  ])('is read from the heading of %s/%s', (folder, name, type) => {
    expect(documentTypeOf(read(folder, name))).toBe(type);
  });

  it('is not guessed when the document does not name itself', () => {
    expect(documentTypeOf(read(OWN, 'heldout-plain-letter.txt'))).toBeUndefined();
    expect(documentTypeOf('Pickup: Joliet, IL\nDelivery: El Paso, TX')).toBeUndefined();
  });

  it('goes by the earliest name, not a reference further down', () => {
    expect(documentTypeOf('RATE CONFIRMATION\nLoad # 123\nBill of Lading number: 77')).toBe('Rate Confirmation');
    expect(documentTypeOf(`Load Number: 1\n${'x'.repeat(900)}\nBILL OF LADING`)).toBeUndefined();
  });
});
