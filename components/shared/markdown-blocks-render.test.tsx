import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown, preloadMarkdown } from './markdown';
import { markdownBlocks } from './markdown-blocks';
import { MarkdownBlock, MarkdownRenderer } from './markdown-renderer';
import type { CitationTargets } from './remark-citations';

const whole = (text: string) => renderToStaticMarkup(<MarkdownRenderer>{text}</MarkdownRenderer>);

const blockwise = (text: string) =>
  renderToStaticMarkup(
    <div className="markdown">
      {markdownBlocks(text).map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the test renders each list once.
        <MarkdownBlock key={index}>{block}</MarkdownBlock>
      ))}
    </div>,
  );

/**
 * The whole text puts a line break between two top-level elements; blocks rendered apart do not.
 * Whitespace between block elements draws nothing, so it is left out of the comparison (inside
 * code, a `>` is always written as `&gt;`, so no code text is touched).
 */
const drawn = (html: string) => html.replace(/>\n</g, '><');

/** An answer with what tends to break a naive split, each followed by the next at a blank line. */
const ANSWER = [
  '## Tides\n\nThe tide turns **twice** a day, see [the almanac](https://example.com/a).',
  '- tight item\n- another\n\n- now the list is loose\n\n  with a second paragraph\n\nAfter the list.',
  '1. first\n\n2. second\n3) another list\n\n* * *',
  '```js\nconst a = 1;\n\n\nconst b = `x`;\n```\n\n~~~~\nfence with ``` inside\n\n~~~\n~~~~',
  '| a | b |\n|---|:-:|\n| 1 | 2 |\n\n| not | a table |',
  '> quoted\n\n> another quote\n\n    indented code\n\n    more code\n\nText *end*.',
].join('\n\n');

/**
 * Where a streaming answer may stand when it is drawn: every character next to a line break
 * (where blocks begin and end, fences open and lists continue) and every thirteenth one elsewhere.
 */
const CUTS = Array.from({ length: ANSWER.length }, (_, index) => index + 1).filter(
  (end) => end % 13 === 0 || end === ANSWER.length || ANSWER.slice(end - 2, end + 2).includes('\n'),
);

describe('markdownBlocks renders as the whole text does', () => {
  it('gives the same page for every point at which an answer may have been cut', () => {
    for (const end of CUTS) {
      const text = ANSWER.slice(0, end);
      expect(drawn(blockwise(text)), `cut after ${end} characters`).toBe(drawn(whole(text)));
    }
    // Some hundred renders both ways: more than the default allows on a busy machine.
  }, 30_000);

  it('splits the answer into several blocks, or the test above would prove nothing', () => {
    expect(markdownBlocks(ANSWER).length).toBeGreaterThan(8);
  });

  it('keeps text with a reference definition or footnote whole, since any block may use it', () => {
    const text =
      'See [the almanac][a] and a note[^1].\n\nMore.\n\n[a]: https://example.com\n\n[^1]: A note.';
    expect(markdownBlocks(text)).toEqual([text]);
    expect(drawn(blockwise(text))).toBe(drawn(whole(text)));
  });

  it('keeps text with an HTML comment whole: it runs across blank lines and is dropped', () => {
    const text = 'Before.\n\n<!--\n\nhidden\n\n-->\n\nAfter.';
    expect(markdownBlocks(text)).toEqual([text]);
    expect(drawn(blockwise(text))).not.toContain('hidden');
  });

  it('links citation markers in the blocks that have them, as in the whole answer', async () => {
    await preloadMarkdown();
    const citations: CitationTargets = {
      sources: [
        { number: 1, title: 'Almanac', url: 'https://example.com/almanac' },
        { number: 2, title: 'Harbour', url: 'https://example.com/harbour' },
      ],
    };
    const text = `${ANSWER}\n\nThe tide turns at noon [1][2].\n\nEscaped \\[1\\] and &#91;2&#93; too.`;
    const page = renderToStaticMarkup(<Markdown citations={citations}>{text}</Markdown>);
    expect(page.match(/class="citation"/g)).toHaveLength(4);
    expect(drawn(page)).toBe(
      drawn(
        renderToStaticMarkup(<MarkdownRenderer citations={citations}>{text}</MarkdownRenderer>),
      ),
    );
  });
});
