import type { WindowTab } from '../../lib/tabs/window-tab';
import { tabHost } from './tab-attachments';

/** An `@query` being typed in the Message field. */
interface Mention {
  /** Index of the `@`. */
  start: number;
  /** End of the word the caret is in: what picking a tab removes. */
  end: number;
  /** What follows the `@`, up to the caret. */
  query: string;
}

/** Longer than any title someone would type to pick a tab; past it, `@` was just text. */
const MAX_QUERY = 60;

/**
 * The mention the caret is in: an `@` at the start or after a space or an opening bracket (so
 * `me@example.com` is not one), followed by text without a line break. Spaces are allowed,
 * because titles have them; a query that matches no tab simply shows no suggestions.
 */
export function findMention(text: string, caret: number): Mention | undefined {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start < 0) return undefined;
  if (start > 0 && !/[\s([{"'«“]/u.test(before.charAt(start - 1))) return undefined;
  const query = before.slice(start + 1);
  if (/[\r\n]/.test(query) || /^\s/.test(query) || query.length > MAX_QUERY) return undefined;
  const wordRest = /^\S*/.exec(text.slice(caret))?.[0] ?? '';
  return { start, end: caret + wordRest.length, query };
}

/**
 * Tabs whose title or host contain every word of the query (any case), titles starting with the
 * query first. An empty query lists every tab.
 */
export function matchTabs<T extends Pick<WindowTab, 'title' | 'url'>>(
  tabs: readonly T[],
  query: string,
  limit = 8,
): T[] {
  const needle = query.trim().toLowerCase();
  const words = needle.split(/\s+/).filter(Boolean);
  const matching = tabs.filter((tab) => {
    const haystack = `${tab.title} ${tabHost(tab.url)}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const startsWith = (tab: T) => (tab.title.toLowerCase().startsWith(needle) ? 0 : 1);
  return [...matching].sort((a, b) => startsWith(a) - startsWith(b)).slice(0, limit);
}

/** The text with the `@query` taken out, and where the caret goes. */
export function removeMention(text: string, mention: Mention): { text: string; caret: number } {
  const left = text.slice(0, mention.start);
  let right = text.slice(mention.end);
  // "compare @news with" becomes "compare with", not "compare  with".
  if ((left === '' || /\s$/.test(left)) && right.startsWith(' ')) right = right.slice(1);
  return { text: left + right, caret: left.length };
}
