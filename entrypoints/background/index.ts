// Must come first: see lib/zod-setup.ts.
import '../../lib/zod-setup';
import { type Browser, browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createKeepAlive } from '../../lib/agent/keep-alive';
import { RunManager } from '../../lib/agent/run-manager';
import { mainSystemPrompt } from '../../lib/agent/system-prompt';
import { createWorkerServices } from '../../lib/agent/worker-services';
import { getDatabase } from '../../lib/db/database';
import { markInterruptedRuns } from '../../lib/db/queries';
import { OLLAMA_ORIGIN_RULE_ID, ollamaOriginRule } from '../../lib/llm/ollama-origin-rule';
import { createChatModel } from '../../lib/llm/openai-chat-model';
import { focusSessionItem } from '../../lib/messaging/focus-session';
import { createPortServer, type ServerPort } from '../../lib/messaging/port-server';
import { summarizeRequest } from '../../lib/messaging/summarize-request';
import type { Settings } from '../../lib/settings/schema';
import { loadSettings, watchSettings } from '../../lib/settings/store';
import { createToolRegistry, MAIN_AGENT_TOOLS } from '../../lib/tools/registry';
import { createRedirectWatcher, type RedirectEventSource } from '../../lib/web/redirect-watcher';

const SUMMARIZE_MENU_ID = 'gleaner-summarize-page';
/** Declared in wxt.config.ts under `commands`. */
const SUMMARIZE_COMMAND = 'summarize-page';

/** Chrome's sidePanel API (absent in Firefox, which gets a sidebar_action from WXT). */
type SidePanelApi = {
  setPanelBehavior(options: { openPanelOnActionClick: boolean }): Promise<void>;
  open(options: { windowId: number }): Promise<void>;
};

export default defineBackground(() => {
  const db = getDatabase();
  const keepAlive = createKeepAlive(() => browser.runtime.getPlatformInfo());
  const sidePanel = (browser as unknown as { sidePanel?: SidePanelApi }).sidePanel;

  // Where redirects of the worker's own fetches lead (a manual-redirect fetch cannot tell).
  const redirects = createRedirectWatcher(
    browser.webRequest.onBeforeRedirect as RedirectEventSource,
    {
      initiator: new URL(browser.runtime.getURL('/')).origin,
    },
  );
  // One set for the worker's life: the search service keeps its spacing between queries.
  const services = createWorkerServices(db, { resolveRedirect: redirects.resolve });
  let server: ReturnType<typeof createPortServer> | undefined;
  const runs = new RunManager(
    db,
    async () => {
      const settings = await loadSettings();
      return {
        settings,
        model: createChatModel(settings),
        tools: createToolRegistry(MAIN_AGENT_TOOLS, settings.allowedTools),
        services,
        systemPrompt: mainSystemPrompt(),
        onTextDelta: (messageId, content) =>
          server?.broadcast({ type: 'message-delta', messageId, content, at: Date.now() }),
      };
    },
    (active) => keepAlive.update(active),
  );
  // Nothing runs yet in a fresh worker: runs still marked active were cut off by a stop, and
  // nobody waits for the old worker's consent cards (Resume asks again).
  const ready = markInterruptedRuns(db).then(() => runs.consent.expireAllPending());

  server = createPortServer({
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    runs,
    ready,
  });
  browser.runtime.onConnect.addListener((port) => server?.accept(port as unknown as ServerPort));

  // Let the configured Ollama endpoint accept our requests without OLLAMA_ORIGINS.
  const syncOriginRule = (settings: Settings) => {
    const rule = ollamaOriginRule(settings, browser.runtime.id);
    void browser.declarativeNetRequest
      ?.updateSessionRules({
        removeRuleIds: [OLLAMA_ORIGIN_RULE_ID],
        addRules: rule ? [rule as Browser.declarativeNetRequest.Rule] : [],
      })
      .catch((error: unknown) => console.error('Gleaner could not set the Ollama rule', error));
  };
  void loadSettings().then(syncOriginRule);
  watchSettings(syncOriginRule);

  // "Summarize this page" from the page's context menu or the keyboard shortcut.
  const summarize = async (tab: { id?: number; title?: string; windowId?: number } | undefined) => {
    if (tab?.id === undefined) return;
    // sidePanel.open must be called inside the user gesture, before any await.
    const opening =
      tab.windowId === undefined ? undefined : sidePanel?.open({ windowId: tab.windowId });
    try {
      await ready;
      const { sessionId } = await runs.start({
        text: summarizeRequest(tab.title ?? ''),
        tabIds: [tab.id],
      });
      await focusSessionItem.setValue({ sessionId, at: Date.now(), windowId: tab.windowId });
    } catch (error) {
      console.error('Gleaner could not start a summary', error);
    }
    await opening?.catch((error: unknown) =>
      console.error('Gleaner could not open the panel', error),
    );
  };
  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus.create({
      id: SUMMARIZE_MENU_ID,
      title: 'Summarize this page',
      contexts: ['page'],
    });
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === SUMMARIZE_MENU_ID) void summarize(tab);
  });
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === SUMMARIZE_COMMAND) void summarize(tab);
  });

  // The toolbar icon opens the side panel (Chrome) or toggles the sidebar (Firefox).
  void sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch((error: unknown) => {
    console.error('Gleaner could not set the side panel behaviour', error);
  });
  const sidebarAction = (browser as unknown as { sidebarAction?: { toggle(): Promise<void> } })
    .sidebarAction;
  // Firefox's MV2 build has browserAction where MV3 has action.
  const toolbarButton =
    browser.action ??
    (browser as unknown as { browserAction?: typeof browser.action }).browserAction;
  if (sidebarAction) toolbarButton?.onClicked.addListener(() => void sidebarAction.toggle());
});
