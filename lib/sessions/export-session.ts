import type { GleanerDatabase } from '../db/database';
import { runSteps, sessionMessages, sessionRuns } from '../db/queries';
import type { MessageRecord, RunRecord, SessionRecord, Source, StepRecord } from '../db/records';

/** The `format` and `version` an export file carries; import checks both. */
export const EXPORT_FORMAT = 'gleaner-sessions';
export const EXPORT_VERSION = 1;

/** One session with everything stored for it, and its Fetch Analysis sessions nested inside. */
export interface SessionBundle {
  session: SessionRecord;
  messages: MessageRecord[];
  runs: RunRecord[];
  steps: StepRecord[];
  childSessions: SessionBundle[];
}

interface SessionsExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  sessions: SessionBundle[];
}

/**
 * Reads one session as stored, with its child sessions (read access only: pages may call this).
 * Settings and the API key live in extension storage, not in Dexie, so they cannot end up here.
 */
export async function readSessionBundle(
  db: GleanerDatabase,
  sessionId: string,
): Promise<SessionBundle | undefined> {
  const session = await db.sessions.get(sessionId);
  if (!session) return undefined;
  const [messages, runs, children] = await Promise.all([
    sessionMessages(db, sessionId),
    sessionRuns(db, sessionId),
    db.sessions.where('parentSessionId').equals(sessionId).sortBy('createdAt'),
  ]);
  const steps = await Promise.all(runs.map((run) => runSteps(db, run.id)));
  const childSessions = await Promise.all(children.map((child) => readSessionBundle(db, child.id)));
  return {
    session,
    messages,
    runs,
    steps: steps.flat(),
    childSessions: childSessions.filter((child) => child !== undefined),
  };
}

/** Every top-level session, newest first, each with its children. */
export async function readAllSessionBundles(db: GleanerDatabase): Promise<SessionBundle[]> {
  const sessions = await db.sessions.orderBy('updatedAt').reverse().toArray();
  const topLevel = sessions.filter((session) => session.parentSessionId === undefined);
  const bundles = await Promise.all(topLevel.map((session) => readSessionBundle(db, session.id)));
  return bundles.filter((bundle) => bundle !== undefined);
}

export function buildJsonExport(bundles: SessionBundle[], now = new Date()): string {
  const file: SessionsExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    sessions: bundles,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

const TOOL_ARGUMENTS_MAX = 120;

/** One line per tool call: its name and arguments, cut short. Results (page text) are left out. */
function toolCallLine(name: string, rawArguments: string): string {
  let shown = rawArguments.replace(/\s+/g, ' ').trim();
  try {
    const parsed: unknown = JSON.parse(rawArguments);
    if (parsed && typeof parsed === 'object') {
      shown = Object.entries(parsed)
        .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
        .join(', ');
    }
  } catch {
    // Malformed arguments are shown as the model wrote them.
  }
  if (shown.length > TOOL_ARGUMENTS_MAX) shown = `${shown.slice(0, TOOL_ARGUMENTS_MAX - 1)}…`;
  return `- Tool call: \`${name}\`${shown ? ` (${shown.replaceAll('`', "'")})` : ''}`;
}

function sourceLine(source: Source): string {
  const title = (source.title || source.url).replace(/([[\]\\])/g, '\\$1');
  const url = source.url.replaceAll('(', '%28').replaceAll(')', '%29').replaceAll(' ', '%20');
  // The number is the one the answer's markers [n] use; uncited sources say so.
  const number = source.number === undefined ? '' : `[${source.number}] `;
  const uncited = source.cited === false ? ' (also read)' : '';
  return `- ${number}[${title}](${url})${source.note ? ` (${source.note})` : ''}${uncited}`;
}

function isoDate(time: number | Date): string {
  return new Date(time).toISOString().slice(0, 10);
}

function isoMinute(time: number): string {
  return new Date(time).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * The session as a readable document: each question and its answer in order, the answer's
 * sources as links and its notice, tool calls as one line each. Tool results are not included:
 * they are raw page text, not part of the conversation a reader wants.
 */
export function buildMarkdownExport(bundle: SessionBundle, now = new Date()): string {
  const lines: string[] = [
    `# ${bundle.session.title}`,
    '',
    `Started ${isoMinute(bundle.session.createdAt)} UTC. Exported from Gleaner on ${isoDate(now)}.`,
  ];
  const messages = [...bundle.messages].sort((a, b) => a.seq - b.seq);
  let inAnswer = false;
  for (const message of messages) {
    if (message.role === 'user') {
      lines.push('', '## You', '', message.content.trim());
      inAnswer = false;
      continue;
    }
    if (message.role !== 'assistant') continue;
    if (!inAnswer) {
      lines.push('', '## Gleaner');
      inAnswer = true;
    }
    if (message.content.trim()) lines.push('', message.content.trim());
    if (message.toolCalls?.length) {
      lines.push('', ...message.toolCalls.map((call) => toolCallLine(call.name, call.arguments)));
    }
    if (message.sources?.length) lines.push('', 'Sources:', '', ...message.sources.map(sourceLine));
    if (message.notice) lines.push('', `> ${message.notice.replace(/\n/g, ' ')}`);
    if (message.status !== 'done' && message.status !== 'streaming') {
      lines.push('', `_This answer is ${message.status}._`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `gleaner-<slug-of-title>-<yyyy-mm-dd>.<extension>`; the slug is ASCII, at most 50 characters. */
export function exportFileName(title: string, extension: 'md' | 'json', now = new Date()): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .replace(/-+$/, '') || 'session';
  return `gleaner-${slug}-${isoDate(now)}.${extension}`;
}
