import type { Page } from '@playwright/test';

/**
 * Records every consent card that appears in the panel from now on (what it asks about: the
 * address of a fetch, the query of a search), so a test can count the cards and say "no card
 * was shown" for fetches that must go through without one.
 */
export async function recordConsentCards(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const known = new WeakSet<Element>();
    const record = (card: Element) => {
      if (known.has(card)) return;
      known.add(card);
      const target = card.querySelector('code, q');
      seen.push(target?.textContent ?? card.textContent ?? '');
    };
    const selector = 'section[aria-label="Permission request"]';
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(selector)) record(node);
          for (const card of node.querySelectorAll(selector)) record(card);
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
    for (const card of document.querySelectorAll(selector)) record(card);
    (globalThis as unknown as { gleanerCardsSeen: string[] }).gleanerCardsSeen = seen;
  });
  return () =>
    page.evaluate(() => [
      ...(globalThis as unknown as { gleanerCardsSeen: string[] }).gleanerCardsSeen,
    ]);
}

/** The fetch card for `url`, naming the user's question. */
