/**
 * One part of the TMS (a service or a front end) as a folder of its own, holding only that part: its workspace, the
 * workspace packages it uses, and a package.json + package-lock.json naming only their dependencies, for `npm ci`.
 * The image of the part is built from this folder (Dockerfile) and scripts/check-deployables.mjs runs it.
 *
 *   node scripts/deployable.mjs <part> <folder>            what runs: each workspace's package.json without its
 *                                                          devDependencies, and its dist/ when built
 *   node scripts/deployable.mjs <part> <folder> --build    what builds it: devDependencies too, and each
 *                                                          workspace's sources with the tsconfigs they extend
 *
 * The lock is the root lock cut down to what those workspaces reach: the same entries (versions, integrity), nothing
 * resolved anew, so `npm ci` installs exactly what the repository does. One change: an optional dependency the root
 * lock holds no entry for is left out of the entry that names it. Those are other platforms' binaries that
 * `npm install` here skipped (the registry this lock was made with serves no others); `npm ci` would otherwise try to
 * resolve them and refuse the lock (npm/cli#9846), as it refuses the root lock.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** Run after `npm ci --omit=dev` in a deployable that runs (its postinstall). */
const PRUNE_SCRIPT = 'prune-node-modules.mjs';

/** Folders of a workspace that are not sources: what its build and install write. */
const NOT_SOURCES = new Set(['node_modules', 'dist', 'test']);

/** Where a package named from the lock entry at `from` is installed: npm's lookup up the node_modules folders. */
function locate(packages, from, name) {
  for (let base = from; ; ) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const nested = base.lastIndexOf('/node_modules/');
    base = nested >= 0 ? base.slice(0, nested) : '';
  }
}

/**
 * Writes the deployable of `part` (a workspace folder, e.g. 'svc-core') into `folder`.
 * @returns {{ workspaces: string[] }} the workspace folders it holds, the part's own last.
 */
export function assemble(part, folder, { build = false, root = defaultRoot } = {}) {
  const rootPackage = readJson(path.join(root, 'package.json'));
  const lock = readJson(path.join(root, 'package-lock.json'));
  const byName = new Map(rootPackage.workspaces.map((dir) => [readJson(path.join(root, dir, 'package.json')).name, dir]));
  if (![...byName.values()].includes(part)) throw new Error(`${part} is not a workspace of ${root}`);

  const manifestOf = (dir) => {
    const { devDependencies, ...manifest } = readJson(path.join(root, dir, 'package.json'));
    return build ? { ...manifest, devDependencies } : manifest;
  };
  const dependenciesOf = (manifest) => ({ ...manifest.dependencies, ...manifest.devDependencies });

  // The workspaces the part uses, each after those it uses (their builds come first).
  const workspaces = [];
  const addWorkspace = (dir) => {
    if (workspaces.includes(dir)) return;
    for (const name of Object.keys(dependenciesOf(manifestOf(dir)))) if (byName.has(name)) addWorkspace(byName.get(name));
    workspaces.push(dir);
  };
  addWorkspace(part);

  const packages = {};
  const queue = [];
  for (const dir of workspaces) {
    const manifest = manifestOf(dir);
    const { dependencies, devDependencies, optionalDependencies, peerDependencies, ...entry } = lock.packages[dir];
    packages[dir] = { ...entry, ...pick(manifest, ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) };
    // npm links every workspace into the root node_modules.
    packages[`node_modules/${manifest.name}`] = { resolved: dir, link: true };
    for (const name of Object.keys(dependenciesOf(manifest))) if (!byName.has(name)) queue.push([dir, name]);
  }
  while (queue.length) {
    const [from, name] = queue.shift();
    const at = locate(lock.packages, from, name);
    if (!at) throw new Error(`package-lock.json has no ${name} for ${from || 'the root'}: run npm install`);
    if (packages[at]) continue;
    const entry = structuredClone(lock.packages[at]);
    for (const optional of Object.keys(entry.optionalDependencies ?? {})) {
      if (!locate(lock.packages, at, optional)) delete entry.optionalDependencies[optional];
    }
    packages[at] = entry;
    const optionalPeers = new Set(Object.keys(entry.peerDependenciesMeta ?? {}).filter((peer) => entry.peerDependenciesMeta[peer].optional));
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((peer) => !optionalPeers.has(peer));
    for (const dependency of [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers]) {
      queue.push([at, dependency]);
    }
  }

  const { name, version, engines, allowScripts } = rootPackage;
  const deployable = {
    name,
    version,
    private: true,
    workspaces,
    // What runs drops what it never loads (types, maps, docs) once installed; what builds keeps them.
    scripts: build ? { build: 'npm run build --workspaces --if-present' } : { postinstall: `node ${PRUNE_SCRIPT}` },
    ...(engines ? { engines } : {}),
    ...(allowScripts ? { allowScripts } : {}),
  };
  mkdirSync(folder, { recursive: true });
  writeJson(path.join(folder, 'package.json'), deployable);
  const sortedPackages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b)));
  writeJson(path.join(folder, 'package-lock.json'), {
    name,
    version,
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name, version, workspaces }, ...sortedPackages },
  });

  for (const dir of workspaces) {
    const source = path.join(root, dir);
    const target = path.join(folder, dir);
    mkdirSync(target, { recursive: true });
    if (build) {
      for (const entry of readdirSync(source)) {
        if (!NOT_SOURCES.has(entry) && entry !== 'package.json') cpSync(path.join(source, entry), path.join(target, entry), { recursive: true });
      }
    } else if (existsSync(path.join(source, 'dist'))) {
      cpSync(path.join(source, 'dist'), path.join(target, 'dist'), { recursive: true });
    }
    writeJson(path.join(target, 'package.json'), manifestOf(dir));
  }
  if (build) {
    for (const file of readdirSync(root).filter((entry) => /^tsconfig.*\.json$/.test(entry))) cpSync(path.join(root, file), path.join(folder, file));
  } else {
    cpSync(path.join(root, 'scripts', PRUNE_SCRIPT), path.join(folder, PRUNE_SCRIPT));
  }
  return { workspaces };
}

function pick(object, keys) {
  return Object.fromEntries(keys.filter((key) => object[key] !== undefined).map((key) => [key, object[key]]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [part, folder, ...flags] = process.argv.slice(2);
  if (!part || !folder) {
    console.error('Usage: node scripts/deployable.mjs <part> <folder> [--build]');
    process.exit(2);
  }
  const { workspaces } = assemble(part, path.resolve(folder), { build: flags.includes('--build') });
  console.log(`${part}: ${workspaces.join(', ')} in ${folder}`);
}
