import { browser } from 'wxt/browser';
import { t } from '../i18n/translate';
import { focusSessionItem } from '../messaging/focus-session';
import type { CommandHandlers } from '../messaging/protocol';
import { summarizeRequest } from '../messaging/summarize-request';
import { type BackgroundManifest, type MenuApi, registerMenuItem } from './menu-registration';
import { openPanelIn } from './side-panel';

const SUMMARIZE_MENU_ID = 'gleaner-summarize-page';
/** Declared in wxt.config.ts under `commands`. */
const SUMMARIZE_COMMAND = 'summarize-page';

type PageTab = { id?: number; title?: string; windowId?: number } | undefined;

/**
 * "Summarize this page" from the page's context menu or the keyboard shortcut: opens the panel,
 * starts a chat with the tab attached, and asks the panel of that window to show it.
 */
export function summarizeFromMenuAndShortcut(
  handlers: Pick<CommandHandlers, 'startRun'>,
  ready: Promise<unknown>,
): void {
  const summarize = async (tab: PageTab) => {
    if (tab?.id === undefined) return;
    const opening = openPanelIn(tab.windowId);
    try {
      await ready;
      const { sessionId } = await handlers.startRun({
        type: 'startRun',
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
  registerMenuItem(
    browser.contextMenus as unknown as MenuApi,
    browser.runtime.onInstalled,
    browser.runtime.getManifest() as BackgroundManifest,
    {
      id: SUMMARIZE_MENU_ID,
      // Read when the item is created, so that it is in the language of that moment.
      get title() {
        return t('summarizePage');
      },
    },
  );
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === SUMMARIZE_MENU_ID) void summarize(tab);
  });
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === SUMMARIZE_COMMAND) void summarize(tab);
  });
}

/**
 * Gives the context menu item the title of the current language. Before the item exists (it is
 * created on install) there is nothing to retitle, and its creation reads the current title.
 */
export function retitleSummarizeItem(): void {
  browser.contextMenus
    .update(SUMMARIZE_MENU_ID, { title: t('summarizePage') })
    .catch(() => undefined);
}
