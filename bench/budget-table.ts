/**
 * The budget table of `npm run bench`: one line per budget with its measure, the baseline
 * measured in the same run, the ratio, and whether the budget is met, as a word. Nothing is
 * asserted: a benchmark that fails its budget still prints, so the figures stay visible.
 */
import { median, percentile } from './stats';

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
