import { describe, expect, it } from 'vitest';
import { FOCUS_REQUEST_FRESH_MS, shouldFollow } from './use-focus-request';

const now = 1_000_000;

describe('shouldFollow', () => {
  it('follows a request written while the panel is open, however old its clock', () => {
    const request = { sessionId: 's1', at: now - 60_000 };
    expect(shouldFollow(request, { now, consumedAt: undefined, onLoad: false })).toBe(true);
  });

  it('on load follows only a request from the last ten seconds', () => {
    const fresh = { sessionId: 's1', at: now - FOCUS_REQUEST_FRESH_MS + 1 };
    const stale = { sessionId: 's1', at: now - FOCUS_REQUEST_FRESH_MS };
    expect(shouldFollow(fresh, { now, consumedAt: undefined, onLoad: true })).toBe(true);
    expect(shouldFollow(stale, { now, consumedAt: undefined, onLoad: true })).toBe(false);
  });

  it('never follows the same request twice', () => {
    const request = { sessionId: 's1', at: now - 1_000 };
    expect(shouldFollow(request, { now, consumedAt: request.at, onLoad: true })).toBe(false);
    const next = { sessionId: 's1', at: now };
    expect(shouldFollow(next, { now, consumedAt: request.at, onLoad: false })).toBe(true);
  });

  it('ignores a cleared request', () => {
    expect(shouldFollow(null, { now, consumedAt: undefined, onLoad: true })).toBe(false);
  });
});

describe('focus requests from another window', () => {
  it('are ignored by this window’s panel', () => {
    const request = { sessionId: 's', at: 1000, windowId: 2 };
    expect(
      shouldFollow(request, { now: 1001, consumedAt: undefined, onLoad: false, windowId: 1 }),
    ).toBe(false);
    expect(
      shouldFollow(request, { now: 1001, consumedAt: undefined, onLoad: false, windowId: 2 }),
    ).toBe(true);
  });
});
