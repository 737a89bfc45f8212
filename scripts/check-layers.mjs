#!/usr/bin/env node
// Fails when an import runs up a layer, when folders import each other in a cycle, when shipped
// code imports test code, or when an import uses a path alias instead of a relative path.
// The layers are the architecture in docs/architecture.md; change both together.
import fs from 'node:fs';
import path from 'node:path';

const rootArgument = process.argv.indexOf('--root');
const root =
  rootArgument > 0
    ? path.resolve(process.argv[rootArgument + 1])
    : path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Top-level folders, highest first; a folder may import only folders of a lower rank. */
const TOP = { entrypoints: 3, components: 2, hooks: 2, lib: 1 };
/** Folders inside lib/, from the orchestration down to the leaves. */
const LIB = {
  worker: 10,
  agent: 9,
  tools: 8,
  consent: 7,
  sessions: 7,
  llm: 6,
  messaging: 6,
  db: 5,
  web: 4,
  pdf: 4,
  tabs: 4,
  settings: 3,
  extract: 2,
  text: 1,
  i18n: 1,
  'zod-setup.ts': 0,
};
const SHIPPED = new Set(Object.keys(TOP));
const TEST_CODE = new Set(['testing', 'e2e', 'bench', 'scripts']);
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(folder, files = []) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(folder, entry.name);
    // The check's own test tree breaks every rule on purpose.
    if (full === path.join(root, 'testing', 'fixtures', 'layers')) continue;
    if (entry.isDirectory()) walk(full, files);
    else if (SOURCE.test(entry.name)) files.push(full);
  }
  return files;
}

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.split('?')[0]);
  for (const suffix of ['', '.ts', '.tsx', '.mjs', '/index.ts', '/index.tsx']) {
    const candidate = base + suffix;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** `lib/web/search/x.ts` → { top: 'lib', folder: 'web' }; `lib/zod-setup.ts` → folder 'zod-setup.ts'. */
function placeOf(file) {
  const [top, second] = path.relative(root, file).split(path.sep);
  return { top, folder: top === 'lib' ? second : top };
}

const isTest = (file) =>
  /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}__fixtures__${path.sep}`);

const problems = [];
const files = [...Object.keys(TOP), ...TEST_CODE].flatMap((top) =>
  fs.existsSync(path.join(root, top)) ? walk(path.join(root, top)) : [],
);
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const from = placeOf(file);
  const where = path.relative(root, file);
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (/^[@~]\//.test(specifier)) {
      problems.push(`${where}: imports "${specifier}" through an alias; use a relative path`);
      continue;
    }
    if (!specifier.startsWith('.')) continue;
    const target = resolve(file, specifier);
    if (!target) continue;
    const to = placeOf(target);
    if (SHIPPED.has(from.top) && !isTest(file) && TEST_CODE.has(to.top)) {
      problems.push(`${where}: shipped code imports test code (${path.relative(root, target)})`);
    }
    if (!SHIPPED.has(from.top) || !SHIPPED.has(to.top) || isTest(file)) continue;
    if (from.top !== to.top) {
      if (!(TOP[from.top] > TOP[to.top])) {
        problems.push(`${where}: ${from.top}/ may not import ${to.top}/ (${specifier})`);
      }
      continue;
    }
    if (from.top !== 'lib' || from.folder === to.folder) continue;
    const fromRank = LIB[from.folder];
    const toRank = LIB[to.folder];
    if (fromRank === undefined || toRank === undefined) {
      problems.push(
        `${where}: lib/${fromRank === undefined ? from.folder : to.folder} has no layer in scripts/check-layers.mjs`,
      );
      continue;
    }
    if (!(fromRank > toRank)) {
      problems.push(`${where}: lib/${from.folder} may not import lib/${to.folder} (${specifier})`);
    }
  }
}

if (problems.length) {
  console.error(`Layer check: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Layer check: ${files.length} files, every import runs down the layers.`);
