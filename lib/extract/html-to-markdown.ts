import TurndownService from 'turndown';
import { stripInvisibleCharacters } from './invisible-characters';
import { addTableRules } from './table-rules';

/**
 * Converts an element (never an HTML string: the MV3 worker has no DOMParser, so turndown must be
 * handed a node) to GitHub-flavoured markdown with no raw HTML left in it. Links become absolute
 * against `baseUrl`; images are dropped, and so is a link whose only content is an image, unless
 * a sentence around it names it: it then keeps the image's alt text as its text. Merges the
 * element's adjacent text nodes (its only change).
 */
export function htmlToMarkdown(root: Element, baseUrl: string): string {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
    strongDelimiter: '**',
    hr: '---',
  });
  // Turndown escapes markdown syntax in text but not "<": a text node reading "<div>" would
  // become raw HTML for a markdown renderer.
  const escapeMarkdown = service.escape.bind(service);
  service.escape = (text: string) => escapeMarkdown(text).replace(/<(?=[a-zA-Z/!?])/g, '\\<');

  service.remove((node) => NOT_TEXT.has(node.nodeName));
  // Turndown's own image rule outranks remove(): replace it. Pictures are not text; a link
  // around one in a sentence keeps its alt text (see linkMarkdown).
  service.addRule('image', { filter: ['img', 'picture'], replacement: () => '' });
  addTableRules(service);

  service.addRule('task-list-checkbox', {
    filter: (node) =>
      node.nodeName === 'INPUT' &&
      node.getAttribute('type') === 'checkbox' &&
      node.parentNode?.nodeName === 'LI',
    replacement: (_content, node) => (node.hasAttribute('checked') ? '[x] ' : '[ ] '),
  });

  // Turndown pads list markers to four columns ("-   item"): one space reads the same and costs
  // fewer tokens. Continuation lines are indented to the item's text, as CommonMark wants.
  service.addRule('list-item', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as Element | null;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number.parseInt(parent.getAttribute('start') ?? '1', 10);
        const index = Array.prototype.indexOf.call(parent.children, node);
        prefix = `${(Number.isNaN(start) ? 1 : start) + index}. `;
      }
      const isParagraph = /\n$/.test(content);
      const body =
        content.replace(/^\n+|\n+$/g, '').replace(/^\[([x ])\]\s+/, '[$1] ') +
        (isParagraph ? '\n' : '');
      return `${prefix}${body.replace(/\n/g, `\n${' '.repeat(prefix.length)}`)}${node.nextSibling ? '\n' : ''}`;
    },
  });

  service.addRule('strikethrough', {
    filter: (node) =>
      node.nodeName === 'DEL' || node.nodeName === 'S' || node.nodeName === 'STRIKE',
    replacement: (content) => (content.trim() ? `~~${content}~~` : content),
  });

  service.addRule('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content, node) => {
      const text = content.replace(/\s+/g, ' ').trim();
      if (!text) return '';
      return `\n\n${'#'.repeat(Number(node.nodeName.charAt(1)))} ${text}\n\n`;
    },
  });

  service.addRule('link', {
    filter: (node) => node.nodeName === 'A' && node.hasAttribute('href'),
    replacement: (content, node) => linkMarkdown(content, node as Element, baseUrl),
  });

  service.addRule('code-block', {
    filter: 'pre',
    replacement: (_content, node) => codeBlockMarkdown(node as Element),
  });

  // Parsers may split text at character references ("a &lt;b" as "a ", "<b"): turndown escapes
  // each text node alone, so merge them first.
  root.normalize();
  const markdown = service.turndown(root as HTMLElement);
  return tidyMarkdown(markdown);
}

/** Elements with no text for a reader (svg and friends are not in the HTML tag-name types). */
const NOT_TEXT = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'SVG',
  'svg',
  'CANVAS',
  'VIDEO',
  'AUDIO',
  'BUTTON',
  'SELECT',
  'TEXTAREA',
  'INPUT',
]);

function linkMarkdown(content: string, link: Element, baseUrl: string): string {
  let text = content.replace(/\s*\n\s*/g, ' ').trim();
  const href = absoluteUrl(link.getAttribute('href') ?? '', baseUrl);
  if (!text) {
    // A link around a picture that only opens the picture itself is the picture: dropped.
    if (href && IMAGE_FILE.test(new URL(href).pathname)) return '';
    // A picture standing for a link on its own (a card's or a tile's picture beside its title,
    // a logo in a row of logos) is a picture, and pictures are dropped: its alt text describes
    // the photo or repeats the title, and is not text the page shows.
    if (!inSentence(link)) return '';
    // In a sentence ("see its website: [logo]"), the image's alt text (else the link's own
    // label) names the link, unless it is just a file name ("IMG_2041-scaled").
    const image = link.querySelector('img[alt]');
    const label = [
      image?.getAttribute('alt'),
      link.getAttribute('aria-label'),
      link.getAttribute('title'),
    ]
      .map((value) => value?.replace(/\s+/g, ' ').trim() ?? '')
      .find((value) => value && !FILE_NAME.test(value));
    text = escapeLinkText(label ?? '');
    if (!text) return '';
  }
  if (!href) return text;
  return `[${text}](${href.replace(/[()\s]/g, (character) => encodeURIComponent(character))})`;
}

/** Whether a link sits in a paragraph that has text of its own around it. */
function inSentence(link: Element): boolean {
  const paragraph = link.closest('p');
  if (!paragraph) return false;
  let own = paragraph.textContent ?? '';
  for (const inner of Array.from(paragraph.getElementsByTagName('a'))) {
    own = own.replace(inner.textContent ?? '', '');
  }
  return /[\p{L}\p{N}]/u.test(own);
}

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|svg|bmp|tiff?)$/i;
const FILE_NAME = /^[\w.-]*(?:[-_.][\w.-]*)$/;

function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]*_`<]/g, '\\$&');
}

/** An absolute http(s) or mailto URL; anything else (javascript:, data:, broken) is dropped. */
function absoluteUrl(href: string, baseUrl: string): string | null {
  const trimmed = href.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, baseUrl);
    if (/^(https?|mailto):$/.test(url.protocol)) return url.href;
    // A page saved to disk (the CLI on a file): links to its neighbours stay file links.
    return url.protocol === 'file:' && baseUrl.startsWith('file:') ? url.href : null;
  } catch {
    return null;
  }
}

// language-js (Prism, highlight.js, markdown renderers), lang-js, highlight-source-js (GitHub),
// "brush: js" (SyntaxHighlighter, MDN).
const LANGUAGE_CLASS = /(?:^|\s)(?:language-|lang-|highlight-source-|brush:\s*)([\w+#.-]+)/i;

function codeLanguage(element: Element | null): string {
  if (!element) return '';
  const declared = element.getAttribute('data-lang') || element.getAttribute('data-language');
  if (declared) return declared.trim();
  const match = LANGUAGE_CLASS.exec(element.getAttribute('class') ?? '');
  return match?.[1] ?? '';
}

function codeBlockMarkdown(pre: Element): string {
  const code = pre.querySelector('code');
  const language = (
    codeLanguage(code) ||
    codeLanguage(pre) ||
    codeLanguage(pre.parentElement)
  ).replace(/[^\w+#.-]/g, '');
  const text = preformattedText(pre).replace(/^\n+|\s+$/g, '');
  if (!text) return '';
  const longestRun = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  return `\n\n${fence}${language}\n${text}\n${fence}\n\n`;
}

const LINE_ELEMENTS = new Set(['DIV', 'P', 'LI', 'TR']);

/** The text of a <pre>, with <br> and line-per-element highlighters turned into newlines. */
function preformattedText(node: Node): string {
  let text = '';
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) text += child.nodeValue ?? '';
    else if (child.nodeType === 1) {
      const name = child.nodeName;
      if (name === 'BR') text += '\n';
      else if (name === 'SCRIPT' || name === 'STYLE' || name === 'BUTTON') continue;
      else {
        const inner = preformattedText(child);
        text += LINE_ELEMENTS.has(name) && !inner.endsWith('\n') ? `${inner}\n` : inner;
      }
    }
  }
  return text;
}

/** Strips invisible characters and control codes, and collapses runs of blank lines. */
function tidyMarkdown(markdown: string): string {
  return (
    stripInvisibleCharacters(markdown)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control codes on purpose.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/^[ \t]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
