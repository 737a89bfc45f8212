import { describe, expect, it } from 'vitest';
import { type QuietClock, whenQuiet } from './when-quiet';

/** A hand-driven page: time moves only when told, the idle callback runs when told. */
function fakePage() {
  let now = 0;
  let timers: Array<{ at: number; callback: () => void; id: number }> = [];
  let idle: Array<() => void> = [];
  let nextId = 0;
  const inputs = new Set<() => void>();
  const clock: QuietClock = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.push({ at: now + ms, callback, id });
      return id;
    },
    clearTimeout(handle) {
      timers = timers.filter((timer) => timer.id !== handle);
    },
    onIdle(callback) {
      idle.push(callback);
      return () => {
        idle = idle.filter((waiting) => waiting !== callback);
      };
    },
    onInput(listener) {
      inputs.add(listener);
      return () => inputs.delete(listener);
    },
  };
  return {
    clock,
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.callback();
      }
      now = until;
    },
    goIdle() {
      const waiting = idle;
      idle = [];
      for (const callback of waiting) callback();
    },
    input: () => {
      for (const listener of inputs) listener();
    },
    listening: () => inputs.size,
  };
}

describe('whenQuiet', () => {
  it('runs the work once the user has been still for the quiet time and the page is idle', () => {
    const page = fakePage();
    let runs = 0;
    whenQuiet(() => runs++, 1_000, page.clock);
    page.advance(999);
    page.goIdle();
    expect(runs).toBe(0);
    page.advance(1);
    page.goIdle();
    expect(runs).toBe(1);
    page.advance(5_000);
    page.goIdle();
    expect(runs).toBe(1);
    expect(page.listening()).toBe(0);
  });

  it('waits again after each click or key, so loading never starts right after one', () => {
    const page = fakePage();
    let runs = 0;
    whenQuiet(() => runs++, 1_000, page.clock);
    page.advance(800);
    page.input();
    page.advance(800);
    page.goIdle();
    expect(runs).toBe(0);
    page.advance(200);
    // Quiet long enough, waiting for the page to be idle: a click now starts the wait over.
    page.input();
    page.goIdle();
    expect(runs).toBe(0);
    page.advance(1_000);
    page.goIdle();
    expect(runs).toBe(1);
  });

  it('does nothing once cancelled', () => {
    const page = fakePage();
    let runs = 0;
    const cancel = whenQuiet(() => runs++, 1_000, page.clock);
    page.advance(1_000);
    cancel();
    page.goIdle();
    page.advance(5_000);
    page.goIdle();
    expect(runs).toBe(0);
    expect(page.listening()).toBe(0);
  });
});
