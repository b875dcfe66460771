/**
 * Deletes from a deployable's node_modules what nothing loads at run time: type declarations and TypeScript sources,
 * source maps, markdown, the tests a package ships at its root (prom-client's bintrees: 2 MB of test data), and
 * tesseract.js-core's browser builds (each WebAssembly core again, inlined in JavaScript:
 * Node loads the .wasm file beside its loader), and the font weights PDFs do not use (an @expo-google-fonts package
 * ships nine, Noto Sans SC's 10 MB each: svc-accounting reads 400Regular and 700Bold) with their preview pictures.
 * It runs after `npm ci --omit=dev` in every service's deployable
 * (scripts/deployable.mjs makes it the deployable's postinstall), and keeps svc-ai's image under 250 MB.
 *   node prune-node-modules.mjs [folder]   (default: the current folder)
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const UNUSED = /\.(?:[cm]?ts|tsx|map|md|markdown)$|^tesseract-core[\w-]*\.wasm\.js$/i;

const TESTS = new Set(['test', 'tests', '__tests__']);
const FONT_WEIGHTS_USED = new Set(['400Regular', '700Bold']);
const UNUSED_FONT_FILE = /\.ttf\.png$|^font-family\.png$/;

const sizeOf = (folder) =>
  readdirSync(folder, { withFileTypes: true }).reduce((sum, entry) => {
    const file = path.join(folder, entry.name);
    return sum + (entry.isDirectory() ? sizeOf(file) : statSync(file).size);
  }, 0);

/** `packageRoot`: the folder is a package's own (node_modules/name, node_modules/@scope/name). */
function prune(folder, packageRoot = false) {
  let bytes = 0;
  const inModules = path.basename(folder) === 'node_modules';
  const inScope = path.basename(folder).startsWith('@') && path.basename(path.dirname(folder)) === 'node_modules';
  const fonts = path.basename(path.dirname(folder)) === '@expo-google-fonts';
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory() && packageRoot && (TESTS.has(entry.name) || (fonts && /^\d00/.test(entry.name) && !FONT_WEIGHTS_USED.has(entry.name)))) {
      bytes += sizeOf(file);
      rmSync(file, { recursive: true });
    } else if (entry.isDirectory()) bytes += prune(file, (inModules && !entry.name.startsWith('@')) || inScope);
    else if (entry.isFile() && (UNUSED.test(entry.name) || UNUSED_FONT_FILE.test(entry.name))) {
      bytes += statSync(file).size;
      rmSync(file);
    }
  }
  return bytes;
}

const modules = path.resolve(process.argv[2] ?? '.', 'node_modules');
console.log(`Pruned ${(prune(modules) / 1024 / 1024).toFixed(0)} MB of types, sources, maps, docs and unused font weights from ${modules}`);
