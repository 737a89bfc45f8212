import { browser } from 'wxt/browser';

/** Chrome's sidePanel API (absent in Firefox, which gets a sidebar_action from WXT). */
type SidePanelApi = {
  setPanelBehavior(options: { openPanelOnActionClick: boolean }): Promise<void>;
  open(options: { windowId: number }): Promise<void>;
};
type SidebarActionApi = { toggle(): Promise<void> };

const sidePanel = () => (browser as unknown as { sidePanel?: SidePanelApi }).sidePanel;

/**
 * The toolbar icon opens the side panel (Chrome) or toggles the sidebar (Firefox, whose MV2
 * build has browserAction where MV3 has action).
 */
export function openPanelFromToolbar(): void {
  void sidePanel()
    ?.setPanelBehavior({ openPanelOnActionClick: true })
    .catch((error: unknown) =>
      console.error('Gleaner could not set the side panel behaviour', error),
    );
  const sidebarAction = (browser as unknown as { sidebarAction?: SidebarActionApi }).sidebarAction;
  const toolbarButton =
    browser.action ??
    (browser as unknown as { browserAction?: typeof browser.action }).browserAction;
  if (sidebarAction) toolbarButton?.onClicked.addListener(() => void sidebarAction.toggle());
}

/**
 * Opens the panel of a window from a user gesture (context menu, shortcut). It must be called
 * inside the gesture, before any await; Firefox opens its sidebar from the gesture itself.
 */
export function openPanelIn(windowId: number | undefined): Promise<void> | undefined {
  if (windowId === undefined) return undefined;
  const sidebarAction = (browser as unknown as { sidebarAction?: { open?(): Promise<void> } })
    .sidebarAction;
  return sidePanel()?.open({ windowId }) ?? sidebarAction?.open?.();
}
