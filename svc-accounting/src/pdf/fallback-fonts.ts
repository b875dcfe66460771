import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit, { type Font } from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { evenGlyphs } from '@tms/contracts';

/**
 * What a PDF writes in when the standard fonts (WinAnsi) lack a letter (issue 50, point 8), the first that has it:
 * Noto Sans (Latin with every accent, Greek with its tonos, Cyrillic; 0.6 MB), then Noto Sans SC (Chinese, Japanese
 * kana; 10 MB; not Hangul, not emoji), both under the SIL Open Font License. Each file is read and parsed once per
 * process, when a document first needs it; a document embeds only the letters it draws (a few KB).
 */
const require = createRequire(import.meta.url);
const FILES = [
  {
    regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  },
  {
    regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
  },
];
export type Weight = 'regular' | 'bold';

const parsed = new Map<string, { bytes: Uint8Array; font: Font }>();

function face(fallback: number, weight: Weight) {
  const file = FILES[fallback][weight];
  let loaded = parsed.get(file);
  if (!loaded) {
    const bytes = readFileSync(file);
    loaded = { bytes, font: evenGlyphs(fontkit.create(bytes)) };
    parsed.set(file, loaded);
  }
  return loaded;
}

/** Whether a fallback font has the letter (both weights have the same letters). */
export const fallbackHas = (fallback: number, codePoint: number) => face(fallback, 'regular').font.hasGlyphForCodePoint(codePoint);

/** The first fallback font that has the letter (its place in FILES), else -1. */
export const fallbackFor = (codePoint: number) => FILES.findIndex((_, fallback) => fallbackHas(fallback, codePoint));

/** The width of `text` in a fallback font, as pdf-lib draws it: the advances of its laid-out glyphs (a letter alone: its glyph). */
export function fallbackWidth(text: string, fallback: number, weight: Weight, size: number): number {
  const { font } = face(fallback, weight);
  const codePoint = text.codePointAt(0);
  const units =
    codePoint !== undefined && text.length === (codePoint > 0xffff ? 2 : 1)
      ? font.glyphForCodePoint(codePoint).advanceWidth
      : font.layout(text).glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0);
  return (units * size) / font.unitsPerEm;
}

/** pdf-lib parses a font's bytes for each document it is embedded in (Noto Sans SC: 70-110 ms): this answers with the parse kept. */
const parsedOnce = { create: (bytes: Uint8Array) => [...parsed.values()].find((loaded) => loaded.bytes === bytes)?.font ?? evenGlyphs(fontkit.create(bytes)) };

/** A fallback font embedded in `doc`, cut down to the letters drawn in it. */
export function embedFallback(doc: PDFDocument, fallback: number, weight: Weight): Promise<PDFFont> {
  doc.registerFontkit(parsedOnce);
  return doc.embedFont(face(fallback, weight).bytes, { subset: true });
}
