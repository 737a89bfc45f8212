import type { GleanerDatabase } from '../db/database';
import type { MessageRecord, RunRecord, Source } from '../db/records';
import { findAnswerMarkers } from '../text/citation-markers';
import { passageUrl } from '../text/text-fragment';
import { numberedSources } from './source-numbers';

type Citation = NonNullable<MessageRecord['citations']>[number];

/** The envelope tools put around what a page says (support/untrusted.ts). */
const ENVELOPE = /<untrusted-content-([a-z0-9]+)[^>\n]*>\n([\s\S]*?)\n<\/untrusted-content-\1>/gi;

/**
 * Only what a page said counts: the text inside a tool result's envelope. Gleaner's own lines
 * around it, and results that are a model's words (a Fetch Analysis answer), never vouch for
 * a quote.
 */
function pageText(content: string): string {
  return [...content.matchAll(ENVELOPE)].map((match) => match[2]).join('\n\n');
}

/**
 * What the extension stored of a source's text: the tool results that read it in this run and
 * in its Fetch Analysis runs, and the page cache's copy while it lasts (pages too large to be
 * shown inline were read in parts from a page file).
 */
async function storedTexts(
  db: GleanerDatabase,
  run: RunRecord,
  runMessages: readonly MessageRecord[],
): Promise<(url: string) => Promise<string>> {
  const children = await db.runs.where('parentRunId').equals(run.id).toArray();
  const childMessages = (
    await Promise.all(
      children.map((child) => db.messages.where('runId').equals(child.id).toArray()),
    )
  ).flat();
  const toolMessages = [...runMessages, ...childMessages].filter(
    (message) => message.role === 'tool',
  );
  return async (url) => {
    const read = toolMessages
      .filter((message) => message.sources?.some((source) => source.url === url))
      .map((message) => pageText(message.content));
    const cached = await db.fetchCache
      .filter((entry) => entry.url === url || entry.result.finalUrl === url)
      .toArray();
    return [...read, ...cached.map((entry) => entry.result.content)].join('\n\n');
  };
}

/**
 * The final answer's Sources and passage links, built by the extension: every source the run
 * read, numbered as the model was told, marked cited when the answer has its marker; search
 * results only when cited (their page was never read). A quote before a marker gets a passage
 * link only when its words are found in what the source itself said, as stored.
 */
export async function citeAnswer(
  db: GleanerDatabase,
  run: RunRecord,
  runMessages: readonly MessageRecord[],
  answer: string,
): Promise<{ sources: Source[]; citations?: Citation[] }> {
  const all = numberedSources(runMessages);
  const byNumber = new Map(all.map((source) => [source.number!, source]));
  const markers = findAnswerMarkers(answer).filter((marker) => byNumber.has(marker.number));
  const cited = new Set(markers.map((marker) => marker.number));
  const sources = all
    .map((source) => ({ ...source, cited: cited.has(source.number!) }))
    .filter((source) => source.cited || !source.snippet);

  const citations: Citation[] = [];
  // A search result's snippet is the search engine's words, not the page's: no passage link.
  const quoted = markers.filter(
    (marker) => marker.quote !== undefined && !byNumber.get(marker.number)!.snippet,
  );
  if (quoted.length > 0) {
    const textOf = await storedTexts(db, run, runMessages);
    const texts = new Map<number, string>();
    for (const marker of quoted) {
      const quote = marker.quote!;
      if (citations.some((known) => known.number === marker.number && known.quote === quote))
        continue;
      const source = byNumber.get(marker.number)!;
      if (!texts.has(marker.number)) texts.set(marker.number, await textOf(source.url));
      const href = passageUrl(source.url, quote, texts.get(marker.number)!);
      if (href) citations.push({ number: marker.number, quote, href });
    }
  }
  return { sources, ...(citations.length ? { citations } : {}) };
}
