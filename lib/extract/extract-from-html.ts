import { parseHTML } from 'linkedom';
import { isAppShell } from './app-shell';
import type { Article } from './article';
import { type ExtractOptions, extractArticle } from './extract-article';
import { pageText } from './page-text';

/**
 * Extracts the article from an HTML string, parsed with linkedom: for the MV3 worker (which has
 * no DOMParser) and for Node. Same pipeline as a live tab.
 */
export function extractFromHtml(html: string, url: string, options?: ExtractOptions): Article {
  const settings = { pageText: () => pageText(parseDocument(html)), ...options };
  const article = extractArticle(parseDocument(html), url, settings);
  if (settings.keepHidden) return article;
  // A page that gives no text at all may be an app's shell as much as one that gives only its
  // chrome: both are checked below.
  const empty = article.fallback === null && article.textLength === 0;
  if (article.fallback !== 'page-text' && !empty) return article;
  // Nothing could be picked out of what is shown. Some pages hide their content until a script
  // has run (a login or age gate, an app that reveals the page when it starts), and a fetched
  // page never runs it: read it again with what its markup hides, and say that text was hidden.
  const second = extractArticle(parseDocument(html), url, { ...settings, keepHidden: true });
  // What was hidden is the content only when it is a good part of the page: a scrap found among
  // hidden text says less than the page's whole text.
  if (
    second.fallback !== 'page-text' &&
    second.textLength >= Math.max(MIN_HIDDEN_CONTENT, HIDDEN_SHARE * article.textLength)
  ) {
    return { ...second, hiddenText: true };
  }
  // An app's shell shows only its chrome until its scripts draw the content: say that, rather
  // than hand over its menus and footer as the page.
  if (isAppShell(parseDocument(html), url)) {
    return { ...article, markdown: '', textLength: 0, excerpt: '', fallback: 'app-shell' };
  }
  return article;
}

const MIN_HIDDEN_CONTENT = 250;
const HIDDEN_SHARE = 0.25;

/**
 * linkedom leaves `documentElement` null (and `body` throws) when text comes before the root
 * element, as blank lines between the doctype and `<html>` do, and when the input is empty or a
 * bare fragment. Such input is parsed again without what precedes `<html>`, or wrapped in one.
 * A `<![CDATA[` in HTML content is a bogus comment to a browser, but linkedom reads all that
 * follows as character data up to a `]]>` that may never come, losing the rest of the page:
 * the marker is dropped before parsing (in scripts it does not matter, they are removed).
 */
function parseDocument(source: string): Document {
  const html = source.includes('<![CDATA[') ? source.replaceAll('<![CDATA[', '') : source;
  const start = html.search(/<html[\s>]/i);
  const first = parseHTML(
    start >= 0 || /<body[\s>]/i.test(html)
      ? html
      : `<!DOCTYPE html><html><body>${html}</body></html>`,
  ).document as unknown as Document;
  if (first.documentElement && hasBody(first)) return withOneBody(first);
  const repaired =
    start >= 0
      ? `<!DOCTYPE html>${html.slice(start)}`
      : `<!DOCTYPE html><html><head></head><body>${html}</body></html>`;
  return withOneBody(parseHTML(repaired).document as unknown as Document);
}

/**
 * linkedom's `document.body` is the element right after `<head>`, and it creates an empty one
 * when that is anything else: a script between `</head>` and `<body>`, or elements after
 * `</body>`, leave the page's body unreachable. A browser moves such elements into the head or
 * the body; so does this.
 */
function withOneBody(document: Document): Document {
  const root = document.documentElement;
  const elements = Array.from(root.children);
  const body = elements.find((element) => element.localName === 'body');
  if (!body) return document;
  const head = elements.find((element) => element.localName === 'head');
  let beforeBody = true;
  for (const element of elements) {
    if (element === body) {
      beforeBody = false;
      continue;
    }
    if (element === head) continue;
    if (beforeBody && head && HEAD_NAMES.has(element.localName)) head.append(element);
    else if (beforeBody) body.prepend(element);
    else body.append(element);
  }
  if (head && head !== root.firstElementChild) root.prepend(head);
  if (head) moveLeadingHeadElements(body, head);
  return document;
}

/**
 * A page without `<head>` (a bare `<title>…<div>`, or one put inside `<html><body>` because it had
 * no `<html>`) starts with what a browser puts in the head, until the first element that belongs
 * in a body: the title there is the page's title, not a line of its text.
 */
function moveLeadingHeadElements(body: Element, head: Element): void {
  while (body.firstChild) {
    const node = body.firstChild;
    if (node.nodeType === 3 && !(node.nodeValue ?? '').trim()) node.remove();
    else if (node.nodeType === 8) node.remove();
    else if (node.nodeType === 1 && HEAD_ONLY.has((node as Element).localName)) head.append(node);
    else return;
  }
}

/**
 * Elements a browser's parser puts in a missing head when they come before the body's content.
 * Not all of HEAD_NAMES: a leading `script`, `noscript` or `template` stays in the body, where
 * `prepareDocument` reads a `<noscript>` copy of the content.
 */
const HEAD_ONLY = new Set(['title', 'meta', 'link', 'base', 'style']);

const HEAD_NAMES = new Set([
  'script',
  'style',
  'meta',
  'link',
  'title',
  'base',
  'noscript',
  'template',
]);

function hasBody(document: Document): boolean {
  try {
    return document.body !== null;
  } catch {
    return false;
  }
}
