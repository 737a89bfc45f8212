import { z } from 'zod';
import type { LocalText } from '../i18n/local-text';

/** Kept here, not imported from lib/sessions, so pages can validate without pulling in Dexie. */
export const IMPORT_MAX_CHARS = 20_000_000;

/** The Port the side panel and options page open to the background worker. */
export const PORT_NAME = 'gleaner';

const id = z.string().min(1).max(100);

/** Commands go down from a page to the worker. Each one is validated before it is handled. */
const commandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('startRun'),
    /** Omitted for a new chat: the worker creates the session. */
    sessionId: id.optional(),
    text: z
      .string()
      .trim()
      .min(1, 'The message is empty.')
      .max(200_000, 'The message is longer than 200,000 characters.'),
    /** Tabs attached in the composer; the worker reads them when the run starts. */
    tabIds: z.array(z.number().int().nonnegative()).max(20, 'Attach at most 20 tabs.').optional(),
    /** The composer's "Search the web" toggle: use agentic_fetch in search mode. */
    searchWeb: z.boolean().optional(),
  }),
  z.object({ type: z.literal('stopRun'), runId: id }),
  z.object({ type: z.literal('resumeRun'), runId: id }),
  /**
   * Regenerate: ask the question of this answer again (a new run of the same turn; the old
   * answer stays). `withoutWeb`: Answer without the web, offered after a Deny.
   */
  z.object({ type: z.literal('regenerateRun'), runId: id, withoutWeb: z.boolean().optional() }),
  z.object({
    type: z.literal('renameSession'),
    sessionId: id,
    title: z.string().trim().min(1, 'A session title cannot be empty.').max(200),
  }),
  z.object({ type: z.literal('deleteSession'), sessionId: id }),
  z.object({
    type: z.literal('importSessions'),
    /** The text of an export file; the worker validates its records (lib/sessions/import-sessions.ts). */
    json: z
      .string()
      .min(1, 'The file is empty.')
      .max(IMPORT_MAX_CHARS, 'The file is larger than 20 MB, more than Gleaner imports at once.'),
  }),
  z.object({
    type: z.literal('answerConsent'),
    requestId: id,
    decision: z.enum(['once', 'always', 'deny']),
    allowAllForAnswer: z.boolean().optional(),
  }),
  z.object({ type: z.literal('revokeGrant'), grantId: id }),
  z.object({
    type: z.literal('exemptPrivateHost'),
    /** `host` or `host:port`, e.g. `searx.lan:8080`: fetches to it skip the private-address guard. */
    host: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/,
        'Enter a host name or address, optionally with a port (like searx.lan:8080).',
      ),
  }),
  z.object({ type: z.literal('heartbeat') }),
]);
export type Command = z.infer<typeof commandSchema>;
type CommandType = Command['type'];
type CommandOf<C extends CommandType> = Extract<Command, { type: C }>;

/** What each command answers with when it succeeds: one reply type per command. */
interface CommandReplies {
  startRun: { sessionId: string; runId: string };
  stopRun: Record<string, never>;
  resumeRun: { sessionId: string; runId: string };
  regenerateRun: { sessionId: string; runId: string };
  renameSession: Record<string, never>;
  deleteSession: Record<string, never>;
  /** `alreadyHere`: sessions in the file that were imported or made here before (skipped). */
  importSessions: { imported: number; alreadyHere: number };
  answerConsent: { applied: boolean };
  revokeGrant: Record<string, never>;
  exemptPrivateHost: Record<string, never>;
  heartbeat: Record<string, never>;
}
type ReplyOf<C extends CommandType> = CommandReplies[C];

/** The worker's side of the protocol: one handler per command type, named after it. */
export type CommandHandlers = {
  [C in CommandType]: (command: CommandOf<C>) => Promise<ReplyOf<C>>;
};

export type Request = { requestId: string; command: Command };

export type CommandResult<C extends CommandType = CommandType> =
  | { ok: true; value: ReplyOf<C> }
  | { ok: false; error: string };

/** Messages the worker posts up the Port. Stored state stays the truth; deltas only make it fast. */
export type WorkerEvent =
  | { type: 'reply'; requestId: string; result: CommandResult }
  /**
   * Streamed answer text, append-only: `text` goes at `offset` of the message's cleaned text, so
   * a long answer costs its length over the Port, once; `tail` is shown after it until the next
   * delta replaces it (a character the next chunk may still change). A page that has less than
   * `offset` fills the gap from the stored message (lib/messaging/delta-assembly.ts).
   */
  | {
      type: 'message-delta';
      messageId: string;
      offset: number;
      text: string;
      tail: string;
      at: number;
    }
  /** Browser storage refused a write of this session's answer (`message` says so), or took one again (no `message`). */
  | { type: 'storage-full'; sessionId: string; message?: string; i18n?: LocalText }
  /** An import stored another batch: `stored` of its `total` top-level sessions so far. */
  | { type: 'import-progress'; stored: number; total: number };

/**
 * Only our own extension pages may command the worker: a content script or another extension
 * shares the Port API but not our page origin. `extensionOrigin` is `chrome-extension://<id>/`.
 */
export function isTrustedSender(
  sender: { id?: string; url?: string; tab?: unknown } | undefined,
  extensionId: string,
  extensionOrigin: string,
): boolean {
  if (!sender || sender.id !== extensionId || !sender.url) return false;
  let origin: string;
  try {
    origin = new URL(sender.url).origin;
  } catch {
    return false;
  }
  return origin === new URL(extensionOrigin).origin;
}

/** Turns a zod failure into one sentence that names the command and the field. */
export function parseCommand(
  raw: unknown,
): { ok: true; command: Command } | { ok: false; error: string } {
  const parsed = commandSchema.safeParse(raw);
  if (parsed.success) return { ok: true, command: parsed.data };
  const type =
    raw && typeof raw === 'object' && 'type' in raw ? String((raw as { type: unknown }).type) : '?';
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
  return { ok: false, error: `Rejected command "${type}"${where}: ${issue?.message ?? 'invalid'}` };
}
