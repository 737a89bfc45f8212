/** Waits with a deadline, so a benchmark that cannot go on stops and says what it waited for. */
import type { Locator } from '@playwright/test';

export const WAIT_MS = Number(process.env.BENCH_WAIT_MS ?? 20_000);

/** Resolves with `work`, or rejects after `ms` with an error naming `what` it waited for. */
export async function within<T>(what: string, work: Promise<T>, ms = WAIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Timed out after ${ms / 1000} s waiting for ${what}.`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** `locator.waitFor` whose error names what it waited for instead of Playwright's selector. */
export async function waitForLocator(
  what: string,
  locator: Locator,
  state: 'visible' | 'hidden' | 'attached' = 'visible',
  ms = WAIT_MS,
): Promise<void> {
  try {
    await locator.waitFor({ state, timeout: ms });
  } catch (error) {
    throw new Error(`Timed out after ${ms / 1000} s waiting for ${what}.`, { cause: error });
  }
}
