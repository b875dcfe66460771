import { EXTRACT_LIMITS, EXTRACT_MESSAGES, type ExtractFileType } from '@tms/contracts';
import { imageSize } from './image-size.js';
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
/** Images are read at this width at least (small scans read badly), and no larger than this (a letter page at 350 dpi). */
const MIN_OCR_WIDTH = 1600;
const MAX_OCR_PIXELS = 3000 * 4000;
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
  const { getDocumentProxy, extractText, renderPageAsImage } = await import('unpdf');
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
    const { text, totalPages } = await extractText(pdf, { mergePages: true });
    if (text.replace(/\s/g, '').length >= MIN_TEXT) return { text, ocr: false };
    const pages: string[] = [];
    for (let page = 1; page <= Math.min(totalPages, ocrMaxPages); page++) {
      const scale = await renderScale(pdf, page);
      const png = await renderPageAsImage(pdf, page, { canvasImport: () => import('@napi-rs/canvas'), scale });
      pages.push((await ocr.read(new Uint8Array(png))).text);
    }
    return { text: pages.join('\n\n'), ocr: true };
  } catch (error) {
    if (error instanceof UnreadableDocument) throw error;
    throw new UnreadableDocument(EXTRACT_MESSAGES.unreadablePdf);
  } finally {
    await pdf.cleanup().catch(() => undefined);
  }
}

/** The scale a scanned page is rendered at for OCR: PAGE_RENDER_SCALE, less for a page that would pass MAX_OCR_PIXELS. */
async function renderScale(pdf: { getPage(page: number): Promise<{ getViewport(options: { scale: number }): { width: number; height: number } }> }, page: number) {
  const { width, height } = (await pdf.getPage(page)).getViewport({ scale: 1 });
  const largest = EXTRACT_LIMITS.maxPageInches * POINTS_PER_INCH;
  if (width > largest || height > largest) throw new UnreadableDocument(EXTRACT_MESSAGES.pageTooLarge);
  return Math.min(PAGE_RENDER_SCALE, Math.sqrt(MAX_OCR_PIXELS / Math.max(1, width * height)));
}

/** Any accepted image as a PNG at a size OCR reads well; an image that cannot be decoded is the user's file at fault. */
async function imageForOcr(data: Uint8Array): Promise<Uint8Array> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(data));
  } catch {
    throw new UnreadableDocument(EXTRACT_MESSAGES.unreadableImage);
  }
  if (!image.width || !image.height) throw new UnreadableDocument(EXTRACT_MESSAGES.unreadableImage);
  let scale = image.width < MIN_OCR_WIDTH ? MIN_OCR_WIDTH / image.width : 1;
  if (image.width * image.height * scale * scale > MAX_OCR_PIXELS) scale = Math.sqrt(MAX_OCR_PIXELS / (image.width * image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return new Uint8Array(canvas.toBuffer('image/png'));
}
