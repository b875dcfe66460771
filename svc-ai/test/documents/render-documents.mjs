/**
 * Makes the text PDF and the scan of an own sample document from its .txt, as a broker's system and an office
 * scanner would: `node svc-ai/test/documents/render-documents.mjs bol-vics [...]` writes bol-vics.pdf (Helvetica,
 * each run of text set at the column it stands at in the .txt, all-capital lines in bold) and bol-vics.jpg (that
 * page at 150 dpi, a little skewed, with grain). Deterministic: the same .txt gives the same files. The answers
 * of the .txt hold for both (answers.json lists them under their own names).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { getDocumentProxy, renderPageAsImage } from 'unpdf';
// svc-ai's reader makes pdf.js render on Node 20 (a missing ArrayBuffer method): its build is imported for that.
import '../../dist/extract/document-text.js';

const folder = path.dirname(fileURLToPath(import.meta.url));
const PAGE = { width: 612, height: 792, margin: 40 };
const FONT_SIZE = 9;
const LINE_HEIGHT = 12.5;
/** The .txt's character columns on the page: wide enough that a run in proportional type ends before the next. */
const COLUMN_WIDTH = 5.9;
const SCAN_DPI = 150;

const escape = (text) => text.replace(/[\\()]/g, (character) => `\\${character}`);

/** The page's content stream: each run of text (split at 2+ spaces) at the x of its column in the .txt. */
function contentOf(text) {
  const commands = [];
  text.split('\n').forEach((line, row) => {
    const y = PAGE.height - PAGE.margin - FONT_SIZE - row * LINE_HEIGHT;
    const bold = /[A-Z]{3}/.test(line) && line === line.toUpperCase() && !/\d/.test(line);
    for (const run of line.matchAll(/\S+(?: \S+)*/g)) {
      const x = PAGE.margin + run.index * COLUMN_WIDTH;
      commands.push(`BT /${bold ? 'F2' : 'F1'} ${FONT_SIZE} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td (${escape(run[0])}) Tj ET`);
    }
  });
  return commands.join('\n');
}

/** A one-page PDF with the two standard fonts (not embedded, as most generated documents do). */
function pdfOf(text) {
  const content = contentOf(text);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(pdf, 'latin1');
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A small deterministic generator (mulberry32): the grain is the same on every run. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** The page as a scanner gives it: 150 dpi, skewed by a few tenths of a degree, on off-white paper with grain. */
async function scanOf(pdfBytes, seed) {
  const pdf = await getDocumentProxy(new Uint8Array(pdfBytes));
  const png = await renderPageAsImage(pdf, 1, { canvasImport: () => import('@napi-rs/canvas'), scale: SCAN_DPI / 72 });
  const page = await loadImage(Buffer.from(png));
  const canvas = createCanvas(page.width, page.height);
  const context = canvas.getContext('2d');
  const next = random(seed);
  context.fillStyle = '#f4f3ef';
  context.fillRect(0, 0, page.width, page.height);
  context.translate(page.width / 2, page.height / 2);
  context.rotate(((next() - 0.5) * 0.8 * Math.PI) / 180);
  context.drawImage(page, -page.width / 2, -page.height / 2);
  const image = context.getImageData(0, 0, page.width, page.height);
  for (let at = 0; at < image.data.length; at += 4) {
    const grain = (next() - 0.5) * 36;
    for (let channel = 0; channel < 3; channel++) image.data[at + channel] = Math.max(0, Math.min(255, image.data[at + channel] + grain));
  }
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.putImageData(image, 0, 0);
  return canvas.toBuffer('image/jpeg', 80);
}

for (const name of process.argv.slice(2)) {
  const text = readFileSync(path.join(folder, `${name}.txt`), 'utf8').replace(/\n$/, '');
  const pdf = pdfOf(text);
  writeFileSync(path.join(folder, `${name}.pdf`), pdf);
  writeFileSync(path.join(folder, `${name}.jpg`), await scanOf(pdf, [...name].reduce((sum, character) => sum * 31 + character.charCodeAt(0), 7) | 0));
  console.log(`${name}: .pdf and .jpg written`);
}
