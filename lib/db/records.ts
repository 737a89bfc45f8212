import { z } from 'zod';
import { localTextSchema } from '../i18n/local-text';

/** Zod schemas of what is stored: the single source of truth for reading records back. */

const sourceSchema = z.object({
  title: z.string(),
  url: z.string(),
  /** Shown beside the link, e.g. "used 62% of the page", in English. */
  note: z.string().optional(),
  /** The note as a stored sentence, shown in the chosen language (older records have none). */
  noteI18n: localTextSchema.optional(),
  /**
   * On an answer's sources: the number the model cites it by, `[n]`, the order it was first
   * read in the run (docs/decisions/0012). Answers stored before citations have none.
   */
  number: z.number().optional(),
  /** On an answer's sources: the answer cites it; read but uncited sources show as "Also read". */
  cited: z.boolean().optional(),
  /** Only a search result's title and snippet were read, not the page itself. */
  snippet: z.boolean().optional(),
});
export type Source = z.infer<typeof sourceSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Set on Fetch Analysis sessions: the session and tool call that started them. */
  parentSessionId: z.string().optional(),
  parentToolCallId: z.string().optional(),
  /**
   * Set on imported sessions: the id the session had where it was made (carried through
   * re-exports), so importing it again is recognised and skipped.
   */
  originId: z.string().optional(),
});
export type SessionRecord = z.infer<typeof sessionSchema>;

const toolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The raw JSON text the model produced; it may be malformed. */
  arguments: z.string(),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

const MESSAGE_STATUSES = ['streaming', 'done', 'stopped', 'interrupted', 'failed'] as const;

export const messageSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  runId: z.string().optional(),
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  toolCalls: z.array(toolCallSchema).optional(),
  /** On tool messages: the call they answer. */
  toolCallId: z.string().optional(),
  toolName: z.string().optional(),
  /** On the final answer: built from what was read or fetched, never from the model's text. */
  sources: z.array(sourceSchema).optional(),
  /**
   * On the final answer: the quoted passages the extension found in their source, each with a
   * link that opens the source at the passage (`#:~:text=`). A marker whose quote is not here
   * links to the source itself.
   */
  citations: z
    .array(z.object({ number: z.number(), quote: z.string(), href: z.string() }))
    .optional(),
  /** Written by the extension, not the model (e.g. the read_tab calls for attached tabs). */
  synthetic: z.boolean().optional(),
  /** One line the extension adds under the answer (a denial, a limit reached). */
  notice: z.string().optional(),
  /** The notice's message key and values, shown in the chosen language (absent on older ones). */
  noticeI18n: localTextSchema.optional(),
  createdAt: z.number(),
  /** Position inside the session; createdAt can tie. */
  seq: z.number(),
});
export type MessageRecord = z.infer<typeof messageSchema>;

const RUN_STATUSES = [
  'running',
  'awaiting-consent',
  'interrupted',
  'stopped',
  'failed',
  'done',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ['running', 'awaiting-consent'];

const runErrorSchema = z.object({
  /** `limit` runs can be continued; `llm` and `internal` explain what went wrong. */
  kind: z.enum(['llm', 'limit', 'denied', 'internal', 'interrupted']),
  message: z.string(),
  /** The message's key and values, shown in the chosen language (absent on older records). */
  i18n: localTextSchema.optional(),
  /** `settings`: retrying cannot help (a rejected key, no such model, no server there). */
  fix: z.enum(['settings']).optional(),
});
export type RunError = z.infer<typeof runErrorSchema>;

const usageSchema = z.object({
  tokensIn: z.number(),
  tokensOut: z.number(),
  /** Some counts are our estimate: the provider sent no usage for them. */
  estimated: z.boolean(),
  /** Dollars, when every priced call's price was known. */
  cost: z.number().optional(),
});

/**
 * What the footer of a finished answer shows, added up from its steps when the run ends
 * (docs/decisions/0020-run-totals.md), so a session opens without reading any step. A run
 * without it (ended before these were stored, or not by its own loop) is shown from its steps.
 */
const runTotalsSchema = z.object({
  /** The steps its Activity lists. */
  steps: z.number(),
  /** Tokens and price of its own model calls and compressions. */
  usage: usageSchema,
  /** Tokens and price of the model calls of the Fetch Analyses it started. */
  subAgentUsage: usageSchema,
  /** The tabs it read, with the title each had then (the chips under the message). */
  readTabs: z.array(z.object({ tabId: z.number(), title: z.string() })),
  /** Compressions done before its answer: their lines are drawn from the steps. */
  compressions: z.number(),
  /** The consent declaration of its last tool call (a denied tab read offers no way without the web). */
  lastToolConsent: z.string().optional(),
});
export type RunTotals = z.infer<typeof runTotalsSchema>;

export const runSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  userMessageId: z.string(),
  status: z.enum(RUN_STATUSES),
  model: z.string(),
  /** Model steps and fetches used since the run started or was last continued. */
  steps: z.number(),
  fetches: z.number(),
  /** Step index from which repeated tool calls are counted (moves forward on Continue). */
  budgetStart: z.number(),
  /** Tabs attached in the composer, read by the extension before the first model step. */
  attachedTabIds: z.array(z.number()).optional(),
  /** Calls the extension makes before the first model step (attached tabs, URL mode's page). */
  preludeCalls: z.array(toolCallSchema).optional(),
  /** Set on a Fetch Analysis run: the run of the answer it serves. */
  parentRunId: z.string().optional(),
  /** The composer's "Search the web" toggle was on for this message. */
  searchWeb: z.boolean().optional(),
  /**
   * Set on a run that answers an earlier question again (Regenerate, Answer without the web):
   * the user message that opened the turn. The run's own copy of the question is its
   * `userMessageId`; steps are reused across the runs of one turn (step-reuse.ts).
   */
  turnMessageId: z.string().optional(),
  /** Answer without the web: no tool that fetches, searches or calls out is offered. */
  withoutWeb: z.boolean().optional(),
  /** "Allow all fetches for this answer": lives on the run, ends with it. */
  allowAllFetches: z.boolean().optional(),
  /** "Allow all tool calls for this answer" (declared and MCP tools): like allowAllFetches. */
  allowAllToolCalls: z.boolean().optional(),
  error: runErrorSchema.optional(),
  /** Set when the run ends; cleared when it runs again (Resume, Continue). */
  totals: runTotalsSchema.optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type RunRecord = z.infer<typeof runSchema>;

/**
 * What a tool asks before it runs (its declaration, recorded on each of its steps):
 * `none` touches no network and reads nothing private; `tab` reads a tab the user did not
 * attach; `fetch` contacts a URL; `search` sends a query to a search provider; `delegated`
 * runs a sub-agent whose own tools ask; `call` sends its arguments to the endpoint or MCP server
 * the user added it with (declared and MCP tools).
 */
export const CONSENT_DECLARATIONS = [
  'none',
  'tab',
  'fetch',
  'search',
  'delegated',
  'call',
] as const;
export type ConsentDeclaration = (typeof CONSENT_DECLARATIONS)[number];

/**
 * A compression step's outcome: the summary that replaces the listed messages in what is sent
 * (never in what is stored or shown), and the facts the summary had lost and got back verbatim.
 */
const compressionSchema = z.object({
  summary: z.string(),
  /** Tool results and answers the summary stands for; user messages are never among them. */
  replacedIds: z.array(z.string()),
  factsRestored: z.array(z.string()),
  /** `threshold`: the conversation passed 60% of the window; `overflow`: the provider refused. */
  reason: z.enum(['threshold', 'overflow']),
  /**
   * What the requests to the small model held and returned (prompt, summary so far and the
   * stretch, per chunk), the counts the answer's usage and price are made of. The step's own
   * tokensIn/tokensOut are the sizes shown ("12,400 → 1,900 tokens").
   */
  sent: z.object({ tokensIn: z.number(), tokensOut: z.number() }).optional(),
  /** Facts the summary lost that were left out of the put-back to keep it inside its budget. */
  factsLeftOut: z.number().optional(),
});
export type Compression = z.infer<typeof compressionSchema>;

export const stepSchema = z.object({
  id: z.string(),
  runId: z.string(),
  index: z.number(),
  kind: z.enum(['model', 'tool', 'compression']),
  status: z.enum(['running', 'done', 'failed', 'interrupted']),
  model: z.string().optional(),
  toolName: z.string().optional(),
  toolCallId: z.string().optional(),
  /** The tool's consent declaration when the step ran (Activity counts fetches by it). */
  consent: z.enum(CONSENT_DECLARATIONS).optional(),
  arguments: z.string().optional(),
  summary: z.string().optional(),
  /** The summary's message key and values, shown in the chosen language (absent on older ones). */
  summaryI18n: localTextSchema.optional(),
  bytes: z.number().optional(),
  tokensIn: z.number().optional(),
  tokensOut: z.number().optional(),
  attempts: z.number().optional(),
  /** Set when tokensIn/tokensOut are our estimate: the provider sent no usage. */
  usageEstimated: z.boolean().optional(),
  /** Our count of a model step's request before it was sent, to calibrate the next count. */
  tokensEstimated: z.number().optional(),
  /** What a model step cost in dollars, when the model's price is known. */
  cost: z.number().optional(),
  /** On compression steps. */
  compression: compressionSchema.optional(),
  /** A tool step's tool, arguments and user turn (reuse-key.ts). */
  reuseKey: z.string().optional(),
  /** The step whose stored result answered this one (Regenerate, Resume). */
  reusedFrom: z.string().optional(),
  /** While a model step waits to retry: when it asks again, and why (shown as a countdown). */
  retryAt: z.number().optional(),
  retryReason: z.enum(['rate-limited', 'server']).optional(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
});
export type StepRecord = z.infer<typeof stepSchema>;

const CONSENT_KINDS = ['fetch', 'search', 'tab', 'tool'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const consentRequestSchema = z.object({
  id: z.string(),
  runId: z.string(),
  sessionId: z.string(),
  toolCallId: z.string(),
  kind: z.enum(CONSENT_KINDS),
  /** The exact URL to be fetched, the search query, the tab's URL, or the tool's name. */
  target: z.string(),
  /**
   * Shown highlighted: the URL's host, the search provider, the tab's title, or the tool's
   * endpoint or MCP server.
   */
  host: z.string(),
  /** Extra facts for the card (the fetch format, a redirect's origin, a call's arguments). */
  detail: z.string().optional(),
  /** A fetch's address as written, when Gleaner upgraded it from http to https (`target`). */
  asked: z.string().optional(),
  /** Said on the card in words: the address carries text from another source of this chat. */
  warning: z.string().optional(),
  /** The user's question this request serves. */
  question: z.string(),
  /** Whether the card offers a standing grant (never for tabs). */
  grantable: z.boolean(),
  status: z.enum(['pending', 'allowed', 'denied', 'expired']),
  decision: z.enum(['once', 'always', 'deny']).optional(),
  createdAt: z.number(),
  decidedAt: z.number().optional(),
});
export type ConsentRequestRecord = z.infer<typeof consentRequestSchema>;

const GRANT_KINDS = [
  'always-fetch',
  'always-search',
  'private-host-exempt',
  'always-tool',
] as const;
export const grantSchema = z.object({
  id: z.string(),
  kind: z.enum(GRANT_KINDS),
  /**
   * `https://example.com:8443` style origin for sites, the provider id for searches, and for
   * tools the tool's name with its endpoint or server (`name at url`): a tool declared anew
   * with another endpoint asks again.
   */
  host: z.string(),
  createdAt: z.number(),
});
export type GrantRecord = z.infer<typeof grantSchema>;

export const pageFileSchema = z.object({
  id: z.string(),
  /** The Fetch Analysis run whose file tools may see it. */
  runId: z.string(),
  /** A plain file name, unique in its run, e.g. `example.com-docs-intro.md`. */
  name: z.string(),
  url: z.string(),
  markdown: z.string(),
  bytes: z.number(),
  createdAt: z.number(),
});
export type PageFileRecord = z.infer<typeof pageFileSchema>;
