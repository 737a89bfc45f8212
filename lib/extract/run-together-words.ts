/**
 * Shops lay out a label and its value, or a brand and a product name, as sibling `span`s with
 * nothing between them and let their style sheet put them on separate lines or columns
 * ("<span>Language</span><span>English</span>"). Read without that style sheet (a fetched page)
 * the two run together into one word, "LanguageEnglish", that means nothing. Where one element
 * ends in a letter or digit and the next sibling element starts with a capital letter, with no
 * text between them, a space goes between them. Code is left alone: a highlighter splits
 * "getElementById" into spans the same way.
 */
export function separateRunTogetherWords(root: Element): void {
  const document = root.ownerDocument;
  for (const element of Array.from(root.querySelectorAll('span, a, b, strong, em, i'))) {
    const previous = element.previousSibling;
    if (previous?.nodeType !== 1) continue;
    const before = (previous as Element).textContent ?? '';
    const after = element.textContent ?? '';
    if (!/[\p{L}\p{N}]$/u.test(before) || !/^\p{Lu}/u.test(after)) continue;
    if (element.closest('pre, code')) continue;
    element.before(document.createTextNode(' '));
  }
}
