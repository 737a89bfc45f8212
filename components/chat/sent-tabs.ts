import type { RunRecord, StepRecord } from '../../lib/db/records';

/** read_tab's summary starts with the tab's title: "The Tide Clocks: 1,200 of 1,200 characters". */
const READ_SUMMARY = /^(.*): [\d,]+ of [\d,]+ characters/s;

/** The title a read_tab step recorded, if it finished. */
export function readTabTitle(step: StepRecord): string | undefined {
  if (step.toolName !== 'read_tab' || !step.summary) return undefined;
  return READ_SUMMARY.exec(step.summary)?.[1];
}

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
