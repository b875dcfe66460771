import { crc32, deflateSync } from 'node:zlib';

/**
 * The small files of issue 22 that used to hog svc-ai: each declares far more work than its size suggests.
 */

/** A PDF of `pages` empty pages of `points` x `points` (no text: a scan, to OCR). 80,000 pages fit in 9 MB. */
export function emptyPagesPdf(pages: number, points = 612): Uint8Array {
  const parts = ['%PDF-1.4\n'];
  const offsets: number[] = [];
  let length = parts[0].length;
  const object = (number: number, body: string) => {
    offsets[number] = length;
    const text = `${number} 0 obj\n${body}\nendobj\n`;
    parts.push(text);
    length += text.length;
  };
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ')}] /Count ${pages} >>`);
  for (let page = 0; page < pages; page++) object(page + 3, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${points} ${points}] >>`);
  const size = pages + 3;
  const xref = offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  parts.push(`xref\n0 ${size}\n0000000000 65535 f \n${xref.join('')}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return new Uint8Array(Buffer.from(parts.join(''), 'latin1'));
}

/** A valid 1-bit PNG of width x height white pixels: 20000 x 20000 compresses to 76 KB. */
export function blankPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(body.length, 0);
    header.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([header.subarray(4), body])), 0);
    return Buffer.concat([header, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth 1, greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0;
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]));
}

/** A .txt of nothing but digits (the weight pattern used to be quadratic in such a run). */
export const digitsText = (bytes: number) => new Uint8Array(Buffer.alloc(bytes, '7'));
