import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { documentTypeOf } from './document-kind.js';
import { isEdi204, readEdi204 } from './edi-204.js';
import { extractOffline } from './offline-extractor.js';

/**
 * Every pattern of the extractor runs in linear time: a long run of one kind of character (or of a label followed
 * by one) takes about eight times as long when it is eight times as long, where a quadratic pattern takes 64 times
 * (one took 15 s on 60 KB of digits). Growth, not time, is asserted, and against 20 times: a busy machine, or a
 * collection of the test process's large heap, stretches one measurement more than the other (11 times was seen
 * once in CI), so a pair over the bound is measured again, up to three times, each then the best of three runs; a
 * quadratic pattern fails each time.
 * The times themselves are for `npm run bench:extract` to print.
 */
const SIZE = 50_000;
const GROWTH = 8;
const RUNS: Record<string, string> = {
  digits: '7',
  letters: 'a',
  capitals: 'A',
  spaces: ' ',
  tabs: '\t',
  newlines: '\n',
  'blank lines with spaces': ' \n',
  punctuation: '.,;:-/#()',
  'dotted initials': 'A.',
  'hyphenated capitals': 'A-',
  'grouped thousands': '1,',
  decimals: '1.',
  'words and spaces': 'Ab ',
  'label colons': 'a: ',
  amounts: '$1',
  'slashed numbers': '1/',
  'places': 'Dallas, TX ',
  'pounds': '5 lbs ',
};
const LABELS = [
  'load number', 'bol', 'weight', 'temp', 'po', 'commodity (', 'lbs of ab', 'broker', 'picks', 'trailer', 'Dallas', 'monday', '12', '$', 'reefer set', 'Total:',
  // Notes sections, labels with their value below, tables, dotted leaders, boxes.
  'Notes:', 'NOTES', 'Special Instructions:', 'Special Instr.', "Driver's notes -", 'Comments / Remarks', 'Remarks', 'Delivery instructions',
  'Bill of Lading Number:\n', 'BOL NO.   SHIP DATE\n', 'agreement no.', 'trip', 'order', 'seal number(s):', 'pro #', 'Origin ....', '| Comments: ',
  'QTY  DESCRIPTION  WEIGHT\n', 'Dallas, TX 75201\n\nPick up', 'ST|204|', 'ISA^00^',
];
const ENTRY_POINTS: Record<string, (text: string) => unknown> = {
  extractOffline: (text) => extractOffline(text),
  'the EDI 204 reader': (text) => [isEdi204(text), readEdi204(text)],
  documentTypeOf: (text) => documentTypeOf(text),
};

/** The best of `runs` runs: other processes on the machine only ever make a run slower. */
function millis(work: () => unknown, runs: number) {
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

function expectLinear(read: (text: string) => unknown, make: (size: number) => string) {
  const [short, long] = [make(SIZE), make(GROWTH * SIZE)];
  let growth = Infinity;
  for (let attempt = 0; attempt < 3 && growth >= 20; attempt++) {
    // One run of each is enough when they grow as they should; a pair over the bound is measured again as the best of
    // three runs each. A floor keeps timer noise on tiny figures from failing the test.
    const runs = attempt === 0 ? 1 : 3;
    growth = Math.min(growth, millis(() => read(long), runs) / Math.max(millis(() => read(short), runs), 10));
  }
  expect(growth).toBeLessThan(20);
}

const repeat = (run: string, size: number) => run.repeat(Math.ceil(size / run.length)) + '!x';

describe('the extractor in linear time', () => {
  const cases = Object.keys(ENTRY_POINTS).flatMap((entry) => Object.keys(RUNS).map((run) => [entry, run]));
  it.each(cases)('%s over 50 and 400 KB of %s', (entry, run) => {
    expectLinear(ENTRY_POINTS[entry], (size) => repeat(RUNS[run], size));
  });

  const labelled = LABELS.flatMap((label) => ['spaces', 'newlines', 'digits', 'letters', 'punctuation'].map((run) => [label, run]));
  it.each(labelled)('extractOffline over "%s" then 50 and 400 KB of %s', (label, run) => {
    expectLinear(extractOffline, (size) => label + repeat(RUNS[run], size));
  });

  it('reads 6 MB of mixed text in about eight times the time of 750 KB, and still finds the load', () => {
    const folder = path.resolve('svc-ai/test/documents');
    const documents = readdirSync(folder).filter((name) => name.endsWith('.txt')).map((name) => readFileSync(path.join(folder, name), 'utf8'));
    const noise = Object.values(RUNS).map((run) => run.repeat(2000));
    const mixed = [...documents, ...noise].join('\n\n');
    const text = (size: number) => mixed.repeat(Math.ceil(size / mixed.length)).slice(0, size);
    expectLinear((read) => extractOffline(read), (size) => text(size * 15));
    expect(extractOffline(text(6_000_000)).fields).toHaveProperty('loadNumber');
  });
});
