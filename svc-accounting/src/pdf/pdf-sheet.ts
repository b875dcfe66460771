import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** US Letter, in points. */
export const PAGE = { width: 612, height: 792, margin: 48 } as const;
const GREY = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.75, 0.75, 0.75);
/** Points kept clear between a cell and the next cell's column. */
const COLUMN_GAP = 6;

export interface Cell {
  text: string;
  /** Left edge, from the page's left margin. */
  x: number;
  /** The column's width: [x, x + width], the value right-aligned in it unless `align` says left. */
  width?: number;
  align?: 'left' | 'right';
  bold?: boolean;
}

/**
 * Pages of real PDF text (searchable, copyable) in the standard fonts, written top to bottom: a line at a time, a new
 * page when the next line does not fit. The standard fonts encode WinAnsi only: any other character is written as
 * its closest WinAnsi form, else '?', so a name in any script never fails a document.
 */
export class PdfSheet {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly mono: PDFFont,
    private readonly footer: string,
  ) {}

  /** A sheet on a document of its own, or on `doc` (a packet adds its documents after). */
  static async create(title: string, footer: string, doc?: PDFDocument): Promise<PdfSheet> {
    const document = doc ?? (await PDFDocument.create());
    document.setTitle(printable(title));
    document.setProducer('TMS');
    const [regular, bold, mono] = await Promise.all([
      document.embedFont(StandardFonts.Helvetica),
      document.embedFont(StandardFonts.HelveticaBold),
      document.embedFont(StandardFonts.Courier),
    ]);
    const sheet = new PdfSheet(document, regular, bold, mono, printable(footer));
    sheet.newPage();
    return sheet;
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    if (this.footer) {
      const number = `${this.footer} - page ${this.doc.getPageCount()}`;
      this.page.drawText(number, { x: PAGE.margin, y: PAGE.margin / 2, size: 8, font: this.regular, color: GREY });
    }
  }

  /** Room for `height` more points on this page, else a new page. */
  need(height: number) {
    if (this.y - height < PAGE.margin) this.newPage();
  }

  space(points: number) {
    this.y -= points;
  }

  /**
   * A row of cells at `size` points. Each cell keeps to its column — its `width`, else up to the next cell's column,
   * else to the right margin — and a value wider than that wraps onto more lines within it, never cut short (a load
   * number or a name is read whole); the row is as tall as its longest cell.
   */
  row(cells: Cell[], size = 10) {
    const height = size * 1.35;
    const columns = cells.map((cell) => {
      const font = cell.bold ? this.bold : this.regular;
      const next = Math.min(...cells.filter((other) => other.x > cell.x).map((other) => other.x - COLUMN_GAP));
      const width = cell.width ?? Math.min(next, PAGE.width - 2 * PAGE.margin) - cell.x;
      return { cell, font, lines: wrapped(printable(cell.text), font, size, width) };
    });
    const count = Math.max(1, ...columns.map(({ lines }) => lines.length));
    // The whole row on one page when it fits on one.
    this.need(Math.min(count * height, PAGE.height - 2 * PAGE.margin));
    for (let line = 0; line < count; line++) {
      this.need(height);
      this.y -= size;
      for (const { cell, font, lines } of columns) {
        const text = lines[line];
        if (!text) continue;
        const x = PAGE.margin + cell.x + (cell.width && cell.align !== 'left' ? cell.width - font.widthOfTextAtSize(text, size) : 0);
        this.page.drawText(text, { x, y: this.y, size, font });
      }
      this.y -= height - size;
    }
  }

  /** Text over as many lines as it takes within `width` (its own line breaks kept), at `x`. */
  paragraph(text: string, { x = 0, width, size = 10, bold = false }: { x?: number; width?: number; size?: number; bold?: boolean } = {}) {
    const font = bold ? this.bold : this.regular;
    for (const line of wrapped(printable(text), font, size, width ?? PAGE.width - 2 * PAGE.margin - x)) this.row([{ text: line, x, bold }], size);
  }

  /** Text in a ruled box across the page, kept on one page (a factored invoice's notice of assignment). */
  boxed(text: string, size = 9) {
    const [width, pad, height] = [PAGE.width - 2 * PAGE.margin, 6, size * 1.35];
    const lines = wrapped(printable(text), this.regular, size, width - 2 * pad);
    const boxHeight = lines.length * height + 2 * pad;
    this.need(boxHeight);
    const top = this.y;
    this.page.drawRectangle({ x: PAGE.margin, y: top - boxHeight, width, height: boxHeight, borderColor: GREY, borderWidth: 1 });
    this.y -= pad;
    for (const line of lines) {
      this.y -= size;
      this.page.drawText(line, { x: PAGE.margin + pad, y: this.y, size, font: this.regular });
      this.y -= height - size;
    }
    this.y = top - boxHeight;
  }

  /** A label in grey above what follows. */
  label(text: string, x = 0) {
    this.need(12);
    this.y -= 8;
    this.page.drawText(printable(text).toUpperCase(), { x: PAGE.margin + x, y: this.y, size: 8, font: this.bold, color: GREY });
    this.y -= 4;
  }

  rule() {
    this.need(8);
    this.y -= 4;
    this.page.drawLine({ start: { x: PAGE.margin, y: this.y }, end: { x: PAGE.width - PAGE.margin, y: this.y }, thickness: 0.5, color: RULE });
    this.y -= 4;
  }

  /** Where the next line goes, and going back up to it: two columns written one after the other. */
  get cursor() {
    return this.y;
  }

  set cursor(y: number) {
    this.y = y;
  }

  save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}

/** Letters and signs that WinAnsi spells another way, or not at all. */
const SUBSTITUTES: Record<string, string> = { '\u2212': '-', '\u2010': '-', '\u2011': '-', '\u00a0': ' ', '\t': '    ' };

/** The text in WinAnsi: accents kept where WinAnsi has the letter, stripped where it has only the base letter. */
export function printable(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    const substitute = SUBSTITUTES[char];
    if (substitute !== undefined) out += substitute;
    else if (isWinAnsi(char)) out += char;
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}

/** WinAnsi (CP1252): printable ASCII, Latin-1 and the 27 characters of 0x80-0x9F; line breaks are split by callers. */
const CP1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return char === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRAS.has(char);
}


/**
 * Where the letters of `text` from `start` that fit in `width` end: added up letter by letter, then, as pairs of
 * letters may be kerned, taken back while the whole measures wider. Linear in the letters that fit, so a long word
 * costs its length, not its square.
 */
function fittingEnd(text: string, font: PDFFont, size: number, width: number, start = 0): number {
  let end = start;
  let used = 0;
  while (end < text.length) {
    used += font.widthOfTextAtSize(text[end], size);
    if (used > width) break;
    end++;
  }
  while (end > start && font.widthOfTextAtSize(text.slice(start, end), size) > width) end--;
  return end;
}

/**
 * Lines within `width`, broken at spaces (a word longer than the line is cut); past `maxLines` the rest is not read
 * (`maxLines` + 1 lines answered say there is more).
 */
export function wrapped(text: string, font: PDFFont, size: number, width: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (lines.length > maxLines) break;
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      if (lines.length > maxLines) break;
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the line: the letters that fit, line after line (at least one a line), broken after its
      // last hyphen or slash that fits when it has one ('LD-2027-' / '0042').
      const cut = (start: number) => {
        const end = Math.max(start + 1, fittingEnd(word, font, size, width, start));
        if (end >= word.length) return end;
        for (let soft = end; soft > start; soft--) if (word[soft - 1] === '-' || word[soft - 1] === '/') return soft;
        return end;
      };
      let start = 0;
      for (let end = cut(start); end < word.length && lines.length <= maxLines; start = end, end = cut(start)) lines.push(word.slice(start, end));
      line = word.slice(start);
    }
    lines.push(line);
  }
  return lines.slice(0, maxLines + 1);
}
