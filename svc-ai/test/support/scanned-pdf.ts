import { randomBytes } from 'node:crypto';
import { createCanvas, loadImage } from '@napi-rs/canvas';

/**
 * A scanned PDF, as a scanner writes one: one page that is nothing but a JPEG image (no text layer). `noise` adds
 * the grain of a real scan (and makes the JPEG as large as a high-resolution scan), `scale` its resolution.
 */
export async function scannedPdf(image: Uint8Array, { scale = 1, noise = 0, quality = 0.9, size = 0 } = {}): Promise<Uint8Array> {
  const picture = await loadImage(Buffer.from(image));
  const width = Math.round(picture.width * scale);
  const height = Math.round(picture.height * scale);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.drawImage(picture, 0, 0, width, height);
  if (noise) {
    const pixels = context.getImageData(0, 0, width, height);
    let seed = 42;
    for (let index = 0; index < pixels.data.length; index += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed % (2 * noise + 1)) - noise;
      for (let channel = 0; channel < 3; channel++) pixels.data[index + channel] = Math.max(0, Math.min(255, pixels.data[index + channel] + grain));
    }
    context.putImageData(pixels, 0, 0);
  }
  const jpeg = canvas.toBuffer('image/jpeg', Math.round(quality * 100));
  return pdfOfJpeg(new Uint8Array(jpeg), width, height, size);
}

/**
 * A one-page PDF (US Letter) showing a JPEG over the whole page. `size`: at least this many bytes, reached with an
 * embedded stream of random bytes that no page shows (as scanners embed colour profiles, thumbnails, OCR data).
 */
export function pdfOfJpeg(jpeg: Uint8Array, width: number, height: number, size = 0): Uint8Array {
  const content = 'q 612 0 0 792 0 0 cm /Im0 Do Q\n';
  const parts: (string | Uint8Array)[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (part: string | Uint8Array) => {
    parts.push(part);
    length += typeof part === 'string' ? Buffer.byteLength(part, 'latin1') : part.byteLength;
  };
  const object = (number: number, body: string, stream?: Uint8Array | string) => {
    offsets[number] = length;
    add(`${number} 0 obj\n${body}\n`);
    if (stream !== undefined) {
      add('stream\n');
      add(stream);
      add('\nendstream\n');
    }
    add('endobj\n');
  };
  add('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>');
  object(4, `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.byteLength} >>`, jpeg);
  object(5, `<< /Length ${content.length} >>`, content);
  const padding = Math.max(0, size - length - 400);
  object(6, `<< /Length ${padding} >>`, new Uint8Array(randomBytes(padding)));
  const xref = length;
  add(`xref\n0 7\n0000000000 65535 f \n${offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`);
  add(`trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part)))));
}
