import { activeTab, getTab, listTabs, readTab } from '../tabs/tab-reader';
import type { ToolServices } from '../tools/tool';

/** The real browser behind the tools' services, used by the worker. */
export function createWorkerServices(): ToolServices {
  return { tabs: { list: listTabs, get: getTab, active: activeTab, read: readTab } };
}
