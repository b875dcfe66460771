import { ApiError } from '@tms/ui';
import type { ExtractLoadResult } from '@tms/contracts';
import { EXTRACT_TEXTS, extractedFormValues, extractionErrorMessage, fileTypeOf, filledConfidence, learnedFields, learnedText } from './extraction.js';

const RESULT: ExtractLoadResult = {
  loadNumber: 'RC-44871',
  pickupLocation: 'Gary, IN',
  pickupDate: '2026-11-02',
  deliveryLocation: 'Pittsburgh, PA',
  deliveryDate: '2026-11-04',
  rate: '2860.00',
  weight: 41800,
  commodity: 'Steel coils',
  confidence: { loadNumber: 0.95, rate: 0.9, pickupDate: 0.85, notes: 0.6 },
  extraction: { extractor: 'offline', ocr: false },
};

describe('the AI Extract panel\'s handling of an extraction', () => {
  it('fills only the fields the extraction found, dates as picker days, money as text', () => {
    const values = extractedFormValues(RESULT);
    expect(Object.keys(values).sort()).toEqual(['commodity', 'deliveryDate', 'deliveryLocation', 'loadNumber', 'pickupDate', 'pickupLocation', 'rate', 'weight']);
    expect(values.pickupDate?.format('YYYY-MM-DD')).toBe('2026-11-02');
    expect(values.rate).toBe('2860.00');
    expect(values).not.toHaveProperty('customerId');
    expect(values).not.toHaveProperty('status');
  });

  it("says 'Learned from' the saved load beside each field a learned layout read, and nothing without one", () => {
    const learned: ExtractLoadResult = { ...RESULT, extraction: { ...RESULT.extraction, learned: { layoutId: 'l1', loadId: 'd1', loadNumber: 'LD-1042', fields: ['loadNumber', 'rate', 'notes'] } } };
    expect(learnedFields(learned)).toEqual({ loadNumber: 'LD-1042', rate: 'LD-1042' });
    expect(learnedText('LD-1042')).toBe('Learned from LD-1042');
    expect(learnedFields(RESULT)).toEqual({});
  });

  it('shows a confidence only beside the fields that were filled', () => {
    expect(filledConfidence(RESULT)).toEqual({ loadNumber: 0.95, rate: 0.9, pickupDate: 0.85 });
  });

  it("shows the server's message in the error card, else the spec's fallback", () => {
    expect(extractionErrorMessage(new ApiError(400, JSON.stringify({ message: 'The PDF could not be read.' })))).toBe('The PDF could not be read.');
    expect(extractionErrorMessage(new ApiError(502, 'Bad Gateway'))).toBe('502: Bad Gateway');
    expect(extractionErrorMessage(undefined)).toBe(EXTRACT_TEXTS.extractFailed);
  });

  it('knows a text file by its extension when the browser gives no type', () => {
    expect(fileTypeOf(new File(['x'], 'tender.TXT', { type: '' }))).toBe('text/plain');
    expect(fileTypeOf(new File(['x'], 'scan.jpeg', { type: 'image/jpeg' }))).toBe('image/jpeg');
  });
});
