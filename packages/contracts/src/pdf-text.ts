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
