import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { HIDDEN_MARK, isHiddenByMarkup, markHiddenElements } from './hidden-elements';

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
