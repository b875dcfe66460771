import { EXTRACT_LIMITS, EXTRACT_MESSAGES } from '@tms/contracts';
import { blankPng, digitsText, emptyPagesPdf } from '../../test/support/hostile-documents.js';
import { readDocumentText } from './document-text.js';
import type { Ocr } from './ocr.js';

/**
 * What a file declares is checked before it is decoded: these refusals never reach OCR. Unchecked, the 80,000 pages
 * took over a minute and 5 GB, past each test's timeout; how fast they come is not timed here (a busy machine made
 * such bounds fail), only that they come.
 */
const noOcr = { read: () => Promise.reject(new Error('OCR must not be reached')) } as unknown as Ocr;

const outcomeOf = <T>(work: () => Promise<T>): Promise<T | Error> => work().catch((error: Error) => error);

describe('reading a document within the caps', () => {
  it.each([
    ['a PDF of 80,000 pages', () => emptyPagesPdf(80_000), 'application/pdf', EXTRACT_MESSAGES.tooManyPages],
    ['a PDF with one 5000 x 5000 pt page', () => emptyPagesPdf(1, 5000), 'application/pdf', EXTRACT_MESSAGES.pageTooLarge],
    ['a PNG whose header says 20000 x 20000 pixels', () => blankPng(20_000, 20_000), 'image/png', EXTRACT_MESSAGES.imageTooLarge],
  ] as const)('refuses %s with a message the user understands, never reaching OCR', async (_case, file, type, message) => {
    const data = file();
    const outcome = await outcomeOf(() => readDocumentText(data, type, noOcr, 5));
    expect(outcome).toMatchObject({ name: 'UnreadableDocument', message });
  }, 30_000);

  it('reads at most the documented number of characters of a text file', async () => {
    const outcome = await outcomeOf(() => readDocumentText(digitsText(15 * 1000 * 1000), 'text/plain', noOcr, 5));
    expect(outcome).toMatchObject({ ocr: false });
    expect((outcome as { text: string }).text).toHaveLength(EXTRACT_LIMITS.maxTextCharacters);
  });

  it('cuts a long UTF-8 text between characters, not into Windows-1252', async () => {
    const text = 'é'.repeat(EXTRACT_LIMITS.maxTextCharacters * 3);
    const outcome = await outcomeOf(() => readDocumentText(new TextEncoder().encode(text), 'text/plain', noOcr, 5));
    expect((outcome as { text: string }).text).toBe('é'.repeat(EXTRACT_LIMITS.maxTextCharacters));
  });
});
