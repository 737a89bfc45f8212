/**
 * `npm run bench:extract`: Gleaner's extractor against plain Readability + turndown on the
 * development split of the extraction yardstick (`../shared/eval/extract/corpus-dev`, beside the
 * project), both run in the same process, page by page, so their timings share the machine's
 * load. Scores use the yardstick's own metric module; the pages are never copied here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { extractFromHtml } from '../../lib/extract/extract-from-html';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const yardstick = path.resolve(projectRoot, '../shared/eval/extract');
const corpus = path.join(yardstick, 'corpus-dev');

interface Metric {
  f1: number;
  precision: number;
  recall: number;
}
interface MetricModule {
  evaluate(
    pairs: { trueText: string; predText: string }[],
    options?: { nBootstrap?: number },
  ): Metric;
  stripMarkdown(markdown: string): string;
}

interface Page {
  id: string;
  url: string;
  truth: string;
  html: string;
}

type Extractor = (html: string, url: string) => string;

function loadPages(): Page[] {
  const truth = JSON.parse(
    fs.readFileSync(path.join(corpus, 'ground-truth.json'), 'utf8'),
  ) as Record<string, { url?: string; articleBody?: string }>;
  return Object.keys(truth)
    .sort()
    .map((id) => ({
      id,
      url: truth[id]?.url ?? '',
      truth: truth[id]?.articleBody ?? '',
      html: zlib
        .gunzipSync(fs.readFileSync(path.join(corpus, 'html', `${id}.html.gz`)))
        .toString('utf8'),
    }));
}

/** The baseline as the yardstick runs it: Readability on linkedom, its HTML through turndown. */
function plainExtractor(): Extractor {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  turndown.remove(['script', 'style', 'noscript', 'template']);
  return (html) => {
    const { document } = parseHTML(html);
    const article = new Readability(document as unknown as Document).parse();
    return article?.content ? turndown.turndown(article.content) : '';
  };
}

const gleanerExtractor: Extractor = (html, url) => extractFromHtml(html, url).markdown;

interface Run {
  outputs: string[];
  times: number[];
}

/**
 * Both extractors on every page, after a short warm-up: several rounds, alternating which goes
 * first, keeping each page's fastest time, so that load from other processes and garbage
 * collection (a linkedom document is large) weigh less on the comparison.
 */
function runBoth(pages: Page[], extractors: Extractor[], rounds: number): Run[] {
  for (const page of pages.slice(0, 3))
    for (const extract of extractors) extract(page.html, page.url);
  const runs: Run[] = extractors.map(() => ({ outputs: [], times: [] }));
  for (let round = 0; round < rounds; round++) {
    pages.forEach((page, pageIndex) => {
      const order = extractors.map((_, index) => index);
      if ((pageIndex + round) % 2 === 1) order.reverse();
      for (const index of order) {
        const start = performance.now();
        const output = extractors[index]!(page.html, page.url);
        const elapsed = performance.now() - start;
        const run = runs[index]!;
        run.outputs[pageIndex] = output;
        run.times[pageIndex] = Math.min(run.times[pageIndex] ?? Number.POSITIVE_INFINITY, elapsed);
      }
    });
  }
  return runs;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const print = (line = '') => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(corpus, 'ground-truth.json'))) {
    print(
      `bench:extract: no yardstick at ${corpus}.\n` +
        'It lives in ../shared/eval/extract beside the project (CI machines have it); nothing was measured.',
    );
    return;
  }
  const metric = (await import(
    pathToFileURL(path.join(yardstick, 'metric.mjs')).href
  )) as MetricModule;
  const pages = loadPages();
  const names = ['plain Readability + turndown', 'Gleaner lib/extract'];
  const roundsArgument = process.argv.indexOf('--rounds');
  const rounds =
    roundsArgument > 0 ? Math.max(1, Number(process.argv[roundsArgument + 1]) || 1) : 3;
  const runs = runBoth(pages, [plainExtractor(), gleanerExtractor], rounds);
  const htmlChars = sum(pages.map((page) => page.html.length));

  const rows = runs.map((run, index) => {
    const score = (texts: string[]) =>
      metric.evaluate(
        pages.map((page, pageIndex) => ({
          trueText: page.truth,
          predText: texts[pageIndex] ?? '',
        })),
        { nBootstrap: 0 },
      );
    const stripped = score(run.outputs.map((output) => metric.stripMarkdown(output)));
    const asIs = score(run.outputs);
    return {
      name: names[index]!,
      stripped,
      asIs,
      medianMs: median(run.times),
      totalS: sum(run.times) / 1000,
      // Tokens estimated as characters / 4 for both the output and the raw HTML.
      tokenShare: sum(run.outputs.map((output) => output.length)) / htmlChars,
    };
  });

  const format = (value: number, digits = 3) => value.toFixed(digits);
  print(
    `\nExtraction on the development split (${pages.length} pages, ${corpus}); ` +
      `time: fastest of ${rounds} rounds per page\n`,
  );
  print(
    '| extractor | F1 stripped | P stripped | R stripped | F1 as-is | P as-is | R as-is | median ms/page | total s | output tokens / HTML tokens |',
  );
  print('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    print(
      `| ${row.name} | ${format(row.stripped.f1)} | ${format(row.stripped.precision)} | ${format(row.stripped.recall)} | ${format(row.asIs.f1)} | ${format(row.asIs.precision)} | ${format(row.asIs.recall)} | ${format(row.medianMs, 1)} | ${format(row.totalS, 2)} | ${format(row.tokenShare * 100, 2)}% |`,
    );
  }
  const [plain, gleaner] = rows as [(typeof rows)[0], (typeof rows)[0]];
  print(
    `\nGleaner / plain: median time ${format(gleaner.medianMs / plain.medianMs, 2)}x (target <= 1.25x), ` +
      `total time ${format(gleaner.totalS / plain.totalS, 2)}x; F1 stripped ${format(gleaner.stripped.f1)} (target >= 0.970).`,
  );
}

await main();
