import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { PdfSheet, wrapped } from './pdf-sheet.js';

/** A font whose letters are all 5 points wide at size 10, counting the letters it is asked to measure. */
function countingFont() {
  const font = {
    measured: 0,
    widthOfTextAtSize(text: string, size: number) {
      font.measured += text.length;
      return (text.length * size) / 2;
    },
  };
  return font;
}

describe('wrapped', () => {
  it('breaks at spaces, keeps line breaks, and cuts a word longer than the line', () => {
    const font = countingFont() as unknown as PDFFont;
    expect(wrapped('one two three\nfour', font, 10, 40)).toEqual(['one two', 'three', 'four']);
    expect(wrapped('abcdefghijklmnopqrstu', font, 10, 40)).toEqual(['abcdefgh', 'ijklmnop', 'qrstu']);
  });

  it('does work in proportion to the text: a 10,000-letter word measures each letter a few times, not the word per cut', () => {
    const font = countingFont();
    const word = 'x'.repeat(10_000);
    const lines = wrapped(word, font as unknown as PDFFont, 10, 500);
    expect(lines.join('')).toBe(word);
    expect(lines.every((line) => line.length === 100)).toBe(true);
    expect(font.measured).toBeLessThan(10 * word.length);
  });

  it('stops reading once it has more lines than asked for (a packet prints the first pages of a text document)', () => {
    const font = countingFont();
    const lines = wrapped(`${'x'.repeat(1_000_000)}\n${'word '.repeat(100_000)}`, font as unknown as PDFFont, 10, 500, 50);
    expect(lines).toHaveLength(51);
    expect(font.measured).toBeLessThan(2_000_000);
  });

  // Its time is bench:bounds's figure (a 10,000-letter word in at most 200 ms); here, that it renders at all and right.
  it('renders a PDF whose note is one 10,000-letter word, every line within the page', async () => {
    const word = 'W'.repeat(10_000);
    const sheet = await PdfSheet.create('Settlement', 'Settlement');
    sheet.paragraph(word);
    sheet.row([{ text: word, x: 0 }]);
    expect((await sheet.save()).length).toBeGreaterThan(1000);

    const font = (await PDFDocument.create()).embedStandardFont(StandardFonts.Helvetica);
    const lines = wrapped(word, font, 10, 300);
    expect(lines.join('')).toBe(word);
    // Every line within the width, and full but the last.
    expect(lines.every((line) => font.widthOfTextAtSize(line, 10) <= 300)).toBe(true);
    expect(lines.slice(0, -1).every((line) => font.widthOfTextAtSize(`${line}W`, 10) > 300)).toBe(true);
  });
});
