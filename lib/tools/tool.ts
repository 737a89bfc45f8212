import type { z } from 'zod';
import type { ConsentDeclaration, Source } from '../db/records';
import type { Article } from '../extract/article';
import type { LocalText } from '../i18n/local-text';
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

export type TabReadResult =
  | { ok: true; article: Article }
  | { ok: false; reason: string; i18n?: LocalText };

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
  /**
   * Runs a query the user allowed; returns the text the model reads and, for a failure, the
   * sentence the panel shows in the chosen language.
   */
  search(
    query: string,
    maxResults: number,
    signal: AbortSignal,
  ): Promise<{
    ok: boolean;
    text: string;
    results: Array<{ title: string; url: string }>;
    i18n?: LocalText;
  }>;
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

/** A declared HTTP tool's request, as built from its declaration and the model's arguments. */
export interface DeclaredRequest {
  url: string;
  method: 'GET' | 'POST';
  /** The declared headers (secrets): sent to the endpoint only, never logged or stored. */
  headers: Record<string, string>;
  /** JSON body of a POST. */
  body?: string;
  /** The declared endpoint: a loopback one is the user's own choice, not a page's. */
  endpoint: string;
}

export interface DeclaredResponse {
  status: number;
  statusText: string;
  contentType: string;
  text: string;
}

/** One content block of an MCP tool result, as the SDK returns it. */
export interface McpContent {
  type: string;
  text?: string;
  mimeType?: string;
  data?: string;
  uri?: string;
  name?: string;
  resource?: { uri: string; mimeType?: string; text?: string };
}

export interface McpCallResult {
  content: McpContent[];
  isError?: boolean;
  structuredContent?: unknown;
}

/** The server an MCP tool came from: what the card shows and where its calls go. */
export interface McpServerRef {
  name: string;
  url: string;
}

/** What declared and MCP tools reach: each only after its answered card. */
export interface CallServices {
  http(request: DeclaredRequest, signal: AbortSignal): Promise<DeclaredResponse>;
  mcp(
    server: McpServerRef,
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<McpCallResult>;
}

export interface ToolServices {
  web: WebServices;
  calls: CallServices;
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

/** What a consent card shows: the loop asks it before a tool that declares consent runs. */
export interface ConsentPrompt {
  kind: 'fetch' | 'search' | 'tab' | 'tool';
  /**
   * The exact URL, query, tab URL, or the tool's name: the only thing the answered card lets
   * the tool touch.
   */
  target: string;
  /**
   * Highlighted on the card: the URL's origin, the provider, the tab's title, or the tool's
   * endpoint or MCP server URL (the only place a tool card lets the call go).
   */
  host: string;
  detail?: string;
  /**
   * The address as it was written, when Gleaner upgraded it from http to https (`target` is
   * the https one, the only one contacted): the card shows what was typed and says "http →
   * https" instead of silently showing another address.
   */
  asked?: string;
  /** Set by the loop, never by a tool: what the card must say in words (data from elsewhere). */
  warning?: string;
}

/**
 * A tool's answer to "what would you ask the user for these arguments?", given before it runs:
 * a card to show; nothing to ask because the user already chose (a tab attached to the
 * message); or an outcome that ends the call with no card (a URL the policy refuses).
 */
export type ConsentPlan =
  | { kind: 'ask'; prompt: ConsentPrompt }
  | { kind: 'given'; why: 'attached-tab' }
  | { kind: 'refuse'; outcome: { kind: 'error'; message: string; i18n?: LocalText } };

export interface ToolContext {
  runId: string;
  sessionId: string;
  toolCallId: string;
  /** The user's question this call serves (shown on consent cards). */
  question: string;
  signal: AbortSignal;
  /**
   * Services as the loop hands them out: fetching, searching and reading tab content work
   * only for what the answered card (or the attachment) allowed.
   */
  services: ToolServices;
  /** Tabs the user attached to this message: read without asking. */
  attachedTabIds: readonly number[];
  /** From settings; drives how much of a page fits. */
  contextWindow: number;
  /** Nonce of this run's untrusted-content delimiters. */
  nonce: string;
  /** The card the user answered for this call (absent for `none`, `delegated`, attached tabs). */
  approved?: ConsentPrompt;
  /** What the tool returned with `ask-again`, handed back once the new card is answered. */
  continuation?: unknown;
}

/**
 * A tool's outcomes (after Crush): a result; an error the model reads and can recover from;
 * a denial that ends the turn; a spent budget; or a second card to ask before going on (a
 * redirect to another host), after which the loop runs the tool again with `continuation`.
 */
export type ToolOutcome =
  | {
      kind: 'result';
      content: string;
      sources?: Source[];
      bytes?: number;
      summary?: string;
      /** The summary's message key and values, for Activity in the chosen language. */
      summaryI18n?: LocalText;
      /**
       * The content cites `sources` by their own `number` (a Fetch Analysis answer): its
       * markers are renumbered to the numbers of the run it serves.
       */
      citesSources?: boolean;
    }
  /**
   * `notice`: a line for the user under the answer as well (a refused request). `i18n` and
   * `noticeI18n` are their message keys, for the panel in the chosen language.
   */
  | { kind: 'error'; message: string; i18n?: LocalText; notice?: string; noticeI18n?: LocalText }
  | { kind: 'denied'; message: string }
  /** A per-answer budget is spent: the run stops with this reason and offers Continue. */
  | { kind: 'limit'; message: string }
  | { kind: 'ask-again'; prompt: ConsentPrompt; continuation?: unknown };

export interface Tool<Parameters extends z.ZodType = z.ZodType> {
  /** Model-facing name, snake_case; the file is its kebab form. */
  name: string;
  description: string;
  parameters: Parameters;
  consent: ConsentDeclaration;
  /**
   * Required for `tab`, `fetch`, `search` and `call`: what the card will show for these arguments.
   * The loop asks (or finds a grant) before `execute` runs; a denial never reaches `execute`.
   */
  consentFor?(args: z.infer<Parameters>, context: ToolContext): Promise<ConsentPlan>;
  execute(args: z.infer<Parameters>, context: ToolContext): Promise<ToolOutcome>;
}

/** Identity helper that keeps the parameter type for `execute`. */
export function defineTool<Parameters extends z.ZodType>(tool: Tool<Parameters>): Tool<Parameters> {
  return tool;
}
