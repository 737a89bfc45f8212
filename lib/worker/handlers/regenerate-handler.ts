import type { RunManager } from '../../agent/run-manager';
import type { GleanerDatabase } from '../../db/database';
import { CommandError } from '../../messaging/command-error';
import type { CommandHandlers } from '../../messaging/protocol';

/**
 * Regenerate: asks the question of an earlier answer again, with the same attached tabs and
 * Search the web choice, as a new run of the same session. The earlier answer stays where it is.
 */
export function regenerateHandler(
  db: GleanerDatabase,
  runs: Pick<RunManager, 'start'>,
): Pick<CommandHandlers, 'regenerateRun'> {
  return {
    async regenerateRun({ runId }) {
      const run = await db.runs.get(runId);
      if (!run) throw new CommandError('This answer no longer exists.');
      const question = await db.messages.get(run.userMessageId);
      if (!question) throw new CommandError('The question of this answer no longer exists.');
      return runs.start({
        sessionId: run.sessionId,
        text: question.content,
        ...(run.attachedTabIds?.length ? { tabIds: run.attachedTabIds } : {}),
        ...(run.searchWeb ? { searchWeb: true } : {}),
      });
    },
  };
}
