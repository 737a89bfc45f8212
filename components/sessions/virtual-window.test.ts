import { describe, expect, it } from 'vitest';
import { averageHeight, virtualWindow } from './virtual-window';

const keys = Array.from({ length: 1_000 }, (_, index) => `s${index}`);
const base = { keys, heights: new Map<string, number>(), estimate: 40, overscan: 5 };

describe('virtualWindow', () => {
  it('renders the rows in view plus the overscan, and keeps the full height in spacers', () => {
    const window = virtualWindow({ ...base, scrollTop: 4_000, viewportHeight: 800 });
    // Rows 100..119 are in view; five more either side.
    expect(window).toEqual({ start: 95, end: 125, before: 95 * 40, after: 875 * 40 });
  });

  it('starts at the top while the list begins below the fold', () => {
    const window = virtualWindow({ ...base, scrollTop: -300, viewportHeight: 800 });
    expect(window.start).toBe(0);
    expect(window.end).toBe(18);
    expect(window.before).toBe(0);
  });

  it('uses measured heights where it has them', () => {
    const heights = new Map(keys.slice(0, 10).map((key) => [key, 100]));
    const window = virtualWindow({ ...base, heights, scrollTop: 1_000, viewportHeight: 80 });
    // Ten rows of 100 px come first, so row 10 is at the top of the view.
    expect(window.start).toBe(5);
    expect(window.before).toBe(500);
    expect(window.end).toBe(17);
  });

  it('renders nothing for an empty list', () => {
    expect(virtualWindow({ ...base, keys: [], scrollTop: 0, viewportHeight: 800 })).toEqual({
      start: 0,
      end: 0,
      before: 0,
      after: 0,
    });
  });
});

describe('averageHeight', () => {
  it('falls back before anything was measured', () => {
    expect(averageHeight(new Map(), 44)).toBe(44);
    expect(
      averageHeight(
        new Map([
          ['a', 30],
          ['b', 50],
        ]),
        44,
      ),
    ).toBe(40);
  });
});
