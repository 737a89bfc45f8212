import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { fallbackContent } from './fallback-content';

/** Hand-made pages for these tests: a shop theme that wraps its whole page in `main`. */
const bodyOf = (html: string) => parseHTML(html).document.body as unknown as HTMLElement;

const page = (footer: string) => `<!doctype html><html><body><main>
<header id="header"><a href="/">Shop</a></header>
<section id="wrapper"><h1>Linen apron</h1><p>A heavy linen apron with two deep pockets.</p></section>
${footer}
</main></body></html>`;

describe('the content of a page wrapped whole in main', () => {
  it("drops the page's footer, named so, that the theme put inside main", () => {
    const content = fallbackContent(
      bodyOf(
        page('<footer id="footer"><h4>Useful links</h4><a href="/contact">Contact us</a></footer>'),
      ),
    );
    expect(content.textContent).toContain('A heavy linen apron with two deep pockets.');
    expect(content.textContent).not.toContain('Useful links');
  });

  it("keeps a footer inside main that is not named for the page's (a note closing the content)", () => {
    const content = fallbackContent(
      bodyOf(page('<footer><p>Woven and sewn in Lisbon.</p></footer>')),
    );
    expect(content.textContent).toContain('Woven and sewn in Lisbon.');
  });
});
