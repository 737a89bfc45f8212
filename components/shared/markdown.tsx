import { lazyModule, useLazyModule } from './lazy-module';
import { markdownBlocks } from './markdown-blocks';
import type { CitationTargets } from './remark-citations';

// The Markdown parser (unified, remark-parse, remark-gfm) is the largest part of the panel's code and
// no part of the composer: it is a chunk of its own, so the panel is usable before it has
// loaded, and it starts loading with the first text to render.
const renderer = lazyModule(() => import('./markdown-renderer'));

/** Fetches the Markdown parser ahead of the first answer (the panel calls it once it is idle). */
export const preloadMarkdown = (): Promise<unknown> => renderer.load();

/**
 * Whether a block can hold a citation marker: a `[n]` in its text needs a digit before a `]`
 * (which may be escaped), or a character reference for either. Blocks without one render the
 * same with or without the sources, so they are given none, and keep what they rendered when the
 * finished answer's sources arrive.
 */
const mayCite = (block: string) => /\d\\?\]/.test(block) || block.includes('&');

/**
 * Model output as Markdown (see markdown-renderer.tsx for what is and is not rendered), block
 * by block in one container: each block is parsed once and again only when its own text changes,
 * so an answer still being written costs the same per token at its end as at its start, and it
 * does not parse again whole when it is done. The blocks render exactly as the whole text would
 * (markdown-blocks.ts says where a split is safe). Until the parser has loaded, the text shows
 * unformatted in its place, so the answer is readable at once and the page does not reflow from
 * empty when it arrives.
 */
export function Markdown({
  children,
  citations,
}: {
  children: string;
  /** The finished answer's sources: its markers `[n]` become links to them. */
  citations?: CitationTargets;
}) {
  const loaded = useLazyModule(renderer);
  if (!loaded) {
    return (
      <div className="markdown" style={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </div>
    );
  }
  const { MarkdownBlock } = loaded;
  // An answer that read nothing has no sources: its markers link nowhere, so it is drawn as is.
  const cited = citations && citations.sources.length > 0 ? citations : undefined;
  return (
    <div className="markdown">
      {markdownBlocks(children).map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks only ever grow at the end.
        <MarkdownBlock key={index} citations={cited && mayCite(block) ? cited : undefined}>
          {block}
        </MarkdownBlock>
      ))}
    </div>
  );
}
