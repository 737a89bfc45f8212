import type { z } from 'zod';
import type { Source } from '../db/records';
import type { Article } from '../extract/article';
import type { FetchFormat } from '../web/accept-headers';
import type { CachedFetch } from '../web/fetch-cache';
import type { UrlPolicyResult } from '../web/url-policy';

/**
 * What a tool needs from the outside world. The worker gives real implementations; tests give
 * fakes. Later tools add their services here (fetching, consent, page files).
 */
export interface TabInfo {
  id: number;
  title: string;
  url: string;
  active: boolean;
}

export type TabReadResult = { ok: true; article: Article } | { ok: false; reason: string };

export interface WebServices {
  /** The URL policy with the user's private-host exemptions: what will really be fetched. */
  normalize(url: string): Promise<UrlPolicyResult>;
  /** Fetches (or serves from the 15-minute cache) a URL already allowed by the user. */
  fetch(url: string, format: FetchFormat, signal: AbortSignal): Promise<CachedFetch>;
}

/** Large fetched pages saved as files of one Fetch Analysis run; tools see only their run's. */
export interface PageFiles {
  /** Stores the markdown and returns the file name given to it (unique in the run). */
  save(runId: string, url: string, markdown: string): Promise<string>;
  list(runId: string): Promise<Array<{ name: string; url: string; bytes: number }>>;
  read(
    runId: string,
    name: string,
  ): Promise<{ name: string; url: string; markdown: string } | undefined>;
  /** Deletes the run's files (when its answer is stored). */
  deleteRun(runId: string): Promise<void>;
}

export interface SearchServices {
  /** Provider id and label for the consent card ("Always allow searches" is per provider). */
  provider(): Promise<{ id: string; label: string }>;
  /** Runs a query the user allowed; returns the text the model reads. */
  search(
    query: string,
    maxResults: number,
    signal: AbortSignal,
  ): Promise<{ ok: boolean; text: string; results: Array<{ title: string; url: string }> }>;
}

/** Runs the Fetch Analysis sub-agent for an agentic_fetch call. */
export interface SubAgentRunner {
  run(input: {
    parentRunId: string;
    parentSessionId: string;
    toolCallId: string;
    prompt: string;
    url?: string;
    signal: AbortSignal;
  }): Promise<ToolOutcome>;
}

export interface ToolServices {
  web: WebServices;
  pages: PageFiles;
  search: SearchServices;
  subAgent?: SubAgentRunner;
  tabs: {
    /** Open tabs of the window the user is working in. */
    list(): Promise<TabInfo[]>;
    /** One tab, or undefined when it is not open (any more). */
    get(tabId: number): Promise<TabInfo | undefined>;
    /** The tab the user is looking at in that window. */
    active(): Promise<TabInfo | undefined>;
    /** The page's article, extracted in the page; a sentence when it cannot be read. */
    read(tabId: number): Promise<TabReadResult>;
  };
}

/** What a tool asks the user before it touches the network or reads an unattached tab. */
export interface ConsentPrompt {
  kind: 'fetch' | 'search' | 'tab';
  /** The exact URL, query or tab URL. */
  target: string;
  /** Highlighted on the card: the URL's host, the provider, or the tab's title. */
  host: string;
  detail?: string;
}

export interface ToolContext {
  runId: string;
  sessionId: string;
  toolCallId: string;
  /** The user's question this call serves (shown on consent cards). */
  question: string;
  signal: AbortSignal;
  services: ToolServices;
  /** Tabs the user attached to this message: read without asking. */
  attachedTabIds: readonly number[];
  /** From settings; drives how much of a page fits. */
  contextWindow: number;
  /** Nonce of this run's untrusted-content delimiters. */
  nonce: string;
  /** Counts one network fetch against the answer's budget; says why not when it is spent. */
  spendFetchBudget(): Promise<{ ok: true } | { ok: false; message: string }>;
  /** Shows a consent card and waits for the user's answer (or a grant that answers for them). */
  askConsent(prompt: ConsentPrompt): Promise<'allowed' | 'denied'>;
}

/**
 * A tool's three outcomes (after Crush): a result; an error the model reads and can recover
 * from; a denial that ends the turn.
 */
export type ToolOutcome =
  | { kind: 'result'; content: string; sources?: Source[]; bytes?: number; summary?: string }
  | { kind: 'error'; message: string }
  | { kind: 'denied'; message: string }
  /** A per-answer budget is spent: the run stops with this reason and offers Continue. */
  | { kind: 'limit'; message: string };

/**
 * Whether a call needs the user's consent before it runs:
 * - `none`: reads nothing private and touches no network (e.g. listing tab titles).
 * - `tab`: reads a tab's content the user did not attach.
 * - `fetch`: contacts a URL. - `search`: sends a query to a search provider.
 */
export type ConsentDeclaration = 'none' | 'tab' | 'fetch' | 'search';
export const CONSENT_DECLARATIONS: readonly ConsentDeclaration[] = [
  'none',
  'tab',
  'fetch',
  'search',
];

export interface Tool<Parameters extends z.ZodType = z.ZodType> {
  /** Model-facing name, snake_case; the file is its kebab form. */
  name: string;
  description: string;
  parameters: Parameters;
  consent: ConsentDeclaration;
  execute(args: z.infer<Parameters>, context: ToolContext): Promise<ToolOutcome>;
}

/** Identity helper that keeps the parameter type for `execute`. */
export function defineTool<Parameters extends z.ZodType>(tool: Tool<Parameters>): Tool<Parameters> {
  return tool;
}
