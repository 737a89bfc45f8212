/** Elements whose content is never text a reader sees. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'head',
  'iframe',
  'object',
  'embed',
  'canvas',
]);

const BLOCKS = new Set(
  (
    'address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure ' +
    'footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main nav ol p pre section summary table ' +
    'tbody thead tfoot tr td th ul'
  ).split(' '),
);

/**
 * The text of a whole page, one line per block, for when no content could be picked out: what
 * a reader would get by selecting all. Reads the body, else whatever the document holds.
 */
export function pageText(document: Document): string {
  const root: Node | null = document.body ?? document.documentElement ?? document;
  const parts: string[] = [];
  const stack: (Node | null)[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null) {
      parts.push('\n');
      continue;
    }
    if (!node) continue;
    if (node.nodeType === 3) {
      parts.push(node.nodeValue ?? '');
      continue;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) continue;
    const name = (node as Element).localName ?? '';
    if (SKIPPED.has(name)) continue;
    const block = BLOCKS.has(name);
    if (block) {
      parts.push('\n');
      stack.push(null);
    }
    const children: Node[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) children.push(child);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  return parts
    .join('')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n\s*/g, '\n\n')
    .trim();
}
