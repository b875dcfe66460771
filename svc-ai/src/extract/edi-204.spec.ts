import { isEdi204, readEdi204 } from './edi-204.js';

const segments = (separator: string) =>
  [
    `ISA${separator}00${separator}          ${separator}00${separator}ZZ${separator}BROKER${separator}ZZ${separator}CARRIER~`,
    `ST${separator}204${separator}0001`,
    `B2${separator}${separator}CARR${separator}${separator}TND-4410${separator}${separator}PP`,
    `S5${separator}1${separator}LD`,
    `G62${separator}10${separator}20270304`,
    `N4${separator}YAKIMA${separator}WA${separator}98901`,
    `L5${separator}1${separator}APPLES, FRESH, BOXED${separator}64${separator}N`,
    `S5${separator}2${separator}UL`,
    `G62${separator}68${separator}20270307`,
    `N4${separator}DES MOINES${separator}IA${separator}50312`,
    `NTE${separator}LOI${separator}Keep trailer at 35F`,
    `L3${separator}21400${separator}G${separator}${separator}${separator}287500`,
  ].join('~');

describe('the EDI 204 reader', () => {
  it.each(['*', '|', '^'])('reads a tender whose elements are set apart by %s, the commodity from its L5 description', (separator) => {
    const text = segments(separator);
    expect(isEdi204(text)).toBe(true);
    expect(readEdi204(text).fields).toEqual({
      loadNumber: 'TND-4410',
      pickupLocation: 'Yakima, WA',
      pickupDate: '2027-03-04',
      deliveryLocation: 'Des Moines, IA',
      deliveryDate: '2027-03-07',
      weight: 21400,
      rate: '2875.00',
      commodity: 'Apples, fresh, boxed',
      notes: 'Keep trailer at 35F.',
    });
  });

  it('takes the first L5 that describes something, and keeps a description written in mixed case', () => {
    const text = 'ST*204*0001~B2**C**L1~L5*1**FAK~L5*2*Steel Beams, bundled*T~';
    expect(readEdi204(text).fields.commodity).toBe('Steel Beams, bundled');
  });

  it('is not taken for a text that only mentions segments', () => {
    expect(isEdi204('Please send the ST 204 by EDI, B2 segment included.')).toBe(false);
  });
});
