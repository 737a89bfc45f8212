import type { GleanerDatabase } from '../db/database';
import { createPageFiles } from '../db/page-files';
import { loadSettings } from '../settings/store';
import { activeTab, getTab, listTabs, readTab } from '../tabs/tab-reader';
import type { ToolServices } from '../tools/tool';
import { createWorkerSearch } from '../web/search/worker-search';
import { createWorkerWeb } from '../web/worker-web';

/** The real browser behind the tools' services, used by the worker. */
export function createWorkerServices(
  db: GleanerDatabase,
  web: Parameters<typeof createWorkerWeb>[1] = {},
): ToolServices {
  return {
    tabs: { list: listTabs, get: getTab, active: activeTab, read: readTab },
    web: createWorkerWeb(db, web),
    pages: createPageFiles(db),
    search: createWorkerSearch(loadSettings),
  };
}
