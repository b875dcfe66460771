/**
 * `npm run build`: every workspace's own `build` script, as many at once as the machine has cores, each once the
 * workspaces it depends on (its @tms/* dependencies) are built; and the front ends' one type-check
 * (tsconfig.frontends.json: webpack's loader only strips types) once the packages they import are. Each build's
 * output is printed whole when it ends, with its time; the first failure ends the build (exit code 1).
 *   node scripts/build.mjs
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

const workspaces = rootPackage.workspaces.map((folder) => {
  const manifest = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
  const uses = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => name.startsWith('@tms/'));
  return { folder, name: manifest.name, uses, built: Boolean(manifest.scripts?.build) };
});
const byName = new Map(workspaces.map((workspace) => [workspace.name, workspace]));

/** The workspaces with a build script that `names` need, themselves or through a workspace without one (packages/ui). */
function builtNeeds(names, seen = new Set()) {
  const needs = [];
  for (const name of names) {
    const workspace = byName.get(name);
    if (!workspace || seen.has(name)) continue;
    seen.add(name);
    if (workspace.built) needs.push(name);
    else needs.push(...builtNeeds(workspace.uses, seen));
  }
  return needs;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tasks = [
  ...workspaces.filter(({ built }) => built).map(({ folder, name, uses }) => ({ name: folder, needs: builtNeeds(uses).map((need) => byName.get(need).folder), command: [npm, ['run', 'build', '-w', name]] })),
  {
    name: 'front ends type-check',
    needs: workspaces.filter(({ folder, built }) => built && folder.startsWith('packages/')).map(({ folder }) => folder),
    command: [process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.frontends.json']],
  },
];

function run({ name, command: [file, args] }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('close', (status) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`\n[build] ${name}: ${status === 0 ? 'built' : `FAILED (exit ${status})`} in ${seconds} s\n${Buffer.concat(output).toString('utf8').trimEnd()}`);
      resolve(status === 0);
    });
  });
}

const started = performance.now();
const done = new Set();
const running = new Map();
const waiting = [...tasks];
const slots = Math.max(1, os.availableParallelism());
let failed = false;

while ((waiting.length || running.size) && !failed) {
  for (let index = 0; index < waiting.length && running.size < slots; ) {
    const task = waiting[index];
    if (task.needs.every((need) => done.has(need))) {
      waiting.splice(index, 1);
      running.set(task.name, run(task).then((passed) => ({ task, passed })));
    } else index++;
  }
  if (!running.size) throw new Error(`[build] nothing can start: ${waiting.map(({ name, needs }) => `${name} needs ${needs.join(', ')}`).join('; ')}`);
  const { task, passed } = await Promise.race(running.values());
  running.delete(task.name);
  if (passed) done.add(task.name);
  else failed = true;
}
await Promise.all(running.values());
console.log(`\n[build] ${failed ? 'FAILED' : `${done.size} builds`} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
