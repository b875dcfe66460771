/**
 * Text in PDFs (issue 50, point 8), for svc-accounting's documents and the driver app's POD alike. The standard PDF
 * fonts (Helvetica, Courier) write WinAnsi only; other letters need a font that has them, and a letter no font at
 * hand has is written as its closest form, else '?', so a name in any script never fails a document.
 */

/** WinAnsi (CP1252): printable ASCII, Latin-1 and the 27 characters of 0x80-0x9F; and line breaks, split by callers. */
const CP1252_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export const WIN_ANSI_ONLY = new RegExp(`^[\\n\\x20-\\x7e\\xa0-\\xff${CP1252_EXTRAS}]*$`);
export const isWinAnsi = (char: string) => WIN_ANSI_ONLY.test(char);

/** Letters and signs that WinAnsi spells another way, or not at all. */
const SUBSTITUTES: Record<string, string> = { '\u2212': '-', '\u2010': '-', '\u2011': '-', '\u00a0': ' ', '\t': '    ' };

/**
 * The text as written with the fonts that have the letters `has` says: composed (e + a combining accent is é), each
 * letter kept when a font has it, else its closest form one has (accents stripped), else '?'.
 */
export function printableIn(text: string, has: (char: string) => boolean): string {
  if (WIN_ANSI_ONLY.test(text) && !text.includes('\u00a0')) return text;
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
    const substitute = SUBSTITUTES[char];
    if (substitute !== undefined) out += substitute;
    else if (isWinAnsi(char) || has(char)) out += char;
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every((letter) => isWinAnsi(letter) || has(letter)) ? base : '?';
    }
  }
  return out;
}

/** What `evenGlyphs` uses of a fontkit font (@pdf-lib/fontkit) and of its TrueType subset. */
interface SubsettingFont {
  createSubset(): unknown;
}
interface TrueTypeSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph?(glyphId: number): number;
}

/**
 * The font, its subsets made right. @pdf-lib/fontkit 1.1.1 writes a small TrueType subset's glyph offsets in the
 * short format (halved) without padding each glyph to an even length, so every letter after one of odd length is
 * drawn from the wrong bytes: blank or broken, though the text reads back right (pdf-lib issue 1232; fixed in
 * upstream fontkit 1.8, foliojs/fontkit#191, which pdf-lib's fork predates). Each glyph the subset copies is padded
 * to an even length, as the format allows.
 */
export function evenGlyphs<F extends SubsettingFont>(font: F): F {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as TrueTypeSubset;
    const addGlyph = subset._addGlyph;
    if (addGlyph) {
      subset._addGlyph = function (this: TrueTypeSubset, glyphId: number) {
        const index = addGlyph.call(this, glyphId);
        const data = this.glyf[index];
        if (data.length % 2) {
          const padded = new Uint8Array(data.length + 1);
          padded.set(data);
          // Of the glyph's own kind (fontkit's Buffer): its writer takes nothing else.
          this.glyf[index] = (data.constructor as unknown as { from(bytes: Uint8Array): Uint8Array }).from(padded);
          this.offset += 1;
        }
        return index;
      };
    }
    return subset;
  };
  return font;
}
