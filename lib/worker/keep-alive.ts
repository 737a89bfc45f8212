/**
 * Keeps the MV3 worker from being idle-stopped while a run is active: Chrome resets its idle
 * timer on each extension API call. https://developer.chrome.com/docs/extensions/develop/concepts/service-workers/lifecycle
 */
export function createKeepAlive(ping: () => Promise<unknown>, intervalMs = 25_000) {
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    update(activeRuns: number) {
      if (activeRuns > 0 && !timer) {
        timer = setInterval(() => void ping().catch(() => {}), intervalMs);
      } else if (activeRuns === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    },
    get running() {
      return timer !== undefined;
    },
  };
}
