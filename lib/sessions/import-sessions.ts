import { z } from 'zod';
import type { GleanerDatabase } from '../db/database';
import { withRecordedConsent } from '../db/legacy-consent';
import { newId } from '../db/queries';
import {
  ACTIVE_RUN_STATUSES,
  type MessageRecord,
  messageSchema,
  type RunRecord,
  runSchema,
  type SessionRecord,
  type StepRecord,
  sessionSchema,
  stepSchema,
} from '../db/records';
import { inEnglish, local } from '../i18n/local-text';
import { EXPORT_FORMAT, EXPORT_VERSION, type SessionBundle } from './export-session';

export class ImportError extends Error {
  override readonly name = 'ImportError';
}

const bundleSchema: z.ZodType<SessionBundle> = z.lazy(() =>
  z.object({
    session: sessionSchema,
    messages: z.array(messageSchema),
    runs: z.array(runSchema),
    steps: z.array(stepSchema),
    childSessions: z.array(bundleSchema),
  }),
);

const exportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  sessions: z.array(bundleSchema),
});

/** `sessions[0].messages[2].status`: the path as a reader of the file would write it. */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** Checks the file and returns its sessions; throws an ImportError naming the first problem. */
export function parseSessionsExport(json: string): SessionBundle[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new ImportError('The file is not JSON, so it cannot be a Gleaner export.');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new ImportError('The file is not a Gleaner export: it holds no export object.');
  }
  const header = data as { format?: unknown; version?: unknown };
  if (header.format !== EXPORT_FORMAT) {
    throw new ImportError(
      `The file is not a Gleaner export: its format is not "${EXPORT_FORMAT}".`,
    );
  }
  if (header.version !== EXPORT_VERSION) {
    throw new ImportError(
      `The file is a Gleaner export of version ${JSON.stringify(header.version)}, which this version of Gleaner cannot import (it reads version ${EXPORT_VERSION}).`,
    );
  }
  const parsed = exportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? pathText(issue.path) : '';
    throw new ImportError(
      `The file has an invalid record at ${where || 'its top level'}: ${issue?.message ?? 'invalid'}.`,
    );
  }
  return parsed.data.sessions;
}

interface ImportRecords {
  sessions: SessionRecord[];
  messages: MessageRecord[];
  runs: RunRecord[];
  steps: StepRecord[];
}

/**
 * Gives every record a new id so an import never overwrites what is stored (importing twice
 * makes two copies), and rewrites the links between records to the new ids. A run that was
 * still active when exported cannot go on here, so it is stored as stopped.
 */
function remapBundles(bundles: SessionBundle[], now = Date.now()): ImportRecords[] {
  const flat: Array<{ bundle: SessionBundle; path: string; top: number; parentId?: string }> = [];
  const sessionIds = new Map<string, string>();
  const messageIds = new Map<string, string>();
  const runIds = new Map<string, string>();
  const collect = (bundle: SessionBundle, path: string, top: number, parentId?: string) => {
    const id = newId();
    sessionIds.set(bundle.session.id, id);
    flat.push({ bundle, path, top, parentId: parentId });
    for (const message of bundle.messages) messageIds.set(message.id, newId());
    for (const run of bundle.runs) runIds.set(run.id, newId());
    bundle.childSessions.forEach((child, index) => {
      collect(child, `${path}.childSessions[${index}]`, top, id);
    });
  };
  bundles.forEach((bundle, index) => {
    collect(bundle, `sessions[${index}]`, index);
  });

  // One group per top-level session, with its child sessions, so a batch never splits a tree.
  const groups: ImportRecords[] = bundles.map(() => ({
    sessions: [],
    messages: [],
    runs: [],
    steps: [],
  }));
  for (const { bundle, path, top, parentId } of flat) {
    const records = groups[top]!;
    const sessionId = sessionIds.get(bundle.session.id)!;
    const { parentSessionId: _parent, ...session } = bundle.session;
    records.sessions.push({
      ...session,
      id: sessionId,
      originId: originOf(bundle.session),
      ...(parentId ? { parentSessionId: parentId } : {}),
    });
    bundle.messages.forEach((message, index) => {
      let runId: string | undefined;
      if (message.runId !== undefined) {
        runId = runIds.get(message.runId);
        if (!runId) {
          throw new ImportError(
            `The file has an invalid record at ${path}.messages[${index}].runId: it names a run that is not in the file.`,
          );
        }
      }
      records.messages.push({
        ...message,
        id: messageIds.get(message.id)!,
        sessionId,
        ...(runId ? { runId } : {}),
        status: message.status === 'streaming' ? 'stopped' : message.status,
      });
    });
    for (const run of bundle.runs) {
      const active = ACTIVE_RUN_STATUSES.includes(run.status);
      const parentRunId = run.parentRunId && runIds.get(run.parentRunId);
      const { parentRunId: _parentRun, ...rest } = run;
      records.runs.push({
        ...rest,
        id: runIds.get(run.id)!,
        sessionId,
        // Links to records outside the file are kept as they were; they point at nothing here.
        userMessageId: messageIds.get(run.userMessageId) ?? run.userMessageId,
        ...(run.turnMessageId
          ? { turnMessageId: messageIds.get(run.turnMessageId) ?? run.turnMessageId }
          : {}),
        ...(parentRunId ? { parentRunId } : {}),
        ...(active
          ? {
              status: 'stopped' as const,
              allowAllFetches: false,
              updatedAt: now,
              error: {
                kind: 'interrupted' as const,
                message: inEnglish(local('runExportedWhileRunning')),
                i18n: local('runExportedWhileRunning'),
              },
            }
          : {}),
      });
    }
    bundle.steps.forEach((step, index) => {
      const runId = runIds.get(step.runId);
      if (!runId) {
        throw new ImportError(
          `The file has an invalid record at ${path}.steps[${index}].runId: it names a run that is not in the file.`,
        );
      }
      records.steps.push({
        ...withRecordedConsent(step),
        id: newId(),
        runId,
        ...(step.reuseKey ? { reuseKey: remapReuseKey(step.reuseKey, messageIds) } : {}),
        ...(step.status === 'running' ? { status: 'interrupted' as const, endedAt: now } : {}),
      });
    });
  }
  return groups;
}

/**
 * A tool step's reuse key starts with the id of the user turn it served (then the tool and its
 * arguments, one per line), so that a Regenerate of that turn gets the stored result. The turn
 * has a new id here; without this the imported steps would never be reused.
 */
function remapReuseKey(key: string, messageIds: Map<string, string>): string {
  const newline = key.indexOf('\n');
  if (newline < 0) return key;
  const turn = messageIds.get(key.slice(0, newline));
  return turn ? turn + key.slice(newline) : key;
}

/** Top-level sessions (with their child sessions) written per transaction. */
export const IMPORT_BATCH_SESSIONS = 50;

export interface ImportOptions {
  /** Top-level sessions per transaction; defaults to IMPORT_BATCH_SESSIONS. */
  batchSessions?: number;
  /** Called after each batch is stored with the top-level sessions stored so far and in all. */
  onProgress?: (stored: number, total: number) => void;
}

function concatRecords(groups: readonly ImportRecords[]): ImportRecords {
  return {
    sessions: groups.flatMap((group) => group.sessions),
    messages: groups.flatMap((group) => group.messages),
    runs: groups.flatMap((group) => group.runs),
    steps: groups.flatMap((group) => group.steps),
  };
}

/** Where a session was first made: its origin if it came from an import, else its own id. */
function originOf(session: Pick<SessionRecord, 'id' | 'originId'>): string {
  return session.originId ?? session.id;
}

/**
 * Validates an export file and writes the sessions that are not here yet (see writeBundles):
 * a file that fails any check changes nothing. A session is already here when one stored has
 * its origin (the same session, or an earlier import of it).
 */
export async function importNewSessions(
  db: GleanerDatabase,
  json: string,
  now = Date.now(),
  options: ImportOptions = {},
): Promise<{ imported: number; alreadyHere: number }> {
  const all = parseSessionsExport(json);
  const known = new Set<string>();
  for (const session of await db.sessions.toArray()) {
    known.add(session.id);
    if (session.originId) known.add(session.originId);
  }
  const bundles = all.filter((bundle) => !known.has(originOf(bundle.session)));
  await writeBundles(db, bundles, now, options);
  return { imported: bundles.length, alreadyHere: all.length - bundles.length };
}

/**
 * Validates an export file and writes all its sessions, as copies (see writeBundles). Returns
 * how many top-level sessions were imported.
 */
export async function importSessions(
  db: GleanerDatabase,
  json: string,
  now = Date.now(),
  options: ImportOptions = {},
): Promise<number> {
  const bundles = parseSessionsExport(json);
  await writeBundles(db, bundles, now, options);
  return bundles.length;
}

/**
 * Writes sessions in batches, one transaction per batch, so a large file neither holds one huge
 * transaction open nor keeps every write's undo data until the end; every check ran before the
 * first write. If the browser refuses a later batch (a full disk), the batches already stored
 * are deleted again, so a failed import still leaves what the user had as it was.
 */
async function writeBundles(
  db: GleanerDatabase,
  bundles: SessionBundle[],
  now: number,
  options: ImportOptions,
): Promise<void> {
  const groups = remapBundles(bundles, now);
  const size = Math.max(1, Math.floor(options.batchSessions ?? IMPORT_BATCH_SESSIONS));
  const stored: ImportRecords[] = [];
  try {
    for (let start = 0; start < groups.length; start += size) {
      const batch = concatRecords(groups.slice(start, start + size));
      await db.transaction('rw', [db.sessions, db.messages, db.runs, db.steps], async () => {
        await db.sessions.bulkAdd(batch.sessions);
        await db.messages.bulkAdd(batch.messages);
        await db.runs.bulkAdd(batch.runs);
        await db.steps.bulkAdd(batch.steps);
      });
      stored.push(batch);
      options.onProgress?.(Math.min(groups.length, start + size), groups.length);
    }
  } catch (error) {
    const written = concatRecords(stored);
    await db
      .transaction('rw', [db.sessions, db.messages, db.runs, db.steps], async () => {
        await db.sessions.bulkDelete(written.sessions.map((record) => record.id));
        await db.messages.bulkDelete(written.messages.map((record) => record.id));
        await db.runs.bulkDelete(written.runs.map((record) => record.id));
        await db.steps.bulkDelete(written.steps.map((record) => record.id));
      })
      // The refusal the user must read is the first one; a failed clean-up must not hide it.
      .catch(() => undefined);
    throw error;
  }
}
