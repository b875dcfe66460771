/**
 * `npm run bench:extract`: how well and how fast svc-ai reads freight documents. Scores every document that has an
 * answer in ../shared/documents/answers.json and svc-ai/test/documents/answers.json (texts, text PDFs, images), plus
 * scanned PDFs made from the sample images, field by field as the samples' README says, and prints the accuracy per
 * kind of file and the median time per document. Uses svc-ai's build (npm run build -w @tms/svc-ai) and its
 * configuration: with OPENAI_API_KEY / OPENAI_BASE_URL set it measures the model path, else the offline extractor.
 * Prints figures; asserts nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => import(path.join(root, 'svc-ai/dist/extract', file));
const { loadAiConfig } = await dist('ai-config.js');
const { ExtractService } = await dist('extract.service.js');
const { readDocumentText } = await dist('document-text.js');
const { Ocr } = await dist('ocr.js');
const { fieldMatches, SCORED_FIELDS } = await dist('scoring.js');
const { createCanvas, loadImage } = await import('@napi-rs/canvas');

const FOLDERS = [path.resolve(root, '../shared/documents'), path.join(root, 'svc-ai/test/documents')];
const TYPES = { '.txt': 'text/plain', '.pdf': 'application/pdf', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** A one-page image-only PDF (what a scanner writes) of a PNG, to measure scanned PDFs. */
async function scannedPdf(png) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const jpeg = canvas.toBuffer('image/jpeg', 85);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>',
  ];
  const parts = [Buffer.from('%PDF-1.4\n')];
  const offsets = [];
  let length = parts[0].length;
  const push = (buffer) => {
    parts.push(buffer);
    length += buffer.length;
  };
  objects.forEach((body, index) => {
    offsets.push(length);
    push(Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`));
  });
  offsets.push(length);
  push(Buffer.from(`4 0 obj\n<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`));
  push(jpeg);
  push(Buffer.from('\nendstream\nendobj\n'));
  const content = 'q 612 0 0 792 0 0 cm /Im0 Do Q\n';
  offsets.push(length);
  push(Buffer.from(`5 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`));
  const xref = length;
  push(Buffer.from(`xref\n0 6\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

const cases = [];
for (const folder of FOLDERS) {
  if (!existsSync(path.join(folder, 'answers.json'))) continue;
  const answers = JSON.parse(readFileSync(path.join(folder, 'answers.json'), 'utf8'));
  for (const name of readdirSync(folder).sort()) {
    const type = TYPES[path.extname(name).toLowerCase()];
    if (!type || !answers[name]) continue;
    const data = new Uint8Array(readFileSync(path.join(folder, name)));
    const own = folder.endsWith('test/documents');
    const kind = type === 'text/plain' ? 'text' : type === 'application/pdf' ? 'text PDF' : 'image (OCR)';
    cases.push({ name: own ? `own/${name}` : name, kind: own ? `${kind}, own shapes` : kind, type, data, answer: answers[name] });
    if (type === 'image/png') cases.push({ name: `${name} as scanned PDF`, kind: 'scanned PDF (OCR)', type: 'application/pdf', data: await scannedPdf(data), answer: answers[name] });
  }
}

const config = loadAiConfig();
const service = new ExtractService(config);
const ocr = new Ocr();
// The OCR worker starts once per process (svc-ai keeps it): start it before timing.
const firstImage = cases.find((item) => item.type.startsWith('image/'));
if (firstImage) await readDocumentText(firstImage.data, firstImage.type, ocr, 1);
const byKind = new Map();
const times = [];
const misses = [];
for (const item of cases) {
  const started = performance.now();
  const document = await readDocumentText(item.data, item.type, ocr, config.ocrMaxPages);
  const result = await service.fields(document.text, document.ocr);
  const elapsed = performance.now() - started;
  times.push(elapsed);
  const stats = byKind.get(item.kind) ?? { right: 0, total: 0, documents: 0 };
  stats.documents += 1;
  for (const field of SCORED_FIELDS) {
    if (item.answer[field] === undefined) continue;
    stats.total += 1;
    if (fieldMatches(field, result[field], item.answer[field])) stats.right += 1;
    else misses.push(`${item.name} ${field}: got ${JSON.stringify(result[field])}, want ${JSON.stringify(item.answer[field])}`);
  }
  byKind.set(item.kind, stats);
}
await ocr.stop();
await service.onModuleDestroy();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
console.log(`Extraction benchmark: ${cases.length} documents, ${config.model ? `model ${config.model.name}` : 'offline extractor (no model configured)'}\n`);
console.log('kind                              documents   fields right   accuracy');
for (const [kind, stats] of byKind) {
  console.log(`${kind.padEnd(34)}${String(stats.documents).padStart(9)}${`${stats.right}/${stats.total}`.padStart(15)}${`${((100 * stats.right) / stats.total).toFixed(1)}%`.padStart(11)}`);
}
console.log(`\nmedian time per document: ${median(times).toFixed(0)} ms (slowest ${Math.max(...times).toFixed(0)} ms)`);
if (misses.length) console.log(`\nmisses:\n  ${misses.join('\n  ')}`);
