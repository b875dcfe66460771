import { unfoundedFields } from './grounding.js';

const DOCUMENT = [
  'Load Number: RC-44871',
  'Pickup: Gary, IN on Mon, Nov 2, 2026',
  'Deliver to Pittsburgh, PA by 11/04/2026',
  'Commodity: STEEL COILS   Weight: 19,000 kg',
  'Linehaul $2,400.00  Fuel $310.00',
].join('\n');

describe('a model\'s answer checked against the document', () => {
  it('finds what the document says, however the model wrote it', () => {
    const answer = {
      loadNumber: 'RC 44871',
      pickupLocation: 'Gary, IN',
      pickupDate: '2026-11-02',
      deliveryLocation: 'Pittsburgh, PA',
      deliveryDate: '2026-11-04',
      // Linehaul plus fuel, and the weight in pounds.
      rate: '2710.00',
      weight: 41888,
      commodity: 'Steel coil',
      notes: 'Tarps required',
    };
    expect(unfoundedFields(answer, DOCUMENT, {})).toEqual([]);
  });

  it('names each field the document does not hold', () => {
    const answer = { loadNumber: 'RC-99817', pickupLocation: 'Chicago, IL', pickupDate: '2026-11-03', rate: '2999.00', weight: 40000, commodity: 'Copper wire' };
    expect(unfoundedFields(answer, DOCUMENT, {}).sort()).toEqual(['commodity', 'loadNumber', 'pickupDate', 'pickupLocation', 'rate', 'weight']);
  });

  it('takes what the offline extractor read from the same text as held', () => {
    expect(unfoundedFields({ rate: '2999.00' }, DOCUMENT, { rate: '2999.00' })).toEqual([]);
  });
});
