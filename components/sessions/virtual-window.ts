/**
 * Which rows of a long list to render: those in view plus a few either side, with the height of
 * the rows left out above and below so the scroll bar stays true. Rows not yet drawn count at
 * the average height of those measured so far.
 */
export interface VirtualWindow {
  /** First rendered row. */
  start: number;
  /** One past the last rendered row. */
  end: number;
  /** Height of the rows before `start`, and after `end`, in pixels. */
  before: number;
  after: number;
}

export interface WindowInput {
  keys: readonly string[];
  /** Measured heights by key; rows missing from it get `estimate`. */
  heights: ReadonlyMap<string, number>;
  estimate: number;
  /** Scroll position from the list's top edge (negative while the list starts below the fold). */
  scrollTop: number;
  viewportHeight: number;
  /** Rows rendered beyond each edge of the view, so a quick scroll or Tab finds them drawn. */
  overscan: number;
}

export function virtualWindow(input: WindowInput): VirtualWindow {
  const { keys, heights, estimate, scrollTop, viewportHeight, overscan } = input;
  const height = (index: number) => heights.get(keys[index]!) ?? estimate;
  const top = Math.max(0, scrollTop);
  const bottom = Math.max(0, scrollTop + viewportHeight);
  let offset = 0;
  let first = 0;
  while (first < keys.length && offset + height(first) <= top) offset += height(first++);
  let last = first;
  let reach = offset;
  while (last < keys.length && reach < bottom) reach += height(last++);
  const start = Math.max(0, first - overscan);
  const end = Math.min(keys.length, Math.max(last, first + 1) + overscan);
  let before = 0;
  for (let index = 0; index < start; index++) before += height(index);
  let after = 0;
  for (let index = end; index < keys.length; index++) after += height(index);
  return { start, end, before, after };
}

/** The average of the measured heights, or `fallback` before anything was measured. */
export function averageHeight(heights: ReadonlyMap<string, number>, fallback: number): number {
  if (heights.size === 0) return fallback;
  let sum = 0;
  for (const value of heights.values()) sum += value;
  return sum / heights.size;
}
