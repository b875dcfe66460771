import { FREE_TEXT_MAX_LENGTH } from '@tms/contracts';
import { joinNotes, noteSections } from './notes-section.js';

describe('the notes section reader', () => {
  it('reads a label with its text on the same line', () => {
    expect(noteSections('Load Number: 1234\nNotes: Driver must call 1 hour before arrival.\nRate: $900.00')).toEqual(['Driver must call 1 hour before arrival.']);
  });

  it('reads a heading with the lines under it as one line, down to a blank line', () => {
    const text = 'SPECIAL INSTRUCTIONS\nDeliver by appointment only - call receiving\n24 hours ahead.\n\nFreight terms: Prepaid';
    expect(noteSections(text)).toEqual(['Deliver by appointment only - call receiving 24 hours ahead.']);
  });

  it('makes each bullet a sentence of its own', () => {
    const text = '  Special Instructions:\n    * Driver must call when loaded\n    * Lumper paid with receipt\n    - No double stacking\n\nPayment: 30 days';
    expect(noteSections(text)).toEqual(['Driver must call when loaded. Lumper paid with receipt. No double stacking']);
  });

  it.each(['Notes', 'NOTE', 'Special Instructions', 'Special Instr.', 'Comments', 'Remarks', 'Driver Instructions', "Driver's Notes", 'Delivery Instructions', 'Comments / Remarks'])(
    'knows the label %s',
    (label) => {
      expect(noteSections(`${label}: Keep reefer at 34F.`)).toEqual(['Keep reefer at 34F.']);
    },
  );

  it('stops at the next label, a rule or a heading, and keeps a column beside it out', () => {
    expect(noteSections('Comments: Rolls on end,\nno clamp damage.\nPayment: 30 days')).toEqual(['Rolls on end, no clamp damage.']);
    expect(noteSections('REMARKS\nTarps required.\n+--------+\nCARRIER INFORMATION')).toEqual(['Tarps required.']);
    expect(noteSections('REMARKS\nTarps required.\nCARRIER INFORMATION\nTrailer 53')).toEqual(['Tarps required.']);
    expect(noteSections('Notes: Liftgate required.          Pro number: 554120')).toEqual(['Liftgate required.']);
  });

  it('reads no note from a section that says none, nor from a word that only contains a label', () => {
    expect(noteSections('Remarks: none\nComments: N/A')).toEqual([]);
    expect(noteSections('See the footnotes below.\nPAYMENT REMARKS ARE ON PAGE 2')).toEqual([]);
  });

  it('joins notes into sentences within the field\'s limit', () => {
    expect(joinNotes(['Call ahead', 'Equipment: 53 ft van.'])).toBe('Call ahead. Equipment: 53 ft van.');
    expect(joinNotes([])).toBeUndefined();
    const long = joinNotes(['word '.repeat(1000)])!;
    expect(long.length).toBeLessThanOrEqual(FREE_TEXT_MAX_LENGTH);
    expect(long.endsWith('word…')).toBe(true);
  });
});
