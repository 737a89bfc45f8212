import { describe, expect, it } from 'vitest';
import { LlmError } from './errors';
import { decideRetry, parseRetryAfter, type Sleep, sleep, withRetry } from './retry-policy';

/** A sleep that records the delays asked for and returns at once. */
function recordingSleep() {
  const delays: number[] = [];
  const fake: Sleep = async (ms) => {
    delays.push(ms);
  };
  return { delays, sleep: fake };
}

const rateLimited = (retryAfterMs?: number) =>
  new LlmError('rate-limited', 'The provider is rate limiting requests (HTTP 429).', {
    status: 429,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
const serverError = () => new LlmError('server', 'The server failed (HTTP 503).', { status: 503 });

/** An operation that throws the given errors in turn, then returns 'ok'. */
function failing(...errors: Error[]) {
  const attempts: number[] = [];
  const operation = async (attempt: number) => {
    attempts.push(attempt);
    const error = errors[attempt - 1];
    if (error) throw error;
    return 'ok';
  };
  return { attempts, operation };
}

describe('withRetry', () => {
  it('retries a 429 after 1 s and returns the second answer', async () => {
    const { delays, sleep } = recordingSleep();
    const { attempts, operation } = failing(rateLimited());
    const signal = new AbortController().signal;

    await expect(withRetry(operation, { signal, sleep })).resolves.toBe('ok');
    expect(attempts).toEqual([1, 2]);
    expect(delays).toEqual([1000]);
  });

  it('gives up on four 503s after three retries waiting 1 s, 2 s and 4 s', async () => {
    const { delays, sleep } = recordingSleep();
    const { attempts, operation } = failing(
      serverError(),
      serverError(),
      serverError(),
      serverError(),
    );

    const error = await withRetry(operation, { signal: new AbortController().signal, sleep }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ kind: 'server', details: { status: 503 } });
    expect((error as LlmError).message).toBe(
      'The server failed (HTTP 503). Gleaner tried 4 times.',
    );
    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('waits what Retry-After asks instead of the backoff', async () => {
    const { delays, sleep } = recordingSleep();
    const { operation } = failing(rateLimited(5000));

    await withRetry(operation, { signal: new AbortController().signal, sleep });
    expect(delays).toEqual([5000]);
  });

  it('waits a Retry-After given as an HTTP date', async () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    const retryAfterMs = parseRetryAfter('Wed, 21 Oct 2015 07:28:12 GMT', now);
    const { delays, sleep } = recordingSleep();
    const { operation } = failing(rateLimited(retryAfterMs));

    await withRetry(operation, { signal: new AbortController().signal, sleep });
    expect(delays).toEqual([12_000]);
  });

  it('fails at once, saying the wait, when Retry-After is over 60 s', async () => {
    const { delays, sleep } = recordingSleep();
    const { attempts, operation } = failing(rateLimited(61_000));

    const error = await withRetry(operation, { signal: new AbortController().signal, sleep }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ kind: 'rate-limited', details: { retryAfterMs: 61_000 } });
    expect((error as Error).message).toBe(
      'The provider asks to wait 61 s before the next request (rate limited); Gleaner waits at most 60 s. Try again later.',
    );
    expect(attempts).toEqual([1]);
    expect(delays).toEqual([]);
  });

  it('never retries a rejected key', async () => {
    const { delays, sleep } = recordingSleep();
    const keyRejected = new LlmError('auth', 'The provider rejected the API key (HTTP 401).', {
      status: 401,
    });
    const { attempts, operation } = failing(keyRejected);

    await expect(
      withRetry(operation, { signal: new AbortController().signal, sleep }),
    ).rejects.toBe(keyRejected);
    expect(attempts).toEqual([1]);
    expect(delays).toEqual([]);
  });

  it('rejects promptly with aborted when Stop is pressed during a backoff wait', async () => {
    const controller = new AbortController();
    // A sleep that never ends by itself: only the abort can end the wait.
    const endless: Sleep = () => new Promise<void>(() => {});
    const { attempts, operation } = failing(serverError());

    const running = withRetry(operation, {
      signal: controller.signal,
      sleep: endless,
      onRetry: () => queueMicrotask(() => controller.abort()),
    });
    await expect(running).rejects.toMatchObject({ kind: 'aborted' });
    expect(attempts).toEqual([1]);
  });

  it('tells onRetry which attempt failed and how long it waits', async () => {
    const { sleep } = recordingSleep();
    const events: { attempt: number; delayMs: number; kind: string }[] = [];
    const { operation } = failing(serverError(), rateLimited(3000));

    await withRetry(operation, {
      signal: new AbortController().signal,
      sleep,
      onRetry: ({ attempt, delayMs, error }) => events.push({ attempt, delayMs, kind: error.kind }),
    });
    expect(events).toEqual([
      { attempt: 1, delayMs: 1000, kind: 'server' },
      { attempt: 2, delayMs: 3000, kind: 'rate-limited' },
    ]);
  });

  it('rethrows an error that is not an LlmError without retrying', async () => {
    const bug = new TypeError('x is undefined');
    const { attempts, operation } = failing(bug);
    await expect(
      withRetry(operation, { signal: new AbortController().signal, sleep: recordingSleep().sleep }),
    ).rejects.toBe(bug);
    expect(attempts).toEqual([1]);
  });
});

describe('decideRetry', () => {
  it('does not retry a 5xx that came after text was shown', () => {
    const error = new LlmError('server', 'boom', { status: 502, partialText: 'Hello' });
    expect(decideRetry(error, 0)).toEqual({ retry: false, error });
  });

  it.each([
    ['not-found', 404],
    ['rejected', 400],
    ['auth', 403],
  ] as const)('does not retry %s (HTTP %i)', (kind, status) => {
    const error = new LlmError(kind, 'no', { status });
    expect(decideRetry(error, 0)).toEqual({ retry: false, error });
  });

  it('names the status for a long Retry-After on a 503', () => {
    const error = new LlmError('server', 'busy', { status: 503, retryAfterMs: 120_000 });
    const decision = decideRetry(error, 0);
    expect(decision.retry).toBe(false);
    if (!decision.retry) {
      expect(decision.error.kind).toBe('rate-limited');
      expect(decision.error.message).toContain('wait 120 s (about 2 min)');
      expect(decision.error.message).toContain('(HTTP 503)');
    }
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');

  it('reads seconds, including fractions', () => {
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date relative to now, and a past date as no wait', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:29:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:00:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
  });
});

describe('sleep', () => {
  it('rejects with aborted as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'aborted' });
  });
});
