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
 * those words are all it has. `document` is a fresh parse of the page; it is changed.
 */
export function isAppShell(document: Document, url: string): boolean {
  if (!document.body) return false;
  const scripted = runsScripts(document);
  prepareDocument(document, url);
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
