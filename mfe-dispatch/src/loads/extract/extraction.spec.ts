import { ApiError } from '@tms/ui';
import type { ExtractLoadResult } from '@tms/contracts';
import {
  EXTRACT_TEXTS,
  extractedFormValues,
  extractionErrorMessage,
  fileTypeOf,
  filledConfidence,
  learnedFields,
  learnedText,
  openLoadPath,
  extractedStop,
  senderCustomer,
  senderCustomerValues,
} from './extraction.js';

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

  it("chooses the customer the document's sender is (by MC number, else by name), or offers to add it", () => {
    const customers = [
      { id: 'c1', name: 'Summit Freight Brokerage, LLC', mcNumber: '' },
      { id: 'c2', name: 'Harbor Point Logistics', mcNumber: 'MC-771234' },
    ];
    const summit = { name: 'SUMMIT FREIGHT BROKERAGE INC.', mcNumber: '889123' };
    expect(senderCustomer({ sender: summit }, customers)).toEqual({ matched: customers[0], sender: summit });
    expect(senderCustomer({ sender: { name: 'H.P. Logistics', mcNumber: '771234' } }, customers)).toMatchObject({ matched: { id: 'c2' } });
    expect(senderCustomer({ sender: { name: 'Blue Heron Logistics' } }, customers)).toEqual({ unknown: { name: 'Blue Heron Logistics' } });
    // Nothing said of who sent it: nothing chosen, nothing offered.
    expect(senderCustomer({}, customers)).toBeUndefined();
  });

  it("fills 'Add Customer' from the sender: its e-mail, else where it wants invoices, as the required e-mail", () => {
    expect(senderCustomerValues({ name: 'Blue Heron Logistics', mcNumber: '445566', billingEmail: 'ap@blueheron.example', phone: '(312) 555-0199', address: '1 Dock Rd, Gary, IN 46402' })).toEqual({
      name: 'Blue Heron Logistics', mcNumber: 'MC-445566', email: 'ap@blueheron.example', billingEmail: 'ap@blueheron.example', phone: '(312) 555-0199', address: '1 Dock Rd, Gary, IN 46402',
    });
    expect(senderCustomerValues({ name: 'Lakeshore Logistics' })).toEqual({ name: 'Lakeshore Logistics' });
  });

  it("says a taken load number with a way to that load: the Loads screen opens it from '?open='", () => {
    expect(EXTRACT_TEXTS.duplicate('RC-44871')).toBe('A load with load number RC-44871 already exists.');
    expect(openLoadPath('9b2f1c1e-0000-4000-8000-000000000001')).toBe('/loads?open=9b2f1c1e-0000-4000-8000-000000000001');
  });

  it("fills the Stops section with a multi-stop document's stops, times as the document wrote them", () => {
    const values = extractedFormValues({
      ...RESULT,
      stops: [
        { type: 'pickup', location: 'Gary, IN', facility: 'Delta Steel Works', address: '8625 Enterprise Cir, Gary, IN 46402', appointmentStart: '2026-11-02T07:00', reference: '557120' },
        { type: 'pickup', location: 'Toledo, OH', appointmentStart: '2026-11-02T15:00', appointmentEnd: '2026-11-02T17:00' },
        { type: 'delivery', location: 'Columbus, OH', appointmentStart: '2026-11-03' },
        { type: 'delivery', location: 'Pittsburgh, PA' },
      ],
    });
    expect(values.stops?.map((stop) => [stop.type, stop.location, stop.appointmentStart?.format('YYYY-MM-DD HH:mm') ?? null, stop.appointmentEnd?.format('HH:mm') ?? null, stop.reference])).toEqual([
      ['pickup', 'Gary, IN', '2026-11-02 07:00', null, '557120'],
      ['pickup', 'Toledo, OH', '2026-11-02 15:00', '17:00', ''],
      ['delivery', 'Columbus, OH', '2026-11-03 00:00', null, ''],
      ['delivery', 'Pittsburgh, PA', null, null, ''],
    ]);
    expect(values.stops?.[0]).toMatchObject({ facility: 'Delta Steel Works', address: '8625 Enterprise Cir, Gary, IN 46402' });
    expect(extractedStop({ type: 'delivery', location: 'Erie, PA' }).facility).toBe('');
    // A document without stops leaves the form's own two.
    expect(extractedFormValues(RESULT)).not.toHaveProperty('stops');
  });
});
