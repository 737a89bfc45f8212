/**
 * What a listing's markup says twice, said once. A listing is made of cards, and a card links
 * its picture and its title to the same page: the picture's link, which reads as the picture's
 * alt text ("Canvas Tote, natural", "Trail shoe, side view"), repeats the title or describes a
 * photo. Only a listing's content is read here, after the boilerplate pass.
 */
export function tidyListing(content: Element): void {
  dropRepeatedPictureLinks(content);
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
