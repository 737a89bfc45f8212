import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '../../entrypoints/background/index';
import { getDatabase } from '../db/database';
import { focusSessionItem } from '../messaging/focus-session';
import { PORT_NAME, type WorkerEvent } from '../messaging/protocol';

/** An event the fake browser does not provide: records listeners, fires on demand. */
function fakeEvent<Listener extends (...args: never[]) => unknown>() {
  const listeners: Listener[] = [];
  return {
    addListener: (listener: Listener) => listeners.push(listener),
    removeListener: () => {},
    hasListener: () => listeners.length > 0,
    fire: (...args: Parameters<Listener>) =>
      Promise.all(listeners.map((listener) => listener(...args))),
  };
}

type Browser = typeof fakeBrowser & Record<string, unknown>;

function stubMissingApis() {
  const browser = fakeBrowser as Browser;
  const onConnect = fakeEvent<(port: unknown) => void>();
  const onCommand = fakeEvent<(command: string, tab: unknown) => void>();
  const onMenuClicked = fakeEvent<(info: { menuItemId: string }, tab: unknown) => void>();
  const menus: Array<{ id: string; title: string }> = [];
  const sessionRules = vi.fn(async () => {});
  Object.assign(browser.runtime, {
    onConnect,
    getPlatformInfo: async () => ({ os: 'linux' }),
    // The Chrome build: its service worker keeps menu items, so they are made on install.
    getManifest: () => ({ manifest_version: 3, background: { service_worker: 'background.js' } }),
  });
  browser.contextMenus = {
    create: (item: { id: string; title: string }) => menus.push(item),
    update: async () => {},
    onClicked: onMenuClicked,
  } as never;
  // An English browser: messages come from the bundled English file.
  browser.i18n = { getUILanguage: () => 'en-US' } as never;
  browser.commands = { onCommand } as never;
  browser.webRequest = { onBeforeRedirect: fakeEvent() } as never;
  browser.declarativeNetRequest = { updateSessionRules: sessionRules } as never;
  browser.sidePanel = {
    setPanelBehavior: vi.fn(async () => {}),
    open: vi.fn(async () => {}),
  } as never;
  return { onConnect, onCommand, onMenuClicked, menus, sessionRules, browser };
}

/** A Port from our side panel page, collecting what the worker posts back. */
function panelPort(origin: string) {
  const sent: WorkerEvent[] = [];
  const onMessage = fakeEvent<(message: unknown) => void>();
  return {
    sent,
    port: {
      name: PORT_NAME,
      sender: { id: fakeBrowser.runtime.id, url: `${origin}sidepanel.html` },
      postMessage: (event: WorkerEvent) => sent.push(event),
      disconnect: () => {},
      onMessage,
      onDisconnect: fakeEvent(),
    },
    send: (message: unknown) => onMessage.fire(message),
  };
}

async function until<T>(read: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let waited = 0; waited < 3000; waited += 5) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('timed out');
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the background entrypoint', () => {
  it('serves our panel over the command Port and registers the Summarize entry points', async () => {
    const apis = stubMissingApis();
    background.main();
    const panel = panelPort(fakeBrowser.runtime.getURL('/'));
    await apis.onConnect.fire(panel.port);
    await panel.send({ requestId: 'r1', command: { type: 'heartbeat' } });
    expect(await until(() => panel.sent.find((event) => event.type === 'reply'))).toEqual({
      type: 'reply',
      requestId: 'r1',
      result: { ok: true, value: {} },
    });

    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    expect(apis.menus).toEqual([
      { id: 'gleaner-summarize-page', title: 'Summarize this page', contexts: ['page'] },
    ]);
    expect(apis.sessionRules).toHaveBeenCalled();

    // The keyboard shortcut starts a chat about the tab and asks its window's panel to show it.
    await apis.onCommand.fire('summarize-page', { id: 5, title: 'The Tide Clocks', windowId: 2 });
    const focus = await until(() => focusSessionItem.getValue().then((item) => item ?? undefined));
    const session = await getDatabase().sessions.get(focus.sessionId);
    expect(session?.title).toBe('Summarize this page: The Tide Clocks');
    expect(focus.windowId).toBe(2);
  });
});
