/**
 * What a listing's markup says twice, said once: sites send a card or a grid twice, once for
 * small screens and once for large ones. (A card's picture link, which repeats its title, goes
 * in html-to-markdown with every picture that stands alone.) Only a listing's content is read
 * here, after the boilerplate pass.
 */
export function tidyListing(content: Element): void {
  dropRepeatedCopies(content);
}

/** Shorter blocks repeat by nature ("Free", "In stock", a price): only longer copies go. */
const MIN_COPY_TEXT = 20;

/**
 * A block that repeats an earlier sibling word for word and link for link: sites send a card or
 * a grid twice, one copy for small screens and one for large ones, and the style sheet shows
 * one. The first copy stays. Blocks that read alike but lead to different pages (two postings of
 * the same job) are different items, and a block without links is left alone: text repeated
 * there (a carousel's slides sent twice) is read as the page gives it.
 */
function dropRepeatedCopies(parent: Element): void {
  const seen = new Map<string, Element>();
  for (const child of Array.from(parent.children)) {
    const text = (child.textContent ?? '').replace(/\s+/g, ' ').trim();
    // Nothing shorter can hold a copy long enough to go.
    if (text.length < MIN_COPY_TEXT) continue;
    const earlier = seen.get(text);
    const hrefs = earlier ? hrefsOf(child) : '';
    if (earlier && hrefs && hrefsOf(earlier) === hrefs) {
      child.remove();
      continue;
    }
    if (!earlier) seen.set(text, child);
    dropRepeatedCopies(child);
  }
}

function hrefsOf(element: Element): string {
  const links = element.localName === 'a' ? [element] : [];
  links.push(...Array.from(element.getElementsByTagName('a')));
  return links.map((link) => link.getAttribute('href') ?? '').join(' ');
}
