import { parseHTML } from 'linkedom';
import { unwrapDuckDuckGoLink } from './duckduckgo-link';
import { collectResults } from './result-fields';
import type { SearchResult } from './types';

/**
 * What a page from DuckDuckGo's HTML endpoint says. Three answers are honest (results, "No
 * results", a bot check); anything else is `unrecognised`, so a changed layout is reported as
 * such and never mistaken for a search that found nothing.
 */
export type DuckDuckGoPage =
  | { kind: 'results'; results: SearchResult[] }
  | { kind: 'no-results' }
  | { kind: 'bot-check' }
  | { kind: 'unrecognised' };

/**
 * Marks of DuckDuckGo's bot check ("anomaly" page): a CAPTCHA form posting to `anomaly.js`, with
 * the heading "Unfortunately, bots use DuckDuckGo too." The same markers are what SearXNG checks
 * (`//form[@id='challenge-form']`, https://github.com/searxng/searxng/pull/3947).
 */
const BOT_CHECK_SELECTOR = [
  'form#challenge-form',
  'form[action*="anomaly.js"]',
  '[data-testid="anomaly-modal"]',
  '[class*="anomaly-modal"]',
].join(', ');
const BOT_CHECK_TEXT = /bots use duckduckgo too/i;

/** DuckDuckGo's own "No results." notice, as opposed to a page without any results markup. */
const NO_RESULTS_SELECTOR = '.no-results, .result--no-result';

/**
 * Parses the page with linkedom (the worker has no DOMParser). `pageUrl` resolves the
 * protocol-relative redirect links (`//duckduckgo.com/l/?uddg=...`).
 *
 * Results are the `a.result__a` title links; the URL is the link's target, unwrapped; the
 * snippet is the result's `.result__snippet`. Ads (`.result--ad`, or a `y.js` click link) are
 * skipped, and a URL already listed is not listed again.
 */
export function parseDuckDuckGoPage(html: string, pageUrl: string): DuckDuckGoPage {
  const { document } = parseHTML(html);
  const root = document as unknown as Document;
  if (root.querySelector(BOT_CHECK_SELECTOR)) return { kind: 'bot-check' };

  const candidates: SearchResult[] = [];
  for (const link of Array.from(root.querySelectorAll('a.result__a'))) {
    const container = link.closest('.result') ?? link.parentElement;
    if (container?.classList.contains('result--ad')) continue;
    const url = unwrapDuckDuckGoLink(link.getAttribute('href') ?? '', pageUrl);
    if (url === undefined) continue;
    candidates.push({
      title: link.textContent ?? '',
      url,
      snippet: container?.querySelector('.result__snippet')?.textContent ?? '',
    });
  }
  const results = collectResults(candidates, Number.POSITIVE_INFINITY);
  if (results.length > 0) return { kind: 'results', results };
  if (root.querySelector(NO_RESULTS_SELECTOR)) return { kind: 'no-results' };
  // The sentence alone, looked for only on a page without results: a search for the sentence
  // itself finds pages that quote it.
  if (BOT_CHECK_TEXT.test(root.documentElement?.textContent ?? '')) return { kind: 'bot-check' };
  return { kind: 'unrecognised' };
}
