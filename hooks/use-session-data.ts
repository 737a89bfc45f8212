import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { getDatabase } from '../lib/db/database';
import { sessionMessages, sessionRuns } from '../lib/db/queries';
import type { MessageRecord, RunRecord, SessionRecord, StepRecord } from '../lib/db/records';
import { runsToRead } from '../lib/sessions/run-totals';
import { watchRunSteps } from './watch-run-steps';

interface SessionData {
  sessionId: string;
  /** null when the session does not exist (deleted, perhaps from another panel). */
  session: SessionRecord | null;
  messages: MessageRecord[];
  /** Oldest first; the last one is the run whose state the panel shows. */
  runs: RunRecord[];
  /** The steps of the runs read (see runsToRead); a run not read (yet) has no entry. */
  stepsByRun: ReadonlyMap<string, StepRecord[]>;
  /** Ids of the Fetch Analysis sessions started by this session's tool calls. */
  childSessionIds: string[];
}

const NOT_READ_YET: ReadonlyMap<string, StepRecord[]> = new Map();

/** Read results tagged with the session they belong to, so a switch never mixes two sessions. */
type Tagged<T> = { sessionId: string; value: T };

function useTagged<T>(sessionId: string | null, read: (id: string) => Promise<T>) {
  return useLiveQuery(
    async (): Promise<Tagged<T> | undefined> =>
      sessionId ? { sessionId, value: await read(sessionId) } : undefined,
    [sessionId],
  );
}

function useStepsByRun(
  sessionId: string | null,
  runs: Tagged<RunRecord[]> | undefined,
  session: Tagged<SessionRecord | null> | undefined,
  openActivities: ReadonlySet<string>,
) {
  const [stepsByRun, setStepsByRun] = useState<Tagged<ReadonlyMap<string, StepRecord[]>>>();
  const [watch, setWatch] = useState<ReturnType<typeof watchRunSteps>>();
  useEffect(() => {
    if (!sessionId) return;
    const started = watchRunSteps(getDatabase(), (steps) =>
      setStepsByRun({ sessionId, value: steps }),
    );
    setWatch(started);
    return () => started.stop();
  }, [sessionId]);
  const known = runs?.sessionId === sessionId && session?.sessionId === sessionId;
  const runKey = known
    ? runsToRead(runs!.value, openActivities, session!.value?.parentSessionId !== undefined)
        .map((run) => run.id)
        .join('\n')
    : '';
  useEffect(() => {
    if (watch && known) watch.setRuns(runKey ? runKey.split('\n') : []);
  }, [watch, runKey, known]);
  return stepsByRun;
}

/**
 * What the chat view shows for one session, read live from what the worker stored. Each part is
 * its own query, so an answer being written re-reads its message list, and a step being stored
 * re-reads that run's steps, instead of everything each time. Steps are read only for the runs
 * that need them (runsToRead): a finished answer's footer comes from its run's stored totals,
 * and its steps are read when its Activity is opened.
 */
export function useSessionData(
  sessionId: string | null,
  openActivities: ReadonlySet<string>,
): SessionData | undefined {
  const db = getDatabase();
  const session = useTagged(sessionId, async (id) => (await db.sessions.get(id)) ?? null);
  const messages = useTagged(sessionId, (id) => sessionMessages(db, id));
  const runs = useTagged(sessionId, (id) => sessionRuns(db, id));
  const children = useTagged(sessionId, (id) =>
    db.sessions.where('parentSessionId').equals(id).primaryKeys(),
  );
  const steps = useStepsByRun(sessionId, runs, session, openActivities);
  return useMemo(() => {
    const parts = [session, messages, runs];
    if (!sessionId || parts.some((part) => part?.sessionId !== sessionId)) return undefined;
    // The conversation is drawn once its messages and runs are read. Steps are read after the
    // runs (they say which runs need theirs), and the child sessions only name consent cards to
    // look for: waiting for them would hold a new chat's first words back by a read or two.
    return {
      sessionId,
      session: session!.value,
      messages: messages!.value,
      runs: runs!.value,
      stepsByRun: steps?.sessionId === sessionId ? steps.value : NOT_READ_YET,
      childSessionIds: children?.sessionId === sessionId ? children.value : [],
    };
  }, [sessionId, session, messages, runs, children, steps]);
}
