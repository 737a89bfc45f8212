/**
 * `npm run bench:extract`: Gleaner's extractor against plain Readability + turndown on the
 * development splits of both extraction yardsticks beside the project (`../shared/eval`): the
 * news articles of `extract/corpus-dev` and the seven page types of `wcxb/corpus-dev`. Both
 * extractors run in the same process, page by page, so their timings share the machine's load.
 * Scores use each yardstick's own metric module; the pages are read in place, never copied, and
 * nothing is written there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const evalRoot = path.resolve(projectRoot, '../shared/eval');
const print = (line = '') => process.stdout.write(`${line}\n`);

type Extractor = (html: string, url: string) => string;

interface Page {
  id: string;
  url: string;
  truth: string;
  html: string;
  pageType: string;
}

interface Run {
  outputs: string[];
  times: number[];
}

/** The modules the bench needs from the project's node_modules, loaded so a gap can be named. */
async function loadDependencies() {
  const missing: string[] = [];
  const load = async <T>(name: string): Promise<T | null> => {
    try {
      return (await import(name)) as T;
    } catch {
      missing.push(name);
      return null;
    }
  };
  const readability = await load<typeof import('@mozilla/readability')>('@mozilla/readability');
  const linkedom = await load<typeof import('linkedom')>('linkedom');
  const turndown = await load<{ default: typeof import('turndown') }>('turndown');
  if (!readability || !linkedom || !turndown) {
    print(
      `bench:extract: the project's npm dependencies are missing (${missing.join(', ')}). ` +
        'Run `npm ci` in the project root first; nothing was measured.',
    );
    return null;
  }
  const { extractFromHtml } = await import('../../lib/extract/extract-from-html');
  const service = new turndown.default({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  service.remove(['script', 'style', 'noscript', 'template']);
  /** The baseline as the yardsticks run it: Readability on linkedom, its HTML through turndown. */
  const plain: Extractor = (html) => {
    const { document } = linkedom.parseHTML(html);
    try {
      const article = new readability.Readability(document as unknown as Document).parse();
      return article?.content ? service.turndown(article.content) : '';
    } catch {
      return '';
    }
  };
  const gleaner: Extractor = (html, url) => extractFromHtml(html, url).markdown;
  return { plain, gleaner };
}

const gunzip = (file: string) => zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');

function loadPages(corpus: string, truthField: string): Page[] {
  const truth = JSON.parse(
    fs.readFileSync(path.join(corpus, 'ground-truth.json'), 'utf8'),
  ) as Record<string, Record<string, string | undefined>>;
  return Object.keys(truth)
    .sort()
    .map((id) => ({
      id,
      url: truth[id]?.url ?? '',
      truth: truth[id]?.[truthField] ?? '',
      pageType: truth[id]?.pageType ?? 'article',
      html: gunzip(path.join(corpus, 'html', `${id}.html.gz`)),
    }));
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

const format = (value: number, digits = 3) => value.toFixed(digits);

function roundsOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index > 0 ? Math.max(1, Number(process.argv[index + 1]) || 1) : fallback;
}

interface ArticlesMetric {
  evaluate(
    pairs: { trueText: string; predText: string }[],
    options?: { nBootstrap?: number },
  ): { f1: number; precision: number; recall: number };
  stripMarkdown(markdown: string): string;
}

async function articlesYardstick(extractors: Extractor[]): Promise<number | null> {
  const yardstick = path.join(evalRoot, 'extract');
  const corpus = path.join(yardstick, 'corpus-dev');
  if (!fs.existsSync(path.join(corpus, 'ground-truth.json'))) {
    print(`Articles yardstick: not found at ${corpus}; skipped.`);
    return null;
  }
  const metric = (await import(
    pathToFileURL(path.join(yardstick, 'metric.mjs')).href
  )) as ArticlesMetric;
  const pages = loadPages(corpus, 'articleBody');
  const rounds = roundsOption('--rounds', 3);
  const runs = runBoth(pages, extractors, rounds);
  print(
    `\n## Articles yardstick (${pages.length} news pages, development split; 4-token shingles; ` +
      `time: fastest of ${rounds} rounds)\n`,
  );
  print('| extractor | F1 stripped | P stripped | R stripped | F1 as-is | median ms/page |');
  print('|---|---|---|---|---|---|');
  const medians: number[] = [];
  runs.forEach((run, index) => {
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
    medians.push(median(run.times));
    print(
      `| ${NAMES[index]} | ${format(stripped.f1)} | ${format(stripped.precision)} | ${format(stripped.recall)} | ${format(asIs.f1)} | ${format(median(run.times), 1)} |`,
    );
  });
  const ratio = medians[1]! / medians[0]!;
  print(`\nGleaner / Readability median time: ${format(ratio, 2)}x`);
  return ratio;
}

interface WcxbMetric {
  evaluate(
    pages: { predText: string; trueText: string; pageType: string }[],
    options?: { nBootstrap?: number; rule?: 'wcxb' | 'harness' },
  ): {
    overall: { f1: number; n: number };
    perType: Record<string, { f1: number; n: number }>;
  };
  stripMarkdown(markdown: string): string;
  PAGE_TYPES: string[];
}

async function wcxbYardstick(extractors: Extractor[]): Promise<number | null> {
  const yardstick = path.join(evalRoot, 'wcxb');
  const corpus = path.join(yardstick, 'corpus-dev');
  if (!fs.existsSync(path.join(corpus, 'ground-truth.json'))) {
    print(`WCXB yardstick: not found at ${corpus}; skipped.`);
    return null;
  }
  const metric = (await import(
    pathToFileURL(path.join(yardstick, 'metric-wcxb.mjs')).href
  )) as WcxbMetric;
  const pages = loadPages(corpus, 'articleBody');
  const rounds = roundsOption('--wcxb-rounds', 1);
  const runs = runBoth(pages, extractors, rounds);
  const scores = runs.map((run) => {
    const scored = pages.map((page, index) => ({
      predText: metric.stripMarkdown(run.outputs[index] ?? ''),
      trueText: page.truth,
      pageType: page.pageType,
    }));
    return {
      word: metric.evaluate(scored, { nBootstrap: 0 }),
      harness: metric.evaluate(scored, { nBootstrap: 0, rule: 'harness' }),
      medianMs: median(run.times),
    };
  });
  print(
    `\n## WCXB yardstick (${pages.length} pages of 7 types, development split; word F1 with ` +
      `markdown stripped, and the authors' harness F1; time: fastest of ${rounds} round(s))\n`,
  );
  const types = metric.PAGE_TYPES.filter((type) => scores[0]!.word.perType[type]);
  print(`| extractor | all | ${types.join(' | ')} | harness F1 | median ms/page |`);
  print(`|---|---|${types.map(() => '---|').join('')}---|---|`);
  scores.forEach((score, index) => {
    const cells = types.map((type) => format(score.word.perType[type]!.f1));
    print(
      `| ${NAMES[index]} | ${format(score.word.overall.f1)} | ${cells.join(' | ')} | ${format(score.harness.overall.f1)} | ${format(score.medianMs, 1)} |`,
    );
  });
  print(
    `| pages | ${pages.length} | ${types.map((type) => scores[0]!.word.perType[type]!.n).join(' | ')} | | |`,
  );
  const ratio = scores[1]!.medianMs / scores[0]!.medianMs;
  print(`\nGleaner / Readability median time: ${format(ratio, 2)}x`);
  return ratio;
}

const NAMES = ['Readability + turndown', 'Gleaner lib/extract'];

/**
 * `--live`: the live tab's reading against the linkedom path on the same WCXB pages
 * (`--live-per-type N` pages of each type, 20 by default, or `all`).
 */
async function liveTabComparison(): Promise<void> {
  const yardstick = path.join(evalRoot, 'wcxb');
  const corpus = path.join(yardstick, 'corpus-dev');
  if (!fs.existsSync(path.join(corpus, 'ground-truth.json'))) {
    print(`Live tab: no WCXB corpus at ${corpus}; skipped.`);
    return;
  }
  const extensionDir =
    process.env.GLEANER_EXTENSION_DIR ?? path.join(projectRoot, '.output/chrome-mv3');
  if (!fs.existsSync(path.join(extensionDir, 'read-page.js'))) {
    print(`Live tab: no built extension at ${extensionDir}; run \`npm run build\` first. Skipped.`);
    process.exitCode = 1;
    return;
  }
  const { readInLiveTabs, samplePages } = await import('./live-tab');
  const metric = (await import(
    pathToFileURL(path.join(yardstick, 'metric-wcxb.mjs')).href
  )) as WcxbMetric;
  const option = process.argv.indexOf('--live-per-type');
  const wanted = option > 0 ? process.argv[option + 1] : '20';
  const all = loadPages(corpus, 'articleBody');
  const idsOption = process.argv.indexOf('--live-ids');
  const ids = idsOption > 0 ? new Set(process.argv[idsOption + 1]?.split(',')) : undefined;
  const pages = ids
    ? all.filter((page) => ids.has(page.id))
    : wanted === 'all'
      ? all
      : samplePages(all, Number(wanted) || 20);
  const started = performance.now();
  const live = await readInLiveTabs(pages);
  const seconds = (performance.now() - started) / 1000;
  const scoredAs = (outputs: string[]) =>
    pages.map((page, index) => ({
      predText: metric.stripMarkdown(outputs[index] ?? ''),
      trueText: page.truth,
      pageType: page.pageType,
    }));
  const { extractFromHtml } = await import('../../lib/extract/extract-from-html');
  const articles = pages.map((page) => extractFromHtml(page.html, page.url));
  const fromHtml = articles.map((article) => article.markdown);
  // `--live-out DIR` keeps both readings of each page, to see where they part.
  const outOption = process.argv.indexOf('--live-out');
  const out = outOption > 0 ? process.argv[outOption + 1] : undefined;
  if (out) {
    fs.mkdirSync(out, { recursive: true });
    pages.forEach((page, index) => {
      fs.writeFileSync(path.join(out, `${page.id}.linkedom.md`), fromHtml[index] ?? '');
      fs.writeFileSync(path.join(out, `${page.id}.live.md`), live[index]?.markdown ?? '');
    });
  }
  const linkedom = scoredAs(fromHtml);
  const inTab = scoredAs(live.map((read) => read.markdown));
  // Scripts are off in the tab: a page that shows less than half of what the linkedom path reads
  // needs them to show the rest (a streamed part moved into place, an app that renders the
  // posts), and reads differently for a reason a person's tab does not have.
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  // A page the linkedom path reads as an app's shell shows only its chrome until its scripts
  // draw the content, which they do in a person's tab.
  const needsScripts = pages.map(
    (_, index) =>
      articles[index]!.fallback === 'app-shell' ||
      words(live[index]!.shownText) < 0.5 * words(metric.stripMarkdown(fromHtml[index]!)),
  );
  const shown = (scored: typeof linkedom) => scored.filter((_, index) => !needsScripts[index]);
  print(
    `\n## Live tab against linkedom (${pages.length} WCXB pages, up to ${wanted} per type; word F1, ` +
      `markdown stripped; ${seconds.toFixed(0)} s in Chromium)\n`,
  );
  const rows: Array<[string, typeof linkedom]> = [
    ['linkedom (extractFromHtml)', linkedom],
    ['live tab (read-page.js)', inTab],
    ['linkedom, pages shown without scripts', shown(linkedom)],
    ['live tab, pages shown without scripts', shown(inTab)],
  ];
  const scores = rows.map(([, scored]) => metric.evaluate(scored, { nBootstrap: 0 }));
  const types = metric.PAGE_TYPES.filter((type) => scores[0]!.perType[type]);
  print(`| path | pages | all | ${types.join(' | ')} |`);
  print(`|---|---|---|${types.map(() => '---|').join('')}`);
  rows.forEach(([name, scored], index) => {
    const score = scores[index]!;
    const cells = types.map((type) => (score.perType[type] ? format(score.perType[type].f1) : '–'));
    print(`| ${name} | ${scored.length} | ${format(score.overall.f1)} | ${cells.join(' | ')} |`);
  });
  const scriptPages = pages.filter((_, index) => needsScripts[index]).map((page) => page.id);
  print(
    `\nPages that show under half their text without their scripts: ${scriptPages.length}` +
      (scriptPages.length > 0 ? ` (${scriptPages.join(', ')})` : ''),
  );
  const single = (scored: (typeof linkedom)[number]) =>
    metric.evaluate([scored], { nBootstrap: 0 }).overall.f1;
  const worse = pages
    .map((page, index) => ({
      page,
      gap: single(linkedom[index]!) - single(inTab[index]!),
      failed: live[index]!.failed,
    }))
    .filter((entry, index) => (entry.gap > 0.05 || entry.failed) && !needsScripts[index])
    .sort((a, b) => b.gap - a.gap);
  print(
    `Pages shown without scripts that the live tab reads worse by over 0.05 F1: ${worse.length}` +
      (worse.length > 0
        ? ` (worst: ${worse
            .slice(0, 8)
            .map(
              ({ page, gap, failed }) =>
                `${page.id} ${page.pageType} -${format(gap, 2)}${failed ? ` [${failed}]` : ''}`,
            )
            .join(', ')})`
        : ''),
  );
}

async function main(): Promise<void> {
  const dependencies = await loadDependencies();
  if (!dependencies) {
    process.exitCode = 1;
    return;
  }
  if (!fs.existsSync(evalRoot)) {
    print(
      `bench:extract: no yardsticks at ${evalRoot} (they live in ../shared/eval beside the ` +
        'project); nothing was measured.',
    );
    return;
  }
  const extractors = [dependencies.plain, dependencies.gleaner];
  const only = process.argv.indexOf('--only');
  const which = only > 0 ? process.argv[only + 1] : 'both';
  const ratios: string[] = [];
  if (which !== 'wcxb' && which !== 'live') {
    const ratio = await articlesYardstick(extractors);
    if (ratio !== null) ratios.push(`${format(ratio, 2)}x on articles`);
  }
  if (which !== 'articles' && which !== 'live') {
    const ratio = await wcxbYardstick(extractors);
    if (ratio !== null) ratios.push(`${format(ratio, 2)}x on WCXB`);
  }
  if (process.argv.includes('--live') || which === 'live') await liveTabComparison();
  if (ratios.length > 0) {
    print(
      `\nTime, Gleaner / Readability (median per page, same run): ${ratios.join(', ')} (target: at most 1.5x).`,
    );
  }
}

await main();
