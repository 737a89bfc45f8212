/**
 * `npm run bench`: performance figures. Prints medians, p95 and ratios against a baseline
 * measured in the same run; asserts nothing. The extension benchmark needs `npm run build` and
 * Chromium (CHROMIUM_PATH, default /usr/bin/chromium). `--node-only` skips it; `--browser-only`
 * runs only it.
 */
import { existsSync } from 'node:fs';
import { EXTENSION_DIR } from '../e2e/paths';
import { benchAgentStep } from './agent-step.bench';
import { benchCompression } from './compression.bench';
import { benchFetchPipeline } from './fetch-pipeline.bench';
import { benchOrchestration } from './orchestration.bench';

const nodeOnly = process.argv.includes('--node-only');
const browserOnly = process.argv.includes('--browser-only');
console.log(`Gleaner benchmarks · ${new Date().toISOString()} · node ${process.version}`);

if (!browserOnly) {
  console.log(
    '\nFetch: consent → tool result for a 200 KB HTML page on loopback (Node, same modules as the worker)',
  );
  console.table(await benchFetchPipeline());
  console.log(
    '\nAgent: time outside the model and the network per step (scripted free search, zero-latency model)',
  );
  console.table(await benchOrchestration());
  console.log(
    '\nLong conversations: a scripted 30-turn research session, compression versus sending everything (zero-latency model)',
  );
  console.table(await benchCompression());
}

if (!nodeOnly) {
  if (!existsSync(`${EXTENSION_DIR}/manifest.json`)) {
    console.error(
      `No build at ${EXTENSION_DIR}: run \`npm run build\` first (or pass --node-only).`,
    );
    process.exit(1);
  }
  console.log(
    '\nExtension in Chromium: agent step and stream-to-screen (zero-latency mock endpoint)',
  );
  console.table(await benchAgentStep());
}
console.log('\nExtraction quality and speed: npm run bench:extract');
