/**
 * Where a CPU profile of the worker or a page spent its time: the functions with the most self time,
 * as one line for the benchmark's "what dominated" notes. Readable names need an unminified
 * build (`GLEANER_UNMINIFIED=1 npm run build`).
 */
import { writeFile } from 'node:fs/promises';
import type { CDPSession } from '@playwright/test';
import type { WorkerSession } from './worker-cdp';

type Profiled = Pick<WorkerSession, 'send'>;

/** A page's CDP session, spoken to like the worker's. */
export function pageProfiled(cdp: CDPSession): Profiled {
  return {
    send: async <T>(method: string, params: Record<string, unknown> = {}) =>
      (await cdp.send(method as never, params as never)) as T,
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

export async function startProfile(session: Profiled): Promise<void> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
}

/** Stops the profiler and names the top functions by self time, with their share of busy time. */
export async function stopProfile(session: Profiled, top = 6): Promise<string> {
  const { profile } = await session.send<{ profile: Profile }>('Profiler.stop');
  await session.send('Profiler.disable');
  // BENCH_PROFILE_OUT=/tmp/x keeps each whole profile (/tmp/x-<time>.cpuprofile), for the call
  // trees and inclusive times one line cannot give (DevTools opens the file).
  const out = process.env.BENCH_PROFILE_OUT;
  if (out) await writeFile(`${out}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
  const hits = new Map<number, number>();
  for (const sample of profile.samples ?? []) hits.set(sample, (hits.get(sample) ?? 0) + 1);
  const selfByName = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? node.hitCount ?? 0;
    const name = node.callFrame.functionName || '(anonymous)';
    if (count === 0 || name === '(idle)') continue;
    const file = node.callFrame.url.split('/').at(-1) || 'native';
    const key = name.startsWith('(') ? name : `${name} (${file}:${node.callFrame.lineNumber + 1})`;
    selfByName.set(key, (selfByName.get(key) ?? 0) + count);
    busy += count;
  }
  const total = (profile.samples ?? []).length || 1;
  const ranked = [...selfByName.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  const wall = (profile.endTime - profile.startTime) / 1000;
  return `busy ${Math.round((busy / total) * 100)}% of ${Math.round(wall)} ms; top self time: ${ranked
    .map(([name, count]) => `${name} ${Math.round((count / busy) * 100)}%`)
    .join(', ')}`;
}
