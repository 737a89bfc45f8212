import { describe, expect, it } from 'vitest';
import { createRedirectWatcher, type RedirectEventSource } from './redirect-watcher';

function fakeSource() {
  let listener: Parameters<RedirectEventSource['addListener']>[0] | undefined;
  const source: RedirectEventSource = {
    addListener: (added) => {
      listener = added;
    },
  };
  return {
    source,
    fire: (details: { url: string; redirectUrl: string; initiator?: string; tabId: number }) =>
      listener?.(details),
  };
}

const ORIGIN = 'chrome-extension://abc';

describe('redirect watcher', () => {
  it('gives the target of a redirect the worker saw before the lookup', async () => {
    const { source, fire } = fakeSource();
    const watcher = createRedirectWatcher(source, { initiator: ORIGIN });
    fire({
      url: 'https://a.test/x',
      redirectUrl: 'https://b.test/y',
      initiator: ORIGIN,
      tabId: -1,
    });
    expect(await watcher.resolve('https://a.test/x')).toBe('https://b.test/y');
  });

  it('waits for an event that arrives after the lookup', async () => {
    const { source, fire } = fakeSource();
    const watcher = createRedirectWatcher(source, { initiator: ORIGIN });
    const pending = watcher.resolve('https://a.test/late');
    fire({
      url: 'https://a.test/late',
      redirectUrl: 'https://a.test/there',
      initiator: ORIGIN,
      tabId: -1,
    });
    expect(await pending).toBe('https://a.test/there');
  });

  it('ignores redirects of pages in tabs and of other initiators', async () => {
    const { source, fire } = fakeSource();
    const watcher = createRedirectWatcher(source, { initiator: ORIGIN, waitMs: 20 });
    fire({ url: 'https://a.test/t', redirectUrl: 'https://evil.test/', tabId: 4 });
    fire({
      url: 'https://a.test/t',
      redirectUrl: 'https://evil.test/',
      initiator: 'https://x.test',
      tabId: -1,
    });
    expect(await watcher.resolve('https://a.test/t')).toBeUndefined();
  });

  it('forgets a lookup whose redirect event never came', async () => {
    const { source, fire } = fakeSource();
    const watcher = createRedirectWatcher(source, { initiator: ORIGIN, waitMs: 10 });
    const first = watcher.resolve('https://a.test/never');
    const second = watcher.resolve('https://a.test/never');
    expect(watcher.waiting).toBe(2);
    expect(await first).toBeUndefined();
    expect(await second).toBeUndefined();
    expect(watcher.waiting).toBe(0);
    // A late event is kept for the next lookup instead of resolving the stale ones.
    fire({ url: 'https://a.test/never', redirectUrl: 'https://a.test/late', tabId: -1 });
    expect(await watcher.resolve('https://a.test/never')).toBe('https://a.test/late');
  });
});
