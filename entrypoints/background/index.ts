import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { z } from 'zod';
import { createKeepAlive } from '@/lib/agent/keep-alive';
import { RunManager } from '@/lib/agent/run-manager';
import { mainSystemPrompt } from '@/lib/agent/system-prompt';
import { createWorkerServices } from '@/lib/agent/worker-services';
import { getDatabase } from '@/lib/db/database';
import { markInterruptedRuns } from '@/lib/db/queries';
import { createChatModel } from '@/lib/llm/openai-chat-model';
import { createPortServer, type ServerPort } from '@/lib/messaging/port-server';
import { loadSettings } from '@/lib/settings/store';
import { createToolRegistry, MAIN_AGENT_TOOLS } from '@/lib/tools/registry';

export default defineBackground(() => {
  // Extension CSP forbids eval; zod must not compile validators with new Function.
  z.config({ jitless: true });
  const db = getDatabase();
  // Nothing runs yet in a fresh worker: runs still marked active were cut off by a stop.
  let runs: RunManager | undefined;
  const ready = Promise.resolve().then(async () => {
    await markInterruptedRuns(db);
    // Nobody is waiting for the cards of the old worker: Resume asks again.
    await runs?.consent.expireAllPending();
  });
  const keepAlive = createKeepAlive(() => browser.runtime.getPlatformInfo());

  let server: ReturnType<typeof createPortServer> | undefined;
  runs = new RunManager(
    db,
    async () => {
      const settings = await loadSettings();
      return {
        settings,
        model: createChatModel(settings),
        tools: createToolRegistry(MAIN_AGENT_TOOLS, settings.allowedTools),
        services: createWorkerServices(),
        systemPrompt: mainSystemPrompt(),
        onTextDelta: (messageId, content) =>
          server?.broadcast({ type: 'message-delta', messageId, content, at: Date.now() }),
      };
    },
    (active) => keepAlive.update(active),
  );
  server = createPortServer({
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    runs,
    ready,
  });
  browser.runtime.onConnect.addListener((port) => server?.accept(port as unknown as ServerPort));

  // Chrome: the toolbar icon opens the side panel. Firefox gets a sidebar_action from WXT.
  const sidePanel = (
    browser as unknown as { sidePanel?: { setPanelBehavior(options: object): Promise<void> } }
  ).sidePanel;
  void sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch((error: unknown) => {
    console.error('Gleaner could not set the side panel behaviour', error);
  });
  const sidebarAction = (browser as unknown as { sidebarAction?: { toggle(): Promise<void> } })
    .sidebarAction;
  if (sidebarAction) browser.action?.onClicked.addListener(() => void sidebarAction.toggle());
});
