import type { RunManager } from '../../agent/run-manager';
import type { ConsentBroker } from '../../consent/broker';
import type { GleanerDatabase } from '../../db/database';
import type { CommandHandlers } from '../../messaging/protocol';
import { grantHandlers } from './grant-handlers';
import { regenerateHandler } from './regenerate-handler';
import { sessionHandlers } from './session-handlers';

/**
 * Every command the pages can send, each answered by the handler named after it. Runs go to
 * the RunManager (which never runs a turn inside the handler), consent answers to the broker.
 */
export function createCommandHandlers(parts: {
  db: GleanerDatabase;
  runs: RunManager;
  consent: ConsentBroker;
}): CommandHandlers {
  const { db, runs, consent } = parts;
  return {
    startRun: (command) => runs.start(command),
    async stopRun({ runId }) {
      await runs.stop(runId);
      return {};
    },
    resumeRun: ({ runId }) => runs.resume(runId),
    answerConsent: (answer) => consent.answer(answer),
    // The heartbeat only has to reach the worker: receiving it resets the idle timer.
    heartbeat: async () => ({}),
    ...sessionHandlers(db, runs),
    ...grantHandlers(db),
    ...regenerateHandler(db, runs),
  };
}
