import Dexie from 'dexie';
import { inEnglish, local } from '../i18n/local-text';
import type { GleanerDatabase } from './database';
import {
  ACTIVE_RUN_STATUSES,
  type MessageRecord,
  type RunRecord,
  type SessionRecord,
  type StepRecord,
} from './records';

export function newId(): string {
  return crypto.randomUUID();
}

const TITLE_MAX = 80;

/** A session's title is its first user message, trimmed: whitespace collapsed, long ones cut. */
export function titleFromMessage(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= TITLE_MAX) return oneLine;
  return `${oneLine.slice(0, TITLE_MAX - 1).trimEnd()}…`;
}

export async function createSession(
  db: GleanerDatabase,
  fields: Pick<SessionRecord, 'title'> & Partial<SessionRecord>,
  now = Date.now(),
): Promise<SessionRecord> {
  const session: SessionRecord = { id: newId(), createdAt: now, updatedAt: now, ...fields };
  await db.sessions.add(session);
  return session;
}

export function sessionMessages(db: GleanerDatabase, sessionId: string): Promise<MessageRecord[]> {
  return db.messages
    .where('[sessionId+seq]')
    .between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey])
    .toArray();
}

/** The seq a message added now at the end of its session gets. */
export async function nextSeq(db: GleanerDatabase, sessionId: string): Promise<number> {
  const last = await db.messages
    .where('[sessionId+seq]')
    .between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey])
    .last();
  return last ? last.seq + 1 : 0;
}

/** Adds a message at the end of its session and touches the session's updatedAt. */
export async function appendMessage(
  db: GleanerDatabase,
  fields: Omit<MessageRecord, 'id' | 'seq' | 'createdAt'> & { createdAt?: number },
): Promise<MessageRecord> {
  return db.transaction('rw', db.messages, db.sessions, async () => {
    const createdAt = fields.createdAt ?? Date.now();
    const message: MessageRecord = {
      ...fields,
      id: newId(),
      seq: await nextSeq(db, fields.sessionId),
      createdAt,
    };
    await db.messages.add(message);
    await db.sessions.update(fields.sessionId, { updatedAt: createdAt });
    return message;
  });
}

export function runSteps(db: GleanerDatabase, runId: string): Promise<StepRecord[]> {
  return db.steps
    .where('[runId+index]')
    .between([runId, Dexie.minKey], [runId, Dexie.maxKey])
    .toArray();
}

/** A session's runs, oldest first. */
export function sessionRuns(db: GleanerDatabase, sessionId: string): Promise<RunRecord[]> {
  return db.runs
    .where('[sessionId+createdAt]')
    .between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey])
    .toArray();
}

export function latestRun(db: GleanerDatabase, sessionId: string): Promise<RunRecord | undefined> {
  return db.runs
    .where('[sessionId+createdAt]')
    .between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey])
    .last();
}

export async function activeRunOf(
  db: GleanerDatabase,
  sessionId: string,
): Promise<RunRecord | undefined> {
  const run = await latestRun(db, sessionId);
  return run && ACTIVE_RUN_STATUSES.includes(run.status) ? run : undefined;
}

/** Sessions shown in the list: top level only (Fetch Analysis sessions open from their tool call). */
export async function topLevelSessions(db: GleanerDatabase): Promise<SessionRecord[]> {
  const all = await db.sessions.orderBy('updatedAt').reverse().toArray();
  return all.filter((session) => session.parentSessionId === undefined);
}

/** Deletes a session with its messages, runs, steps and child (Fetch Analysis) sessions. */
export async function deleteSessionCascade(db: GleanerDatabase, sessionId: string): Promise<void> {
  await db.transaction('rw', [db.sessions, db.messages, db.runs, db.steps, db.pages], async () => {
    const ids = [sessionId];
    for (let index = 0; index < ids.length; index++) {
      const children = await db.sessions.where('parentSessionId').equals(ids[index]!).primaryKeys();
      ids.push(...children);
    }
    for (const id of ids) {
      const runIds = await db.runs
        .where('[sessionId+createdAt]')
        .between([id, Dexie.minKey], [id, Dexie.maxKey])
        .primaryKeys();
      for (const runId of runIds) {
        await db.pages.where('[runId+name]').between([runId, ''], [runId, '\uffff']).delete();
        await db.steps
          .where('[runId+index]')
          .between([runId, Dexie.minKey], [runId, Dexie.maxKey])
          .delete();
      }
      await db.runs.bulkDelete(runIds);
      await db.messages
        .where('[sessionId+seq]')
        .between([id, Dexie.minKey], [id, Dexie.maxKey])
        .delete();
    }
    await db.sessions.bulkDelete(ids);
  });
}

/**
 * Called when the worker starts: nothing can be running yet, so any run still marked running or
 * awaiting consent was cut off by the browser stopping the worker. Mark it interrupted with what
 * it had, so the panel offers Resume.
 */
export async function markInterruptedRuns(db: GleanerDatabase, now = Date.now()): Promise<number> {
  return db.transaction('rw', [db.runs, db.messages, db.steps], async () => {
    const runs = await db.runs.where('status').anyOf(ACTIVE_RUN_STATUSES).toArray();
    for (const run of runs) {
      await db.runs.update(run.id, {
        status: 'interrupted',
        // "Allow all fetches for this answer" ends when the answer is interrupted.
        allowAllFetches: false,
        updatedAt: now,
        error: {
          kind: 'interrupted',
          message: inEnglish(local('runInterruptedByBrowser')),
          i18n: local('runInterruptedByBrowser'),
        },
      });
      await db.messages
        .where('runId')
        .equals(run.id)
        .and((message) => message.status === 'streaming')
        .modify({ status: 'interrupted' });
      await db.steps
        .where('[runId+index]')
        .between([run.id, Dexie.minKey], [run.id, Dexie.maxKey])
        .and((step) => step.status === 'running')
        .modify({ status: 'interrupted', endedAt: now });
    }
    return runs.length;
  });
}
