import type { GleanerDatabase } from '../db/database';
import { sessionSizes } from '../db/session-sizes';
import { storageFullText } from '../db/storage-full';
import { inEnglish } from '../i18n/local-text';
import type { WorkerEvent } from '../messaging/protocol';

/** One sentence per session at most this often while writes keep failing. */
const REPEAT_AFTER_MS = 5_000;

/**
 * Tells open panels, over the Port (the database is what is full), that an answer cannot be
 * saved and how to free space, naming the largest sessions; and when writes succeed again.
 */
export function storageFullNotices(db: GleanerDatabase, broadcast: (event: WorkerEvent) => void) {
  const saidAt = new Map<string, number>();
  return async (sessionId: string, full: boolean) => {
    if (!full) {
      if (saidAt.delete(sessionId)) broadcast({ type: 'storage-full', sessionId });
      return;
    }
    const last = saidAt.get(sessionId);
    if (last !== undefined && Date.now() - last < REPEAT_AFTER_MS) return;
    saidAt.set(sessionId, Date.now());
    try {
      // Reading still works when writing does not.
      const sessions = await sessionSizes(db);
      const ownerId = (await db.sessions.get(sessionId))?.parentSessionId ?? sessionId;
      const unsavedTitle = sessions.find((session) => session.id === ownerId)?.title ?? '';
      const text = storageFullText({ unsavedTitle, sessions });
      broadcast({
        type: 'storage-full',
        sessionId: ownerId,
        message: inEnglish(text),
        i18n: text,
      });
    } catch (error) {
      console.error('Gleaner could not describe the full storage', error);
    }
  };
}
