import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TabInfo, TabReadResult } from '../tools/tool';
import { createTabPrefetch } from './tab-prefetch';

function countingReader() {
  const reads: number[] = [];
  const looks: number[] = [];
  const readTab = {
    read: async (tabId: number): Promise<TabReadResult> => {
      reads.push(tabId);
      return { ok: false, reason: `read ${reads.length} of tab ${tabId}` };
    },
    get: async (tabId: number): Promise<TabInfo> => {
      looks.push(tabId);
      return { id: tabId, title: `look ${looks.length}`, url: 'https://site.test/', active: true };
    },
  };
  return { reads, looks, readTab };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('reading the attached tabs as the message arrives', () => {
  it('hands the run the read started with the message instead of reading the tab again', async () => {
    const { reads, readTab } = countingReader();
    const prefetch = createTabPrefetch(readTab);
    prefetch.start([4, 4]);
    expect(reads).toEqual([4]);
    expect(await prefetch.read(4)).toEqual({ ok: false, reason: 'read 1 of tab 4' });
    expect(reads).toEqual([4]);
  });

  it('uses a started read once: a later read of the tab reads it as it is then', async () => {
    const { reads, readTab } = countingReader();
    const prefetch = createTabPrefetch(readTab);
    prefetch.start([4]);
    await prefetch.read(4);
    expect(await prefetch.read(4)).toEqual({ ok: false, reason: 'read 2 of tab 4' });
    expect(reads).toEqual([4, 4]);
  });

  it('reads a tab nobody attached only when asked', async () => {
    const { reads, readTab } = countingReader();
    const prefetch = createTabPrefetch(readTab);
    prefetch.start([4]);
    await prefetch.read(9);
    expect(reads).toEqual([4, 9]);
  });

  it('drops a read no run took after the time it is kept', async () => {
    vi.useFakeTimers();
    const { reads, readTab } = countingReader();
    const prefetch = createTabPrefetch(readTab, 1_000);
    prefetch.start([4]);
    vi.advanceTimersByTime(1_001);
    await prefetch.read(4);
    expect(reads).toEqual([4, 4]);
  });

  it('answers each look at the tab from the one made with its read, until the read is taken', async () => {
    const { looks, readTab } = countingReader();
    const prefetch = createTabPrefetch(readTab);
    prefetch.start([4]);
    expect((await prefetch.get(4))?.title).toBe('look 1');
    expect((await prefetch.get(4))?.title).toBe('look 1');
    await prefetch.read(4);
    expect((await prefetch.get(4))?.title).toBe('look 2');
    expect((await prefetch.get(9))?.title).toBe('look 3');
    expect(looks).toEqual([4, 4, 9]);
  });
});
