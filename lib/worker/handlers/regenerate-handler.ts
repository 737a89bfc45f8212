import type { RunManager } from '../../agent/run-manager';
import { turnOf } from '../../agent/step-reuse';
import type { GleanerDatabase } from '../../db/database';
import { CommandError } from '../../messaging/command-error';
import type { CommandHandlers } from '../../messaging/protocol';

/**
 * Regenerate: asks the question of an earlier answer again, with the same attached tabs and
 * Search the web choice, as a new run of the same session that answers the same turn, so the
 * steps already taken for it (a fetched page, a Fetch Analysis) are answered from what is
 * stored. The earlier answer stays where it is. With `withoutWeb` (Answer without the web,
 * offered after a Deny), or when regenerating such an answer, the new run offers no tool that
 * fetches, searches or calls out.
 */
export function regenerateHandler(
  db: GleanerDatabase,
  runs: Pick<RunManager, 'start'>,
): Pick<CommandHandlers, 'regenerateRun'> {
  return {
    async regenerateRun({ runId, withoutWeb }) {
      const run = await db.runs.get(runId);
      if (!run) throw new CommandError('This answer no longer exists.');
      const question = await db.messages.get(run.userMessageId);
      if (!question) throw new CommandError('The question of this answer no longer exists.');
      return runs.start({
        sessionId: run.sessionId,
        text: question.content,
        turnMessageId: turnOf(run),
        ...(run.attachedTabIds?.length ? { tabIds: run.attachedTabIds } : {}),
        // The choices of the answer are kept: a regenerated Answer without the web stays so.
        ...(withoutWeb || run.withoutWeb
          ? { withoutWeb: true }
          : run.searchWeb
            ? { searchWeb: true }
            : {}),
      });
    },
  };
}
