/**
 * A Gleaner export of many sessions, built in memory for the import and history benchmarks:
 * each session holds `messages` short messages, and its last question and answer a run with
 * one model step (about 9 MB of compact JSON for 1,000 sessions of 50 messages).
 */
import type { MessageRecord, RunRecord, StepRecord } from '../lib/db/records';
import { EXPORT_FORMAT, EXPORT_VERSION, type SessionBundle } from '../lib/sessions/export-session';

const QUESTION = 'How do bees find the hive?';
const ANSWER = 'By polarised light, landmarks and smell.';

/** The title of session `index`: a unique word per session so search has one right answer. */
export function historyTitle(index: number): string {
  return `Bees and navigation, question ${String(index).padStart(4, '0')} zq${index}x`;
}

/** The last answer of session `index`, which a reader sees first when the session opens. */
export function historyLastAnswer(index: number): string {
  return `Last answer of session ${index}: ${ANSWER}`;
}

function buildHistoryBundles(sessions: number, messages: number): SessionBundle[] {
  const bundles: SessionBundle[] = [];
  for (let index = 0; index < sessions; index++) {
    const sessionId = `bench-s${index}`;
    const base = 1_700_000_000_000 + index * 60_000;
    const runId = `${sessionId}-r`;
    const records: MessageRecord[] = Array.from({ length: messages }, (_, seq) => ({
      id: `${sessionId}-m${seq}`,
      sessionId,
      role: seq % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: seq % 2 === 0 ? QUESTION : seq + 1 >= messages ? historyLastAnswer(index) : ANSWER,
      status: 'done' as const,
      createdAt: base + seq,
      seq,
    }));
    // The last question and answer belong to a run with one model step, as a real answer does.
    const last = records.slice(-2);
    for (const message of last) message.runId = runId;
    const run: RunRecord = {
      id: runId,
      sessionId,
      userMessageId: last[0]!.id,
      status: 'done',
      model: 'mock-large',
      steps: 1,
      fetches: 0,
      budgetStart: 0,
      createdAt: base,
      updatedAt: base + messages,
    };
    const step: StepRecord = {
      id: `${runId}-st0`,
      runId,
      index: 0,
      kind: 'model',
      status: 'done',
      model: 'mock-large',
      startedAt: base,
      endedAt: base + messages,
    };
    bundles.push({
      session: {
        id: sessionId,
        title: historyTitle(index),
        createdAt: base,
        updatedAt: base + messages,
      },
      messages: records,
      runs: [run],
      steps: [step],
      childSessions: [],
    });
  }
  return bundles;
}

/** The export as compact JSON (Gleaner writes it indented; import reads either). */
export function buildHistoryExport(sessions: number, messages: number): string {
  return JSON.stringify({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    sessions: buildHistoryBundles(sessions, messages),
  });
}
