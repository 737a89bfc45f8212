import { fallbackContent } from './fallback-content';
import { prepareDocument } from './prepare-document';

/**
 * Text outside the site's chrome below which a page shows no content of its own: a site name, a
 * search box's label, a skip link.
 */
const MAX_SHELL_TEXT = 100;

/**
 * Whether a fetched page is an app's shell: without its scripts it shows nothing but its site
 * chrome (header, menus, footer; what is hidden or never shown left out), and something says
 * scripts draw the rest: it runs scripts, or it has an empty element named by an id where the
 * content goes (a `#root`, `#app`, `#homepage` that a script fills). A fetched page never runs
 * its scripts: its chrome is not what the reader asked about, and handing it over as the page's
 * text would mislead. A page with neither, whose only words sit in its menus, is not a shell:
 * those words are all it has; nor is one with a sentence of prose outside its footer (a hero in
 * the page's `header`, say): that is content, wherever it sits. `document` is a fresh parse of
 * the page; it is changed.
 */
export function isAppShell(document: Document, url: string): boolean {
  if (!document.body) return false;
  const scripted = runsScripts(document);
  prepareDocument(document, url);
  if (hasProse(document.body)) return false;
  const content = fallbackContent(document.body);
  const text = (content.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length <= MAX_SHELL_TEXT && (scripted || hasEmptyMount(content));
}

/** A script that runs: one with a source, or inline code (not JSON data). */
function runsScripts(document: Document): boolean {
  for (const script of Array.from(document.getElementsByTagName('script'))) {
    const type = (script.getAttribute('type') ?? '').trim().toLowerCase();
    const code =
      type === '' ||
      type === 'module' ||
      type.includes('javascript') ||
      type.includes('ecmascript');
    if (code && (script.hasAttribute('src') || (script.textContent ?? '').trim().length > 0))
      return true;
  }
  return false;
}

/** An element with an id and nothing in it to see: where a script puts the content. */
function hasEmptyMount(content: Element): boolean {
  for (const element of Array.from(content.querySelectorAll('[id]'))) {
    if ((element.textContent ?? '').trim() !== '') continue;
    if (element.querySelector('img, picture, video, audio, svg, input, button')) continue;
    return true;
  }
  return false;
}

/**
 * Letters and digits outside links in one block from which it is prose, not a label, a menu or a
 * copyright line: about a sentence of twelve English words. A character of a script written
 * without spaces (Chinese, Japanese, Korean) says about as much as three letters.
 */
const PROSE_WEIGHT = 60;
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/** Elements that make a block of text; text in a link or a control is not prose. */
const BLOCK =
  /^(?:p|li|dd|dt|td|th|blockquote|h[1-6]|div|section|article|header|footer|main|aside|nav|body|figcaption|address|pre)$/;
const NOT_PROSE = /^(?:a|button|label|option|select|summary)$/;

/**
 * Whether some block of the body holds a sentence's worth of text outside links. A footer's
 * sentences (a legal notice, where to call in a crisis) are the site's, on every page.
 */
function hasProse(body: HTMLElement): boolean {
  const weights = new Map<Element, number>();
  const walker = body.ownerDocument.createTreeWalker(body, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const weight =
      (text.match(LETTER_OR_DIGIT)?.length ?? 0) + 2 * (text.match(DENSE_SCRIPT)?.length ?? 0);
    if (weight === 0) continue;
    let block = node.parentElement;
    let inLink = false;
    while (block && !BLOCK.test(block.localName)) {
      if (NOT_PROSE.test(block.localName)) inLink = true;
      block = block.parentElement;
    }
    if (inLink || !block || block.closest('footer, [role="contentinfo"]')) continue;
    const total = (weights.get(block) ?? 0) + weight;
    if (total >= PROSE_WEIGHT) return true;
    weights.set(block, total);
  }
  return false;
}
