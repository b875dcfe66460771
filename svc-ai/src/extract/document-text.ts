import { EXTRACT_LIMITS, EXTRACT_MESSAGES, type ExtractFileType } from '@tms/contracts';
import { imageSize } from './image-size.js';
import { layoutText, type PlacedText } from './layout-text.js';
import type { Ocr } from './ocr.js';

// pdf.js (in unpdf) renders pages with ArrayBuffer.prototype.transferToFixedLength, which Node 20 lacks: without it
// every rendered page is blank.
if (!('transferToFixedLength' in ArrayBuffer.prototype)) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}

/** A document that cannot be read: the user's file is at fault, and the message says what to do. */
export class UnreadableDocument extends Error {
  override name = 'UnreadableDocument';
}

export interface DocumentText {
  text: string;
  /** True when the text came from OCR. */
  ocr: boolean;
}

/** Fewer readable characters than this means a scanned PDF (its text is in images): OCR reads it. */
const MIN_TEXT = 40;
/**
 * Images are read at a letter page's width at 144 to 200 dpi: smaller scans read badly (at 105 dpi OCR grew unsure
 * of words), and more pixels only cost time, for the same words.
 */
const MIN_OCR_WIDTH = 1224;
const MAX_OCR_WIDTH = 1700;
const MAX_OCR_PIXELS = 1700 * 2200;
/** Scanned PDF pages are rendered at 144 dpi (what OCR reads the sample scans at), within MAX_OCR_PIXELS. */
const PAGE_RENDER_SCALE = 2;
const POINTS_PER_INCH = 72;

const startsWith = (data: Uint8Array, ...bytes: number[]) => bytes.every((byte, index) => data[index] === byte);
const ascii = (data: Uint8Array, from: number, to: number) => Buffer.from(data.subarray(from, to)).toString('latin1');

/** Whether the bytes are what the type says (a renamed file is refused before any parser sees it). */
function looksLike(data: Uint8Array, type: ExtractFileType): boolean {
  switch (type) {
    case 'application/pdf':
      return ascii(data, 0, 1024).includes('%PDF-');
    case 'image/png':
      return startsWith(data, 0x89, 0x50, 0x4e, 0x47);
    case 'image/jpeg':
      return startsWith(data, 0xff, 0xd8, 0xff);
    case 'image/gif':
      return ascii(data, 0, 4) === 'GIF8';
    case 'image/webp':
      return ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP';
    case 'text/plain':
      return true;
  }
}

/** The text of a document: .txt as UTF-8, a PDF's text layer (OCR for scanned pages), OCR for images. */
export async function readDocumentText(data: Uint8Array, type: ExtractFileType, ocr: Ocr, ocrMaxPages: number): Promise<DocumentText> {
  if (!data.byteLength) throw new UnreadableDocument(EXTRACT_MESSAGES.empty);
  if (!looksLike(data, type)) {
    throw new UnreadableDocument(type === 'application/pdf' ? EXTRACT_MESSAGES.unreadablePdf : type.startsWith('image/') ? EXTRACT_MESSAGES.unreadableImage : EXTRACT_MESSAGES.typeMismatch);
  }
  const document = type === 'text/plain' ? { text: readPlainText(data), ocr: false } : type === 'application/pdf' ? await readPdf(data, ocr, ocrMaxPages) : await readImage(data, type, ocr);
  return { ...document, text: capped(document.text) };
}

/** The first EXTRACT_LIMITS.maxTextCharacters of a text: a load's details are at its start. */
const capped = (text: string) => (text.length > EXTRACT_LIMITS.maxTextCharacters ? text.slice(0, EXTRACT_LIMITS.maxTextCharacters) : text);

async function readImage(data: Uint8Array, type: ExtractFileType, ocr: Ocr): Promise<DocumentText> {
  const size = imageSize(data, type);
  if (!size?.width || !size.height) throw new UnreadableDocument(EXTRACT_MESSAGES.unreadableImage);
  if (size.width * size.height > EXTRACT_LIMITS.maxImagePixels) throw new UnreadableDocument(EXTRACT_MESSAGES.imageTooLarge);
  return { text: (await ocr.read(await imageForOcr(data))).text, ocr: true };
}

function readPlainText(whole: Uint8Array): string {
  // No more bytes than the characters read can take (at most 4 UTF-8 bytes each), cut between two characters.
  let end = Math.min(whole.byteLength, EXTRACT_LIMITS.maxTextCharacters * 4);
  while (end < whole.byteLength && end > 0 && (whole[end] & 0xc0) === 0x80) end--;
  const data = whole.subarray(0, end);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    // Not UTF-8: Windows-1252 is what older systems write; refuse what is plainly binary.
    text = new TextDecoder('windows-1252').decode(data);
  }
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 4096))) throw new UnreadableDocument(EXTRACT_MESSAGES.unreadableText);
  return text.replace(/^\uFEFF/, '');
}

async function readPdf(data: Uint8Array, ocr: Ocr, ocrMaxPages: number): Promise<DocumentText> {
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // Images embedded in a page are not decoded past the image cap (a small stream can declare a huge image).
    pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0, maxImageSize: EXTRACT_LIMITS.maxImagePixels } as never);
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new UnreadableDocument(name === 'PasswordException' ? EXTRACT_MESSAGES.protectedPdf : EXTRACT_MESSAGES.unreadablePdf);
  }
  try {
    // The page count the file declares, checked before any page is read (80,000 empty pages fit in 13 MB).
    if (pdf.numPages > EXTRACT_LIMITS.maxPdfPages) throw new UnreadableDocument(EXTRACT_MESSAGES.tooManyPages);
    const text = await textLayer(pdf);
    if (text.replace(/\s/g, '').length >= MIN_TEXT) return { text, ocr: false };
    // The next page is rendered while OCR (a thread of its own) reads this one.
    const count = Math.min(pdf.numPages, ocrMaxPages);
    const pages: string[] = [];
    let rendering = renderForOcr(pdf, 1);
    for (let page = 1; page <= count; page++) {
      const image = await rendering;
      if (page < count) rendering = renderForOcr(pdf, page + 1);
      pages.push((await ocr.read(image)).text);
    }
    return { text: pages.join('\n\n'), ocr: true };
  } catch (error) {
    if (error instanceof UnreadableDocument) throw error;
    throw new UnreadableDocument(EXTRACT_MESSAGES.unreadablePdf);
  } finally {
    await pdf.cleanup().catch(() => undefined);
  }
}

type PdfDocument = Awaited<ReturnType<typeof import('unpdf').getDocumentProxy>>;

/** A PDF's text layer, each page laid out as it stands (columns kept: see layoutText), pages a blank line apart. */
async function textLayer(pdf: PdfDocument): Promise<string> {
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const { height } = page.getViewport({ scale: 1 });
    const runs: PlacedText[] = [];
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item)) continue;
      // transform: [a, b, c, d, x, y], y the baseline from the page's foot; a run's height is its font size.
      const size = item.height || Math.hypot(item.transform[2], item.transform[3]);
      runs.push({ text: item.str, left: item.transform[4], top: height - item.transform[5] - size, width: item.width, height: size });
    }
    pages.push(layoutText(runs));
  }
  return pages.join('\n\n');
}

/**
 * A scanned page as OCR reads it: rendered at PAGE_RENDER_SCALE (less for a page that would pass MAX_OCR_PIXELS),
 * as a greyscale image.
 */
async function renderForOcr(pdf: PdfDocument, number: number): Promise<Uint8Array> {
  const page = await pdf.getPage(number);
  const { width, height } = page.getViewport({ scale: 1 });
  const largest = EXTRACT_LIMITS.maxPageInches * POINTS_PER_INCH;
  if (width > largest || height > largest) throw new UnreadableDocument(EXTRACT_MESSAGES.pageTooLarge);
  const viewport = page.getViewport({ scale: Math.min(PAGE_RENDER_SCALE, Math.sqrt(MAX_OCR_PIXELS / Math.max(1, width * height))) });
  const canvas = await canvasModule();
  const drawing = canvas.createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = drawing.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, drawing.width, drawing.height);
  await page.render({ canvas: drawing as never, canvasContext: context as never, viewport }).promise;
  page.cleanup();
  return greyscale(context, drawing.width, drawing.height);
}

/**
 * @napi-rs/canvas, made known to pdf.js as unpdf's renderPageAsImage does (which only answers PNG): the module where
 * unpdf's pdf.js makes its own canvases (an image's), and the constructors it draws with (DOMMatrix always: unpdf
 * may have put a stub there for pdf.js to load).
 */
async function canvasModule() {
  const canvas = await import('@napi-rs/canvas');
  const scope = globalThis as Record<string | symbol, unknown>;
  scope[Symbol.for('unpdf.canvasModule')] = canvas;
  scope.DOMMatrix = canvas.DOMMatrix;
  scope.ImageData ??= canvas.ImageData;
  scope.Path2D ??= canvas.Path2D;
  return canvas;
}

/**
 * What a canvas shows as a greyscale PGM: OCR reads it without decoding (a PNG took longer to encode and decode,
 * 1.5 s and 1 s for a page on a busy machine, than to read its words).
 */
function greyscale(context: { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } }, width: number, height: number): Uint8Array {
  const { data } = context.getImageData(0, 0, width, height);
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`);
  const image = new Uint8Array(header.length + width * height);
  image.set(header);
  for (let pixel = 0, at = header.length; pixel < data.length; pixel += 4, at++) {
    image[at] = (data[pixel] * 77 + data[pixel + 1] * 150 + data[pixel + 2] * 29) >> 8;
  }
  return image;
}

/** Any accepted image as a greyscale PGM at a size OCR reads well; an image that cannot be decoded is the user's file at fault. */
async function imageForOcr(data: Uint8Array): Promise<Uint8Array> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(data));
  } catch {
    throw new UnreadableDocument(EXTRACT_MESSAGES.unreadableImage);
  }
  if (!image.width || !image.height) throw new UnreadableDocument(EXTRACT_MESSAGES.unreadableImage);
  let scale = image.width < MIN_OCR_WIDTH ? MIN_OCR_WIDTH / image.width : image.width > MAX_OCR_WIDTH ? MAX_OCR_WIDTH / image.width : 1;
  if (image.width * image.height * scale * scale > MAX_OCR_PIXELS) scale = Math.sqrt(MAX_OCR_PIXELS / (image.width * image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return greyscale(context, width, height);
}
