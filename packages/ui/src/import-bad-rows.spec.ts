import { badRowsCsv } from './import-bad-rows.js';

describe('the bad rows of an import, as a CSV', () => {
  it("keeps the file's header and cells, in the file's order, with what is wrong with each in its words", async () => {
    const file = new Blob(['\uFEFFTruck #,Year,Notes\r\nT-1,2021,ok\r\nT-2,2O23,"two\nlines"\r\nT-3,1800,\r\n']);
    const csv = await badRowsCsv(file, [
      { row: 4, field: 'year', column: 'Year', value: '1800', message: 'Year must be 1900 or later' },
      { row: 3, field: 'year', column: 'Year', value: '2O23', message: 'Year must be a whole number' },
      { row: 3, field: '_', message: 'This row has more cells than the header' },
    ]);
    expect(csv).toBe(
      '\uFEFFTruck #,Year,Notes,Errors\r\n' +
        'T-2,2O23,"two\nlines","Year: Year must be a whole number; This row has more cells than the header"\r\n' +
        'T-3,1800,,Year: Year must be 1900 or later\r\n',
    );
  });
});
