/** Small statistics for benchmark output: medians and p95 over many samples. */
export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 0.5);
}

export function summary(label: string, samples: readonly number[], baseline?: readonly number[]) {
  const row: Record<string, string | number> = {
    measure: label,
    n: samples.length,
    'median ms': round(median(samples)),
    'p95 ms': round(percentile(samples, 0.95)),
  };
  if (baseline) row['× baseline (median)'] = round(median(samples) / median(baseline));
  return row;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
