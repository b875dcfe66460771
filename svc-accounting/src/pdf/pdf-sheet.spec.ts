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

  it('renders a PDF whose note is one 10,000-letter word in at most 200 ms, every line within the page', async () => {
    const word = 'W'.repeat(10_000);
    const render = async (note: string) => {
      const sheet = await PdfSheet.create('Settlement', 'Settlement');
      sheet.paragraph(note);
      sheet.row([{ text: note, x: 0 }]);
      return sheet.save();
    };
    await render(word); // the code compiled, as in a service that has been up a while
    const started = performance.now();
    await render(word);
    expect(performance.now() - started).toBeLessThan(200);

    const font = (await PDFDocument.create()).embedStandardFont(StandardFonts.Helvetica);
    const lines = wrapped(word, font, 10, 300);
    expect(lines.join('')).toBe(word);
    // Every line within the width, and full but the last.
    expect(lines.every((line) => font.widthOfTextAtSize(line, 10) <= 300)).toBe(true);
    expect(lines.slice(0, -1).every((line) => font.widthOfTextAtSize(`${line}W`, 10) > 300)).toBe(true);
  });
});
