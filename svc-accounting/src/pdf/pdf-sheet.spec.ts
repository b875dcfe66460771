import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts, type PDFFont } from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';
import { PAGE, PdfSheet, wrapped } from './pdf-sheet.js';

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

/** The fonts a PDF holds, by name (a subset's tag and number taken off: 'ABCDEF+NotoSans-Regular-2000' is 'NotoSans-Regular'). */
async function fontNames(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const names = pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font'))
    .map((font) => String(font.get(PDFName.of('BaseFont'))).replace(/^\/(\w{6}\+)?/, '').replace(/-\d+$/, ''));
  return [...new Set(names)].sort();
}

/** The text pieces of a PDF's first page as a viewer reads them, top to bottom and left to right: text, left and right edges. */
async function pieces(bytes: Uint8Array) {
  const { items } = await (await (await getDocumentProxy(bytes)).getPage(1)).getTextContent();
  return (items as { str: string; transform: number[]; width: number }[])
    .filter((item) => item.str.trim())
    .map((item) => ({ text: item.str, x: item.transform[4], y: item.transform[5], right: item.transform[4] + item.width }))
    .sort((a, b) => b.y - a.y || a.x - b.x);
}

// Issue 50, point 8.
describe('names in any script', () => {
  it('keeps a document all in WinAnsi in the standard fonts, and embeds Noto Sans or Noto Sans SC only for the letters that need them', async () => {
    const sheetWith = async (text: string, bold = false) => {
      const sheet = await PdfSheet.create('Settlement', 'Settlement');
      sheet.row([{ text, x: 0, bold }]);
      return sheet.save();
    };
    expect(await fontNames(await sheetWith('José Muñoz, Zoë Brontë: €1,234 – “paid”'))).toEqual(['Courier', 'Helvetica', 'Helvetica-Bold']);
    expect(await fontNames(await sheetWith('Ζήσης Παπαδόπουλος'))).toEqual(['Courier', 'Helvetica', 'Helvetica-Bold', 'NotoSans-Regular']);
    expect(await fontNames(await sheetWith('北京市朝阳区', true))).toEqual(['Courier', 'Helvetica', 'Helvetica-Bold', 'NotoSansSC-Bold']);
    // Only the letters drawn: a few KB, not the 10 MB font.
    expect((await sheetWith('北京市朝阳区')).length).toBeLessThan(30_000);
  });

  it("draws each letter with the font's own outline (its subset's glyphs, in the order first drawn)", async () => {
    const text = '北京市朝阳区建国路88号 上海市浦东新区张江高科技园区碧波路';
    const sheet = await PdfSheet.create('Settlement', 'Settlement');
    sheet.row([{ text, x: 0 }]);
    const pdf = await PDFDocument.load(await sheet.save());
    const fontFile = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .find((object): object is PDFDict => object instanceof PDFDict && String(object.get(PDFName.of('FontName'))).includes('NotoSansSC'))!
      .lookup(PDFName.of('FontFile2'), PDFRawStream);
    const subset = fontkit.create(decodePDFRawStream(fontFile).decode());
    const original = fontkit.create(readFileSync(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')));
    const letters = [...new Set(text)];
    expect(letters.map((_, index) => subset.getGlyph(index + 1).path.toSVG())).toEqual(letters.map((letter) => original.glyphForCodePoint(letter.codePointAt(0)!).path.toSVG()));
  });

  it('prints a letter no font has (Hangul, emoji) as ?, and an accent typed apart as its letter, without failing', async () => {
    const sheet = await PdfSheet.create('김민준 😀', 'Statement, 김민준');
    sheet.row([{ text: 'Receiver 김민준 😀, Rene\u0301e', x: 0 }]);
    const read = (await pieces(await sheet.save())).map((piece) => piece.text).join(' ');
    expect(read).toContain('Receiver ??? ?, Renée');
    expect(read).toContain('Statement, ???');
  });

  it('wraps mixed Chinese and Latin text within its column, measured as it is drawn, and right-aligns it to the point', async () => {
    const place = 'Warehouse 7, 上海市浦东新区张江高科技园区碧波路690号三号楼 (dock 4)';
    const sheet = await PdfSheet.create('Settlement', 'Settlement');
    const lines = sheet.lines(place, 'regular', 10, 120);
    expect(lines.join('').replaceAll(' ', '')).toBe(place.replaceAll(' ', ''));
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(sheet.width(line, 'regular', 10)).toBeLessThanOrEqual(120);
    sheet.row([{ text: 'Pickup', x: 0 }, { text: place, x: 80, width: 120, align: 'left' }, { text: 'Ζήσης Παπαδόπουλος', x: 206, width: 200 }, { text: 'end', x: 420 }]);

    const read = await pieces(await sheet.save());
    const column = read.filter((piece) => piece.x >= PAGE.margin + 80 - 0.01 && piece.x < PAGE.margin + 206);
    expect(column.map((piece) => piece.text).join('').replaceAll(' ', '')).toBe(place.replaceAll(' ', ''));
    // Within its 120 points, as a viewer measures the drawn glyphs.
    expect(Math.max(...column.map((piece) => piece.right))).toBeLessThanOrEqual(PAGE.margin + 80 + 120 + 0.5);
    const greek = read.find((piece) => piece.text === 'Ζήσης Παπαδόπουλος')!;
    expect(Math.abs(greek.right - (PAGE.margin + 206 + 200))).toBeLessThan(0.5);
  });
});
