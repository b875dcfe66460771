import { IMPORTS, csvLine } from '@tms/contracts';
import { readCsvRows } from './csv-rows.js';

const TRUCK_FIELDS = ['truckNumber', 'type', 'status', 'licensePlate', 'vin', 'year', 'make', 'model'];
const read = (csv: string) => readCsvRows(new TextEncoder().encode(csv), TRUCK_FIELDS, IMPORTS.trucks);

describe('readCsvRows', () => {
  it('matches columns by name or label, in any case and order, and leaves other columns out', () => {
    expect(read('LICENSE PLATE,Truck #,id,truck_number,Status\nPL-1,T-1,x,T-9,In Use\n')).toEqual({
      rows: [{ row: 2, values: { licensePlate: 'PL-1', truckNumber: 'T-1', status: 'in-use' } }],
      errors: [],
    });
  });

  it('reads quotes, commas and line ends in cells, a byte-order mark and Windows line ends', () => {
    const csv = `\uFEFF${csvLine(['truckNumber', 'make'])}${csvLine(['T-1', 'Big "Rig", Inc.\nEast'])}${csvLine(['T-2', 'Volvo'])}`;
    expect(read(csv)).toEqual({
      rows: [
        { row: 2, values: { truckNumber: 'T-1', make: 'Big "Rig", Inc.\nEast' } },
        { row: 3, values: { truckNumber: 'T-2', make: 'Volvo' } },
      ],
      errors: [],
    });
  });

  it("takes off the apostrophe the export puts before a formula, and only that one", () => {
    const csv = `truckNumber,make,model\n${csvLine(['T-1', '=HYPERLINK("x")', "'quoted"])}`;
    expect(read(csv)).toMatchObject({ rows: [{ values: { make: '=HYPERLINK("x")', model: "'quoted" } }] });
  });

  it('skips blank rows but keeps the numbers of the rows after them; a cell past the header is an error', () => {
    expect(read('truckNumber\n\n , \nT-3,extra\n')).toEqual({
      rows: [{ row: 4, values: { truckNumber: 'T-3' } }],
      errors: [{ row: 4, field: '_', message: 'This row has more cells than the header' }],
    });
  });

  it('refuses an empty file and a broken one', () => {
    expect(read('')).toEqual({ refused: { ok: false, error: expect.objectContaining({ issues: { file: ['The file is empty.'] } }) } });
    expect(read('\uFEFF')).toEqual({ refused: { ok: false, error: expect.objectContaining({ issues: { file: ['The file is empty.'] } }) } });
    expect(read('truckNumber\n"T-1\n')).toMatchObject({ refused: { ok: false, error: { code: 'invalid' } } });
  });
});
