import { describe, expect, it } from 'vitest';
import { createPageReader, type PageHooks, type ReaderShare, SETTLE_MS } from './page-reader';

/** A page whose text, address, changes, idle moments and timers the test moves by hand. */
function fakePage(text = 'first text', share?: ReaderShare<string>) {
  const page = {
    text,
    address: 'https://example.com/article',
    reads: 0,
    watching: false,
    discarded: 0,
    onChange: undefined as (() => void) | undefined,
    idle: [] as Array<() => void>,
    timers: [] as Array<{ task: () => void; ms: number }>,
    /** The browser has a moment: every waiting idle task runs. */
    runIdle() {
      const tasks = page.idle.splice(0);
      for (const task of tasks) task();
    },
    /** Every pending timer fires. */
    runTimers() {
      const timers = page.timers.splice(0);
      for (const timer of timers) timer.task();
    },
    change(next: string) {
      page.text = next;
      page.onChange?.();
    },
  };
  const hooks: PageHooks<string> = {
    extract: () => {
      page.reads += 1;
      return page.text;
    },
    address: () => page.address,
    watch(onChange) {
      page.watching = true;
      page.onChange = onChange;
      return {
        discard: () => {
          page.discarded += 1;
        },
        stop: () => {
          page.watching = false;
          page.onChange = undefined;
        },
      };
    },
    whenIdle(task) {
      page.idle.push(task);
      return () => {
        page.idle = page.idle.filter((waiting) => waiting !== task);
      };
    },
    after(task, ms) {
      const timer = { task, ms };
      page.timers.push(timer);
      return () => {
        page.timers = page.timers.filter((waiting) => waiting !== timer);
      };
    },
  };
  return { page, reader: createPageReader(hooks, share) };
}

describe('the page reader (Read the open tab ahead)', () => {
  it('reads nothing until a panel resumes it, and reads the page when the browser is idle', () => {
    const { page, reader } = fakePage();
    page.runIdle();
    expect(page.reads).toBe(0);
    reader.resume();
    expect(page.reads).toBe(0);
    page.runIdle();
    expect(page.reads).toBe(1);
    expect(reader.ready()).toBe(true);
  });

  it('hands over what it read ahead without reading the page again', () => {
    const { page, reader } = fakePage('the article');
    reader.resume();
    page.runIdle();
    expect(reader.read()).toBe('the article');
    expect(page.reads).toBe(1);
  });

  it('ignores the marks its own reading made on the page', () => {
    const { page, reader } = fakePage();
    reader.resume();
    page.runIdle();
    expect(page.discarded).toBe(1);
  });

  it('is stale after the page changes: a read then gets the new text', () => {
    const { page, reader } = fakePage('before');
    reader.resume();
    page.runIdle();
    page.change('after');
    expect(reader.ready()).toBe(false);
    expect(reader.read()).toBe('after');
    expect(page.reads).toBe(2);
  });

  it('reads a changed page again once it has been still, not on every change', () => {
    const { page, reader } = fakePage('one');
    reader.resume();
    page.runIdle();
    page.change('two');
    page.change('three');
    expect(page.timers).toHaveLength(1);
    expect(page.timers[0]?.ms).toBe(SETTLE_MS);
    page.runTimers();
    page.runIdle();
    expect(page.reads).toBe(2);
    expect(reader.read()).toBe('three');
    expect(page.reads).toBe(2);
  });

  it('is stale after a history navigation changes the address without a change to the page', () => {
    const { page, reader } = fakePage('old route');
    reader.resume();
    page.runIdle();
    page.address = 'https://example.com/other';
    expect(reader.ready()).toBe(false);
    page.text = 'new route';
    expect(reader.read()).toBe('new route');
  });

  it('forgets what it read and stops watching when the panel closes', () => {
    const { page, reader } = fakePage('kept?');
    reader.resume();
    page.runIdle();
    reader.pause();
    expect(reader.ready()).toBe(false);
    expect(page.watching).toBe(false);
    page.change('changed while closed');
    page.runTimers();
    page.runIdle();
    expect(page.reads).toBe(1);
  });

  it('cancels a read it had planned when the panel closes before the page was idle', () => {
    const { page, reader } = fakePage();
    reader.resume();
    reader.pause();
    page.runIdle();
    expect(page.reads).toBe(0);
  });

  it('keeps nothing from a read made while paused: each Summarize reads the page', () => {
    const { page, reader } = fakePage('text');
    expect(reader.read()).toBe('text');
    expect(reader.read()).toBe('text');
    expect(page.reads).toBe(2);
    expect(reader.ready()).toBe(false);
  });

  it('does not read again on resume when what it read is still fresh', () => {
    const { page, reader } = fakePage();
    reader.resume();
    page.runIdle();
    reader.resume();
    page.runIdle();
    expect(page.reads).toBe(1);
  });
});

describe('the page reader sharing what it read ahead', () => {
  function sharing(text: string) {
    const told: string[] = [];
    const share: ReaderShare<string> = {
      kept: (result, address) => told.push(`kept ${result} at ${address}`),
      dropped: () => told.push('dropped'),
    };
    return { told, ...fakePage(text, share) };
  }

  it('tells each result read ahead, and that it went stale as soon as the page changes', () => {
    const { told, page, reader } = sharing('one');
    reader.resume();
    page.runIdle();
    expect(told).toEqual(['kept one at https://example.com/article']);
    page.change('two');
    expect(told).toEqual(['kept one at https://example.com/article', 'dropped']);
    page.change('three');
    page.runTimers();
    page.runIdle();
    expect(told).toEqual([
      'kept one at https://example.com/article',
      'dropped',
      'kept three at https://example.com/article',
    ]);
  });

  it('says the result is gone when the panel closes, and tells nothing read while paused', () => {
    const { told, page, reader } = sharing('text');
    reader.resume();
    page.runIdle();
    reader.pause();
    expect(told).toEqual(['kept text at https://example.com/article', 'dropped']);
    expect(reader.read()).toBe('text');
    expect(told).toHaveLength(2);
  });

  it('tells nothing of a read made on the click', () => {
    const { told, reader } = sharing('text');
    reader.resume();
    expect(reader.read()).toBe('text');
    expect(told).toEqual([]);
  });
});
