import type { Article } from '../lib/extract/article';
import type { TabInfo, ToolServices, WebServices } from '../lib/tools/tool';
import { fakeCalls } from './fake-calls';
import { fakeSearch } from './fake-search';
import { fakeWeb } from './fake-web';
import { memoryPageFiles } from './memory-page-files';

export type FakeTab = TabInfo & { article?: Partial<Article>; unreadable?: string };

/** Tool services over an in-memory list of tabs, recording which tabs were read. */
export function fakeServices(
  tabs: FakeTab[] = [],
  web: WebServices = fakeWeb(),
  extra: Partial<ToolServices> = {},
): ToolServices & { readTabIds: number[] } {
  const readTabIds: number[] = [];
  const info = ({ id, title, url, active }: FakeTab): TabInfo => ({ id, title, url, active });
  return {
    readTabIds,
    web,
    pages: memoryPageFiles(),
    search: fakeSearch(),
    calls: fakeCalls(),
    ...extra,
    tabs: {
      list: async () => tabs.map(info),
      get: async (tabId) => {
        const tab = tabs.find((candidate) => candidate.id === tabId);
        return tab && info(tab);
      },
      active: async () => {
        const tab = tabs.find((candidate) => candidate.active);
        return tab && info(tab);
      },
      read: async (tabId) => {
        readTabIds.push(tabId);
        const tab = tabs.find((candidate) => candidate.id === tabId);
        if (!tab) return { ok: false, reason: `Tab ${tabId} is no longer open.` };
        if (tab.unreadable) return { ok: false, reason: tab.unreadable };
        const markdown = tab.article?.markdown ?? '';
        return {
          ok: true,
          article: {
            title: tab.title,
            byline: null,
            siteName: null,
            lang: null,
            publishedTime: null,
            textLength: markdown.length,
            excerpt: markdown.slice(0, 100),
            ...tab.article,
            markdown,
          },
        };
      },
    },
  };
}
