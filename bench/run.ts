/**
 * `npm run bench`: performance figures of the built extension. Needs `npm run build` first and
 * Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Prints medians, p95 and ratios against a
 * baseline measured in the same run; asserts nothing.
 */
import { existsSync } from 'node:fs';
import { EXTENSION_DIR } from '../e2e/paths';
import { benchAgentStep } from './agent-step.bench';

if (!existsSync(`${EXTENSION_DIR}/manifest.json`)) {
  console.error(`No build at ${EXTENSION_DIR}: run \`npm run build\` first.`);
  process.exit(1);
}

console.warn(`Gleaner benchmarks · ${new Date().toISOString()} · node ${process.version}`);
console.table(await benchAgentStep());
