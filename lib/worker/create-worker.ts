import { browser } from 'wxt/browser';
import { RunManager } from '../agent/run-manager';
import { ConsentBroker } from '../consent/broker';
import { getDatabase } from '../db/database';
import { markInterruptedRuns } from '../db/queries';
import { createChatModel } from '../llm/openai-chat-model';
import { createPortServer, type ServerPort } from '../messaging/port-server';
import { loadCustomTools, watchCustomTools } from '../settings/custom-tools';
import { loadSettings, watchSettings } from '../settings/store';
import { createRedirectWatcher, type RedirectEventSource } from '../web/redirect-watcher';
import { cachedUntilChanged } from './cached-until-changed';
import { createCommandHandlers } from './handlers/command-handlers';
import { createKeepAlive } from './keep-alive';
import { createMcpPool } from './mcp-pool';
import { createReadAheadResults } from './read-ahead-results';
import { readFetchedPdf } from './read-fetched-pdf';
import { runDependencies, userTools } from './run-dependencies';
import { storageFullNotices } from './storage-full-notice';
import { createTabPrefetch } from './tab-prefetch';
import { getTab, readTab } from './tab-reader';
import { createWorkerServices } from './worker-services';

/**
 * The composition root: builds the worker's services once, the dependencies of each run, and
 * the command handlers the Port server dispatches. The background entrypoint only wires
 * browser events to what this returns.
 */
export function createWorker() {
  const db = getDatabase();
  const consent = new ConsentBroker(db);
  const keepAlive = createKeepAlive(() => browser.runtime.getPlatformInfo());
  // Where redirects of the worker's own fetches lead (a manual-redirect fetch cannot tell).
  const redirects = createRedirectWatcher(
    browser.webRequest.onBeforeRedirect as RedirectEventSource,
    { initiator: new URL(browser.runtime.getURL('/')).origin },
  );
  const mcp = createMcpPool();
  // What the page readers read ahead while a panel is open, held until it goes stale.
  const readAhead = createReadAheadResults(browser.runtime.id);
  const tabReads = createTabPrefetch({ read: (tabId) => readTab(tabId, readAhead), get: getTab });
  // One set for the worker's life: the search service keeps its spacing between queries.
  const services = createWorkerServices(
    db,
    { resolveRedirect: redirects.resolve, pdfToText: readFetchedPdf },
    mcp,
    tabReads,
  );

  // Read at every answer; kept in memory until storage says they changed.
  const currentSettings = cachedUntilChanged(loadSettings, watchSettings);
  const currentCustomTools = cachedUntilChanged(loadCustomTools, watchCustomTools);

  let server: ReturnType<typeof createPortServer> | undefined;
  const storageFull = storageFullNotices(db, (event) => server?.broadcast(event));
  const runs = new RunManager(
    db,
    async () => {
      const [settings, custom] = await Promise.all([currentSettings(), currentCustomTools()]);
      // Declared tools and MCP servers are taken at each run: a change applies to the next answer.
      const added = await userTools(custom, mcp);
      return runDependencies(
        {
          db,
          consent,
          settings,
          model: createChatModel(settings),
          services,
          addedTools: added.tools,
          notices: added.unreachable,
          onTextDelta: (messageId, append) =>
            server?.broadcast({ type: 'message-delta', messageId, ...append }),
          onStorageFull: (sessionId, full) => void storageFull(sessionId, full),
        },
        'main',
      );
    },
    (active) => keepAlive.update(active),
    (tabIds) => tabReads.start(tabIds),
  );

  // Nothing runs yet in a fresh worker: runs still marked active were cut off by a stop, and
  // nobody waits for the old worker's consent cards (Resume asks again).
  const ready = markInterruptedRuns(db).then(() => consent.expireAllPending());
  const handlers = createCommandHandlers({
    db,
    runs,
    consent,
    broadcast: (event) => server?.broadcast(event),
  });
  server = createPortServer({
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    handlers,
    ready,
  });
  const portServer = server;

  return {
    handlers,
    ready,
    /** A page opened the command Port, or a page reader its result Port. */
    acceptPort(port: unknown) {
      readAhead.accept(port);
      portServer.accept(port as ServerPort);
    },
  };
}
