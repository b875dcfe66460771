import { PDFDocument, StandardFonts, rgb, type Color, type PDFFont, type PDFPage } from 'pdf-lib';
import { isWinAnsi, printableIn, WIN_ANSI_ONLY } from '@tms/contracts';
import { embedFallback, fallbackFor, fallbackHas, fallbackWidth, type Weight } from './fallback-fonts.js';

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

export type Style = 'regular' | 'bold' | 'mono';
const WEIGHT: Record<Style, Weight> = { regular: 'regular', bold: 'bold', mono: 'regular' };

/** What `wrapped` measures with: a font, or a sheet's text in one style. */
export interface Measure {
  widthOfTextAtSize(text: string, size: number): number;
}

/** Printed text in pieces by font: `fallback` -1 for the standard font, else the fallback font's place. */
interface Run {
  text: string;
  fallback: number;
}

/** A drawing on a page, made when the document is saved, given the fallback fonts it embedded (see `save`). */
type Drawing = (fallbackFont: (fallback: number, weight: Weight) => PDFFont) => void;

/**
 * Pages of real PDF text (searchable, copyable), written top to bottom: a line at a time, a new page when the next
 * line does not fit. Each piece of text is drawn in the first font that has all its letters (issue 50, point 8): the
 * standard font of its style (Helvetica, Helvetica-Bold, Courier: WinAnsi), else Noto Sans, else Noto Sans SC
 * (fallback-fonts.ts), a fallback embedded only in a document that has such text. A letter no font has is written as
 * its closest form, else '?', so a name in any script never fails a document, and a document all in WinAnsi is what
 * it was before the fallbacks.
 */
export class PdfSheet {
  private page!: PDFPage;
  private y = 0;
  /**
   * Embedding a font is asynchronous and the sheet writes synchronously, so what it draws waits for `save`, in its
   * order: a viewer copies and reads a page's text in the order it was drawn.
   */
  private readonly drawings: Drawing[] = [];
  /** The fallback fonts the drawings use, by 'fallback weight'. */
  private readonly fallbacksUsed = new Map<string, [number, Weight]>();

  private constructor(
    readonly doc: PDFDocument,
    private readonly standard: Record<Style, PDFFont>,
    private readonly footer: string,
  ) {}

  /** A sheet on a document of its own, or on `doc` (a packet adds its documents after). */
  static async create(title: string, footer: string, doc?: PDFDocument): Promise<PdfSheet> {
    const document = doc ?? (await PDFDocument.create());
    // The title is metadata, in Unicode: any script as it is.
    document.setTitle(title);
    document.setProducer('TMS');
    const [regular, bold, mono] = await Promise.all([
      document.embedFont(StandardFonts.Helvetica),
      document.embedFont(StandardFonts.HelveticaBold),
      document.embedFont(StandardFonts.Courier),
    ]);
    const sheet = new PdfSheet(document, { regular, bold, mono }, footer);
    sheet.newPage();
    return sheet;
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    if (this.footer) this.draw(this.page, `${this.footer} - page ${this.doc.getPageCount()}`, { x: PAGE.margin, y: PAGE.margin / 2, size: 8, color: GREY });
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
      const style: Style = cell.bold ? 'bold' : 'regular';
      const next = Math.min(...cells.filter((other) => other.x > cell.x).map((other) => other.x - COLUMN_GAP));
      const width = cell.width ?? Math.min(next, PAGE.width - 2 * PAGE.margin) - cell.x;
      return { cell, style, lines: this.lines(cell.text, style, size, width) };
    });
    const count = Math.max(1, ...columns.map(({ lines }) => lines.length));
    // The whole row on one page when it fits on one.
    this.need(Math.min(count * height, PAGE.height - 2 * PAGE.margin));
    for (let line = 0; line < count; line++) {
      this.need(height);
      this.y -= size;
      for (const { cell, style, lines } of columns) {
        const text = lines[line];
        if (!text) continue;
        const x = PAGE.margin + cell.x + (cell.width && cell.align !== 'left' ? cell.width - this.width(text, style, size) : 0);
        this.draw(this.page, text, { x, y: this.y, size, style });
      }
      this.y -= height - size;
    }
  }

  /** Text over as many lines as it takes within `width` (its own line breaks kept), at `x`. */
  paragraph(text: string, { x = 0, width, size = 10, bold = false }: { x?: number; width?: number; size?: number; bold?: boolean } = {}) {
    for (const line of this.lines(text, bold ? 'bold' : 'regular', size, width ?? PAGE.width - 2 * PAGE.margin - x)) this.row([{ text: line, x, bold }], size);
  }

  /** Text in a ruled box across the page, kept on one page (a factored invoice's notice of assignment). */
  boxed(text: string, size = 9) {
    const [width, pad, height] = [PAGE.width - 2 * PAGE.margin, 6, size * 1.35];
    const lines = this.lines(text, 'regular', size, width - 2 * pad);
    const boxHeight = lines.length * height + 2 * pad;
    this.need(boxHeight);
    const top = this.y;
    const page = this.page;
    this.drawings.push(() => page.drawRectangle({ x: PAGE.margin, y: top - boxHeight, width, height: boxHeight, borderColor: GREY, borderWidth: 1 }));
    this.y -= pad;
    for (const line of lines) {
      this.y -= size;
      this.draw(this.page, line, { x: PAGE.margin + pad, y: this.y, size });
      this.y -= height - size;
    }
    this.y = top - boxHeight;
  }

  /** A label in grey above what follows. */
  label(text: string, x = 0) {
    this.need(12);
    this.y -= 8;
    this.draw(this.page, text.toUpperCase(), { x: PAGE.margin + x, y: this.y, size: 8, style: 'bold', color: GREY });
    this.y -= 4;
  }

  rule() {
    this.need(8);
    this.y -= 4;
    const [page, y] = [this.page, this.y];
    this.drawings.push(() => page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.width - PAGE.margin, y }, thickness: 0.5, color: RULE }));
    this.y -= 4;
  }

  /** Where the next line goes, and going back up to it: two columns written one after the other. */
  get cursor() {
    return this.y;
  }

  set cursor(y: number) {
    this.y = y;
  }

  /** `text` as printed, in lines within `width` (see `wrapped`), measured in the fonts each piece is drawn in. */
  lines(text: string, style: Style, size: number, width: number, maxLines = Infinity): string[] {
    return wrapped(printable(text), this.measure(style), size, width, maxLines);
  }

  /** Text's width in a style: each piece in its font. */
  width(text: string, style: Style, size: number): number {
    if (WIN_ANSI_ONLY.test(text)) return this.standard[style].widthOfTextAtSize(text, size);
    let width = 0;
    for (const run of runs(text)) width += run.fallback < 0 ? this.standard[style].widthOfTextAtSize(run.text, size) : fallbackWidth(run.text, run.fallback, WEIGHT[style], size);
    return width;
  }

  measure(style: Style): Measure {
    return { widthOfTextAtSize: (text, size) => this.width(text, style, size) };
  }

  /** One line of text on `page`, as printed (`printable`), each piece in its font, one after the other from `x`. */
  draw(page: PDFPage, text: string, { x, y, size, style = 'regular', color }: { x: number; y: number; size: number; style?: Style; color?: Color }) {
    const printed = printable(text);
    let left = x;
    for (const run of WIN_ANSI_ONLY.test(printed) ? [{ text: printed, fallback: -1 }] : runs(printed)) {
      const [at, font, weight] = [left, this.standard[style], WEIGHT[style]];
      if (run.fallback < 0) this.drawings.push(() => page.drawText(run.text, { x: at, y, size, font, color }));
      else {
        this.fallbacksUsed.set(`${run.fallback} ${weight}`, [run.fallback, weight]);
        this.drawings.push((fallbackFont) => page.drawText(run.text, { x: at, y, size, font: fallbackFont(run.fallback, weight), color }));
      }
      left += this.width(run.text, style, size);
    }
  }

  /** The document, with the fallback fonts its text needs embedded (each in the weights used, its letters only). */
  async save(): Promise<Uint8Array> {
    const embedded = new Map<string, PDFFont>();
    for (const [key, [fallback, weight]] of this.fallbacksUsed) embedded.set(key, await embedFallback(this.doc, fallback, weight));
    this.fallbacksUsed.clear();
    for (const drawing of this.drawings.splice(0)) drawing((fallback, weight) => embedded.get(`${fallback} ${weight}`)!);
    return this.doc.save();
  }
}

/** The text as a sheet prints it (`printableIn`): in the standard fonts and the fallbacks. */
export const printable = (text: string) => printableIn(text, (char) => fallbackFor(char.codePointAt(0)!) >= 0);

/**
 * Printed text in pieces by font: WinAnsi in the standard font, each other letter in the first fallback that has it.
 * A space, digit or sign stays in a fallback's piece when that font has it, so 'Ζήσης Παπαδόπουλος' and '建国路88号'
 * are one piece each, read back (copied, searched) as one.
 */
function runs(text: string): Run[] {
  const pieces: Run[] = [];
  for (const char of text) {
    const last = pieces.at(-1);
    const staysIn = last && last.fallback >= 0 && /[\s\p{N}\p{P}\p{S}]/u.test(char) && fallbackHas(last.fallback, char.codePointAt(0)!);
    const fallback = staysIn ? last.fallback : isWinAnsi(char) ? -1 : fallbackFor(char.codePointAt(0)!);
    if (last?.fallback === fallback) last.text += char;
    else pieces.push({ text: char, fallback });
  }
  return pieces;
}

/**
 * Where the letters of `text` from `start` that fit in `width` end: added up letter by letter, then, as pairs of
 * letters may be kerned, taken back while the whole measures wider. Linear in the letters that fit, so a long word
 * costs its length, not its square.
 */
function fittingEnd(text: string, font: Measure, size: number, width: number, start = 0): number {
  let end = start;
  let used = 0;
  while (end < text.length) {
    const letter = String.fromCodePoint(text.codePointAt(end)!);
    used += font.widthOfTextAtSize(letter, size);
    if (used > width) break;
    end += letter.length;
  }
  while (end > start && font.widthOfTextAtSize(text.slice(start, end), size) > width) end -= isTrailSurrogate(text, end - 1) ? 2 : 1;
  return end;
}

/** A letter beyond the first 65,536 (some Chinese names) is two UTF-16 units: a line is never cut between them. */
const isTrailSurrogate = (text: string, index: number) => index > 0 && /[\udc00-\udfff]/.test(text[index]) && /[\ud800-\udbff]/.test(text[index - 1]);

/**
 * Lines within `width`, broken at spaces (a word longer than the line is cut); past `maxLines` the rest is not read
 * (`maxLines` + 1 lines answered say there is more).
 */
export function wrapped(text: string, font: Measure, size: number, width: number, maxLines = Infinity): string[] {
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
        const end = Math.max(start + String.fromCodePoint(word.codePointAt(start)!).length, fittingEnd(word, font, size, width, start));
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
