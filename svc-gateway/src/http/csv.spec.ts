import { csvCell, csvDocument } from './csv.js';

describe('CSV', () => {
  it('quotes fields with commas, quotes and line ends, doubling quotes', () => {
    expect(csvCell('Dallas, TX')).toBe('"Dallas, TX"');
    expect(csvCell('the "Big" one')).toBe('"the ""Big"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('keeps a spreadsheet from running a cell as a formula, but leaves numbers as they are', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-x')).toBe("'-x");
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-1250.50')).toBe('-1250.50');
  });

  it('writes a header, CRLF line ends and a byte-order mark', () => {
    expect(csvDocument(['A', 'B'], [[1, 'x,y']])).toBe('\uFEFFA,B\r\n1,"x,y"\r\n');
  });
});
