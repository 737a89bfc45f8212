import { describe, expect, it } from 'vitest';
import { FetchTimeoutError } from './fetch-timeout-error';
import { startRequestDeadline } from './request-deadline';
import type { Timers } from './timers';

/** Timers the test fires by hand. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timers: Timers = {
    setTimeout: (callback) => {
      next += 1;
      pending.set(next, callback);
      return next;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  const fireAll = () => {
    for (const fire of [...pending.values()]) fire();
  };
  return { timers, pending, fireAll };
}

describe('startRequestDeadline', () => {
  it('aborts with a message naming the limit when time is up', () => {
    const { timers, fireAll } = manualTimers();
    const deadline = startRequestDeadline({ totalMs: 30_000, url: 'https://a.io/', timers });
    fireAll();
    expect(deadline.expired).toBe(true);
    expect(deadline.signal.reason).toBeInstanceOf(FetchTimeoutError);
    expect(deadline.signal.reason.message).toBe(
      'Gave up on https://a.io/: it took longer than 30 s in all.',
    );
  });

  it('passes the caller’s abort on with its reason, not as a timeout', () => {
    const { timers } = manualTimers();
    const caller = new AbortController();
    const deadline = startRequestDeadline({
      totalMs: 30_000,
      url: 'u',
      signal: caller.signal,
      timers,
    });
    caller.abort('stopped');
    expect(deadline.signal.reason).toBe('stopped');
    expect(deadline.expired).toBe(false);
  });

  it('starts aborted when the caller already stopped', () => {
    const caller = new AbortController();
    caller.abort('early');
    const deadline = startRequestDeadline({ totalMs: 1, url: 'u', signal: caller.signal });
    expect(deadline.signal.aborted).toBe(true);
    deadline.dispose();
  });

  it('stops its timer when disposed', () => {
    const { timers, pending } = manualTimers();
    const deadline = startRequestDeadline({ totalMs: 30_000, url: 'u', timers });
    expect(pending.size).toBe(1);
    deadline.dispose();
    expect(pending.size).toBe(0);
    expect(deadline.signal.aborted).toBe(false);
  });
});
