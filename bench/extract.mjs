/**
 * `npm run bench:extract`: how well and how fast svc-ai reads freight documents. Scores every document that has an
 * answer in ../shared/documents/answers.json and svc-ai/test/documents/answers.json (texts, text PDFs, images), plus
 * scanned PDFs made from the images, field by field as the samples' README says (notes where the answer has them:
 * right when they contain the document's instructions), and prints per kind of file the share of fields right and
 * of documents with nothing to correct, the median time per document, and the time of 0.5 and 6 MB of text. Then, for
 * the layouts of our own in svc-ai/test/documents/layouts (tuned: rules may be written for them; held-out and
 * held-out-2: never), per kind the same shares before learning (every document) and after learning from one saved load
 * per layout (the first document of each layout with its right values, as svc-ai learns it; the second read after, as
 * svc-ai reads it). The held-out sets' misses are printed only with SHOW_HELD_OUT_MISSES=1: whoever changes a rule
 * must not read them.
 * Uses svc-ai's build (npm run build -w @tms/svc-ai) and its configuration: with OPENAI_API_KEY / OPENAI_BASE_URL
 * set it measures the model path, else the offline extractor. Prints figures; asserts nothing.
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
const { scoredCount, wrongFields } = await dist('scoring.js');
const { createCanvas, loadImage } = await import('@napi-rs/canvas');

const FOLDERS = [path.resolve(root, '../shared/documents'), path.join(root, 'svc-ai/test/documents')];
const TYPES = { '.txt': 'text/plain', '.pdf': 'application/pdf', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** A one-page image-only PDF (what a scanner writes) of a PNG or JPEG, to measure scanned PDFs. */
async function scannedPdf(scan) {
  const image = await loadImage(scan);
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
  const own = folder.endsWith('test/documents');
  const set = own ? ', own layouts' : '';
  for (const name of readdirSync(folder).sort()) {
    const type = TYPES[path.extname(name).toLowerCase()];
    if (!type || !answers[name]) continue;
    const data = new Uint8Array(readFileSync(path.join(folder, name)));
    const kind = type === 'text/plain' ? 'text' : type === 'application/pdf' ? 'text PDF' : 'image (OCR)';
    const label = own ? `own/${name}` : name;
    cases.push({ name: label, kind: kind + set, type, data, answer: answers[name] });
    if (type.startsWith('image/')) cases.push({ name: `${label} as scanned PDF`, kind: `scanned PDF (OCR)${set}`, type: 'application/pdf', data: await scannedPdf(data), answer: answers[name] });
  }
}

const config = loadAiConfig();
const service = new ExtractService(config);
const ocr = new Ocr();
// The OCR worker starts once per process (svc-ai keeps it): start it before timing.
const firstImage = cases.find((item) => item.type.startsWith('image/'));
if (firstImage) await readDocumentText(firstImage.data, firstImage.type, ocr, 1);

/** A document's text read and its fields extracted, as svc-ai does, with the milliseconds it took. */
async function extract(data, type) {
  const started = performance.now();
  const document = await readDocumentText(data, type, ocr, config.ocrMaxPages);
  const result = await service.fields(document.text, document.ocr);
  return { result, elapsed: performance.now() - started };
}

const byKind = new Map();
const misses = [];
const layoutMisses = [];
for (const item of cases) {
  const { result, elapsed } = await extract(item.data, item.type);
  const stats = byKind.get(item.kind) ?? { documents: 0, right: 0, total: 0, perfect: 0, times: [] };
  const wrong = wrongFields(result, item.answer);
  stats.documents += 1;
  stats.total += scoredCount(item.answer);
  stats.right += scoredCount(item.answer) - wrong.length;
  if (!wrong.length) stats.perfect += 1;
  stats.times.push(elapsed);
  byKind.set(item.kind, stats);
  misses.push(...wrong.map((miss) => `${item.name} ${miss}`));
}

// Plain text of 0.5 and 6 MB (the sample texts over and over): the time must grow with the length, no faster.
const texts = cases.filter((item) => item.type === 'text/plain').map((item) => Buffer.from(item.data).toString('utf8'));
const mixed = texts.join('\n\n');
const textTimes = [];
for (const megabytes of [0.5, 6]) {
  const size = megabytes * 1_000_000;
  const { elapsed } = await extract(new TextEncoder().encode(mixed.repeat(Math.ceil(size / mixed.length)).slice(0, size)), 'text/plain');
  textTimes.push(`${megabytes} MB ${elapsed.toFixed(0)} ms`);
}
// Issue 49: our own layouts, before and after learning from one saved load per layout (layout-memory.js, as svc-ai).
const { learnLayout, readWithLayout } = await dist('layout-memory.js');
const { normalize } = await dist('offline-extractor.js');
const { extractedLoadSchema } = await import('@tms/contracts');
const LAYOUT_KINDS = [
  { kind: 'text', extension: '.txt', type: 'text/plain' },
  { kind: 'text PDF', extension: '.pdf', type: 'application/pdf' },
  { kind: 'image (OCR)', extension: '.jpg', type: 'image/jpeg' },
  { kind: 'scanned PDF (OCR)', extension: '.jpg', type: 'application/pdf', scan: true },
];
const layoutRows = [];
for (const set of ['tuned', 'held-out', 'held-out-2']) {
  const folder = path.join(root, 'svc-ai/test/documents/layouts', set);
  const answers = JSON.parse(readFileSync(path.join(folder, 'answers.json'), 'utf8'));
  const layouts = Object.keys(answers).filter((name) => name.endsWith('-1.txt')).map((name) => name.slice(0, -'-1.txt'.length));
  for (const { kind, extension, type, scan } of LAYOUT_KINDS) {
    const before = { documents: 0, right: 0, total: 0, perfect: 0 };
    const after = { documents: 0, right: 0, total: 0, perfect: 0 };
    const score = (stats, result, answer, name, when) => {
      const wrong = wrongFields(result, answer);
      stats.documents += 1;
      stats.total += scoredCount(answer);
      stats.right += scoredCount(answer) - wrong.length;
      if (!wrong.length) stats.perfect += 1;
      if (set === 'tuned' || process.env.SHOW_HELD_OUT_MISSES === '1') layoutMisses.push(...wrong.map((miss) => `${set}/${name} (${kind}, ${when}) ${miss}`));
    };
    for (const layout of layouts) {
      const read = async (number) => {
        const file = readFileSync(path.join(folder, `${layout}-${number}${extension}`));
        const data = scan ? await scannedPdf(new Uint8Array(file)) : new Uint8Array(file);
        const document = await readDocumentText(data, type, ocr, config.ocrMaxPages);
        return { text: normalize(document.text), result: await service.fields(document.text, document.ocr) };
      };
      const [first, second] = [await read(1), await read(2)];
      const [firstAnswer, secondAnswer] = [answers[`${layout}-1.txt`], answers[`${layout}-2.txt`]];
      score(before, first.result, firstAnswer, `${layout}-1`, 'before');
      score(before, second.result, secondAnswer, `${layout}-2`, 'before');
      // What the saved load teaches, then the next document read with it first (values checked as svc-ai does).
      const learned = readWithLayout(second.text, learnLayout(first.text, firstAnswer));
      const checked = Object.fromEntries(Object.entries(learned).filter(([field, value]) => extractedLoadSchema.shape[field].safeParse(value).success));
      score(after, { ...second.result, ...checked }, secondAnswer, `${layout}-2`, 'after');
    }
    layoutRows.push({ label: `${set}: ${kind}`, before, after });
  }
}

await ocr.stop();
await service.onModuleDestroy();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const percent = (part, whole) => `${((100 * part) / whole).toFixed(1)}%`;
console.log(`Extraction benchmark: ${cases.length} documents, ${config.model ? `model ${config.model.name}` : 'offline extractor (no model configured)'}\n`);
console.log('kind                                documents   fields right   accuracy   documents right   accuracy   median ms');
for (const [kind, stats] of byKind) {
  console.log(
    kind.padEnd(36) +
      String(stats.documents).padStart(9) +
      `${stats.right}/${stats.total}`.padStart(15) +
      percent(stats.right, stats.total).padStart(11) +
      `${stats.perfect}/${stats.documents}`.padStart(18) +
      percent(stats.perfect, stats.documents).padStart(11) +
      median(stats.times).toFixed(0).padStart(12),
  );
}
const all = [...byKind.values()];
const sum = (pick) => all.reduce((total, stats) => total + pick(stats), 0);
console.log(`${'all'.padEnd(36)}${String(sum((s) => s.documents)).padStart(9)}${`${sum((s) => s.right)}/${sum((s) => s.total)}`.padStart(15)}${percent(sum((s) => s.right), sum((s) => s.total)).padStart(11)}${`${sum((s) => s.perfect)}/${sum((s) => s.documents)}`.padStart(18)}${percent(sum((s) => s.perfect), sum((s) => s.documents)).padStart(11)}`);
const times = all.flatMap((stats) => stats.times);
console.log(`\nmedian time per document: ${median(times).toFixed(0)} ms (slowest ${Math.max(...times).toFixed(0)} ms); plain text: ${textTimes.join(', ')}`);
if (misses.length) console.log(`\nmisses:\n  ${misses.join('\n  ')}`);

const share = (stats) => `${`${stats.right}/${stats.total}`.padStart(9)} ${percent(stats.right, stats.total).padStart(7)} ${`${stats.perfect}/${stats.documents}`.padStart(7)} ${percent(stats.perfect, stats.documents).padStart(7)}`;
console.log(`\nOwn layouts (svc-ai/test/documents/layouts), before learning (every document) and after learning from one saved load per layout (the second document):`);
console.log(`${'set: kind'.padEnd(30)}${'before: fields'.padStart(17)}${'documents'.padStart(16)}${'after: fields'.padStart(18)}${'documents'.padStart(16)}`);
for (const { label, before, after } of layoutRows) console.log(`${label.padEnd(30)} ${share(before)}   ${share(after)}`);
if (layoutMisses.length) console.log(`\nown layouts' misses:\n  ${layoutMisses.join('\n  ')}`);
