import { lazyModule, useLazyModule } from './lazy-module';
import { markdownBlocks } from './markdown-blocks';
import type { CitationTargets } from './remark-citations';

// The Markdown parser (react-markdown, remark-gfm) is the largest part of the panel's code and
// no part of the composer: it is a chunk of its own, so the panel is usable before it has
// loaded, and it starts loading with the first text to render.
const renderer = lazyModule(() => import('./markdown-renderer'));

/** Fetches the Markdown parser ahead of the first answer (the panel calls it once it is idle). */
export const preloadMarkdown = (): Promise<unknown> => renderer.load();

/**
 * Model output as Markdown (see markdown-renderer.tsx for what is and is not rendered). Until
 * the parser has loaded, the text shows unformatted in its place, so the answer is readable at
 * once and the page does not reflow from empty when it arrives.
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
  if (loaded) {
    return <loaded.MarkdownRenderer citations={citations}>{children}</loaded.MarkdownRenderer>;
  }
  return (
    <div className="markdown" style={{ whiteSpace: 'pre-wrap' }}>
      {children}
    </div>
  );
}

/**
 * An answer still being written, block by block: each new token parses only the last block, so
 * a long answer costs the same per token at its end as at its start. Once the answer is done it
 * is shown with Markdown as one piece (a block split here never changes how text reads).
 */
export function StreamingMarkdown({ children }: { children: string }) {
  return (
    <div className="markdown-stream">
      {markdownBlocks(children).map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks only ever grow at the end.
        <Markdown key={index}>{block}</Markdown>
      ))}
    </div>
  );
}
