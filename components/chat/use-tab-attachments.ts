import { useCallback, useMemo, useState } from 'react';
import type { WindowTab } from '../../lib/tabs/window-tab';
import {
  attachedTabs,
  currentTab,
  DEFAULT_SELECTION,
  isReadableTab,
  type TabSelection,
  withTabAttached,
  withTabDetached,
} from './tab-attachments';

const NO_TABS: readonly WindowTab[] = [];

export interface TabAttachments {
  /** Whether the window's tabs have been read once. */
  loaded: boolean;
  /** The tabs that can be attached: readable tabs of the panel's window, in tab order. */
  tabs: readonly WindowTab[];
  /** The tab the user is looking at, when it can be read. */
  current: WindowTab | undefined;
  /** The chips: what the next message sends as `tabIds`. */
  attached: readonly WindowTab[];
  selection: TabSelection;
  attach(tabId: number): void;
  detach(tabId: number): void;
  /**
   * Back to the default (the current tab) after a send. Given the selection that was sent, it
   * leaves a selection the user changed while the send was on its way alone.
   */
  reset(sent?: TabSelection): void;
}

/**
 * The composer's attached tabs, chosen from the window's tabs (undefined until they are read).
 * It lives in the app, so visiting Settings keeps the chips.
 */
export function useTabAttachments(
  windowTabs: readonly WindowTab[] | undefined,
  /** The composer's Search the web toggle: while on, the current tab is not attached by default. */
  searchWeb = false,
): TabAttachments {
  const all = windowTabs ?? NO_TABS;
  const [selection, setSelection] = useState<TabSelection>(DEFAULT_SELECTION);

  const attach = useCallback(
    (tabId: number) => setSelection((current) => withTabAttached(current, all, tabId, searchWeb)),
    [all, searchWeb],
  );
  const detach = useCallback(
    (tabId: number) => setSelection((current) => withTabDetached(current, all, tabId, searchWeb)),
    [all, searchWeb],
  );
  const reset = useCallback(
    (sent?: TabSelection) =>
      setSelection((current) =>
        sent === undefined || current === sent ? DEFAULT_SELECTION : current,
      ),
    [],
  );

  return useMemo(
    () => ({
      loaded: windowTabs !== undefined,
      tabs: all.filter(isReadableTab),
      current: currentTab(all),
      attached: attachedTabs(selection, all, searchWeb),
      selection,
      attach,
      detach,
      reset,
    }),
    [windowTabs, all, selection, searchWeb, attach, detach, reset],
  );
}
