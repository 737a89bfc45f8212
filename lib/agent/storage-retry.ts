import { isStorageFullError } from '../db/storage-full';
import { RunAborted } from './run-aborted';

/** Waits between tries of a write the browser refused for lack of space. */
const WAITS_MS = [1_000, 2_000, 4_000, 5_000];

/**
 * Runs a write, and while the browser refuses it for lack of space, says so and tries again:
 * what the user sees stays on screen, and is saved as soon as there is room (a Stop ends the
 * waiting). Any other error is thrown as it is.
 */
export async function whileStorageFull<T>(
  write: () => Promise<T>,
  report: ((full: boolean) => void) | undefined,
  signal: AbortSignal,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const written = await write();
      if (attempt > 0) report?.(false);
      return written;
    } catch (error) {
      if (!isStorageFullError(error)) throw error;
      report?.(true);
      if (signal.aborted) throw new RunAborted();
      const wait = WAITS_MS[Math.min(attempt, WAITS_MS.length - 1)]!;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        const stop = () => {
          clearTimeout(timer);
          resolve();
        };
        signal.addEventListener('abort', stop, { once: true });
      });
    }
  }
}
