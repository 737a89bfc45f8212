import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { extractFromHtml } from './extract-from-html';
import {
  HIDDEN_MARK,
  isHiddenByMarkup,
  isShownDespiteAriaHidden,
  markHiddenElements,
} from './hidden-elements';

/**
 * linkedom computes no styles, so each test page (written inline by hand) says what the browser
 * would compute in data-display / data-visibility / data-overflow / data-size attributes, and a
 * stub getComputedStyle reads them back.
 */
function renderedPage(body: string) {
  const { window, document } = parseHTML(`<!doctype html><html><body>${body}</body></html>`);
  const styled: Element[] = [];
  Object.assign(window, {
    getComputedStyle: (element: Element) => {
      styled.push(element);
      return {
        display: element.getAttribute('data-display') ?? 'block',
        visibility: element.getAttribute('data-visibility') ?? 'visible',
        overflow: element.getAttribute('data-overflow') ?? 'visible',
      };
    },
  });
  for (const element of Array.from(document.querySelectorAll('[data-size]'))) {
    const size = Number(element.getAttribute('data-size'));
    Object.defineProperties(element, {
      offsetWidth: { value: size },
      offsetHeight: { value: size },
    });
  }
  return { document: document as unknown as Document, styled };
}

describe('markHiddenElements', () => {
  it('marks what computed styles hide and unmarks it again', () => {
    const { document } = renderedPage(
      '<p id="shown">Shown</p><p id="none" data-display="none">Gone</p><p id="invisible" data-visibility="hidden">Invisible</p>' +
        '<span id="sr" data-overflow="hidden" data-size="1">Screen-reader only</span><div id="clipped" data-overflow="hidden" data-size="300">Big box</div>',
    );
    const unmark = markHiddenElements(document);
    const marked = Array.from(document.querySelectorAll(`[${HIDDEN_MARK}]`)).map(
      (element) => element.id,
    );
    expect(marked).toEqual(['none', 'invisible', 'sr']);
    unmark();
    expect(document.querySelectorAll(`[${HIDDEN_MARK}]`)).toHaveLength(0);
  });

  it('does not look inside a hidden element, nor at scripts and styles', () => {
    const { document, styled } = renderedPage(
      '<div id="outer" data-display="none"><p id="inner">Inside</p></div><script>1</script><style>p{}</style><p id="after">After</p>',
    );
    markHiddenElements(document);
    expect(styled.map((element) => element.id || element.localName).sort()).toEqual([
      'after',
      'outer',
    ]);
  });
});

describe('isHiddenByMarkup', () => {
  const element = (html: string) =>
    parseHTML(`<div>${html}</div>`).document.querySelector('div')!
      .firstElementChild as unknown as Element;

  it('knows the hidden attribute, aria-hidden, inline styles and the in-page mark', () => {
    expect(isHiddenByMarkup(element('<p hidden>x</p>'))).toBe(true);
    expect(isHiddenByMarkup(element('<p aria-hidden="true">x</p>'))).toBe(true);
    expect(isHiddenByMarkup(element('<p style="color:red;display : none">x</p>'))).toBe(true);
    expect(isHiddenByMarkup(element('<p style="visibility: hidden !important">x</p>'))).toBe(true);
    expect(isHiddenByMarkup(element(`<p ${HIDDEN_MARK}>x</p>`))).toBe(true);
  });

  it('counts as shown what only looks similar', () => {
    expect(isHiddenByMarkup(element('<p hidden="until-found">x</p>'))).toBe(false);
    expect(isHiddenByMarkup(element('<p aria-hidden="false">x</p>'))).toBe(false);
    expect(isHiddenByMarkup(element('<p style="overflow: hidden; display: block">x</p>'))).toBe(
      false,
    );
  });
});

describe('isShownDespiteAriaHidden', () => {
  const marked = (html: string) =>
    parseHTML(`<div>${html}</div>`).document.querySelector('[aria-hidden]') as unknown as Element;

  it("counts a teaser's summary link hidden from screen readers as shown", () => {
    expect(
      isShownDespiteAriaHidden(
        marked(
          '<h2><a href="/a">Council opens the new bridge</a></h2><p><a href="/a" aria-hidden="true" tabindex="-1">Traffic crossed the river at dawn.</a></p>',
        ),
      ),
    ).toBe(true);
  });

  it('leaves hidden the sighted copy of words a screen reader gets another way', () => {
    expect(
      isShownDespiteAriaHidden(
        marked(
          '<span><span aria-hidden="true">$24.00</span><span class="a11y-text">Price: $24.00</span></span>',
        ),
      ),
    ).toBe(false);
  });

  it("counts an accordion's closed panel as shown, and leaves a dialog hidden", () => {
    expect(
      isShownDespiteAriaHidden(
        marked('<div role="region" aria-hidden="true"><p>Pitch the tent on flat ground.</p></div>'),
      ),
    ).toBe(true);
    expect(
      isShownDespiteAriaHidden(marked('<div role="dialog" aria-hidden="true">Sign up</div>')),
    ).toBe(false);
    expect(
      isShownDespiteAriaHidden(
        marked('<div aria-modal="true" aria-hidden="true">Pick a store</div>'),
      ),
    ).toBe(false);
  });
});

describe('a listing whose summaries are hidden from screen readers only', () => {
  const teaser = (slug: string, title: string, summary: string) =>
    `<article class="river-item"><h2><a href="/news/${slug}">${title}</a></h2><p class="river-desc"><a href="/news/${slug}" aria-hidden="true" tabindex="-1">${summary}</a></p></article>`;
  const html = `<!doctype html><html><head><title>Bridges</title></head><body><main><h1>Bridges</h1>${[
    teaser(
      'dawn',
      'The new bridge opens',
      'Traffic crossed the river at dawn for the first time in years.',
    ),
    teaser(
      'tolls',
      'Tolls stay for now',
      'The council keeps the tolls until the loan for the works is repaid.',
    ),
    teaser(
      'ferry',
      'The ferry runs on',
      'The old ferry keeps a summer timetable for walkers and cyclists.',
    ),
    teaser(
      'lights',
      'Lights for the footpath',
      'Lamps along the footpath are switched on from dusk to midnight.',
    ),
    teaser(
      'paint',
      'A colour for the railings',
      'Residents chose a dark green for the railings in a vote.',
    ),
  ].join('')}</main></body></html>`;

  it('keeps each summary', () => {
    const article = extractFromHtml(html, 'https://courier.example/topics/bridges');
    expect(article.markdown).toContain('Traffic crossed the river at dawn');
    expect(article.markdown).toContain('Residents chose a dark green');
  });
});
