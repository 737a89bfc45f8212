import { unreadableReason } from '../../lib/tabs/unreadable-reason';
import type { WindowTab } from '../../lib/tabs/window-tab';

/**
 * Which tabs go with the next message. Until the user changes it, the attachment is the default:
 * the tab they are looking at, following them as they switch tabs. Any change (a chip removed,
 * a tab picked or @-mentioned) pins an explicit list for this message; a send resets it.
 */
export type TabSelection = { kind: 'default' } | { kind: 'chosen'; tabIds: readonly number[] };

export const DEFAULT_SELECTION: TabSelection = { kind: 'default' };

/** The protocol's limit for one message (see `startRun.tabIds`). */
export const MAX_ATTACHED_TABS = 20;

/**
 * Only web pages and local files can be read. Browser pages, extension pages (the panel itself
 * when it is opened as a tab) and the extension stores are never attached.
 */
export function isReadableTab(tab: Pick<WindowTab, 'url'>): boolean {
  return unreadableReason(tab.url) === null;
}

/** The tab the user is looking at, when it is one Gleaner can read. */
export function currentTab(tabs: readonly WindowTab[]): WindowTab | undefined {
  const active = tabs.find((tab) => tab.active);
  return active && isReadableTab(active) ? active : undefined;
}

/**
 * The chips to show, in the order they were attached; closed or unreadable tabs drop out. With
 * Search the web on, the default attaches nothing: a search question is about the web, and the
 * tab the user happens to be on would be read, sent and listed as a source for no reason. A tab
 * picked or @-mentioned still goes.
 */
export function attachedTabs(
  selection: TabSelection,
  tabs: readonly WindowTab[],
  searchWeb = false,
): WindowTab[] {
  if (selection.kind === 'default') {
    if (searchWeb) return [];
    const current = currentTab(tabs);
    return current ? [current] : [];
  }
  const byId = new Map(tabs.filter(isReadableTab).map((tab) => [tab.id, tab]));
  return selection.tabIds.flatMap((id) => byId.get(id) ?? []);
}

export function withTabAttached(
  selection: TabSelection,
  tabs: readonly WindowTab[],
  tabId: number,
  searchWeb = false,
): TabSelection {
  const ids = attachedTabs(selection, tabs, searchWeb).map((tab) => tab.id);
  if (ids.includes(tabId) || ids.length >= MAX_ATTACHED_TABS)
    return { kind: 'chosen', tabIds: ids };
  return { kind: 'chosen', tabIds: [...ids, tabId] };
}

export function withTabDetached(
  selection: TabSelection,
  tabs: readonly WindowTab[],
  tabId: number,
  searchWeb = false,
): TabSelection {
  const ids = attachedTabs(selection, tabs, searchWeb).map((tab) => tab.id);
  return { kind: 'chosen', tabIds: ids.filter((id) => id !== tabId) };
}

/** What a tab is called on a chip or in a list: its title, or its address while it has none. */
export function tabLabel(tab: Pick<WindowTab, 'title' | 'url'>): string {
  return tab.title.replace(/\s+/g, ' ').trim() || tab.url;
}

/** A title cut to `max` characters (not UTF-16 units) with an ellipsis. */
export function truncate(text: string, max: number): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** The host shown beside a tab's title; empty for addresses without one (local files). */
export function tabHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
