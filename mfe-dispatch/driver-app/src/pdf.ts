/**
 * Photos and a signature made into one PDF, in the phone (issue 44, point 4). Loaded only when Scan Document or Sign
 * POD is used (`import('./pdf.js')`): pdf-lib is larger than the whole app's first visit.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { SCAN_MAX_SIDE_PX } from '@tms/contracts/driver-app';

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

/** A proof-of-delivery page: the load, the stop, the receiver's printed name, the time, and their signature. */
export async function podPdf({ loadNumber, stop, receiver, signedAt, signature }: PodPage): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.06, 0.09, 0.16);
  page.drawText('Proof of Delivery', { x: 56, y: 720, size: 24, font: bold, color: ink });
  const lines: [string, string][] = [
    ['Load', loadNumber],
    ['Stop', stop],
    ['Received by', receiver],
    ['Signed', signedAt.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })],
  ];
  lines.forEach(([label, value], index) => {
    const y = 670 - index * 28;
    page.drawText(label, { x: 56, y, size: 12, font: bold, color: ink });
    page.drawText(value, { x: 170, y, size: 12, font, color: ink, maxWidth: 390 });
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
