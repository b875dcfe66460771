/**
 * Photos and a signature made into one PDF, in the phone (issue 44, point 4). Loaded only when Scan Document or Sign
 * POD is used (`import('./pdf.js')`): pdf-lib is larger than the whole app's first visit.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { Font } from '@pdf-lib/fontkit';
import { SCAN_MAX_SIDE_PX } from '@tms/contracts/driver-app';
import { evenGlyphs, isWinAnsi, printableIn, WIN_ANSI_ONLY } from '@tms/contracts/pdf-text';
import notoSans from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf';
import notoSansSc from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

/** A photo as a JPEG of at most SCAN_MAX_SIDE_PX on its long side, with its size in pixels. */
async function reduced(photo: Blob): Promise<{ jpeg: Uint8Array; width: number; height: number }> {
  const bitmap = await createImageBitmap(photo);
  const scale = Math.min(1, SCAN_MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('The photo could not be read'))), 'image/jpeg', 0.8));
  return { jpeg: new Uint8Array(await blob.arrayBuffer()), width, height };
}

/** Several photos, one page each (a page the size of its reduced photo), as one PDF. */
export async function photosToPdf(photos: Blob[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const photo of photos) {
    const { jpeg, width, height } = await reduced(photo);
    const image = await pdf.embedJpg(jpeg);
    pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  return pdf.save();
}

export interface PodPage {
  loadNumber: string;
  stop: string;
  receiver: string;
  signedAt: Date;
  /** The signature drawn on the screen, as a PNG. */
  signature: Uint8Array;
}

/**
 * Fonts for the letters Helvetica (WinAnsi) lacks (issue 50, point 8), as the server's PDFs have them: Noto Sans
 * (accented Latin, Greek, Cyrillic; 0.6 MB), then Noto Sans SC (Chinese, kana; 10 MB). Files of the app's own origin
 * (webpack copies them into its build, the service worker keeps them once fetched), fetched only for a POD with such
 * a letter, and the second only when the first lacks one; a POD embeds only the letters it draws.
 */
const FALLBACKS = [notoSans, notoSansSc];
const fetched = new Map<string, Promise<{ bytes: Uint8Array; font: Font }>>();
/** pdf-lib parses a font's bytes again for each document: given the parse made to know the font's letters instead. */
const parsed = new Map<Uint8Array, Font>();
const parsedOnce = { create: (bytes: Uint8Array) => parsed.get(bytes)! };

/** A fallback font, fetched and parsed once a visit; null without signal when the service worker has not kept it. */
async function fallback(url: string) {
  if (!fetched.has(url)) {
    const loading = (async () => {
      const answer = await fetch(url);
      if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      const { default: fontkit } = await import('@pdf-lib/fontkit');
      const font = evenGlyphs(fontkit.create(bytes));
      parsed.set(bytes, font);
      return { bytes, font };
    })();
    fetched.set(url, loading);
    // Asked again on the next POD, which may have signal.
    loading.catch(() => fetched.delete(url));
  }
  return fetched.get(url)!.catch(() => null);
}

/**
 * Each value with the font to write it in: Helvetica when it is all WinAnsi, else the first fallback that has every
 * letter of it, else the one that has most; a letter none has (Hangul, emoji), or every letter beyond WinAnsi when
 * no fallback can be fetched, is written as its closest form, else '?'. Never fails: a POD is made whatever the name.
 */
async function fontsFor(pdf: PDFDocument, values: string[], helvetica: PDFFont): Promise<{ text: string; font: PDFFont }[]> {
  if (values.every((value) => WIN_ANSI_ONLY.test(value))) return values.map((text) => ({ text, font: helvetica }));
  pdf.registerFontkit(parsedOnce);
  const embedded = new Map<Font, Promise<PDFFont>>();
  return Promise.all(
    values.map(async (value) => {
      if (WIN_ANSI_ONLY.test(value)) return { text: value, font: helvetica };
      // Its letters beyond WinAnsi, composed as they are printed (none: a sign Helvetica writes another way).
      const letters = [...printableIn(value, () => true)].filter((char) => !isWinAnsi(char));
      if (!letters.length) return { text: printableIn(value, () => false), font: helvetica };
      let best: { bytes: Uint8Array; font: Font; has: number } | null = null;
      for (const url of FALLBACKS) {
        const loaded = await fallback(url);
        if (!loaded) continue;
        const has = letters.filter((char) => loaded.font.hasGlyphForCodePoint(char.codePointAt(0)!)).length;
        if (!best || has > best.has) best = { ...loaded, has };
        if (has === letters.length) break;
      }
      if (!best) return { text: printableIn(value, () => false), font: helvetica };
      const { bytes, font } = best;
      if (!embedded.has(font)) embedded.set(font, pdf.embedFont(bytes, { subset: true }));
      return { text: printableIn(value, (char) => font.hasGlyphForCodePoint(char.codePointAt(0)!)), font: await embedded.get(font)! };
    }),
  );
}

/** A proof-of-delivery page: the load, the stop, the receiver's printed name, the time, and their signature. */
export async function podPdf({ loadNumber, stop, receiver, signedAt, signature }: PodPage): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.06, 0.09, 0.16);
  page.drawText('Proof of Delivery', { x: 56, y: 720, size: 24, font: bold, color: ink });
  const labels = ['Load', 'Stop', 'Received by', 'Signed'];
  const values = await fontsFor(pdf, [loadNumber, stop, receiver, signedAt.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })], font);
  labels.forEach((label, index) => {
    const y = 670 - index * 28;
    page.drawText(label, { x: 56, y, size: 12, font: bold, color: ink });
    page.drawText(values[index].text, { x: 170, y, size: 12, font: values[index].font, color: ink, maxWidth: 390 });
  });
  const image = await pdf.embedPng(signature);
  const width = Math.min(500, image.width);
  const height = (image.height * width) / image.width;
  page.drawText('Signature', { x: 56, y: 530, size: 12, font: bold, color: ink });
  page.drawImage(image, { x: 56, y: 520 - height, width, height });
  page.drawLine({ start: { x: 56, y: 516 - height }, end: { x: 556, y: 516 - height }, thickness: 1, color: ink });
  return pdf.save();
}

/** The bytes as a data URL, as the document upload takes them. */
export function pdfDataUrl(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return `data:application/pdf;base64,${btoa(binary)}`;
}
