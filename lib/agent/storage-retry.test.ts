import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServices } from '../../testing/fake-services';
import { runHarness } from '../../testing/run-harness';
import { ScriptedModel } from '../../testing/scripted-model';
import { createTestDatabase } from '../../testing/test-database';
import { sessionMessages } from '../db/queries';
import { DEFAULT_SETTINGS } from '../settings/schema';
import { createToolRegistry } from '../tools/registry';
import { RunAborted } from './run-aborted';
import { whileStorageFull } from './storage-retry';

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

describe('whileStorageFull', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says storage is full, tries again after 1 s and 2 s, and says when it is saved', async () => {
    let calls = 0;
    const reports: boolean[] = [];
    const write = async () => {
      calls++;
      if (calls <= 2) throw quotaError();
      return 'saved';
    };
    const saving = whileStorageFull(
      write,
      (full) => reports.push(full),
      new AbortController().signal,
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1 + 2_000);
    await expect(saving).resolves.toBe('saved');
    expect(calls).toBe(3);
    expect(reports).toEqual([true, true, false]);
  });

  it('passes any other error on at once, and stops waiting when the answer is stopped', async () => {
    const other = new Error('disk on fire');
    await expect(
      whileStorageFull(async () => Promise.reject(other), undefined, new AbortController().signal),
    ).rejects.toBe(other);
    const stop = new AbortController();
    const saving = whileStorageFull(
      async () => Promise.reject(quotaError()),
      undefined,
      stop.signal,
    );
    const settled = expect(saving).rejects.toBeInstanceOf(RunAborted);
    stop.abort();
    await vi.advanceTimersByTimeAsync(1_000);
    await settled;
  });
});

describe('an answer the browser has no room for', () => {
  it('is kept, said to be unsaved, and stored once a write succeeds again', async () => {
    const db = createTestDatabase();
    const reports: Array<[string, boolean]> = [];
    const harness = runHarness(db, {
      model: new ScriptedModel([{ text: 'The tide turns at six.', chunks: 3 }]),
      tools: createToolRegistry([]),
      services: fakeServices(),
      settings: { ...DEFAULT_SETTINGS, baseUrl: 'http://llm.test/v1', model: 'm' },
      systemPrompt: 's',
      persistEveryMs: 0,
      onStorageFull: (sessionId, full) => reports.push([sessionId, full]),
    });
    // Every write of the answer's text fails until the final one has been refused once, be it
    // a change to the stored answer or the whole record put again.
    let refusedFinal = false;
    const refused = (changes: { content?: string; status?: string }) => {
      if (changes.content === undefined || changes.content === '' || refusedFinal) return false;
      if (changes.status === 'done') refusedFinal = true;
      return true;
    };
    const update = db.messages.update.bind(db.messages);
    vi.spyOn(db.messages, 'update').mockImplementation((async (key: string, changes: object) => {
      if (refused(changes)) throw quotaError();
      return update(key, changes as never);
    }) as unknown as typeof db.messages.update);
    const put = db.messages.put.bind(db.messages);
    vi.spyOn(db.messages, 'put').mockImplementation((async (record: object) => {
      if (refused(record)) throw quotaError();
      return put(record as never);
    }) as unknown as typeof db.messages.put);
    const { runId, sessionId } = await harness.start({ text: 'When does the tide turn?' });
    const run = await harness.settled(runId, 8_000);
    expect(run.status).toBe('done');
    const answer = (await sessionMessages(db, sessionId)).find((m) => m.role === 'assistant');
    expect(answer).toMatchObject({ content: 'The tide turns at six.', status: 'done' });
    expect(reports[0]).toEqual([sessionId, true]);
    expect(reports.at(-1)).toEqual([sessionId, false]);
  });
});
