// First: Dexie's liveQuery runs only where a global indexedDB existed when Dexie loaded.
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { describe, expect, it } from 'vitest';
import { fakeConsentRequest, fakeRun, fakeSession, fakeStep } from '../testing/fake-records';
import { createTestDatabase } from '../testing/test-database';
import { type ChatRead, keptChatRead, readChat } from './read-chat';

/** A chat of two runs without stored totals (so the chat reads their steps). */
async function chatOfTwoRuns() {
  const db = createTestDatabase();
  await db.sessions.bulkAdd([fakeSession('s'), fakeSession('child', { parentSessionId: 's' })]);
  await db.runs.bulkAdd([
    fakeRun('a', 's', { createdAt: 1 }),
    fakeRun('b', 's', { createdAt: 2, status: 'running' }),
  ]);
  await db.steps.bulkAdd([fakeStep('a-0', 'a', 0), fakeStep('b-0', 'b', 0)]);
  await db.messages.bulkAdd([
    {
      id: 'q',
      sessionId: 's',
      seq: 0,
      role: 'user',
      content: 'Hello?',
      status: 'done',
      createdAt: 1,
      runId: 'a',
    },
    {
      id: 'r',
      sessionId: 's',
      seq: 1,
      role: 'assistant',
      content: 'Hi.',
      status: 'done',
      createdAt: 2,
      runId: 'a',
    },
  ]);
  return db;
}

describe('readChat', () => {
  it('reads the oldest pending consent request of the chat’s runs and of its Fetch Analysis sessions', async () => {
    const db = await chatOfTwoRuns();
    await db.consentRequests.bulkAdd([
      fakeConsentRequest('of-run', 'b', 's', { createdAt: 5 }),
      fakeConsentRequest('of-child', 'child-run', 'child', { createdAt: 4 }),
      fakeConsentRequest('elsewhere', 'other-run', 'other', { createdAt: 1 }),
      fakeConsentRequest('answered', 'b', 's', { createdAt: 2, status: 'allowed' }),
    ]);
    const read = await readChat(db, 's', new Set());
    expect(read.consent?.id).toBe('of-child');
    expect(read.childSessionIds).toEqual(['child']);

    await db.consentRequests.update('of-child', { status: 'denied' });
    expect((await readChat(db, 's', new Set())).consent?.id).toBe('of-run');
  });

  it('reads a deleted session as null with nothing in it', async () => {
    const db = createTestDatabase();
    const read = await readChat(db, 'gone', new Set());
    expect(read).toMatchObject({ session: null, messages: [], runs: [], consent: undefined });
  });

  it('draws once per commit, and keeps what a commit did not change as it was', async () => {
    const db = await chatOfTwoRuns();
    const reads: ChatRead[] = [];
    let last: ChatRead | undefined;
    let wake: (() => void) | undefined;
    const subscription = liveQuery(() => readChat(db, 's', new Set())).subscribe((read) => {
      last = keptChatRead(last, read);
      reads.push(last);
      wake?.();
    });
    const nextRead = (count: number) =>
      new Promise<ChatRead>((resolve) => {
        const check = () => (reads.length >= count ? resolve(reads[count - 1]!) : undefined);
        wake = check;
        check();
      });
    const first = await nextRead(1);
    expect([...first.stepsByRun.keys()]).toEqual(['a', 'b']);

    // The answer being written gets a step: one commit of two records, one read.
    await db.transaction('rw', [db.steps, db.runs], async () => {
      await db.steps.add(fakeStep('b-1', 'b', 1));
      await db.runs.update('b', { steps: 2 });
    });
    const second = await nextRead(2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(reads).toHaveLength(2);
    expect(second.stepsByRun.get('b')?.map((step) => step.id)).toEqual(['b-0', 'b-1']);
    // Run a, its steps and the messages are the very objects read before.
    expect(second.stepsByRun.get('a')).toBe(first.stepsByRun.get('a'));
    expect(second.runs[0]).toBe(first.runs[0]);
    expect(second.runs[1]).not.toBe(first.runs[1]);
    expect(second.messages).toBe(first.messages);
    expect(second.session).toBe(first.session);

    // A commit that changes nothing the chat shows gives the very read before it.
    await db.runs.update('b', { steps: 2 });
    await db.fetchCache.clear();
    await db.messages.put({ ...second.messages[0]! });
    const third = await nextRead(3);
    expect(third).toBe(second);
    subscription.unsubscribe();
  });
});
