/**
 * `node scripts/check-deps.mjs` (a step of `npm test`): every workspace declares what it uses, at the one version
 * pinned for it. Fails, naming each problem, when
 *  - a workspace (or the root) imports a package it does not declare: in `src` (what runs, or what a front end
 *    bundles) it must be a `dependency`, since a deployable installs only those; tests, build configuration and types
 *    may use `devDependencies`. Also counted: the `@types/*` of an untyped package or of Node's built-ins, a
 *    tsconfig's `types`, a script's command (`tsc`, `webpack`), and what the shared webpack configuration makes each
 *    front end bundle (its shared singletons, the federation runtime) or load (esbuild-loader);
 *  - a workspace declares a version other than the root package.json's `pinned` map says (a workspace package: other
 *    than its own version), or a package the map lacks, or something it never uses;
 *  - package-lock.json does not match the package.json files (run `npm install`).
 * Imports are read with TypeScript's parser (static, dynamic, `require`, `require.resolve`, `import type`).
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { repoRoot } from './setup.mjs';

const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST_FILE = /\.(spec|int-spec|e2e-spec)\.(ts|tsx)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.tms', 'test-results', 'coverage']);
/** Commands that need a package besides the one owning the binary. */
const COMMAND_NEEDS = { webpack: ['webpack-cli'], 'webpack serve': ['webpack-dev-server'] };

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const root = readJson(path.join(repoRoot, 'package.json'));
const pinned = root.pinned ?? {};
const lock = readJson(path.join(repoRoot, 'package-lock.json'));
const workspaces = root.workspaces.map((dir) => ({ dir, pkg: readJson(path.join(repoRoot, dir, 'package.json')) }));
const workspaceVersions = new Map(workspaces.map(({ pkg }) => [pkg.name, pkg.version]));

const problems = [];
const problem = (where, message) => problems.push(`${where}: ${message}`);

/** 'antd/es/button/index.js' → 'antd'; '@nestjs/microservices/x.js' → '@nestjs/microservices'; null for files and Node's own. */
function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  return builtinModules.includes(name) ? null : name;
}
const isBuiltin = (specifier) => specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]);
const typesPackage = (name) => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

/** Every import of a file: { specifier, typeOnly }. */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const onlyTypeNames =
        clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) &&
        clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly);
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: Boolean(clause?.isTypeOnly || onlyTypeNames || node.isTypeOnly) });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    } else if (ts.isCallExpression(node) && node.arguments.length >= 1 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      const isResolve = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'require' && callee.name.text === 'resolve';
      if (isImport || isRequire || isResolve) found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    // A tool run by its path ('node_modules/jest/bin/jest.js'), or named in jest's configuration ('ts-jest').
    if (ts.isStringLiteralLike(node)) {
      const byPath = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(node.text)?.[1];
      if (byPath) found.push({ specifier: byPath, typeOnly: false });
      if (/^jest\.config\./.test(path.basename(file)) && existsSync(path.join(repoRoot, 'node_modules', node.text, 'package.json'))) {
        found.push({ specifier: node.text, typeOnly: false });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // JSX compiles to imports of react/jsx-runtime.
  if (file.endsWith('.tsx')) found.push({ specifier: 'react/jsx-runtime', typeOnly: false });
  return found;
}

function sourceFiles(dir, skip = new Set()) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !skip.has(full)) files.push(...sourceFiles(full, skip));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** What runs (or is bundled): `src` outside tests, and whatever the package.json exports from elsewhere. */
function isRuntimeFile(dir, pkg, file) {
  const relative = path.relative(dir, file).split(path.sep).join('/');
  if (TEST_FILE.test(relative)) return false;
  if (relative.startsWith('src/')) return true;
  const exported = JSON.stringify([pkg.main, pkg.exports ?? null]);
  return exported.includes(`"./${relative}"`) || exported.includes(`"${relative}"`);
}

/** Whether a package ships its own type declarations. */
function hasOwnTypes(name) {
  const dir = path.join(repoRoot, 'node_modules', name);
  if (!existsSync(path.join(dir, 'package.json'))) return false;
  const pkg = readJson(path.join(dir, 'package.json'));
  if (pkg.types || pkg.typings || pkg.typesVersions || JSON.stringify(pkg.exports ?? {}).includes('"types"')) return true;
  const main = (pkg.main ?? 'index.js').replace(/\.(c|m)?js$/, '');
  return existsSync(path.join(dir, `${main}.d.ts`)) || existsSync(path.join(dir, main, 'index.d.ts'));
}

/** Binary name → the package providing it, from node_modules/.bin. */
const binaries = new Map(
  readdirSync(path.join(repoRoot, 'node_modules/.bin')).flatMap((bin) => {
    try {
      const target = readlinkSync(path.join(repoRoot, 'node_modules/.bin', bin)).split('/').slice(1);
      return [[bin, target.slice(0, target[0].startsWith('@') ? 2 : 1).join('/')]];
    } catch {
      return [];
    }
  }),
);

/** Packages a package.json script runs. */
function commandPackages(scripts = {}) {
  const used = [];
  for (const script of Object.values(scripts)) {
    for (const command of script.split(/&&|\|\||[;|]/)) {
      const words = command.trim().split(/\s+/).filter((word) => !/^\w+=/.test(word));
      if (binaries.has(words[0])) used.push(binaries.get(words[0]));
      used.push(...(COMMAND_NEEDS[words[0]] ?? []), ...(COMMAND_NEEDS[words.slice(0, 2).join(' ')] ?? []));
    }
  }
  return used;
}

/** The `types` of a folder's tsconfig files (with what they extend). */
function tsconfigTypes(dir, names) {
  return names.flatMap((name) => {
    const file = path.join(dir, name);
    if (!existsSync(file)) return [];
    const { config } = ts.readConfigFile(file, ts.sys.readFile);
    return ts.parseJsonConfigFileContent(config, ts.sys, dir).options.types ?? [];
  });
}

/** What the shared webpack configuration makes every front end bundle (runtime) and resolve from its folder (build). */
const { SINGLETONS } = await import(pathToFileURL(path.join(repoRoot, 'packages/build/frontend-config.js')).href);
const FRONTEND_RUNTIME = [...SINGLETONS, '@module-federation/enhanced'];
const FRONTEND_BUILD = ['esbuild-loader'];

/**
 * Checks one package.json against the files of its folder.
 * @param {{ dir: string, pkg: any, files: string[], tsconfigs: string[], ownWorkspaces?: boolean }} part
 *   ownWorkspaces: the root, which may import its workspaces without declaring them.
 */
function checkPart({ dir, pkg, files, tsconfigs, ownWorkspaces = false }) {
  const where = dir === '.' ? 'package.json' : `${dir}/package.json`;
  const absolute = path.join(repoRoot, dir);
  const runtime = new Set(pkg.dependencies ? Object.keys(pkg.dependencies) : []);
  const declared = new Set(SECTIONS.flatMap((section) => Object.keys(pkg[section] ?? {})));
  const used = new Set();
  const need = (name, runtimeUse, why) => {
    used.add(name);
    if (ownWorkspaces && workspaceVersions.has(name)) return;
    if (!declared.has(name)) problem(where, `${why} uses ${name}, which is not declared${runtimeUse ? ' (a run-time use: "dependencies")' : ''}`);
    else if (runtimeUse && !runtime.has(name)) problem(where, `${why} uses ${name} at run time: declare it in "dependencies", not "devDependencies"`);
  };
  const needTypes = (name, why) => {
    const types = typesPackage(name);
    if (existsSync(path.join(repoRoot, 'node_modules', types)) && !hasOwnTypes(name)) need(types, false, why);
  };

  for (const file of files) {
    const runtimeFile = isRuntimeFile(absolute, pkg, file);
    const why = path.relative(repoRoot, file);
    const typescript = /\.(ts|tsx|mts|cts)$/.test(file);
    for (const { specifier, typeOnly } of importsOf(file)) {
      if (typescript && isBuiltin(specifier)) need('@types/node', false, why);
      const name = packageOf(specifier);
      if (!name) continue;
      if (typeOnly && !existsSync(path.join(repoRoot, 'node_modules', name))) {
        need(typesPackage(name), false, why);
        continue;
      }
      need(name, runtimeFile && !typeOnly, why);
      if (typescript) needTypes(name, why);
    }
  }
  const webpackConfig = path.join(absolute, 'webpack.config.js');
  if (existsSync(webpackConfig) && importsOf(webpackConfig).some(({ specifier }) => specifier === '@tms/build/frontend-config')) {
    for (const name of FRONTEND_RUNTIME) need(name, true, 'the shared webpack configuration');
    for (const name of FRONTEND_BUILD) need(name, false, 'the shared webpack configuration');
  }
  for (const type of tsconfigTypes(absolute, tsconfigs)) need(typesPackage(type), false, `the tsconfig's "types"`);
  for (const name of commandPackages(pkg.scripts)) need(name, false, 'a script');

  // A peer of a used package is used too: it must be installed beside it.
  for (const name of [...used]) {
    const peers = readPeers(name);
    for (const peer of peers) if (declared.has(peer)) used.add(peer);
  }
  for (const name of declared) if (!used.has(name)) problem(where, `declares ${name} but never uses it`);

  for (const section of SECTIONS) {
    for (const [name, version] of Object.entries(pkg[section] ?? {})) {
      const expected = workspaceVersions.get(name) ?? pinned[name];
      if (!expected) problem(where, `${name} is not pinned: add it to "pinned" in the root package.json`);
      else if (version !== expected) problem(where, `${name}@${version}: the ${workspaceVersions.has(name) ? 'workspace is' : 'pinned version is'} ${expected}`);
    }
  }

  // The lock must record exactly these declarations, or `npm install` would change it.
  const locked = lock.packages[dir === '.' ? '' : dir] ?? {};
  for (const section of SECTIONS) {
    if (JSON.stringify(sorted(locked[section])) !== JSON.stringify(sorted(pkg[section]))) {
      problem('package-lock.json', `${dir}'s ${section} differ from ${where}: run npm install`);
    }
  }
}

const sorted = (object = {}) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));

function readPeers(name) {
  const file = path.join(repoRoot, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return [];
  const { peerDependencies = {}, peerDependenciesMeta = {} } = readJson(file);
  return Object.keys(peerDependencies).filter((peer) => !peerDependenciesMeta[peer]?.optional);
}

for (const { dir, pkg } of workspaces) {
  checkPart({ dir, pkg, files: sourceFiles(path.join(repoRoot, dir)), tsconfigs: ['tsconfig.json'] });
}
const workspaceDirs = new Set(workspaces.map(({ dir }) => path.join(repoRoot, dir)));
checkPart({ dir: '.', pkg: root, files: sourceFiles(repoRoot, workspaceDirs), tsconfigs: ['tsconfig.test.json'], ownWorkspaces: true });

// The catalogue: exact versions, each used somewhere, each what the lock installs.
const declaredAnywhere = new Set([root, ...workspaces.map(({ pkg }) => pkg)].flatMap((pkg) => SECTIONS.flatMap((section) => Object.keys(pkg[section] ?? {}))));
for (const [name, version] of Object.entries(pinned)) {
  if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) problem('package.json', `pinned ${name}@${version} is not an exact version`);
  if (!declaredAnywhere.has(name)) problem('package.json', `pinned ${name} is declared by no workspace: remove it`);
  const installed = lock.packages[`node_modules/${name}`]?.version;
  if (declaredAnywhere.has(name) && installed !== version) problem('package-lock.json', `installs ${name}@${installed ?? 'nothing'}, pinned ${version}: run npm install`);
}

if (problems.length) {
  console.error(`check-deps: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-deps: the root and ${workspaces.length} workspaces declare what they use, at the ${Object.keys(pinned).length} pinned versions`);
