/**
 * Heap snapshots of the service worker over CDP, and what grew between two of them: the
 * "Comparison" view of DevTools as a few printed lines. Objects are grouped by constructor,
 * everything else by its V8 kind in parentheses (compiled code, strings, arrays, system
 * objects), with the count and the shallow size of each group.
 */
import { writeFile } from 'node:fs/promises';
import type { WorkerSession } from './worker-cdp';

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export interface HeapGroup {
  count: number;
  bytes: number;
}

/** Takes a snapshot (V8 collects garbage first), writes it to `file` and returns its text. */
export async function takeHeapSnapshot(session: WorkerSession, file: string): Promise<string> {
  const chunks: string[] = [];
  const stop = session.on('HeapProfiler.addHeapSnapshotChunk', (params) => {
    chunks.push((params as { chunk: string }).chunk);
  });
  try {
    await session.send('HeapProfiler.enable');
    await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    stop();
  }
  const text = chunks.join('');
  await writeFile(file, text);
  return text;
}

/** The snapshot's nodes grouped as DevTools' summary groups them. */
export function heapGroups(text: string): Map<string, HeapGroup> {
  const parsed = JSON.parse(text) as HeapSnapshot;
  const fields = parsed.snapshot.meta.node_fields;
  const types = parsed.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, HeapGroup>();
  for (let offset = 0; offset < parsed.nodes.length; offset += width) {
    const type = types[parsed.nodes[offset + typeAt]!] ?? 'unknown';
    const name = parsed.strings[parsed.nodes[offset + nameAt]!] ?? '';
    const key = type === 'object' || type === 'native' ? name : `(${type})`;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += parsed.nodes[offset + sizeAt]!;
    groups.set(key, group);
  }
  return groups;
}

/** The groups that grew most from `before` to `after`, one line each, largest growth first. */
export function describeGrowth(
  before: Map<string, HeapGroup>,
  after: Map<string, HeapGroup>,
  top = 15,
): string[] {
  const total = (groups: Map<string, HeapGroup>) =>
    [...groups.values()].reduce((sum, group) => sum + group.bytes, 0);
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const grown = [...after.entries()]
    .map(([key, group]) => {
      const earlier = before.get(key) ?? { count: 0, bytes: 0 };
      return { key, count: group.count - earlier.count, bytes: group.bytes - earlier.bytes };
    })
    .filter((group) => group.bytes > 0)
    .sort((first, second) => second.bytes - first.bytes)
    .slice(0, top);
  return [
    `shallow total ${kb(total(before))} → ${kb(total(after))}`,
    ...grown.map(
      (group) => `${group.key}: +${kb(group.bytes)} (${group.count >= 0 ? '+' : ''}${group.count})`,
    ),
  ];
}
