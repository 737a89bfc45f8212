/**
 * Runs after `npm install`/`npm ci`: makes linkedom's EventTarget allocate its listener storage
 * when a listener is first added, instead of in every node's constructor. linkedom 0.18.15 puts
 * a new Map for every node (element, text, comment) into one module-wide WeakMap; extraction
 * never adds a listener, and those entries were the largest single cost of parsing a page and
 * made garbage collection stall on large runs (docs/decisions/0005, "Thirteenth pass"). jsdom and
 * happy-dom made the same storage lazy. The edit is made only on the exact code it was written
 * for; anything else is left alone and named.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EDITS = [
  [
    '    wm.set(this, new Map);\n',
    '    // Listener storage is made when a listener is first added (scripts/patch-linkedom.mjs).\n',
  ],
  [
    '  addEventListener(type, listener, options) {\n    const map = wm.get(this);\n',
    '  addEventListener(type, listener, options) {\n    let map = wm.get(this);\n    if (!map) wm.set(this, (map = new Map()));\n',
  ],
  [
    '  removeEventListener(type, listener) {\n    const map = wm.get(this);\n    if (map.has(type)) {\n',
    '  removeEventListener(type, listener) {\n    const map = wm.get(this);\n    if (map && map.has(type)) {\n',
  ],
];
const MARK = 'scripts/patch-linkedom.mjs';

for (const flavour of ['esm', 'cjs']) {
  const file = path.join(root, 'node_modules/linkedom', flavour, 'interface/event-target.js');
  if (!fs.existsSync(file)) continue;
  const source = fs.readFileSync(file, 'utf8');
  if (source.includes(MARK)) continue;
  if (!EDITS.every(([from]) => source.includes(from))) {
    console.warn(
      `patch-linkedom: ${path.relative(root, file)} is not the code this edit was written for ` +
        '(linkedom 0.18.15); left as it is. Extraction still works, with a listener map per node.',
    );
    continue;
  }
  fs.writeFileSync(
    file,
    EDITS.reduce((text, [from, to]) => text.replace(from, to), source),
  );
}
