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

  it('takes the commodity an NTE note names when no L5 describes one, and the L11 references when B2 has no shipment id', () => {
    const text = [
      'ISA*00*          *00*ZZ*BROKER*ZZ*CARRIER~ST*204*0001~B2**CARR***PP~L11*SO-77120*SI~L11*BOL-4410-22*BM',
      'S5*1*LD~G62*10*20270304~N4*YAKIMA*WA*98901~L5*1**FAK*N',
      'NTE*LOI*COMMODITY: FROZEN POULTRY, BOXED~NTE*DEL*Call before delivery',
      'S5*2*UL~G62*68*20270307~N4*DES MOINES*IA*50312~L3*21400*G***287500',
    ].join('~');
    const { fields } = readEdi204(text);
    expect(fields).toMatchObject({ loadNumber: 'BOL-4410-22', commodity: 'Frozen poultry, boxed', weight: 21400, rate: '2875.00', pickupLocation: 'Yakima, WA', deliveryLocation: 'Des Moines, IA' });
    expect(fields.notes).toContain('Call before delivery');
  });

  it('keeps the L5 description before a note naming a commodity, and B2\'s shipment id before the references', () => {
    const text = 'ST*204*0001~B2**C**TND-1~L11*BOL-9*BM~L5*1*STEEL COILS*T~NTE*LOI*Product: Paper';
    expect(readEdi204(text).fields).toMatchObject({ loadNumber: 'TND-1', commodity: 'Steel coils' });
  });

  it('is not taken for a text that only mentions segments', () => {
    expect(isEdi204('Please send the ST 204 by EDI, B2 segment included.')).toBe(false);
  });
  it('tells pickup from delivery by the N1 party when S5 gives no reason, and reads a weight in kilograms and a flat rate', () => {
    const text = [
      'ST*204*0001', 'B2**CARR**TND-5120**PP',
      'S5*1', 'G62*69*20270601', 'N1*SF*ORCHARD PACKERS', 'N4*WENATCHEE*WA*98801',
      'S5*2', 'G62*70*20270603', 'N1*ST*VALLEY GROCERS', 'N4*BOISE*ID*83705',
      'AT8*G*K*18144', 'L3***1850*FR',
    ].join('~');
    expect(readEdi204(text).fields).toMatchObject({ pickupLocation: 'Wenatchee, WA', deliveryLocation: 'Boise, ID', deliveryDate: '2027-06-03', weight: 40001, rate: '1850.00' });
  });
});
