import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSessions } from '../../testing/seed-sessions';
import { createTestDatabase } from '../../testing/test-database';
import type { GleanerDatabase } from '../db/database';
import {
  buildJsonExport,
  readAllSessionBundles,
  readSessionBundle,
  type SessionBundle,
} from './export-session';
import { importNewSessions, importSessions, parseSessionsExport } from './import-sessions';

let db: GleanerDatabase;
beforeEach(async () => {
  db = createTestDatabase();
  await seedSessions(db);
});

/** The bundle with ids and links left out: what a reader sees, which import must keep. */
function content(bundle: SessionBundle): unknown {
  return {
    session: { title: bundle.session.title, parentToolCallId: bundle.session.parentToolCallId },
    messages: bundle.messages.map(({ id: _id, sessionId: _s, runId: _r, ...rest }) => rest),
    runs: bundle.runs.map(({ status, model, steps }) => ({ status, model, steps })),
    steps: bundle.steps.map(({ id: _id, runId: _r, ...rest }) => rest),
    childSessions: bundle.childSessions.map(content),
  };
}

async function countAll(target: GleanerDatabase) {
  return {
    sessions: await target.sessions.count(),
    messages: await target.messages.count(),
    runs: await target.runs.count(),
    steps: await target.steps.count(),
  };
}

describe('importSessions', () => {
  it('round-trips an export: same content under new ids, links consistent', async () => {
    const original = (await readSessionBundle(db, 's1'))!;
    const target = createTestDatabase();
    expect(await importSessions(target, buildJsonExport([original]))).toBe(1);

    const [imported] = await readAllSessionBundles(target);
    expect(content(imported!)).toEqual(content(original));
    const session = imported!.session;
    expect(session.id).not.toBe('s1');
    // Links point at the new records.
    const run = imported!.runs[0]!;
    expect(run.sessionId).toBe(session.id);
    expect(imported!.messages.map((message) => message.runId)).toEqual([
      run.id,
      run.id,
      run.id,
      run.id,
    ]);
    expect(run.userMessageId).toBe(imported!.messages[0]!.id);
    expect(imported!.steps.every((step) => step.runId === run.id)).toBe(true);
    const child = imported!.childSessions[0]!;
    expect(child.session.parentSessionId).toBe(session.id);
    expect(child.session.parentToolCallId).toBe('call_1');
    expect(child.runs[0]!.parentRunId).toBe(run.id);
    expect(child.messages.every((message) => message.runId === child.runs[0]!.id)).toBe(true);
  });

  it('keeps a regenerated answer pointing at the turn it answers again, under the new ids', async () => {
    const original = (await readSessionBundle(db, 's1'))!;
    const question = original.messages.find((message) => message.role === 'user')!;
    const regenerated = { ...original.runs[0]!, id: 'run-again', turnMessageId: question.id };
    const bundle = { ...original, runs: [...original.runs, regenerated] };
    const target = createTestDatabase();
    await importSessions(target, buildJsonExport([bundle]));

    const [imported] = await readAllSessionBundles(target);
    const importedQuestion = imported!.messages.find((message) => message.role === 'user')!;
    expect(imported!.runs.map((run) => run.turnMessageId).filter(Boolean)).toEqual([
      importedQuestion.id,
    ]);
  });

  it('keeps a tool step answerable on Regenerate: its reuse key names the new turn id', async () => {
    const original = (await readSessionBundle(db, 's1'))!;
    const question = original.messages.find((message) => message.role === 'user')!;
    const key = `${question.id}\nfetch_url\n{"url":"https://example.com/"}`;
    const step = { ...original.steps[0]!, id: 'step-reused', reuseKey: key };
    const bundle = { ...original, steps: [...original.steps, step] };
    const target = createTestDatabase();
    await importSessions(target, buildJsonExport([bundle]));

    const [imported] = await readAllSessionBundles(target);
    const importedQuestion = imported!.messages.find((message) => message.role === 'user')!;
    expect(importedQuestion.id).not.toBe(question.id);
    expect(imported!.steps.map((item) => item.reuseKey).filter(Boolean)).toEqual([
      `${importedQuestion.id}\nfetch_url\n{"url":"https://example.com/"}`,
    ]);
  });

  it('importing the same file twice makes two copies and overwrites nothing', async () => {
    const json = buildJsonExport(await readAllSessionBundles(db));
    const before = await countAll(db);
    expect(await importSessions(db, json)).toBe(2);
    expect(await importSessions(db, json)).toBe(2);
    const after = await countAll(db);
    expect(after).toEqual({
      sessions: before.sessions * 3,
      messages: before.messages * 3,
      runs: before.runs * 3,
      steps: before.steps * 3,
    });
    expect((await db.sessions.get('s1'))?.title).toBe('Tell me about bees');
  });

  it('stores a run that was still active as stopped, its streaming message and running step too', async () => {
    const target = createTestDatabase();
    await importSessions(target, buildJsonExport([(await readSessionBundle(db, 's2'))!]), 9_000);
    const [run] = await target.runs.toArray();
    expect(run).toMatchObject({
      status: 'stopped',
      allowAllFetches: false,
      error: { kind: 'interrupted' },
    });
    const messages = (await target.messages.toArray()).sort((a, b) => a.seq - b.seq);
    expect(messages.map((message) => message.status)).toEqual(['done', 'stopped']);
    expect(await target.steps.toArray()).toMatchObject([{ status: 'interrupted', endedAt: 9_000 }]);
  });
});

describe('importing in batches', () => {
  /** Six top-level sessions with distinct ids: the seed imported twice more, then exported. */
  async function sixSessions(): Promise<string> {
    const seed = buildJsonExport(await readAllSessionBundles(db));
    await importSessions(db, seed);
    await importSessions(db, seed);
    return buildJsonExport(await readAllSessionBundles(db));
  }

  it('stores every session, one transaction per batch, and reports progress per batch', async () => {
    const json = await sixSessions();
    const target = createTestDatabase();
    const transaction = vi.spyOn(target, 'transaction');
    const progress: Array<[number, number]> = [];
    const imported = await importSessions(target, json, Date.now(), {
      batchSessions: 4,
      onProgress: (stored, total) => progress.push([stored, total]),
    });
    expect(imported).toBe(6);
    expect(transaction).toHaveBeenCalledTimes(2);
    expect(progress).toEqual([
      [4, 6],
      [6, 6],
    ]);
    expect(await countAll(target)).toEqual(await countAll(db));
    // A batch never splits a session from its child sessions: every parent link resolves.
    const sessions = await target.sessions.toArray();
    const ids = new Set(sessions.map((session) => session.id));
    const children = sessions.filter((session) => session.parentSessionId !== undefined);
    expect(children.length).toBeGreaterThan(0);
    expect(children.every((child) => ids.has(child.parentSessionId!))).toBe(true);
  });

  it('deletes the batches already stored when the browser refuses a later one', async () => {
    const json = await sixSessions();
    const target = createTestDatabase();
    const bulkAdd = target.steps.bulkAdd.bind(target.steps);
    let calls = 0;
    vi.spyOn(target.steps, 'bulkAdd').mockImplementation(((...args: Parameters<typeof bulkAdd>) => {
      calls += 1;
      if (calls === 2) return Promise.reject(new Error('The disk is full.'));
      return bulkAdd(...args);
    }) as typeof bulkAdd);
    await expect(importSessions(target, json, Date.now(), { batchSessions: 2 })).rejects.toThrow(
      'The disk is full.',
    );
    expect(await countAll(target)).toEqual({ sessions: 0, messages: 0, runs: 0, steps: 0 });
  });
});

describe('rejected files', () => {
  async function rejection(json: string): Promise<string> {
    const before = await countAll(db);
    const error = await importSessions(db, json).then(
      () => undefined,
      (thrown: Error) => thrown.message,
    );
    // Nothing the user had is changed by a failed import.
    expect(await countAll(db)).toEqual(before);
    expect(error).toBeDefined();
    return error!;
  }

  it('names each problem in a sentence', async () => {
    expect(await rejection('{not json')).toBe(
      'The file is not JSON, so it cannot be a Gleaner export.',
    );
    expect(await rejection('[1, 2]')).toMatch(/^The file is not a Gleaner export/);
    expect(await rejection('{"format":"other","version":1}')).toBe(
      'The file is not a Gleaner export: its format is not "gleaner-sessions".',
    );
    expect(await rejection('{"format":"gleaner-sessions","version":2,"sessions":[]}')).toBe(
      'The file is a Gleaner export of version 2, which this version of Gleaner cannot import (it reads version 1).',
    );
  });

  it('names the path of the first invalid record and writes nothing', async () => {
    const file = JSON.parse(buildJsonExport(await readAllSessionBundles(db)));
    file.sessions[1].childSessions[0].messages[1].status = 'bogus';
    const message = await rejection(JSON.stringify(file));
    expect(message).toMatch(
      /^The file has an invalid record at sessions\[1\]\.childSessions\[0\]\.messages\[1\]\.status: /,
    );
  });

  it('refuses a step whose run is not in the file', async () => {
    const file = JSON.parse(buildJsonExport(await readAllSessionBundles(db)));
    file.sessions[1].steps[0].runId = 'elsewhere';
    expect(await rejection(JSON.stringify(file))).toBe(
      'The file has an invalid record at sessions[1].steps[0].runId: it names a run that is not in the file.',
    );
  });

  it('parses a valid export into its bundles', () => {
    expect(
      parseSessionsExport(
        '{"format":"gleaner-sessions","version":1,"exportedAt":"x","sessions":[]}',
      ),
    ).toEqual([]);
  });
});

describe('importNewSessions', () => {
  it('skips sessions already here: the same ones, and earlier imports of them', async () => {
    const db = createTestDatabase();
    await seedSessions(db);
    const json = buildJsonExport(await readAllSessionBundles(db));
    // Exported from here and imported here: both are here already.
    expect(await importNewSessions(db, json)).toEqual({ imported: 0, alreadyHere: 2 });

    const other = createTestDatabase();
    expect(await importNewSessions(other, json)).toEqual({ imported: 2, alreadyHere: 0 });
    const before = await countAll(other);
    expect(await importNewSessions(other, json)).toEqual({ imported: 0, alreadyHere: 2 });
    // Re-exported from the second profile, the origin travels along.
    const again = buildJsonExport(await readAllSessionBundles(other));
    expect(await importNewSessions(other, again)).toEqual({ imported: 0, alreadyHere: 2 });
    expect(await countAll(other)).toEqual(before);
  });
});
