/**
 * `npm run bench`: performance figures. Prints medians, p95 and ratios against a baseline
 * measured in the same run, and the budget table of issue 15 with a word per row for whether its
 * budget is met; asserts nothing. The extension part needs `npm run build` and Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium).
 *
 * Flags: `--quick` (few iterations and a smaller history, every row still printed: what CI
 * runs so the benchmark cannot rot), `--node-only`, `--browser-only`, `--profile` (a CPU profile
 * of the worker during the Summarize, agent step and streaming rows, summarised in "what
 * dominated"; build with `GLEANER_UNMINIFIED=1` for readable names), `--heap-diff` (heap
 * snapshots of the worker after the first answer and after answer 40 of the memory row, written
 * to bench/results/, and the object groups that grew between them). `BENCH_ROWS=agent,stream`
 * runs only those rows of the extension part (summarize, agent, stream, cold, history, memory;
 * or a half: worker, panel).
 */
// First: Node has no IndexedDB, and the session modules open the shared database when loaded.
import 'fake-indexeddb/auto';
import { existsSync } from 'node:fs';
import { EXTENSION_DIR } from '../e2e/paths';
import { printBudgetTable } from './budget-table';
import { benchCompression } from './compression.bench';
import { benchExtension } from './extension.bench';
import { benchFetchPipeline } from './fetch-pipeline.bench';
import { benchImport } from './import.bench';
import { benchOrchestration } from './orchestration.bench';

const quick = process.argv.includes('--quick');
const nodeOnly = process.argv.includes('--node-only');
const browserOnly = process.argv.includes('--browser-only');
const runs = Number(process.env.BENCH_RUNS ?? (quick ? 3 : 30));
const sizes = quick
  ? { runs, pages: 5, sessions: 200, nodeImportSessions: 50, answers: 20 }
  : { runs, pages: 20, sessions: 1_000, nodeImportSessions: 1_000, answers: 100 };
const only = (process.env.BENCH_ROWS ?? '').split(',').filter(Boolean);
console.log(
  `Gleaner benchmarks · ${new Date().toISOString()} · node ${process.version}${quick ? ' · quick mode (few iterations, smaller history; figures are rough)' : ''}`,
);

if (!browserOnly) {
  console.log(
    '\nFetch: consent → tool result for a 200 KB HTML page on loopback (Node, same modules as the worker)',
  );
  console.table(await benchFetchPipeline(runs));
  console.log(
    '\nAgent: time outside the model and the network per step (scripted free search, zero-latency model)',
  );
  console.table(await benchOrchestration(runs));
  console.log(
    `\nImport before and after batching (Node, fake-indexeddb, ${sizes.nodeImportSessions} sessions × 50 messages)`,
  );
  console.table(await benchImport(sizes.nodeImportSessions, 1));
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
    '\nBudgets of issue 15, in the built extension in Chromium (zero-latency mock model)',
  );
  printBudgetTable(
    await benchExtension({
      runs: sizes.runs,
      pages: sizes.pages,
      sessions: sizes.sessions,
      answers: sizes.answers,
      profile: process.argv.includes('--profile'),
      only,
      heapDiff: process.argv.includes('--heap-diff'),
    }),
  );
}
console.log('\nExtraction quality and speed: npm run bench:extract');
