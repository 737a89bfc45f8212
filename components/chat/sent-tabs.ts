import type { RunRecord, RunTotals } from '../../lib/db/records';

/**
 * The titles of the tabs each message took along, by user message id: from what the extension
 * recorded reading (the run's totals), or the tab as the window lists it while it is being read.
 */
export function sentTabTitles(
  runs: readonly RunRecord[],
  totalsByRun: ReadonlyMap<string, RunTotals>,
  windowTitle: (tabId: number) => string | undefined,
): Map<string, string[]> {
  const titles = new Map<string, string[]>();
  for (const run of runs) {
    if (!run.attachedTabIds?.length) continue;
    const read = totalsByRun.get(run.id)?.readTabs ?? [];
    titles.set(
      run.userMessageId,
      run.attachedTabIds.map(
        (tabId) => read.find((tab) => tab.tabId === tabId)?.title ?? windowTitle(tabId) ?? 'A tab',
      ),
    );
  }
  return titles;
}
