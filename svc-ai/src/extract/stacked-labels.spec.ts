import { valuesBesideLabels } from './stacked-labels.js';

describe('values under their labels', () => {
  it('writes each value of a row under a row of column heads after its head', () => {
    const text = 'BOL NO.            SHIP DATE         PRO NO.\nGW-2027-05518      05/11/2027        PRO 88410327';
    expect(valuesBesideLabels(text).split('\n')[0]).toBe('BOL NO.: GW-2027-05518   SHIP DATE: 05/11/2027   PRO NO.: PRO 88410327');
  });

  it('reads a label ending a column\'s line with its value under it, beside another block (side-by-side BOL columns)', () => {
    const text = ['SHIP FROM                                       Bill of Lading Number:', 'Name: Keystone Brick & Block                    KB0417733'].join('\n');
    expect(valuesBesideLabels(text).split('\n')[0]).toBe('SHIP FROM   Bill of Lading Number: KB0417733');
  });

  it('takes a value a character or two off its column, as a text layer or OCR sets it', () => {
    expect(valuesBesideLabels('Load #        Date\n  LD-5512       03/01/2027').split('\n')[0]).toBe('Load #: LD-5512   Date: 03/01/2027');
  });

  it('leaves a heading over its paragraph, labels over other labels and lines with values as they are', () => {
    for (const text of ['SPECIAL INSTRUCTIONS\nCall 1 hour ahead', 'SHIP FROM          SHIP TO\nName: Acme         Name: Beta', 'Load: 55120        Date: 03/01/2027\nLD-1   x']) {
      expect(valuesBesideLabels(text)).toBe(text);
    }
  });
});
