/**
 * Shops write a product's description into its schema.org data (`Product.description`) for
 * search engines, and many show it only after a click (a dialog, a drawer, a tab a script
 * fills in): the page as fetched then holds the name and price but not what the product is.
 * When the content read from the page lacks most of the words of that description, the
 * description is added at the end under a heading that says where it came from.
 */
export function addMissingDescription(content: Element, description: string | null): void {
  if (!description) return;
  const text = readableDescription(description);
  const words = distinctWords(text);
  if (words.size < MIN_WORDS) return;
  const shown = distinctWords(content.textContent ?? '');
  let found = 0;
  for (const word of words) if (shown.has(word)) found++;
  if (found >= SHOWN_SHARE * words.size) return;
  const document = content.ownerDocument;
  const section = document.createElement('section');
  const heading = document.createElement('h2');
  heading.textContent = LABEL;
  section.append(heading);
  for (const paragraph of text.split(/\n\s*\n|\n/)) {
    if (!paragraph.trim()) continue;
    const element = document.createElement('p');
    element.textContent = paragraph.trim();
    section.append(element);
  }
  content.append(section);
}

/** Says that the text below is not shown as such on the page. */
const LABEL = "Description (from the page's product data)";

/** A tagline ("Clean, classic style") is not a description worth adding. */
const MIN_WORDS = 12;

/** The content already shows the description when it holds this share of its words. */
const SHOWN_SHARE = 0.5;

/**
 * The description as plain text: some shops percent-encode it, others write HTML in it. Tags
 * are dropped as text, never parsed (in the live tab a parsed `<img>` would load).
 */
function readableDescription(raw: string): string {
  let text = raw;
  if (!/\s/.test(text) && /%[0-9a-f]{2}/i.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // Not percent-encoded after all: read it as written.
    }
  }
  return decodeEntities(
    text
      .replace(/<(?:br|\/p|\/li|\/div|\/h[1-6])\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\|/g, '\n'),
  )
    .replace(/[ \t\u00a0]+/g, ' ')
    .trim();
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000
        ? String.fromCodePoint(code)
        : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

function distinctWords(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}
