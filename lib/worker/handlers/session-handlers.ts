import type { RunManager } from '../../agent/run-manager';
import type { GleanerDatabase } from '../../db/database';
import { deleteSessionCascade } from '../../db/queries';
import { CommandError } from '../../messaging/command-error';
import type { CommandHandlers, WorkerEvent } from '../../messaging/protocol';
import { ImportError, importNewSessions } from '../../sessions/import-sessions';

/** Rename, delete and import: the sessions list's commands. */
export function sessionHandlers(
  db: GleanerDatabase,
  runs: RunManager,
  /** Posts to every open page: an import's progress shows in any panel's Sessions screen. */
  broadcast: (event: WorkerEvent) => void = () => {},
): Pick<CommandHandlers, 'renameSession' | 'deleteSession' | 'importSessions'> {
  return {
    async renameSession({ sessionId, title }) {
      const updated = await db.sessions.update(sessionId, { title: title.trim() });
      if (!updated) throw new CommandError('This chat no longer exists.');
      return {};
    },
    async deleteSession({ sessionId }) {
      await runs.stopSession(sessionId);
      await deleteSessionCascade(db, sessionId);
      return {};
    },
    async importSessions({ json }) {
      try {
        return await importNewSessions(db, json, Date.now(), {
          onProgress: (stored, total) => broadcast({ type: 'import-progress', stored, total }),
        });
      } catch (error) {
        if (error instanceof ImportError) throw new CommandError(error.message);
        throw error;
      }
    },
  };
}
