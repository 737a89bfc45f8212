import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database';
import type { GleanerDatabase } from '../db/database';
import { ConsentAborted, ConsentBroker, type ConsentQuestion } from './broker';

let db: GleanerDatabase;
let broker: ConsentBroker;

beforeEach(async () => {
  db = createTestDatabase();
  broker = new ConsentBroker(db);
  for (const id of ['run-1', 'run-2']) {
    await db.runs.add({
      id,
      sessionId: 's',
      userMessageId: 'u',
      status: 'running',
      model: 'm',
      steps: 0,
      fetches: 0,
      budgetStart: 0,
      createdAt: 1,
      updatedAt: 1,
    });
  }
});

function fetchQuestion(overrides: Partial<ConsentQuestion> = {}): ConsentQuestion {
  return {
    runId: 'run-1',
    sessionId: 's',
    toolCallId: 'call-1',
    kind: 'fetch',
    target: 'https://docs.example.com/page',
    host: 'https://docs.example.com',
    question: 'What does the page say?',
    ...overrides,
  };
}

async function pendingRequest() {
  for (let tries = 0; tries < 200; tries++) {
    const pending = await db.consentRequests.where('status').equals('pending').first();
    if (pending) return pending;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('no pending consent request was stored');
}

describe('the consent broker', () => {
  it('stores a pending request, marks the run awaiting consent, and resolves on Allow once', async () => {
    const outcome = broker.ask(fetchQuestion(), new AbortController().signal);
    const request = await pendingRequest();
    expect(request).toMatchObject({ target: 'https://docs.example.com/page', grantable: true });
    expect((await db.runs.get('run-1'))?.status).toBe('awaiting-consent');
    expect(await broker.answer({ requestId: request.id, decision: 'once' })).toEqual({
      applied: true,
    });
    expect(await outcome).toBe('allowed');
    expect((await db.runs.get('run-1'))?.status).toBe('running');
    expect(await db.grants.count()).toBe(0);
  });

  it('lets the first answer win and ignores the rest', async () => {
    const outcome = broker.ask(fetchQuestion(), new AbortController().signal);
    const request = await pendingRequest();
    await broker.answer({ requestId: request.id, decision: 'deny' });
    expect(await broker.answer({ requestId: request.id, decision: 'always' })).toEqual({
      applied: false,
    });
    expect(await outcome).toBe('denied');
    expect(await db.grants.count()).toBe(0);
  });

  it('Always allow this site grants the exact host for later answers, and nothing else', async () => {
    const first = broker.ask(fetchQuestion(), new AbortController().signal);
    await broker.answer({ requestId: (await pendingRequest()).id, decision: 'always' });
    expect(await first).toBe('allowed');
    const again = fetchQuestion({ runId: 'run-2', target: 'https://docs.example.com/other' });
    expect(await broker.ask(again, new AbortController().signal)).toBe('allowed');
    expect(
      await broker.preapproved(
        fetchQuestion({ runId: 'run-2', host: 'https://www.docs.example.com' }),
      ),
    ).toBe(false);
    expect(
      await broker.preapproved(fetchQuestion({ runId: 'run-2', host: 'http://docs.example.com' })),
    ).toBe(false);
  });

  it('Always allow this site on an http → https card grants the https site the card shows and fetches', async () => {
    const upgraded = fetchQuestion({
      target: 'https://docs.example.com/page',
      host: 'https://docs.example.com',
      asked: 'http://docs.example.com/page',
    });
    const first = broker.ask(upgraded, new AbortController().signal);
    await broker.answer({ requestId: (await pendingRequest()).id, decision: 'always' });
    expect(await first).toBe('allowed');
    expect((await db.grants.toArray()).map((grant) => grant.host)).toEqual([
      'https://docs.example.com',
    ]);
    // The address as written is not what was granted: a fetch of it as written asks again.
    expect(
      await broker.preapproved(fetchQuestion({ runId: 'run-2', host: 'http://docs.example.com' })),
    ).toBe(false);
    expect(await broker.preapproved(fetchQuestion({ runId: 'run-2' }))).toBe(true);
  });

  it('Allow all fetches for this answer covers this run only and never tabs', async () => {
    const first = broker.ask(fetchQuestion(), new AbortController().signal);
    await broker.answer({
      requestId: (await pendingRequest()).id,
      decision: 'once',
      allowAllForAnswer: true,
    });
    await first;
    expect(await broker.preapproved(fetchQuestion({ host: 'https://elsewhere.example' }))).toBe(
      true,
    );
    expect(await broker.preapproved(fetchQuestion({ kind: 'tab', host: 'Tab title' }))).toBe(false);
    expect(
      await broker.preapproved(
        fetchQuestion({ runId: 'run-2', host: 'https://elsewhere.example' }),
      ),
    ).toBe(false);
  });

  it('offers no standing grant for tabs', async () => {
    const outcome = broker.ask(
      fetchQuestion({ kind: 'tab', target: 'https://bank.example/', host: 'My bank' }),
      new AbortController().signal,
    );
    const request = await pendingRequest();
    expect(request.grantable).toBe(false);
    await broker.answer({ requestId: request.id, decision: 'always' });
    expect(await outcome).toBe('allowed');
    expect(await db.grants.count()).toBe(0);
  });

  it('expires the request when the run is stopped while waiting', async () => {
    const controller = new AbortController();
    const outcome = broker.ask(fetchQuestion(), controller.signal);
    const request = await pendingRequest();
    controller.abort();
    await expect(outcome).rejects.toBeInstanceOf(ConsentAborted);
    expect((await db.consentRequests.get(request.id))?.status).toBe('expired');
    expect(await broker.answer({ requestId: request.id, decision: 'once' })).toEqual({
      applied: false,
    });
  });

  it('expires every pending request when the worker starts again', async () => {
    void broker.ask(fetchQuestion(), new AbortController().signal);
    const request = await pendingRequest();
    const restarted = new ConsentBroker(db);
    expect(await restarted.expireAllPending()).toBe(1);
    expect(await restarted.answer({ requestId: request.id, decision: 'once' })).toEqual({
      applied: false,
    });
  });
});
