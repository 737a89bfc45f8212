import { type Browser, browser } from 'wxt/browser';
import type { Article } from '../extract/article';
import { extractArticle } from '../extract/extract-article';
import { markHiddenElements } from '../extract/hidden-elements';
import {
  createPageReader,
  type PageHooks,
  type PageReader,
  type PageWatch,
  type ReaderShare,
} from './page-reader';
import {
  READ_AHEAD_PORT,
  READ_AHEAD_RESULT_PORT,
  type ReadAheadMessage,
} from './read-ahead-target';

/** What the worker gets back: the page's article, or word that the tab shows a PDF. */
export type ReadPageResult = Article | { pdf: true };

/** Where the reader lives: the extension's own isolated world of the page, which the page never sees. */
const READER_KEY = '__gleanerPageReader';
const ALIVE_KEY = '__gleanerPageReaderAlive';

/** Read-ahead waits at most this long for an idle moment after the page has loaded. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Reads the live page. Only the live tab knows what CSS hides, so hidden elements are marked
 * before the document is cloned; the marks come off the page straight after, and extraction
 * (which changes the DOM it is given) works on the clone, leaving the page as it was.
 */
function readLivePage(): ReadPageResult {
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
}

interface ReaderSlot {
  [READER_KEY]?: PageReader<ReadPageResult>;
  /** Whether the extension that put the reader there still runs (not updated or reloaded since). */
  [ALIVE_KEY]?: () => boolean;
}

/**
 * The reader in this page, if the running extension put it there. After an update or a reload
 * the scripts of the old version stay in the page with their runtime gone (`runtime.id` is
 * undefined): their reader would never be resumed again, so it is replaced.
 */
function installedReader(): PageReader<ReadPageResult> | undefined {
  const slot = globalThis as ReaderSlot;
  return slot[ALIVE_KEY]?.() ? slot[READER_KEY] : undefined;
}

/** The page as it is now: what was read ahead when it is still fresh, else read now. */
export function readPageNow(): ReadPageResult {
  return installedReader()?.read() ?? readLivePage();
}

/** Watches the document for any change that can change what reading it gives. */
function watchDocument(onChange: () => void): PageWatch {
  const observer = new MutationObserver(onChange);
  observer.observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
  // What CSS hides can change with the window's size (media queries), without a DOM change.
  addEventListener('resize', onChange);
  return {
    discard: () => void observer.takeRecords(),
    stop() {
      observer.disconnect();
      removeEventListener('resize', onChange);
    },
  };
}

/** Once the page has loaded, at the browser's next idle moment. */
function whenIdle(task: () => void): () => void {
  let idle: number | undefined;
  const schedule = () => {
    idle = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
  };
  if (document.readyState === 'complete') schedule();
  else addEventListener('load', schedule, { once: true });
  return () => {
    removeEventListener('load', schedule);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

const liveHooks: PageHooks<ReadPageResult> = {
  extract: readLivePage,
  address: () => location.href,
  watch: watchDocument,
  whenIdle,
  after(task, ms) {
    const timer = setTimeout(task, ms);
    return () => clearTimeout(timer);
  },
};

/**
 * Hands each result read ahead to the worker, which keeps it for a Summarize of this tab
 * (lib/worker/read-ahead-results.ts): the click then needs no script in the page. The Port
 * is open only while a fresh result is: it closes when the page changes or the panel closes,
 * and the worker forgets the result with it. A worker restarted meanwhile gets the next one.
 */
function shareWithWorker(): ReaderShare<ReadPageResult> {
  let port: Browser.runtime.Port | undefined;
  const close = () => {
    const closing = port;
    port = undefined;
    try {
      closing?.disconnect();
    } catch {
      // Already closed from the worker's side (it stopped): nothing is held there either.
    }
  };
  return {
    kept(result, address) {
      const message: ReadAheadMessage = { type: 'read', address, result };
      try {
        if (!port) {
          const opened = browser.runtime.connect({ name: READ_AHEAD_RESULT_PORT });
          opened.onDisconnect.addListener(() => {
            if (port === opened) port = undefined;
          });
          port = opened;
        }
        port.postMessage(message);
      } catch {
        // The extension was reloaded or the worker is going away: Summarize reads the page.
        close();
      }
    },
    dropped: close,
  };
}

/**
 * Puts the reader in the page (once per document). It reads only while a panel holds a Port
 * open to it: the panel opens one to the active tab of its window, and closing the panel or
 * switching tabs closes it, which makes the reader forget what it read and stop watching.
 */
export function installPageReader(): void {
  if (installedReader() || document.contentType === 'application/pdf') return;
  const reader = createPageReader(liveHooks, shareWithWorker());
  const slot = globalThis as ReaderSlot;
  slot[READER_KEY] = reader;
  slot[ALIVE_KEY] = () => Boolean(browser.runtime?.id);
  let open = 0;
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== READ_AHEAD_PORT) return;
    open += 1;
    reader.resume();
    port.onDisconnect.addListener(() => {
      open -= 1;
      if (open === 0) reader.pause();
    });
  });
}
