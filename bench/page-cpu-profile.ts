/**
 * What dominated a measure, from the page's own CPU profile (CDP Profiler, sampling every
 * 100 µs): self time summed per function and script file, the largest few printed in words. A
 * benchmark row says this instead of a guess, so a change shows what it moved.
 */
import type { Page } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Chromium's names for time that is no script of the page, in words. */
const NATIVE: Record<string, string> = {
  '(program)': 'browser work (parsing, style, layout, paint)',
  '(garbage collector)': 'garbage collection',
  '(root)': 'browser work (parsing, style, layout, paint)',
};

/**
 * Where a sample's time went: the script file (bundles are minified, so a function name says
 * little), or what Chromium calls the time that is no script. Functions without a file are the
 * DOM's own or the benchmark driver's injected selectors.
 */
function place(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  const native = NATIVE[functionName];
  if (native) return native;
  if (!url) return "DOM calls and the driver's selectors";
  return url
    .split('/')
    .at(-1)!
    .replace(/-[\w-]{8}\.js$/, '.js');
}

/** Self time per place, in milliseconds, largest first; idle time left out. */
function selfTimes(profile: Profile): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < samples.length; index++) {
    const node = byId.get(samples[index]!);
    // The first delta is the gap since the profiler started; each later one is a sample's length.
    const ms = (deltas[index + 1] ?? deltas[index] ?? 0) / 1000;
    if (!node || node.callFrame.functionName === '(idle)') continue;
    const key = place(node);
    totals.set(key, (totals.get(key) ?? 0) + ms);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** "sidepanel.js 12 ms, garbage collection 8 ms, …": the `count` largest self times. */
export function describeTop(times: Array<[string, number]>, count = 4): string {
  const busy = times.reduce((sum, [, ms]) => sum + ms, 0);
  const top = times
    .slice(0, count)
    .map(([where, ms]) => `${where} ${ms.toFixed(1)} ms`)
    .join(', ');
  return `${busy.toFixed(0)} ms of CPU; by where it went: ${top}`;
}

/** Runs `work` with the page's CPU profiled, and returns its result and the profile. */
export async function withCpuProfile<T>(
  page: Page,
  work: () => Promise<T>,
): Promise<{ result: T; times: Array<[string, number]> }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const result = await work();
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    return { result, times: selfTimes(profile) };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Adds `more` into `into`, place by place, so several profiled runs sum into one. */
export function addTimes(
  into: Map<string, number>,
  more: Array<[string, number]>,
): Map<string, number> {
  for (const [where, ms] of more) into.set(where, (into.get(where) ?? 0) + ms);
  return into;
}
