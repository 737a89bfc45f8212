import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KEPT_PIECES, keptPieceTree } from './block-tree';
import { MarkdownBlock, MarkdownRenderer } from './markdown-renderer';
import { markdownTree } from './markdown-tree';
import { paragraphPieces } from './paragraph-pieces';

/**
 * A long paragraph of what a model writes in prose: literal links, mail addresses, character
 * references, digits and punctuation before the first markup, then markup that spans spaces.
 */
const PARAGRAPH = [
  'Tides turn twice a day, see www.example.com/tides or https://example.com/a?b=c#d, and',
  'write to harbour@example.com for the table &amp; its notes &copy; 2026. Figures: 3.5 m at',
  'noon, 1.2 m at dusk (about), 40% of the range; ratios 1:2, a+b, c/d, e=f, "quoted" text,',
  'it’s Ünïcödé and 漢字 too! Another sentence follows here, and another one after it,',
  'with words enough to fill more than one piece of the paragraph so that cuts are made.',
  'Then **strong text that runs past a space** and _emphasis too_, `code with spaces`,',
  'a [link with words](https://example.com/x "title words") and ~~struck words~~ end.',
].join(' ');

/** A paragraph that starts with a bracket and has closed ones before its first link. */
const BRACKETED = [
  '[m007] Tides turn twice a day [a] and [b [c] d] or ![not an image] and ]a stray one',
  'then www.example.com [and a bracket closed much later, after more than a piece of words so',
  'that a cut could have been made inside it if the rule let one through, which it must not] and',
  'then more words for more pieces of the paragraph to be cut, and [x](https://example.com) a',
  'link, after which no cut is made however long the paragraph gets, as it does here and now.',
].join(' ');

/** What is drawn, a block being put in the container the whole text comes in. */
const page = (element: ReactElement) =>
  renderToStaticMarkup(
    element.type === MarkdownBlock ? <div className="markdown">{element}</div> : element,
  );

/** A tree without where its nodes stood in the text, which no element shows. */
const shape = (tree: ReturnType<typeof markdownTree>) =>
  JSON.stringify(tree, (key, value) => (key === 'position' ? undefined : value));

describe('blockTree', () => {
  it('cuts the test paragraph into several pieces, or the next test would prove nothing', () => {
    expect(paragraphPieces(PARAGRAPH).length).toBeGreaterThan(2);
    expect(paragraphPieces(BRACKETED).length).toBeGreaterThan(1);
  });

  it('gives the tree of the whole block at every point a streaming paragraph may stand', () => {
    for (const [end, text] of [PARAGRAPH, BRACKETED].flatMap((paragraph) =>
      Array.from(
        { length: paragraph.length },
        (_, index) => [index + 1, paragraph.slice(0, index + 1)] as const,
      ),
    )) {
      expect(page(<MarkdownBlock>{text}</MarkdownBlock>), `cut after ${end} characters`).toBe(
        page(<MarkdownRenderer>{text}</MarkdownRenderer>),
      );
    }
    // A paragraph followed by another block ends in a line break.
    for (const text of [`${PARAGRAPH}\n`, `${BRACKETED}\n`]) {
      expect(page(<MarkdownBlock>{text}</MarkdownBlock>)).toBe(
        page(<MarkdownRenderer>{text}</MarkdownRenderer>),
      );
    }
  }, 30_000);

  it('draws a span that opened before a cut would be as the whole block does', () => {
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const spans = [
      ['**', '**'],
      ['_', '_'],
      ['~~', '~~'],
      ['`', '`'],
      ['[', '](https://example.com/a)'],
      ['![', '](https://example.com/a.png)'],
      ['<b title="', '">'],
      ['[', ']'],
      ['[^', ']'],
    ];
    for (const [open, close] of spans) {
      const text = `Words ${open}${words}${close} and ${words}`;
      for (let end = 150; end <= text.length; end += 7) {
        expect(
          page(<MarkdownBlock>{text.slice(0, end)}</MarkdownBlock>),
          `${open} cut at ${end}`,
        ).toBe(page(<MarkdownRenderer>{text.slice(0, end)}</MarkdownRenderer>));
      }
    }
  }, 30_000);

  it('parses a finished piece once and gives its kept tree while it is used', () => {
    const piece = `Kept ${'piece '.repeat(50)}`;
    const first = keptPieceTree(piece);
    expect(keptPieceTree(piece)).toBe(first);
    expect(shape(first)).toBe(shape(markdownTree(piece)));
  });

  it('keeps at most KEPT_PIECES trees, letting go of the least recently used', () => {
    const oldest = 'Oldest piece of all.';
    const used = 'Used piece again.';
    const oldestTree = keptPieceTree(oldest);
    const usedTree = keptPieceTree(used);
    for (let index = 0; index < KEPT_PIECES - 1; index++) {
      if (index === 1) expect(keptPieceTree(used)).toBe(usedTree);
      keptPieceTree(`Filler piece ${index}.`);
    }
    expect(keptPieceTree(used)).toBe(usedTree);
    expect(keptPieceTree(oldest)).not.toBe(oldestTree);
  });
});
