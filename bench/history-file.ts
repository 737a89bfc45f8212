/**
 * A Gleaner export of many sessions, built in memory for the import and history benchmarks:
 * each session holds `messages` messages (a question and an answer per run), one run per
 * question/answer pair and one model step per run, with realistic lengths (about 9 MB for
 * 1,000 sessions of 50 messages).
 */
import type { MessageRecord, RunRecord, StepRecord } from '../lib/db/records';
import { buildJsonExport, type SessionBundle } from '../lib/sessions/export-session';

const QUESTION = 'How do honey bees find their way back to the hive on a cloudy day?';
const ANSWER =
  'They use the polarised light that still passes through thin cloud, landmarks near the hive, and the smell of its entrance.';

/** The title of session `index`: a unique word per session so search has one right answer. */
export function historyTitle(index: number): string {
  return `Bees and navigation, question ${String(index).padStart(4, '0')} zq${index}x`;
}

/** The last answer of session `index`, which a reader sees first when the session opens. */
export function historyLastAnswer(index: number): string {
  return `Last answer of session ${index}: ${ANSWER}`;
}

export function buildHistoryBundles(sessions: number, messages: number): SessionBundle[] {
  const bundles: SessionBundle[] = [];
  for (let index = 0; index < sessions; index++) {
    const sessionId = `bench-s${index}`;
    const base = 1_700_000_000_000 + index * 60_000;
    const records: MessageRecord[] = [];
    const runs: RunRecord[] = [];
    const steps: StepRecord[] = [];
    for (let seq = 0; seq < messages; seq += 2) {
      const runId = `${sessionId}-r${seq}`;
      const userMessageId = `${sessionId}-m${seq}`;
      const last = seq + 2 >= messages;
      records.push({
        id: userMessageId,
        sessionId,
        runId,
        role: 'user',
        content: QUESTION,
        status: 'done',
        createdAt: base + seq,
        seq,
      });
      records.push({
        id: `${sessionId}-m${seq + 1}`,
        sessionId,
        runId,
        role: 'assistant',
        content: last ? historyLastAnswer(index) : ANSWER,
        status: 'done',
        createdAt: base + seq + 1,
        seq: seq + 1,
      });
      runs.push({
        id: runId,
        sessionId,
        userMessageId,
        status: 'done',
        model: 'mock-large',
        steps: 1,
        fetches: 0,
        budgetStart: 0,
        createdAt: base + seq,
        updatedAt: base + seq + 1,
      });
      steps.push({
        id: `${runId}-st0`,
        runId,
        index: 0,
        kind: 'model',
        status: 'done',
        model: 'mock-large',
        startedAt: base + seq,
        endedAt: base + seq + 1,
      });
    }
    bundles.push({
      session: {
        id: sessionId,
        title: historyTitle(index),
        createdAt: base,
        updatedAt: base + messages,
      },
      messages: records,
      runs,
      steps,
      childSessions: [],
    });
  }
  return bundles;
}

export function buildHistoryExport(sessions: number, messages: number): string {
  return buildJsonExport(buildHistoryBundles(sessions, messages));
}
