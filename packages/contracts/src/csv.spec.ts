import { csvCell, csvCellText, csvDocument } from './csv.js';

describe('CSV', () => {
  it('quotes fields with a separator (comma, semicolon, tab), quotes and line ends, doubling quotes', () => {
    expect(csvCell('Dallas, TX')).toBe('"Dallas, TX"');
    expect(csvCell('Acme; Inc')).toBe('"Acme; Inc"');
    expect(csvCell('Acme\tInc')).toBe('"Acme\tInc"');
    expect(csvCell('the "Big" one')).toBe('"the ""Big"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Plain text')).toBe('Plain text');
    expect(csvCell(null)).toBe('');
  });

  it('keeps a spreadsheet from running a cell as a formula, whatever its separator, but leaves numbers as they are', () => {
    // Excel with ';' as its separator would split an unquoted 'Acme;=1+1' and run its second half.
    expect(csvCell('Acme;=1+1')).toBe('"Acme;=1+1"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 555')).toBe(`"'+1 555"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('-x')).toBe(`"'-x"`);
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-1250.50')).toBe('-1250.50');
  });

  it('reads back the apostrophe it wrote before a formula, in its quotes, and keeps any other', () => {
    expect(csvCellText("'=1+1", true)).toBe('=1+1');
    expect(csvCellText("'+1 555", true)).toBe('+1 555');
    // Unquoted, as a spreadsheet or a person writes it: the apostrophe is the text's own.
    expect(csvCellText("'=1+1", false)).toBe("'=1+1");
    expect(csvCellText("'quoted", true)).toBe("'quoted");
  });

  it('writes a header, CRLF line ends and a byte-order mark', () => {
    expect(csvDocument(['A', 'B'], [[1, 'x,y']])).toBe('\uFEFFA,B\r\n1,"x,y"\r\n');
  });
});
