/**
 * The budget table of `npm run bench`: one line per budget with its measure, the baseline
 * measured in the same run, the ratio, and whether the budget is met, as a word. Nothing is
 * asserted: a benchmark that fails its budget still prints, so the figures stay visible.
 */
import { median, percentile } from './stats';

/**
 * How much the worker's heap after GC may grow from the first answer to the last of the memory
 * row, in MB: the sum of what a heap snapshot diff (`--heap-diff`, answer 1 against answer 41,
 * both after reading the same page) shows growing that the extension cannot bound, plus the
 * 2 MB the issue allows its own caches with stated limits.
 * - V8's compiled code: +1.67 MB (7,470 code objects: bytecode, optimised code, compiled
 *   regular expressions) for code paths the first answer did not run; V8 decides what it keeps
 *   and flushes unused bytecode itself. About 1.7 MB.
 * - linkedom's module-private tables of its nodes (a WeakMap from each node to its listeners,
 *   and two for styles and SVG class names): +2.2 MB. Their entries go with the page, but V8
 *   does not shrink a WeakMap's table after garbage collection, so it keeps the room of the
 *   largest page parsed so far; the extension cannot reach those tables. About 2.2 MB for the
 *   corpus's largest page.
 * Our own caches in the same diff (the boilerplate markup memo of lib/extract, at most 10,000
 * entries) are about 0.25 MB, inside the 2 MB.
 */
export const WORKER_HEAP_GROWTH_ALLOWED_MB = 2 + 1.7 + 2.2;

export interface BudgetRow {
  what: string;
  baseline: string;
  budget: string;
  samples?: readonly number[];
  baselineSamples?: readonly number[];
  /** Decides "met" from the figures; omitted when the row is not measured. */
  meets?: (figures: Figures) => boolean;
  /** A figure that is no time, such as bytes sent over the Port per character of the answer. */
  extra?: string;
  /** What dominated the measure, from a profile of this run or of the code path. */
  profile: string;
  /** Why the row could not be measured; the row is then printed as "not measured". */
  notMeasured?: string;
}

interface Figures {
  median: number;
  p95: number;
  baselineMedian: number;
  baselineP95: number;
  ratioMedian: number;
  ratioP95: number;
}

function round(value: number): number | string {
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : '–';
}

function figuresOf(row: BudgetRow): Figures | undefined {
  if (!row.samples?.length) return undefined;
  const baseline = row.baselineSamples ?? [];
  const figures = {
    median: median(row.samples),
    p95: percentile(row.samples, 0.95),
    baselineMedian: median(baseline),
    baselineP95: percentile(baseline, 0.95),
  };
  return {
    ...figures,
    ratioMedian: figures.median / figures.baselineMedian,
    ratioP95: figures.p95 / figures.baselineP95,
  };
}

export function printBudgetTable(rows: readonly BudgetRow[]): void {
  const table = rows.map((row) => {
    const figures = row.notMeasured ? undefined : figuresOf(row);
    const verdict = !figures
      ? 'not measured'
      : row.meets
        ? row.meets(figures)
          ? 'met'
          : 'NOT met'
        : 'no budget';
    return {
      what: row.what,
      n: row.samples?.length ?? 0,
      'median ms': round(figures?.median ?? Number.NaN),
      'p95 ms': round(figures?.p95 ?? Number.NaN),
      baseline: row.baseline,
      'base median': round(figures?.baselineMedian ?? Number.NaN),
      'base p95': round(figures?.baselineP95 ?? Number.NaN),
      '× median': round(figures?.ratioMedian ?? Number.NaN),
      '× p95': round(figures?.ratioP95 ?? Number.NaN),
      budget: row.budget,
      verdict,
      ...(row.extra ? { extra: row.extra } : {}),
    };
  });
  console.table(table);
  console.log('\nWhat dominated each row:');
  for (const row of rows) {
    const note = row.notMeasured ? `not measured: ${row.notMeasured}` : row.profile;
    console.log(`- ${row.what}: ${note}`);
  }
}
