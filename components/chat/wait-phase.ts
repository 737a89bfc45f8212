import type { ConsentRequestRecord, RunRecord, StepRecord } from '../../lib/db/records';
import { t, tp } from '../../lib/i18n/translate';
import type { FetchAnalysisActivity } from '../../lib/sessions/fetch-analysis-activity';
import { readTabTitle } from '../../lib/sessions/run-totals';
import { tabHost, truncate } from './tab-attachments';

/** What an answer that is being written waits for, derived from what the worker stored. */
export interface WaitInput {
  run: RunRecord | undefined;
  steps: readonly StepRecord[];
  /** A card waiting for the user in this answer (its Fetch Analysis included). */
  consent: ConsentRequestRecord | undefined;
  fetchAnalyses: ReadonlyMap<string, FetchAnalysisActivity>;
  /** The title of an open tab, for a read_tab call that has not finished. */
  tabTitle: (tabId: number) => string | undefined;
  /** The answer's text has begun to stream: once it flows, the text itself is the progress. */
  textFlows: boolean;
  now: number;
}

function parse(raw: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw ?? '');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const QUERY_CHARACTERS = 60;

function retryPhase(step: StepRecord, now: number): string | undefined {
  if (step.retryAt === undefined || step.retryAt <= now) return undefined;
  const seconds = Math.max(1, Math.ceil((step.retryAt - now) / 1000));
  return step.retryReason === 'rate-limited'
    ? tp('retryRateLimited', seconds)
    : tp('retryProviderProblem', seconds);
}

/** A tool call in progress, in words. */
function toolPhase(step: StepRecord, input: WaitInput, inner = false): string | undefined {
  const args = parse(step.arguments);
  switch (step.toolName) {
    case 'read_tab': {
      const tabId = typeof args.tabId === 'number' ? args.tabId : undefined;
      const title = readTabTitle(step) ?? (tabId === undefined ? undefined : input.tabTitle(tabId));
      return title ? t('readingNamed', truncate(title, 60)) : t('readingTab');
    }
    case 'list_tabs':
      return t('lookingAtTabs');
    case 'web_search': {
      const query = typeof args.query === 'string' ? args.query : '';
      return query ? t('searchingFor', truncate(query, QUERY_CHARACTERS)) : t('searchingWeb');
    }
    case 'fetch':
    case 'web_fetch': {
      const url = typeof args.url === 'string' ? args.url : '';
      const host = url ? tabHost(url) : '';
      return host ? t('readingNamed', host) : t('readingPage');
    }
    case 'agentic_fetch':
      return inner ? undefined : analysisPhase(step, input);
    default:
      return t('working');
  }
}

/** Inside a Fetch Analysis: its search, "Reading 2 of 3 pages…", or its model thinking. */
function analysisPhase(step: StepRecord, input: WaitInput): string {
  const analysis = step.toolCallId ? input.fetchAnalyses.get(step.toolCallId) : undefined;
  const steps = analysis?.steps ?? [];
  const fetches = steps.filter((each) => each.toolName === 'web_fetch');
  const running = steps.filter((each) => each.status === 'running');
  const fetching = running.find((each) => each.toolName === 'web_fetch');
  if (fetching && fetches.length > 1) {
    const done = fetches.filter((each) => each.status !== 'running').length;
    return tp('readingPageOf', fetches.length, done + 1);
  }
  for (const each of running.toReversed()) {
    if (each.kind === 'model') {
      const retry = retryPhase(each, input.now);
      if (retry) return retry;
      return fetches.length ? t('readingFound') : t('planningSearch');
    }
    const phase = toolPhase(each, input, true);
    if (phase) return phase;
  }
  return t('startingSearch');
}

/**
 * The sentence that stands in the answer's place while it waits ("Reading The Tide Clocks…",
 * "Searching the web for …", "Waiting for the model…"), or undefined when nothing waits.
 */
export function waitPhase(input: WaitInput): string | undefined {
  const { run, consent } = input;
  if (!run || (run.status !== 'running' && run.status !== 'awaiting-consent')) return undefined;
  if (consent || run.status === 'awaiting-consent') return t('askingYouFirst');
  const running = input.steps.filter((step) => step.status === 'running');
  const current = running.at(-1);
  if (!current) return t('waitingForModel');
  if (current.kind === 'tool') return toolPhase(current, input) ?? t('working');
  const retry = retryPhase(current, input.now);
  if (retry) return retry;
  return input.textFlows ? undefined : t('waitingForModel');
}
