import { describe, expect, it } from 'vitest';
import { fakeArticle as article } from '../../testing/fake-article';
import { READ_AHEAD_RESULT_PORT } from '../tabs/read-ahead-target';
import { createReadAheadResults, MAX_HELD_RESULTS, type ResultPort } from './read-ahead-results';

const EXTENSION_ID = 'gleaner-test-id';

/** A result Port as a page reader opens it: the test posts on it and closes it. */
function readerPort(tabId: number, sender: Partial<NonNullable<ResultPort['sender']>> = {}) {
  const listeners: Array<(message: unknown) => void> = [];
  const closers: Array<() => void> = [];
  const port = {
    name: READ_AHEAD_RESULT_PORT,
    sender: { id: EXTENSION_ID, tab: { id: tabId }, frameId: 0, ...sender },
    disconnected: false,
    disconnect() {
      port.disconnected = true;
    },
    onMessage: { addListener: (listener: (message: unknown) => void) => listeners.push(listener) },
    onDisconnect: { addListener: (listener: () => void) => closers.push(listener) },
    post(message: unknown) {
      for (const listener of listeners) listener(message);
    },
    /** The page changed, the panel closed or the document went away. */
    close() {
      for (const closer of closers) closer();
    },
  };
  return port;
}

describe('the results read ahead, held in the worker', () => {
  it('holds the article a tab pushed, for the address it was read at', () => {
    const results = createReadAheadResults(EXTENSION_ID);
    const port = readerPort(3);
    results.accept(port);
    port.post({ type: 'read', address: 'https://site.test/a', result: article('The page.') });
    expect(results.current(3, 'https://site.test/a')?.markdown).toBe('The page.');
    // A history navigation since: the tab shows another address, so the page is read again.
    expect(results.current(3, 'https://site.test/b')).toBeUndefined();
    expect(results.current(4, 'https://site.test/a')).toBeUndefined();
  });

  it('forgets a result as soon as its Port closes', () => {
    const results = createReadAheadResults(EXTENSION_ID);
    const port = readerPort(3);
    results.accept(port);
    port.post({ type: 'read', address: 'https://site.test/a', result: article('Old.') });
    port.close();
    expect(results.current(3, 'https://site.test/a')).toBeUndefined();
    expect(results.size).toBe(0);
  });

  it('keeps the newer Port of a tab when the older one closes after it', () => {
    const results = createReadAheadResults(EXTENSION_ID);
    const older = readerPort(3);
    const newer = readerPort(3);
    results.accept(older);
    results.accept(newer);
    older.post({ type: 'read', address: 'https://site.test/a', result: article('Old.') });
    newer.post({ type: 'read', address: 'https://site.test/a', result: article('New.') });
    older.close();
    expect(results.current(3, 'https://site.test/a')?.markdown).toBe('New.');
  });

  it('refuses a Port from another extension or from a frame inside the page', () => {
    const results = createReadAheadResults(EXTENSION_ID);
    const foreign = readerPort(3, { id: 'someone-else' });
    const framed = readerPort(4, { frameId: 2 });
    results.accept(foreign);
    results.accept(framed);
    foreign.post({ type: 'read', address: 'https://site.test/a', result: article('Forged.') });
    framed.post({ type: 'read', address: 'https://site.test/a', result: article('Framed.') });
    expect(foreign.disconnected).toBe(true);
    expect(framed.disconnected).toBe(true);
    expect(results.size).toBe(0);
  });

  it('holds nothing that is not an article, and drops what it held for that tab', () => {
    const results = createReadAheadResults(EXTENSION_ID);
    const port = readerPort(3);
    results.accept(port);
    port.post({ type: 'read', address: 'https://site.test/a', result: article('Fine.') });
    port.post({ type: 'read', address: 'https://site.test/a', result: { markdown: 42 } });
    expect(results.current(3, 'https://site.test/a')).toBeUndefined();
  });

  it('leaves Ports of other names to their own servers', () => {
    const results = createReadAheadResults(EXTENSION_ID);
    const other = { ...readerPort(3), name: 'gleaner' };
    results.accept(other);
    expect(other.disconnected).toBe(false);
  });

  it(`holds at most ${MAX_HELD_RESULTS} tabs, pushing out the oldest`, () => {
    const results = createReadAheadResults(EXTENSION_ID);
    for (let tabId = 1; tabId <= MAX_HELD_RESULTS + 2; tabId++) {
      const port = readerPort(tabId);
      results.accept(port);
      port.post({ type: 'read', address: `https://site.test/${tabId}`, result: article('Page.') });
    }
    expect(results.size).toBe(MAX_HELD_RESULTS);
    expect(results.current(1, 'https://site.test/1')).toBeUndefined();
    expect(results.current(2, 'https://site.test/2')).toBeUndefined();
    const last = MAX_HELD_RESULTS + 2;
    expect(results.current(last, `https://site.test/${last}`)).toBeDefined();
  });
});
