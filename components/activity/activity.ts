import type { RunStatus, StepRecord } from '../../lib/db/records';
import { t, tp } from '../../lib/i18n/translate';
import { readTabTitle } from '../../lib/sessions/run-totals';
import { formatBytes, formatCount, formatDuration, shortArguments } from '../shared/format';

export interface ActivityTotals {
  modelSteps: number;
  toolSteps: number;
  tokensIn: number;
  tokensOut: number;
  fetches: number;
  searches: number;
  /** Bytes of tool results (what the model was given to read). */
  bytes: number;
  /** Summed step durations; steps still running count up to `now`. */
  durationMs: number;
}

export function activityTotals(steps: readonly StepRecord[], now = Date.now()): ActivityTotals {
  const totals: ActivityTotals = {
    modelSteps: 0,
    toolSteps: 0,
    tokensIn: 0,
    tokensOut: 0,
    fetches: 0,
    searches: 0,
    bytes: 0,
    durationMs: 0,
  };
  for (const step of steps) {
    // A compression is a call to the small model.
    if (step.kind !== 'tool') totals.modelSteps++;
    else totals.toolSteps++;
    totals.tokensIn += step.tokensIn ?? 0;
    totals.tokensOut += step.tokensOut ?? 0;
    totals.bytes += step.bytes ?? 0;
    totals.durationMs += Math.max(0, (step.endedAt ?? now) - step.startedAt);
    // What a call may do is its tool's consent declaration, recorded on the step.
    // A reused result fetched and searched nothing.
    const ran = step.kind === 'tool' && !step.reusedFrom;
    if (ran && step.consent === 'fetch') totals.fetches++;
    if (ran && step.consent === 'search') totals.searches++;
  }
  return totals;
}

/** Totals of several step lists (an answer and its sub-agents). */
export function addTotals(a: ActivityTotals, b: ActivityTotals): ActivityTotals {
  return {
    modelSteps: a.modelSteps + b.modelSteps,
    toolSteps: a.toolSteps + b.toolSteps,
    tokensIn: a.tokensIn + b.tokensIn,
    tokensOut: a.tokensOut + b.tokensOut,
    fetches: a.fetches + b.fetches,
    searches: a.searches + b.searches,
    bytes: a.bytes + b.bytes,
    durationMs: a.durationMs + b.durationMs,
  };
}

function formatTokens(tokensIn: number, tokensOut: number): string {
  return t('tokensInOut', formatCount(tokensIn), formatCount(tokensOut));
}

/** A run's or a step's status in words. */
export function statusLabel(status: RunStatus): string {
  const labels: Record<RunStatus, () => string> = {
    running: () => t('statusRunning'),
    'awaiting-consent': () => t('statusAwaitingConsent'),
    interrupted: () => t('statusInterrupted'),
    stopped: () => t('statusStopped'),
    failed: () => t('statusFailed'),
    done: () => t('statusDone'),
  };
  return labels[status]();
}

/** One line: "3 model calls · 4,200 tokens in, 310 out · 2 fetches · 1 search · 18.0 KB". */
export function describeTotals(totals: ActivityTotals, options: { duration?: boolean } = {}) {
  const parts = [tp('modelCalls', totals.modelSteps)];
  if (totals.tokensIn || totals.tokensOut) {
    parts.push(formatTokens(totals.tokensIn, totals.tokensOut));
  }
  parts.push(tp('fetches', totals.fetches));
  if (totals.searches) parts.push(tp('searches', totals.searches));
  if (totals.bytes) parts.push(t('bytesRead', formatBytes(totals.bytes)));
  if (options.duration && totals.durationMs) parts.push(formatDuration(totals.durationMs));
  return parts.join(' · ');
}

/** The facts of one step, in the order a reader scans them. */
export function stepFacts(step: StepRecord): string[] {
  const facts: string[] = [];
  if (step.reusedFrom) facts.push(t('stepReused'));
  if (step.kind === 'model' && (step.tokensIn !== undefined || step.tokensOut !== undefined)) {
    facts.push(
      `${step.usageEstimated ? '≈' : ''}${formatTokens(step.tokensIn ?? 0, step.tokensOut ?? 0)}`,
    );
  }
  if (step.kind === 'compression') {
    if (step.tokensIn !== undefined && step.tokensOut !== undefined) {
      facts.push(t('tokensBeforeAfter', formatCount(step.tokensIn), formatCount(step.tokensOut)));
    }
    const restored = step.compression?.factsRestored.length ?? 0;
    if (restored) facts.push(tp('factsPutBack', restored));
    const leftOut = step.compression?.factsLeftOut ?? 0;
    if (leftOut) facts.push(tp('factsLeftOut', leftOut));
    if (step.compression?.reason === 'overflow') facts.push(t('afterOverflow'));
  }
  if (step.bytes !== undefined) facts.push(formatBytes(step.bytes));
  if (step.endedAt !== undefined) facts.push(formatDuration(step.endedAt - step.startedAt));
  if (step.attempts !== undefined) facts.push(tp('attempts', step.attempts));
  if (step.status !== 'done') facts.push(statusLabel(step.status));
  return facts;
}

function parseObject(raw: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const count = (value: unknown) => (typeof value === 'number' ? value : undefined);
const cut = (value: string, limit = 300) =>
  value.length > limit ? `${value.slice(0, limit)}…` : value;

/**
 * What a tool call was asked to do, in words: the search query, the URL, the question. Calls the
 * view does not know, and malformed arguments, show their JSON as the model wrote it.
 */
export function describeToolArguments(toolName: string | undefined, raw: string): string {
  const args = parseObject(raw);
  if (!args) return shortArguments(raw);
  const query = text(args.query);
  const url = text(args.url);
  switch (toolName) {
    case 'web_search': {
      if (query === undefined) break;
      const max = count(args.max_results);
      return max === undefined ? t('quoted', cut(query)) : tp('queryUpTo', max, cut(query));
    }
    case 'web_fetch':
    case 'fetch': {
      if (url === undefined) break;
      const format = text(args.format);
      return format && format !== 'auto' ? t('urlAsFormat', cut(url), format) : cut(url);
    }
    case 'agentic_fetch': {
      const prompt = text(args.prompt);
      if (prompt === undefined) break;
      return url ? `${cut(url)}: ${t('quoted', cut(prompt))}` : t('searchPrompt', cut(prompt));
    }
    case 'read_tab': {
      const tabId = count(args.tabId);
      const offset = count(args.offset);
      // The tab's title is in the step's name; its id means nothing to people.
      const which = tabId === undefined ? t('readCurrentTab') : t('readFromStart');
      return offset ? t('fromCharacter', formatCount(offset)) : which;
    }
    case 'view': {
      const file = text(args.file);
      if (file === undefined) break;
      const offset = count(args.offset) ?? 0;
      const limit = count(args.limit);
      return limit === undefined
        ? t('fileLinesOn', file, formatCount(offset + 1))
        : t('fileLines', file, formatCount(offset + 1), formatCount(offset + limit));
    }
    case 'grep': {
      const pattern = text(args.pattern);
      if (pattern === undefined) break;
      const file = text(args.file);
      const shown = args.literal === true ? t('quoted', cut(pattern)) : `/${cut(pattern)}/`;
      return file ? t('patternInFile', shown, file) : shown;
    }
    case 'glob': {
      const pattern = text(args.pattern);
      if (pattern !== undefined) return pattern;
      break;
    }
  }
  return shortArguments(raw);
}

/** Tools in words, for people reading Activity; the tool's own name stays in a tooltip. */
const TOOL_WORDS: Record<string, () => string> = {
  read_tab: () => t('toolReadTab'),
  list_tabs: () => t('toolListTabs'),
  fetch: () => t('toolFetch'),
  web_fetch: () => t('toolFetch'),
  web_search: () => t('toolWebSearch'),
  agentic_fetch: () => t('fetchAnalysis'),
  view: () => t('toolView'),
  grep: () => t('toolGrep'),
  glob: () => t('toolGlob'),
};

/** "Read tab: The Tide Clocks", "Searched the web"; an unknown tool keeps its own name. */
export function toolLabel(step: StepRecord): string {
  const name = step.toolName ?? t('stepKindTool');
  const words = TOOL_WORDS[name]?.() ?? name;
  const title = readTabTitle(step);
  return title ? `${words}: ${title}` : words;
}
