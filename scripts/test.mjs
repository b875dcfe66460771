/**
 * `npm test`, in stages, each timed: installs what is missing, Chromium, checks that every workspace declares what
 * it uses (scripts/check-deps.mjs), builds (the one type-check: jest only compiles), then runs beside each other the
 * check that each part runs from its own deployable (scripts/check-deployables.mjs) and the unit tests, then the
 * integration tests (against the real Postgres and NATS), then the browser tests (three files at a time on one system).
 * Each jest project runs in a process of its own, so the browser tests' system is started only for them. At the end:
 * each stage's time, and one line summing the tests of every stage ('N passed, N failed'); the exit code is not 0 when
 * any stage failed.
 *
 * Extra arguments go to one jest run over every project instead, in band unless they say how many workers (e.g.
 * `npm test -- --selectProjects unit`, `npm test -- e2e/fleet.e2e-spec.ts`, `npm test -- --selectProjects e2e
 * --maxWorkers=2`); then the deployables check is left out.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, ensureChromium, ensureInstalled, repoRoot } from './setup.mjs';

const jestArguments = process.argv.slice(2);
const resultsDir = path.join(repoRoot, 'test-results');
mkdirSync(resultsDir, { recursive: true });

const started = performance.now();
const stages = [];
const tests = { passed: 0, failed: 0 };

/** Runs work() as a stage: its time and whether it passed go into the closing table. */
async function stage(name, work) {
  const started = performance.now();
  let passed = false;
  try {
    passed = (await work()) !== false;
  } catch (error) {
    console.error(`[tms] ${name}: ${error.message}`);
  }
  stages.push({ name, seconds: (performance.now() - started) / 1000, passed });
  return passed;
}

/** Node on a script of ours; its output to the terminal, or to `logFile` when it runs beside another stage. */
function node(args, logFile) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (logFile) {
      const log = createWriteStream(logFile);
      child.stdout.pipe(log);
      child.stderr.pipe(log);
    }
    child.once('close', (status) => resolve(status === 0));
  });
}

/** One jest process; its tests are added to the closing count (a suite that could not run counts as one failure). */
async function jest(name, args) {
  const report = path.join(resultsDir, `jest-${name}.json`);
  rmSync(report, { force: true });
  // The module registries of a hundred test files in one process grow past V8's default 4 GB heap: it may take 8.
  // --forceExit: a suite that failed half-way may leave a server or a connection open (a gateway that did not start,
  // its test's issuer still listening); the stage then ends with its report instead of waiting for CI's time limit.
  const passed = await node(['--experimental-vm-modules', '--max-old-space-size=8192', 'node_modules/jest/bin/jest.js', ...args, '--json', `--outputFile=${report}`, '--forceExit']);
  try {
    const { numPassedTests, numFailedTests, numRuntimeErrorTestSuites } = JSON.parse(readFileSync(report, 'utf8'));
    tests.passed += numPassedTests;
    tests.failed += numFailedTests + numRuntimeErrorTestSuites;
  } catch {
    tests.failed += 1; // jest ended before writing its report
  }
  return passed;
}

const check = (script) => node([script]);

/** A stage run beside others writes to a log, printed once the stages it ran beside are over. */
function printLog(name, logFile) {
  console.log(`\n[tms] ${name} (${path.relative(repoRoot, logFile)}):\n${readFileSync(logFile, 'utf8').trimEnd()}`);
}

function printSummary() {
  const width = Math.max(...stages.map(({ name }) => name.length));
  console.log('\n[tms] Stages:');
  for (const { name, seconds, passed } of stages) console.log(`  ${name.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s  ${passed ? 'ok' : 'FAILED'}`);
  // Not the stages' sum: the deployables check runs beside the unit tests.
  const total = (performance.now() - started) / 1000;
  console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(0).padStart(5)} s`);
  // The CI reads this line.
  console.log(`${tests.passed} passed, ${tests.failed} failed`);
}

const ready =
  (await stage('install', () => ensureInstalled())) &&
  (await stage('chromium', () => ensureChromium())) &&
  (await stage('deps check', () => check('scripts/check-deps.mjs'))) &&
  (process.env.SKIP_BUILD || (await stage('build', () => build())));

if (ready && jestArguments.length) {
  // In band: one test file at a time, as a developer reads them (and every project's system is started once), unless
  // the arguments ask for workers.
  const workersAsked = jestArguments.some((argument) => /^(--maxWorkers|-w|--runInBand|-i)(=|$)/.test(argument));
  await stage('jest', () => jest('run', [...(workersAsked ? [] : ['--runInBand']), ...jestArguments]));
} else if (ready) {
  const deployablesLog = path.join(resultsDir, 'check-deployables.log');
  await Promise.all([
    stage('deployables check', () => node(['scripts/check-deployables.mjs'], deployablesLog)),
    stage('unit', () => jest('unit', ['--selectProjects', 'unit', '--maxWorkers=2'])),
  ]);
  printLog('deployables check', deployablesLog);
  // In band: suites on the shared system change its singletons (openapi-conformance the company profile, charge terms
  // and factor; openapi and driver-app the company profile), and two files at a time let one overwrite another's
  // meanwhile (a CI run failed on it). Two at a time took 371 s against 522 s in band, back to back on one machine:
  // worth it once those suites stop sharing that state.
  await stage('integration', () => jest('integration', ['--selectProjects', 'integration', '--runInBand']));
  // Three browser test files at a time, against the one system the e2e project's global setup starts (README: The two
  // commands): with two, the cores were busy about two-thirds of the stage; three keep them busy (measured on one
  // machine: 529 s with two, 468 s with three).
  await stage('e2e', () => jest('e2e', ['--selectProjects', 'e2e', '--maxWorkers=3']));
}

printSummary();
process.exit(ready && stages.every(({ passed }) => passed) ? 0 : 1);
