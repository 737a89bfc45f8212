/** Page chrome: never the content when Readability found no article. */
const CHROME = [
  'nav',
  'aside',
  'form',
  'button',
  'input',
  'select',
  'textarea',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="complementary"]',
  '[role="search"]',
  '[role="menu"]',
  '[role="menubar"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
].join(',');

/**
 * The content of a page Readability found no article in: its `main` element (or the body, when
 * `wholeBody` says the main element holds only part of the content), with navigation, page
 * header and footer, asides and forms removed. A `header`/`footer` inside an `article` or
 * `section` belongs to that content and stays, and so does one inside `main`, unless it is a
 * footer named for the page's.
 */
export function fallbackContent(body: HTMLElement, wholeBody = false): Element {
  const main = wholeBody ? null : mainLandmark(body);
  const root = main && holdsContent(main, body) ? main : body;
  for (const element of Array.from(root.querySelectorAll(CHROME))) {
    // A form can wrap a whole page (ASP.NET does): keep its content, drop only its controls.
    if (element.localName === 'form' && element.querySelector('p, article, main, h1, h2')) continue;
    element.remove();
  }
  for (const element of Array.from(root.querySelectorAll('header, footer'))) {
    const scope = element.parentElement?.closest('article, section, main');
    if (!scope) element.remove();
    // Some shop themes wrap the whole page, its header and footer included, in `main`. A
    // `main` is no section of its own (HTML's footer belongs to the nearest article, aside,
    // nav or section, else to the body), so a footer there named for the page's footer
    // ("footer", "site-footer") is the page's.
    else if (scope.localName === 'main' && element.localName === 'footer' && namesFooter(element))
      element.remove();
  }
  removeNamedFooters(root);
  return root;
}

/**
 * A class or id token that names the page's footer: "footer", "site-footer", "global_footer",
 * or a component library's generated name such as "Footer-styled__Grid-sc-1x2y".
 */
const FOOTER_TOKEN = /^(?:(?:site|global|page|main)[-_]?)?footer(?:$|[-_]|[A-Z])/i;

/** Whether a class or id token of the element names the page's footer. */
function namesFooter(element: Element): boolean {
  const tokens = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  return tokens.split(/\s+/).some((token) => FOOTER_TOKEN.test(token));
}

/**
 * Sites built from components often give their footer a `div` named for it instead of the
 * `footer` element, with the shop's link lists, newsletter form and legal notice inside. The
 * outermost such block outside an article, section or main region goes, like a `footer`.
 */
function removeNamedFooters(root: Element): void {
  for (const element of Array.from(root.querySelectorAll('[class], [id]'))) {
    if (!namesFooter(element)) continue;
    // A footer inside one already removed is gone with it.
    if (!root.contains(element)) continue;
    if (element.parentElement?.closest('article, section, main')) continue;
    element.remove();
  }
}

/** The page's one `main` landmark, if it has exactly one. */
export function mainLandmark(body: HTMLElement): Element | null {
  const mains = body.querySelectorAll('main, [role="main"]');
  return mains.length === 1 ? (mains[0] ?? null) : null;
}

/** A main landmark around only a scrap of the page (a site builder's wrapper, a hero) is not it. */
const MIN_MAIN_TEXT = 500;
const MIN_MAIN_SHARE = 0.1;

function holdsContent(main: Element, body: HTMLElement): boolean {
  const length = main.textContent?.trim().length ?? 0;
  if (length === 0) return false;
  if (length >= MIN_MAIN_TEXT) return true;
  return length >= MIN_MAIN_SHARE * (body.textContent?.length ?? 0);
}
