import { layoutText, type PlacedText } from './layout-text.js';

/** Words of 6 units a character, 10 high, on lines 14 apart (row 0, 1, ...), at a character column. */
const word = (text: string, row: number, column: number): PlacedText => ({ text, left: 40 + column * 6, top: 100 + row * 14, width: text.length * 6, height: 10 });

describe('the layout of a page\'s text', () => {
  it('keeps side-by-side blocks on their lines, their columns apart, whatever order the runs come in', () => {
    const runs = [word('CONSIGNEE', 0, 40), word('Tampa, FL', 1, 40), word('SHIPPER', 0, 0), word('Knoxville,', 1, 0), word('TN', 1, 11)];
    expect(layoutText(runs)).toBe(`SHIPPER${' '.repeat(33)}CONSIGNEE\nKnoxville, TN${' '.repeat(27)}Tampa, FL`);
  });

  it('puts one line together from runs a scan has skewed a little, and leaves a blank line where the page does', () => {
    const runs = [word('Notes:', 0, 0), { ...word('Call', 0, 7), top: 103 }, word('ahead', 0, 12), word('Thanks', 4, 0), word('Second', 1, 0), word('Third', 2, 0)];
    expect(layoutText(runs)).toBe('Notes: Call ahead\nSecond\nThird\n\nThanks');
  });

  it('answers nothing for a page without text', () => {
    expect(layoutText([])).toBe('');
    expect(layoutText([{ ...word(' ', 0, 0) }])).toBe('');
  });
});
