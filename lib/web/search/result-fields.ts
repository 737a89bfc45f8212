import { parseHTML } from 'linkedom';
import { stripInvisible } from '../../text/strip-invisible';
import type { SearchResult } from './types';

/**
 * Turns what a provider said about its results into `SearchResult`s, the same way for every
 * provider: http(s) URLs only (a `javascript:` or `data:` "result" is dropped), each URL once,
 * at most `maxResults`, and titles and snippets on one line each (the numbered layout of
 * `formatResultsForModel` must not be broken by a provider's line breaks) and of bounded length
 * (a provider's "snippet" can be a whole page), without invisible characters. A result without a
 * title is named by its URL.
 */
export function collectResults(
  candidates: Iterable<{ title: string; url: string; snippet: string }>,
  maxResults: number,
): SearchResult[] {
  const results: SearchResult[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (results.length >= maxResults) break;
    const url = httpUrl(candidate.url);
    if (url === undefined || seen.has(url)) continue;
    seen.add(url);
    results.push({
      title: oneLine(candidate.title, MAX_TITLE_CHARS) || url,
      url,
      snippet: oneLine(candidate.snippet, MAX_SNIPPET_CHARS),
    });
  }
  return results;
}

const MAX_TITLE_CHARS = 300;
const MAX_SNIPPET_CHARS = 600;

/** Invisible characters go too: a result's title and snippet are written by the site. */
function oneLine(text: string, maxChars: number): string {
  const line = stripInvisible(text).replace(/\s+/g, ' ').trim();
  return line.length > maxChars ? `${line.slice(0, maxChars - 1).trimEnd()}…` : line;
}

function httpUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

let scratch: HTMLElement | undefined;

/**
 * The text of an HTML fragment, such as Brave's descriptions with `<strong>` around the matched
 * words and entities like `&#x27;`. Parsed with linkedom (the worker has no DOMParser), so every
 * named entity is decoded and no markup survives; nothing is rendered or run.
 */
export function htmlFragmentToText(fragment: string): string {
  if (!/[<&]/.test(fragment)) return fragment;
  scratch ??= (
    parseHTML('<!doctype html><html><body></body></html>').document as unknown as Document
  ).createElement('div');
  scratch.innerHTML = fragment;
  const text = scratch.textContent ?? '';
  scratch.textContent = '';
  return text;
}
