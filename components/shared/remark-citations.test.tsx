import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import type { CitationTargets } from './remark-citations';

const targets: CitationTargets = {
  sources: [
    { number: 1, title: 'The Tide Clocks', url: 'https://tides.test/clocks' },
    { number: 2, title: 'Bees', url: 'https://bees.test/' },
  ],
  citations: [
    { number: 1, quote: 'turns with the moon', href: 'https://tides.test/clocks#:~:text=turns' },
  ],
};

const render = (markdown: string) =>
  renderToStaticMarkup(<Markdown citations={targets}>{markdown}</Markdown>);

describe('citation markers in an answer', () => {
  it('become small links named for their source, to the passage when the quote was found', () => {
    const html = render('The clock "turns with the moon" [1], and bees dance [2][1].');
    expect(html.match(/<a class="citation"[^>]*>\d<\/a>/g)).toEqual([
      '<a class="citation" href="https://tides.test/clocks#:~:text=turns" title="https://tides.test/clocks#:~:text=turns" aria-label="Source 1: The Tide Clocks" target="_blank" rel="noopener noreferrer">1</a>',
      '<a class="citation" href="https://bees.test/" title="https://bees.test/" aria-label="Source 2: Bees" target="_blank" rel="noopener noreferrer">2</a>',
      '<a class="citation" href="https://tides.test/clocks" title="https://tides.test/clocks" aria-label="Source 1: The Tide Clocks" target="_blank" rel="noopener noreferrer">1</a>',
    ]);
  });

  it('leaves numbers Gleaner never gave, code and link text as written', () => {
    const html = render('Unknown [7], code `a[1]`, and [a link [1]](https://x.test/).');
    expect(html).not.toContain('class="citation"');
    expect(html).toContain('Unknown [7]');
  });

  it('stays plain text without sources (while the answer streams)', () => {
    expect(renderToStaticMarkup(<Markdown>{'Tides [1].'}</Markdown>)).toContain('Tides [1].');
  });
});
