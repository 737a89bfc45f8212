import type { MessageRecord, Source } from '../db/records';
import { renumberMarkers } from '../text/citation-markers';

/**
 * Source numbers (docs/decisions/0012): every page, tab and search result a tool read in a run
 * gets a number, the order it was first read (its URL's first tool result), and keeps it for
 * the whole run. The model cites by these numbers; the Sources under the answer show the same.
 */

/** A run's sources in number order, each URL once; a URL is a snippet only if never read whole. */
export function numberedSources(runMessages: readonly MessageRecord[]): Source[] {
  const byUrl = new Map<string, Source>();
  for (const message of runMessages) {
    if (message.role !== 'tool') continue;
    for (const source of message.sources ?? []) {
      const seen = byUrl.get(source.url);
      if (!seen) {
        const { cited: _cited, number: _number, ...rest } = source;
        byUrl.set(source.url, { ...rest, number: byUrl.size + 1 });
      } else if (seen.snippet && !source.snippet) {
        const { snippet: _snippet, ...read } = seen;
        byUrl.set(source.url, {
          ...read,
          title: source.title,
          ...(source.note ? { note: source.note } : {}),
          ...(source.noteI18n ? { noteI18n: source.noteI18n } : {}),
        });
      }
    }
  }
  return [...byUrl.values()];
}

/** Marks the end of a tool result, so a reused result's old numbers can be replaced. */
const NOTE_PREFIX = 'Cite with:';
const NOTE_LINE = new RegExp(`\\n${NOTE_PREFIX} .*$`);

/** A stored result without its number line (a result reused in another run is numbered anew). */
function withoutCitationNote(content: string): string {
  return content.replace(NOTE_LINE, '');
}

/**
 * A tool result with its source numbers said after it (outside any envelope: they are
 * Gleaner's words), given the run's tool messages stored before it. A Fetch Analysis answer's
 * own markers are rewritten to this run's numbers.
 */
export function numberResult(
  outcome: { content: string; sources?: readonly Source[]; citesSources?: boolean },
  earlier: readonly MessageRecord[],
): string {
  const numbers = new Map(numberedSources(earlier).map((source) => [source.url, source.number!]));
  const own = new Map<string, number>();
  for (const source of outcome.sources ?? []) {
    const number = numbers.get(source.url) ?? numbers.size + 1;
    numbers.set(source.url, number);
    own.set(source.url, number);
  }
  // Only results with sources ever get the line, so only theirs can hold an old one.
  if (own.size === 0) return outcome.content;
  let content = withoutCitationNote(outcome.content);
  if (outcome.citesSources) {
    const map = new Map<number, number>();
    (outcome.sources ?? []).forEach((source, index) => {
      map.set(source.number ?? index + 1, own.get(source.url)!);
    });
    content = renumberMarkers(content, map);
  }
  // URLs come from the URL parser (no spaces or line breaks); the replace is a second guard.
  const list = [...own].map(([url, number]) => `[${number}] ${url.replace(/\s/g, '%20')}`);
  return `${content}\n${NOTE_PREFIX} ${list.join('; ')}`;
}
