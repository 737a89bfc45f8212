import { lazy, Suspense } from 'react';

// The Markdown parser (react-markdown, remark-gfm) is the largest part of the panel's code and
// no part of the composer: it is a chunk of its own, so the panel is usable before it has
// loaded, and it starts loading with the first text to render.
const MarkdownRenderer = lazy(() =>
  import('./markdown-renderer').then((module) => ({ default: module.MarkdownRenderer })),
);

/**
 * Model output as Markdown (see markdown-renderer.tsx for what is and is not rendered). Until
 * the parser has loaded, the text shows unformatted in its place, so the answer is readable at
 * once and the page does not reflow from empty when it arrives.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <Suspense
      fallback={
        <div className="markdown" style={{ whiteSpace: 'pre-wrap' }}>
          {children}
        </div>
      }
    >
      <MarkdownRenderer>{children}</MarkdownRenderer>
    </Suspense>
  );
}
