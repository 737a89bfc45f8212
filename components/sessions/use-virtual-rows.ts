import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { averageHeight, type VirtualWindow, virtualWindow } from './virtual-window';

/** A row's height before any was measured: one line of title, time and actions. */
const FIRST_ESTIMATE = 40;
const OVERSCAN = 8;

/** The nearest ancestor that scrolls; the list does not own its scroll bar. */
function scrollParent(element: HTMLElement): HTMLElement | undefined {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return node;
  }
  return undefined;
}

/**
 * The rows drawn inside `list` by key: an element with `data-row-key`, or each child of an
 * element with `data-row-keys` (the keys of its children in order, space-separated; a list
 * item must be a child of its list, so it cannot be wrapped to carry its own key).
 */
function renderedRows(list: HTMLElement): Array<[string, Element]> {
  const rows: Array<[string, Element]> = [];
  for (const row of list.querySelectorAll<HTMLElement>('[data-row-key]')) {
    rows.push([row.dataset.rowKey!, row]);
  }
  for (const parent of list.querySelectorAll<HTMLElement>('[data-row-keys]')) {
    const keys = parent.dataset.rowKeys!.split(' ');
    [...parent.children].forEach((child, index) => {
      if (keys[index]) rows.push([keys[index], child]);
    });
  }
  return rows;
}

/**
 * The window of `keys` to render inside the element given to `ref` (which may mount after the
 * hook, once the list has loaded), following its scrolling ancestor. Rendered
 * rows are found by their keys (see `renderedRows`); their heights are measured after each render and whenever one
 * changes size (a row opening its rename form), so the spacers stay true.
 */
export function useVirtualRows(keys: readonly string[]): {
  ref: (element: HTMLElement | null) => void;
  visible: VirtualWindow;
} {
  const [list, setList] = useState<HTMLElement | null>(null);
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(new Map());
  const [view, setView] = useState({ scrollTop: 0, viewportHeight: 800 });

  const follow = useCallback(() => {
    const scroller = list && scrollParent(list);
    if (!list || !scroller) return;
    const listTop = list.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    setView((current) => {
      const next = { scrollTop: -listTop, viewportHeight: scroller.clientHeight };
      const moved =
        Math.abs(current.scrollTop - next.scrollTop) >= 1 ||
        current.viewportHeight !== next.viewportHeight;
      return moved ? next : current;
    });
  }, [list]);

  const measure = useCallback(() => {
    if (!list) return;
    setHeights((current) => {
      let next: Map<string, number> | undefined;
      for (const [key, row] of renderedRows(list)) {
        const height = row.getBoundingClientRect().height;
        if (height > 0 && Math.abs((current.get(key) ?? -1) - height) >= 0.5) {
          next ??= new Map(current);
          next.set(key, height);
        }
      }
      return next ?? current;
    });
  }, [list]);

  useEffect(() => {
    const scroller = list && scrollParent(list);
    if (!list || !scroller) return;
    follow();
    scroller.addEventListener('scroll', follow, { passive: true });
    const resized = new ResizeObserver(() => {
      follow();
      measure();
    });
    resized.observe(scroller);
    resized.observe(list);
    return () => {
      scroller.removeEventListener('scroll', follow);
      resized.disconnect();
    };
  }, [list, follow, measure]);

  // After every render: rows just drawn get their real height.
  useLayoutEffect(measure);

  const visible = virtualWindow({
    keys,
    heights,
    estimate: averageHeight(heights, FIRST_ESTIMATE),
    ...view,
    overscan: OVERSCAN,
  });
  return { ref: setList, visible };
}
