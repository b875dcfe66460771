import { IMPORT_MAX_ROW_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES, IMPORTS, csvLine } from '@tms/contracts';
import { readCsvRows, type CsvFile } from './csv-rows.js';

const TRUCK_FIELDS = ['truckNumber', 'type', 'status', 'licensePlate', 'vin', 'year', 'make', 'model'];
const read = (csv: string | CsvFile) => readCsvRows(typeof csv === 'string' ? new TextEncoder().encode(csv) : csv, TRUCK_FIELDS, IMPORTS.trucks);
const refusal = (message: string) => ({ refused: { ok: false, error: expect.objectContaining({ code: 'invalid', issues: { file: [message] } }) } });

/** `text` in UTF-16, little- or big-endian, with or without its byte-order mark. */
function utf16(text: string, endian: 'le' | 'be', bom: boolean): Uint8Array {
  const units = `${bom ? '\uFEFF' : ''}${text}`;
  const bytes = new Uint8Array(units.length * 2);
  for (let index = 0; index < units.length; index++) {
    const code = units.charCodeAt(index);
    bytes[index * 2 + (endian === 'le' ? 0 : 1)] = code & 0xff;
    bytes[index * 2 + (endian === 'le' ? 1 : 0)] = code >> 8;
  }
  return bytes;
}

describe('readCsvRows', () => {
  it('matches columns by name or label, in any case and order, and leaves other columns out', async () => {
    expect(await read('LICENSE PLATE,Truck #,id,Status\nPL-1,T-1,x,In Use\n')).toEqual({
      // The cells as the file writes them too, and each field's header: what an error says (issue 47).
      rows: [{ row: 2, values: { licensePlate: 'PL-1', truckNumber: 'T-1', status: 'in-use' }, texts: { licensePlate: 'PL-1', truckNumber: 'T-1', status: 'In Use' } }],
      errors: [],
      headers: { licensePlate: 'LICENSE PLATE', truckNumber: 'Truck #', status: 'Status' },
    });
  });

  it('refuses a header that names one field twice, naming its columns', async () => {
    expect(await read('Truck #,make,truck_number\nT-1,Volvo,T-9\n')).toEqual(refusal(IMPORT_MESSAGES.repeatedColumn(['Truck #', 'truck_number'])));
  });

  it('reads quotes, commas and line ends in cells, a byte-order mark and Windows line ends', async () => {
    const csv = `\uFEFF${csvLine(['truckNumber', 'make'])}${csvLine(['T-1', 'Big "Rig", Inc.\nEast'])}${csvLine(['T-2', 'Volvo'])}`;
    expect(await read(csv)).toEqual({
      rows: [
        { row: 2, values: { truckNumber: 'T-1', make: 'Big "Rig", Inc.\nEast' }, texts: { truckNumber: 'T-1', make: 'Big "Rig", Inc.\nEast' } },
        { row: 3, values: { truckNumber: 'T-2', make: 'Volvo' }, texts: { truckNumber: 'T-2', make: 'Volvo' } },
      ],
      errors: [],
      headers: { truckNumber: 'truckNumber', make: 'make' },
    });
  });

  it('takes off the apostrophe the export puts before a formula, and keeps the apostrophes of other files', async () => {
    const exported = `truckNumber,make,model\n${csvLine(['T-1', '=HYPERLINK("x")', "'quoted"])}`;
    expect(await read(exported)).toMatchObject({ rows: [{ values: { make: '=HYPERLINK("x")', model: "'quoted" } }] });
    // As a person or a spreadsheet writes it: unquoted, the apostrophe is part of the text.
    expect(await read("truckNumber,make\nT-1,'=1+1\n")).toMatchObject({ rows: [{ values: { make: "'=1+1" } }] });
  });

  it('reads UTF-16, little- or big-endian, with or without a byte-order mark', async () => {
    const csv = 'truckNumber,make\r\nT-1,Škoda\r\n';
    for (const endian of ['le', 'be'] as const) {
      for (const bom of [true, false]) {
        expect({ endian, bom, read: await read(utf16(csv, endian, bom)) }).toEqual({ endian, bom, read: { rows: [{ row: 2, values: { truckNumber: 'T-1', make: 'Škoda' }, texts: { truckNumber: 'T-1', make: 'Škoda' } }], errors: [], headers: { truckNumber: 'truckNumber', make: 'make' } } });
      }
    }
  });

  it('refuses a file that is neither UTF-8 nor UTF-16', async () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode('truckNumber,make\nT-1,'), 0x8a, 0x6f, 0x64, 0x61, 0x0a]);
    expect(await read(latin1)).toEqual(refusal(IMPORT_MESSAGES.encoding));
  });

  it('skips blank rows but keeps the numbers of the rows after them; a cell past the header is an error', async () => {
    expect(await read('truckNumber\n\n , \nT-3,extra\n')).toEqual({
      rows: [{ row: 4, values: { truckNumber: 'T-3' }, texts: { truckNumber: 'T-3' } }],
      errors: [{ row: 4, field: '_', message: 'This row has more cells than the header' }],
      headers: { truckNumber: 'truckNumber' },
    });
  });

  it('refuses an empty file and a broken one', async () => {
    expect(await read('')).toEqual(refusal('The file is empty.'));
    expect(await read('\uFEFF')).toEqual(refusal('The file is empty.'));
    expect(await read('truckNumber\n"T-1\n')).toMatchObject({ refused: { ok: false, error: { code: 'invalid' } } });
  });

  it('stops at the first row past the limit, blank rows counted, without reading the rest', async () => {
    const atLimit = `truckNumber\n${'T\n'.repeat(IMPORT_MAX_ROWS)}`;
    expect(await read(atLimit)).toMatchObject({ errors: [] });
    // Seven million short rows are refused as soon as a file of just over the limit is, long before they are all read:
    // counted in the pieces of the file taken (as they arrive from the upload bucket), not in time, which a busy
    // machine moves.
    const piecesTaken = async (lines: number) => {
      const bytes = new TextEncoder().encode(`truckNumber\n${'T\n\n'.repeat(lines / 2)}`);
      let taken = 0;
      async function* arriving() {
        for (let start = 0; start < bytes.byteLength; start += 64 * 1024) {
          taken += 1;
          yield bytes.subarray(start, start + 64 * 1024);
        }
      }
      expect(await read(arriving())).toEqual(refusal(IMPORT_MESSAGES.tooManyRows));
      return taken;
    };
    const justOver = await piecesTaken(IMPORT_MAX_ROWS + 20_000);
    expect(justOver).toBeLessThan(10);
    expect(await piecesTaken(7_000_000)).toBe(justOver);
  }, 30_000);

  it('stops taking the chunks of a file as it arrives once a limit is passed: the rest is never fetched', async () => {
    let taken = 0;
    async function* arriving() {
      yield new TextEncoder().encode('truckNumber\n');
      for (let chunk = 0; chunk < 1000; chunk++) {
        taken += 1;
        yield new TextEncoder().encode('T\n'.repeat(10_000));
      }
    }
    expect(await readCsvRows(arriving(), TRUCK_FIELDS, IMPORTS.trucks)).toEqual(refusal(IMPORT_MESSAGES.tooManyRows));
    expect(taken).toBeLessThanOrEqual(IMPORT_MAX_ROWS / 10_000 + 1);
  }, 30_000);

  it('lets other work run while it reads a large file: it never holds the thread for more than a fraction of the read', async () => {
    const file = new TextEncoder().encode(`truckNumber,make\n${`T,${'m'.repeat(100)}\n`.repeat(50_000)}`);
    let last = performance.now();
    let longest = 0;
    const timer = setInterval(() => {
      longest = Math.max(longest, performance.now() - last);
      last = performance.now();
    }, 1);
    const started = performance.now();
    const read50k = await read(file);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    longest = Math.max(longest, performance.now() - last); // a read that never let the timer run is one long pause
    expect(read50k).toMatchObject({ errors: [] });
    expect(longest).toBeLessThan(elapsed / 4);
  }, 60_000);

  it('refuses a row longer than the limit, naming it, and a file larger than the limit', async () => {
    const long = `truckNumber,make\nT-1,Volvo\nT-2,"${'m'.repeat(IMPORT_MAX_ROW_BYTES)}"\nT-3,Volvo\n`;
    expect(await read(long)).toEqual(refusal(IMPORT_MESSAGES.rowTooLarge(3)));
    expect(await read(new Uint8Array(20 * 1024 * 1024 + 1).fill(0x41))).toEqual(refusal(IMPORT_MESSAGES.tooLarge));
  });
});
