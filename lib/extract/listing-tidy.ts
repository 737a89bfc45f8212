/**
 * What a listing's markup says twice, said once. A listing is made of cards, and a card links
 * its picture and its title to the same page: the picture's link, which reads as the picture's
 * alt text ("Canvas Tote, natural", "Trail shoe, side view"), repeats the title or describes a
 * photo; and sites send a card or a grid twice, once for small screens and once for large ones.
 * Only a listing's content is read here, after the boilerplate pass.
 */
export function tidyListing(content: Element): void {
  dropRepeatedPictureLinks(content);
  dropRepeatedCopies(content);
}

/**
 * A link without text (a picture, an icon) to an address that a link with text in the same
 * content also leads to: the text link says where it goes, the picture's link only repeats it.
 */
function dropRepeatedPictureLinks(content: Element): void {
  const textHrefs = new Set<string>();
  const bare: [Element, string][] = [];
  for (const link of Array.from(content.getElementsByTagName('a'))) {
    const href = link.getAttribute('href')?.trim();
    if (!href) continue;
    if ((link.textContent ?? '').trim()) textHrefs.add(href);
    else bare.push([link, href]);
  }
  for (const [link, href] of bare) if (textHrefs.has(href)) link.remove();
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
