import type { ExtractFileType } from '@tms/contracts';

/**
 * An image's width and height as its header declares them, read from the first bytes before any decoder sees the
 * file (a 76 KB PNG can declare 20000 x 20000 pixels: decoding it first is what the size cap must prevent).
 * Undefined when the header says nothing readable.
 */
export function imageSize(data: Uint8Array, type: ExtractFileType): { width: number; height: number } | undefined {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.length < 30) return undefined;
  switch (type) {
    case 'image/png':
      return bytes.toString('latin1', 12, 16) === 'IHDR' ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : undefined;
    case 'image/gif':
      return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
    case 'image/jpeg':
      return jpegSize(bytes);
    case 'image/webp':
      return webpSize(bytes);
    default:
      return undefined;
  }
}

/** The frame size of a JPEG's first SOFn segment, walking the segments from the start of the file. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or start of scan before any frame
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

/** The canvas size of a WebP: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(bytes: Buffer): { width: number; height: number } | undefined {
  switch (bytes.toString('latin1', 12, 16)) {
    case 'VP8 ':
      return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    case 'VP8L': {
      const bits = bytes.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
    default:
      return undefined;
  }
}
