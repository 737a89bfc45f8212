import type { RunManager } from '../../agent/run-manager';
import type { ConsentBroker } from '../../consent/broker';
import type { GleanerDatabase } from '../../db/database';
import type { CommandHandlers, WorkerEvent } from '../../messaging/protocol';
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
  /** Posts an event to every open page (an import's progress). */
  broadcast?: (event: WorkerEvent) => void;
}): CommandHandlers {
  const { db, runs, consent, broadcast } = parts;
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
    ...sessionHandlers(db, runs, broadcast),
    ...grantHandlers(db),
    ...regenerateHandler(db, runs),
  };
}
