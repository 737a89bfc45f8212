import type { GleanerDatabase } from '../db/database';
import { loadSettings } from '../settings/store';
import type { ToolServices } from '../tools/tool';
import type { McpPool } from './mcp-pool';
import { createPageFiles } from './page-files';
import { activeTab, getTab, listTabs, readTab } from './tab-reader';
import { createWorkerCalls } from './worker-calls';
import { createWorkerSearch } from './worker-search';
import { createWorkerWeb } from './worker-web';

/** The real browser behind the tools' services, used by the worker. */
export function createWorkerServices(
  db: GleanerDatabase,
  web: Parameters<typeof createWorkerWeb>[1],
  mcp: McpPool,
  /** How a tab is looked up and read: through the reads started when a message attaches tabs. */
  prefetched: Pick<ToolServices['tabs'], 'read' | 'get'> = { read: readTab, get: getTab },
): ToolServices {
  return {
    tabs: { list: listTabs, get: prefetched.get, active: activeTab, read: prefetched.read },
    web: createWorkerWeb(db, web),
    pages: createPageFiles(db),
    search: createWorkerSearch(loadSettings),
    calls: createWorkerCalls(db, mcp),
  };
}
