import type { RunRecord, StepRecord } from '../../lib/db/records';
import { readTabTitle } from '../activity/activity';

function tabIdOf(step: StepRecord): number | undefined {
  try {
    const args: unknown = JSON.parse(step.arguments ?? '');
    const tabId = (args as { tabId?: unknown } | null)?.tabId;
    return typeof tabId === 'number' ? tabId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The titles of the tabs each message took along, by user message id: from the read_tab steps
 * the extension recorded for them, or the tab as the window lists it while it is being read.
 */
export function sentTabTitles(
  runs: readonly RunRecord[],
  stepsByRun: ReadonlyMap<string, readonly StepRecord[]>,
  windowTitle: (tabId: number) => string | undefined,
): Map<string, string[]> {
  const titles = new Map<string, string[]>();
  for (const run of runs) {
    if (!run.attachedTabIds?.length) continue;
    const steps = stepsByRun.get(run.id) ?? [];
    const read = new Map<number, string>();
    for (const step of steps) {
      const tabId = tabIdOf(step);
      const title = readTabTitle(step);
      if (tabId !== undefined && title !== undefined && !read.has(tabId)) read.set(tabId, title);
    }
    titles.set(
      run.userMessageId,
      run.attachedTabIds.map((tabId) => read.get(tabId) ?? windowTitle(tabId) ?? 'A tab'),
    );
  }
  return titles;
}
