import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import type { Article } from '../lib/extract/article';
import { extractArticle } from '../lib/extract/extract-article';
import { markHiddenElements } from '../lib/extract/hidden-elements';

/** What the worker gets back: the page's article, or word that the tab shows a PDF. */
export type ReadPageResult = Article | { pdf: true };

/**
 * Injected by the worker with `scripting.executeScript({ files: ['/read-page.js'] })`. Returns
 * plain data: WXT makes `main`'s return value the script's completion value, which is what
 * executeScript reports as the frame's result.
 *
 * Only the live tab knows what CSS hides, so hidden elements are marked before the document is
 * cloned; the marks come off the page straight after, and extraction (which changes the DOM it
 * is given) works on the clone, leaving the page as it was.
 */
export default defineUnlistedScript((): ReadPageResult => {
  // Chrome's PDF viewer is a page around an <embed>: its text is read elsewhere (lib/pdf).
  if (document.contentType === 'application/pdf') return { pdf: true };
  const unmark = markHiddenElements(document);
  let clone: Document;
  try {
    clone = document.cloneNode(true) as Document;
  } finally {
    unmark();
  }
  // When no content can be picked out, the fallback is the text the live page shows: innerText
  // leaves out what CSS hides, which textContent would not.
  const pageText = () =>
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point here.
    document.body?.innerText ?? '';
  return extractArticle(clone, location.href, { pageText });
});
