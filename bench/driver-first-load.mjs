/**
 * `npm run bench:driver-first-load`: what a phone downloads on its first visit to the driver app (issue 44: at most
 * 150 KB compressed), from the build (mfe-dispatch/dist-driver, `npm run build` first): index.html, what it pulls
 * (scripts, the manifest, icons), the service worker and what the worker keeps at install (the same files, fetched
 * once). Each file gzipped (level 6, what nginx and the gateway send) and brotli'd (quality 11), as a server would
 * send it; images as they are. Prints figures and asserts nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { repoRoot } from '../scripts/setup.mjs';

const dist = path.join(repoRoot, 'mfe-dispatch', 'dist-driver');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('No driver app build: run `npm run build` (or `npm run build:driver -w @tms/mfe-dispatch`) first.');
  process.exit(1);
}
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const pulled = [...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]);
const worker = readFileSync(path.join(dist, 'sw.js'), 'utf8');
const kept = JSON.parse(/const PRECACHE = (\[[^\]]*\]);/.exec(worker)[1]).map((file) => (file === '/' ? 'index.html' : file.slice(1)));
const files = [...new Set(['index.html', ...pulled, 'sw.js', ...kept])];

const isText = (file) => /\.(html|js|css|json|webmanifest|svg)$/.test(file);
const rows = files.map((file) => {
  const bytes = readFileSync(path.join(dist, file));
  return {
    file,
    raw: bytes.length,
    gzip: isText(file) ? gzipSync(bytes, { level: 6 }).length : bytes.length,
    brotli: isText(file) ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length : bytes.length,
  };
});
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const width = Math.max(...rows.map(({ file }) => file.length));
console.log(`Driver app, first visit (${dist}):`);
for (const { file, raw, gzip, brotli } of rows) console.log(`  ${file.padEnd(width)}  ${kb(raw).padStart(9)}  gzip ${kb(gzip).padStart(8)}  brotli ${kb(brotli).padStart(8)}`);
const total = (pick) => rows.reduce((sum, row) => sum + pick(row), 0);
console.log(`  ${'total'.padEnd(width)}  ${kb(total((row) => row.raw)).padStart(9)}  gzip ${kb(total((row) => row.gzip)).padStart(8)}  brotli ${kb(total((row) => row.brotli)).padStart(8)}  (budget 150 KB)`);
// Loaded later, not on the first visit's screen: the scanner (pdf-lib), fetched on use or when the app is idle.
const later = readdirSync(dist).filter((file) => file.endsWith('.js') && !files.includes(file));
for (const file of later) {
  const bytes = readFileSync(path.join(dist, file));
  console.log(`  later: ${file}  ${kb(bytes.length)}  gzip ${kb(gzipSync(bytes, { level: 6 }).length)}  brotli ${kb(brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length)}`);
}
