import type { ExtractLoadResult } from '@tms/contracts';
import { extractedDocument, formatFileSize } from './load-documents.js';

const RESULT: ExtractLoadResult = { loadNumber: 'RC-1', confidence: {}, extraction: { extractor: 'offline', ocr: false } };

describe("a load's documents in the load dialog", () => {
  it('shows sizes in the unit a person reads', () => {
    expect(formatFileSize(812)).toBe('812 B');
    expect(formatFileSize(14.2 * 1024)).toBe('14.2 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });

  it('keeps the extracted file under the kind the extraction named, else Other', () => {
    const file = new File(['RATE CONFIRMATION'], 'ratecon.txt', { type: 'text/plain' });
    const data = 'data:text/plain;base64,UkFURSBDT05GSVJNQVRJT04=';
    expect(extractedDocument(file, 'text/plain', data, { ...RESULT, documentType: 'Rate Confirmation' })).toEqual({
      fileName: 'ratecon.txt', fileType: 'text/plain', fileSize: 17, fileData: data, documentType: 'Rate Confirmation',
    });
    expect(extractedDocument(file, 'text/plain', data, RESULT).documentType).toBe('Other');
  });
});
