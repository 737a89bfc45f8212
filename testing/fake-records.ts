import type { ConsentRequestRecord, RunRecord, SessionRecord, StepRecord } from '../lib/db/records';

/** A session record with the fields a test does not care about filled in. */
export function fakeSession(id: string, fields: Partial<SessionRecord> = {}): SessionRecord {
  return { id, title: id, createdAt: 0, updatedAt: 0, ...fields };
}

/** A finished run of `sessionId`, with the fields a test does not care about filled in. */
export function fakeRun(id: string, sessionId: string, fields: Partial<RunRecord> = {}): RunRecord {
  return {
    id,
    sessionId,
    userMessageId: `${id}-u`,
    status: 'done',
    model: 'small-model',
    steps: 0,
    fetches: 0,
    budgetStart: 0,
    createdAt: 1,
    updatedAt: 1,
    ...fields,
  };
}

/** A finished model step at `index` of `runId`. */
export function fakeStep(
  id: string,
  runId: string,
  index: number,
  fields: Partial<StepRecord> = {},
): StepRecord {
  return {
    id,
    runId,
    index,
    kind: 'model',
    status: 'done',
    startedAt: index,
    ...fields,
  } as StepRecord;
}

/** A pending fetch consent request of `runId` in `sessionId`. */
export function fakeConsentRequest(
  id: string,
  runId: string,
  sessionId: string,
  fields: Partial<ConsentRequestRecord> = {},
): ConsentRequestRecord {
  return {
    id,
    runId,
    sessionId,
    toolCallId: `${id}-call`,
    kind: 'fetch',
    target: `https://site.test/${id}`,
    host: 'site.test',
    question: 'What does it say?',
    grantable: true,
    status: 'pending',
    createdAt: 0,
    ...fields,
  };
}
