import { markerWords } from './boilerplate-signals';
import { textLength } from './text-measure';

/**
 * Tooltips on a product page: the bubble a shop shows while the pointer rests on an "i" icon
 * beside a spec or a delivery line ("Impedance: usually between 8 and 600 ohm…", "Import fees
 * may apply…"). The page does not show that text until asked, it explains a term rather than
 * describing this product, and a theme repeats the same bubbles on every product. A fetched
 * page keeps it in the markup; it goes here, before the boilerplate pass.
 */
export function removeTooltips(root: Element): void {
  const stack: Element[] = Array.from(root.children);
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (isTooltip(element) && textLength(element) <= MAX_TOOLTIP) {
      element.remove();
      continue;
    }
    stack.push(...Array.from(element.children));
  }
}

/** A tooltip explains a term in a sentence or two; a longer block is content. */
const MAX_TOOLTIP = 500;

/** Class and id words of a tooltip: "tooltip", "tool-tip", "infotip", "tooltip__content". */
const TOOLTIP_WORDS = /(?:^| )(?:tool ?tip|infotip)(?: |$)/;

/**
 * The element that shows a tooltip ("has-tooltip", "tooltip-trigger", "infotip__host") holds
 * the term itself, which the page shows.
 */
const TRIGGER_WORDS = /(?:^| )(?:has|with|trigger|toggle|toggler|host|anchor|wrapper)(?: |$)/;

function isTooltip(element: Element): boolean {
  if (element.getAttribute('role') === 'tooltip') return true;
  const words = markerWords(
    `${element.localName.includes('-') ? element.localName : ''} ${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`,
  );
  return TOOLTIP_WORDS.test(words) && !TRIGGER_WORDS.test(words);
}
