import { describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-services';
import { type RunHarness, runHarness } from '../../testing/run-harness';
import { ScriptedModel } from '../../testing/scripted-model';
import { createTestDatabase } from '../../testing/test-database';
import { createPortServer, type ServerPort } from '../messaging/port-server';
import { PORT_NAME, type WorkerEvent } from '../messaging/protocol';
import { DEFAULT_SETTINGS } from '../settings/schema';
import { createToolRegistry } from '../tools/registry';
import { createCommandHandlers } from './handlers/command-handlers';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}/`;

function fakePort(url: string) {
  const sent: WorkerEvent[] = [];
  const listeners: Array<(message: unknown) => void> = [];
  let disconnected = false;
  const port: ServerPort = {
    name: PORT_NAME,
    sender: { id: ID, url },
    postMessage: (message) => sent.push(message),
    disconnect: () => {
      disconnected = true;
    },
    onMessage: { addListener: (listener) => listeners.push(listener) },
    onDisconnect: { addListener: () => {} },
  };
  return {
    port,
    sent,
    get disconnected() {
      return disconnected;
    },
    async send(message: unknown) {
      const before = sent.length;
      for (const listener of listeners) listener(message);
      // Wait for the reply (or give up: a refused port never answers).
      for (let waited = 0; sent.length === before && !disconnected && waited < 2000; waited += 5) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

function server() {
  const db = createTestDatabase();
  const model = new ScriptedModel([{ text: 'hi' }]);
  const harness = runHarness(db, () => ({
    model,
    settings: { ...DEFAULT_SETTINGS, baseUrl: 'http://x.test/v1', model: 'm' },
    tools: createToolRegistry([]),
    services: fakeServices(),
    systemPrompt: 'system',
  }));
  return {
    db,
    model,
    server: createPortServer({
      extensionId: ID,
      extensionOrigin: ORIGIN,
      handlers: createCommandHandlers({ db, runs: harness.manager, consent: harness.consent }),
      ready: Promise.resolve(),
    }),
  };
}

describe('the command port', () => {
  it('disconnects a port opened from a web page and never runs its commands', async () => {
    const { server: portServer, model } = server();
    const page = fakePort('https://evil.example/');
    portServer.accept(page.port);
    await page.send({ requestId: '1', command: { type: 'startRun', text: 'steal' } });
    expect(page.disconnected).toBe(true);
    expect(page.sent).toEqual([]);
    expect(model.requests).toEqual([]);
  });

  it('answers an invalid command with a sentence', async () => {
    const { server: portServer } = server();
    const panel = fakePort(`${ORIGIN}sidepanel.html`);
    portServer.accept(panel.port);
    await panel.send({ requestId: '7', command: { type: 'startRun', text: '' } });
    expect(panel.sent).toEqual([
      {
        type: 'reply',
        requestId: '7',
        result: { ok: false, error: 'Rejected command "startRun" (text): The message is empty.' },
      },
    ]);
  });

  it('starts a run for our panel and replies with its ids', async () => {
    const { server: portServer, db } = server();
    const panel = fakePort(`${ORIGIN}sidepanel.html`);
    portServer.accept(panel.port);
    await panel.send({ requestId: '8', command: { type: 'startRun', text: 'hello' } });
    const reply = panel.sent.find((event) => event.type === 'reply');
    expect(reply).toMatchObject({ requestId: '8', result: { ok: true } });
    expect(await db.sessions.count()).toBe(1);
  });

  it('imports an export file in the worker and replies how many sessions it held', async () => {
    const { server: portServer, db } = server();
    const panel = fakePort(`${ORIGIN}sidepanel.html`);
    portServer.accept(panel.port);
    const json = JSON.stringify({
      format: 'gleaner-sessions',
      version: 1,
      exportedAt: '2026-11-29T12:00:00.000Z',
      sessions: [
        {
          session: { id: 'old', title: 'Imported chat', createdAt: 1, updatedAt: 2 },
          messages: [],
          runs: [],
          steps: [],
          childSessions: [],
        },
      ],
    });
    await panel.send({ requestId: '9', command: { type: 'importSessions', json } });
    await panel.send({ requestId: '10', command: { type: 'importSessions', json: '{oops' } });
    expect(panel.sent).toEqual([
      {
        type: 'reply',
        requestId: '9',
        result: { ok: true, value: { imported: 1, alreadyHere: 0 } },
      },
      {
        type: 'reply',
        requestId: '10',
        result: { ok: false, error: 'The file is not JSON, so it cannot be a Gleaner export.' },
      },
    ]);
    expect((await db.sessions.toArray()).map((session) => session.title)).toEqual([
      'Imported chat',
    ]);
  });
});
