/**
 * Playwright fixtures for Gleaner's browser tests.
 *
 * Every test gets its own Chromium profile with the built extension loaded, a fresh scripted
 * OpenAI-compatible mock (`mockLlm`), and the side panel opened as a tab (`panel`). Helpers stop the
 * service worker on purpose and restart the whole browser on the same profile, which is how the
 * "nothing lost" promises in PRODUCT.md are tested.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BrowserContext,
  test as base,
  type CDPSession,
  chromium,
  expect,
  type Page,
  type Worker,
} from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { SidePanel } from './pages/side-panel';
import { EXTENSION_DIR } from './paths';
import { type FixtureSite, startFixtureSite } from './servers/fixture-site';
import { type MockLlm, startMockLlm } from './servers/mock-llm';

export { expect };

/** The key the tests type into Settings; the mock checks it arrives as a Bearer token. */
export const TEST_API_KEY = 'sk-test-e2e-0123456789';
export const CUSTOM_PROVIDER = 'Custom (OpenAI-compatible)';

/**
 * Launches Debian's Chromium with the built extension on `userDataDir`.
 *
 * `headless: true` makes Playwright pass plain `--headless`, which is Chromium's new headless mode
 * since 132: it loads extensions, unlike the old mode (what `chromium-headless-shell` still is).
 * Playwright also adds `--disable-extensions` by default; `--disable-extensions-except` with
 * `--load-extension` wins over it (measured), so no `ignoreDefaultArgs` is needed.
 * See https://playwright.dev/docs/chrome-extensions and docs/ENVIRONMENT.md "Browser tests".
 */
export async function launchBrowser(
  userDataDir: string,
  language?: string,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // A browser in another language: `--lang` sets Chromium's UI language (what
    // browser.i18n.getUILanguage answers on Linux, with LANGUAGE as its fallback), `locale` the
    // Accept-Language pages see.
    ...(language
      ? { locale: language, env: { ...process.env, LANGUAGE: language.replace('-', '_') } }
      : {}),
    // About the width of a real side panel, so narrow layouts are what the tests see.
    viewport: { width: 420, height: 900 },
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      '--no-sandbox',
      '--disable-gpu',
      // Without these Chromium keeps dialling out (there is no internet here) and logs refusals.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // Public-looking fixture hosts (evil.test, site.test) resolve to loopback, so the extension's
      // private-address guard stays on; the mock LLM on 127.0.0.1 stays reachable as it is.
      '--host-resolver-rules=MAP *.test 127.0.0.1, EXCLUDE 127.0.0.1',
      ...(language ? [`--lang=${language}`] : []),
    ],
  });
}

/** Waits for the extension's service worker in `context` (it starts on install). */
export async function findServiceWorker(context: BrowserContext): Promise<Worker> {
  const isOurs = (worker: Worker) => worker.url().startsWith('chrome-extension://');
  const existing = context.serviceWorkers().find(isOurs);
  if (existing) return existing;
  try {
    return await context.waitForEvent('serviceworker', { predicate: isOurs, timeout: 15_000 });
  } catch (error) {
    throw new Error(
      `The extension's service worker did not start within 15 s (${EXTENSION_DIR}). Was the ` +
        'build being rewritten while the test ran (another `npm run build`), or does the ' +
        'worker throw at startup? Cause: ' +
        String(error),
    );
  }
}

/** Opens `sidepanel.html` as a normal tab (reusing the blank start tab) and brings it to front. */
export async function openPanelTab(
  context: BrowserContext,
  extensionId: string,
): Promise<SidePanel> {
  const blank = context.pages().find((page) => page.url() === 'about:blank');
  const page = blank ?? (await context.newPage());
  await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  // A background tab has throttled timers and updates slowly (ENVIRONMENT.md).
  await page.bringToFront();
  return new SidePanel(page);
}

/**
 * Sets up the mock as the model through the Settings UI (Custom provider, Base URL, API key,
 * Model; optionally Small model and Web search → DuckDuckGo URL), saves, and returns to the chat
 * view.
 */
export async function configureProvider(
  panel: SidePanel,
  mockLlm: Pick<MockLlm, 'url'>,
  overrides: { apiKey?: string; model?: string; smallModel?: string; duckduckgoUrl?: string } = {},
): Promise<void> {
  await panel.openSettings();
  await panel.fillProviderForm({
    provider: CUSTOM_PROVIDER,
    baseUrl: mockLlm.url,
    apiKey: overrides.apiKey ?? TEST_API_KEY,
    model: overrides.model ?? 'mock-large',
    ...(overrides.smallModel !== undefined ? { smallModel: overrides.smallModel } : {}),
    ...(overrides.duckduckgoUrl !== undefined ? { duckduckgoUrl: overrides.duckduckgoUrl } : {}),
  });
  await panel.saveSettings();
  await panel.backToChat();
}

interface WorkerVersion {
  versionId: string;
  scriptURL: string;
  runningStatus: 'stopped' | 'starting' | 'running' | 'stopping';
  status: string;
}

/**
 * Stops the extension's service worker the way Chrome does when it goes idle, through a page's
 * CDP session (the worker is never idle-stopped while Playwright is attached). Resolves once CDP
 * reports it stopped. Afterwards do not `evaluate` on the old Worker handle (it hangs): wake the
 * worker from a page (reload the panel, or send a message) first.
 */
export async function stopServiceWorker(
  context: BrowserContext,
  extensionId?: string,
): Promise<void> {
  const page = context.pages().find((candidate) => !candidate.isClosed());
  if (!page) throw new Error('stopServiceWorker needs an open page to attach CDP to.');
  const cdp: CDPSession = await context.newCDPSession(page);
  const versions = new Map<string, WorkerVersion>();
  cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: WorkerVersion[] }) => {
    for (const version of event.versions) versions.set(version.versionId, version);
  });
  try {
    await cdp.send('ServiceWorker.enable');
    const ours = () =>
      [...versions.values()].filter((version) =>
        version.scriptURL.startsWith(`chrome-extension://${extensionId ?? ''}`),
      );
    let running: WorkerVersion | undefined;
    await expect
      .poll(
        () => {
          running = ours().find((version) => version.runningStatus === 'running');
          return running !== undefined;
        },
        {
          message: 'the extension service worker should be running before it is stopped',
          timeout: 5_000,
        },
      )
      .toBe(true);
    const versionId = running!.versionId;
    await cdp.send('ServiceWorker.stopWorker', { versionId });
    await expect
      .poll(() => versions.get(versionId)?.runningStatus, {
        message: 'CDP should report the service worker stopped',
        timeout: 5_000,
      })
      .toBe('stopped');
  } finally {
    await cdp.send('ServiceWorker.disable').catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * The part of `chrome` the tests call inside extension pages (the panel) and the worker, typed
 * with WXT's browser types. Inside `evaluate` write
 * `const { chrome } = globalThis as unknown as ChromeGlobal;` (the function runs in the page).
 */
type ChromeGlobal = { chrome: { tabs: typeof Browser.tabs } };
type BrowserTab = Browser.tabs.Tab;

/** A browser tab opened by a test, as the extension sees it. */
export interface OpenedTab {
  /** The `chrome.tabs` id (what `startRun { tabIds }`, `list_tabs` and `read_tab` use). */
  id: number;
  windowId: number;
  url: string;
  /** The title once the page loaded. */
  title: string;
  /** The same tab as a Playwright page. */
  page: Page;
}

/**
 * Opens `url` in a new tab of the panel's window (the window the panel's tab picker lists),
 * through the panel page's own `chrome.tabs`, and waits until it has loaded. The tab opens in the
 * background unless `active` is set, so the panel stays the tab in front (background pages are
 * throttled) and, being an extension page, is no "current tab" of its own: attach fixture tabs
 * with the composer's Attach tab picker or an @-mention.
 */
async function openTabInPanelWindow(
  panel: SidePanel,
  url: string,
  options: { active?: boolean } = {},
): Promise<OpenedTab> {
  const context = panel.page.context();
  const tab = await panel.page.evaluate(
    async ({ url, active }) => {
      const { chrome } = globalThis as unknown as ChromeGlobal;
      const own = await chrome.tabs.getCurrent();
      if (own?.windowId === undefined) throw new Error('The panel page is not a tab.');
      return new Promise<{ id: number; windowId: number; url: string; title: string }>(
        (resolve, reject) => {
          let createdId: number | undefined;
          const timer = setTimeout(() => {
            chrome.tabs.onUpdated.removeListener(onUpdated);
            reject(new Error(`The tab for ${url} did not finish loading within 10 s.`));
          }, 10_000);
          const settle = (loaded: BrowserTab) => {
            clearTimeout(timer);
            chrome.tabs.onUpdated.removeListener(onUpdated);
            resolve({
              id: loaded.id!,
              windowId: loaded.windowId,
              url: loaded.url ?? url,
              title: loaded.title ?? '',
            });
          };
          // Listening before creating: a load that ends first would be missed (ENVIRONMENT.md).
          const onUpdated = (tabId: number, change: { status?: string }, updated: BrowserTab) => {
            if (tabId === createdId && change.status === 'complete') settle(updated);
          };
          chrome.tabs.onUpdated.addListener(onUpdated);
          chrome.tabs
            .create({ windowId: own.windowId, url, active })
            .then(async (created) => {
              createdId = created.id;
              const now = await chrome.tabs.get(created.id!);
              if (now.status === 'complete' && now.url === url) settle(now);
            })
            .catch(reject);
        },
      );
    },
    { url, active: options.active ?? false },
  );
  let page: Page | undefined;
  await expect
    .poll(
      () => {
        page = context.pages().find((candidate) => candidate.url() === tab.url);
        return page !== undefined;
      },
      { message: `Playwright should see a page for the tab ${tab.url}`, timeout: 5_000 },
    )
    .toBe(true);
  return { ...tab, page: page! };
}

/** Makes `tabId` the active tab of its window (what the panel calls the current tab). */
export async function activateTab(panel: SidePanel, tabId: number): Promise<void> {
  await panel.page.evaluate(async (id) => {
    const { chrome } = globalThis as unknown as ChromeGlobal;
    await chrome.tabs.update(id, { active: true });
  }, tabId);
}

/** The stored run limits (`limits` in lib/settings/schema.ts). */
export interface RunLimits {
  maxSteps: number;
  maxFetches: number;
  maxIdenticalCalls: number;
}

/**
 * Changes the run limits the way a saved Settings form would: reads the stored settings object
 * (`chrome.storage.local`, key `settings`) from the panel page, replaces some of its `limits`, and
 * writes it back. Settings has no form for the limits; the worker reads them when a run starts or
 * continues. Configure the provider first (the object exists once Settings was saved). Returns the
 * limits now stored.
 */
export async function setStoredLimits(
  panel: SidePanel,
  limits: Partial<RunLimits>,
): Promise<RunLimits> {
  return panel.page.evaluate(async (patch) => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { local: typeof Browser.storage.local } };
    };
    const stored = (await chrome.storage.local.get('settings')).settings as
      | { limits?: RunLimits }
      | undefined;
    if (!stored || typeof stored !== 'object') {
      throw new Error('No settings are stored yet: configure the provider before the limits.');
    }
    const limits = { ...(stored.limits as RunLimits), ...patch };
    await chrome.storage.local.set({ settings: { ...stored, limits } });
    return ((await chrome.storage.local.get('settings')).settings as { limits: RunLimits }).limits;
  }, limits);
}

interface BrowserSession {
  context: BrowserContext;
  extensionId: string;
  panel: SidePanel;
}

interface Fixtures {
  /** The browser's UI language (`zh-CN`, `ru`); English when unset. Set with `test.use`. */
  browserLanguage: string | undefined;
  /** A scripted OpenAI-compatible server on 127.0.0.1, fresh per test. */
  mockLlm: MockLlm;
  /** Hand-written fixture pages under `*.test` hosts (mapped to 127.0.0.1), fresh per test. */
  fixtureSite: FixtureSite;
  /** Opens a URL in a new tab of the panel's window, loaded; see `openTabInPanelWindow`. */
  openTab: (url: string, options?: { active?: boolean }) => Promise<OpenedTab>;
  /** The Chromium profile directory of this test (kept across `restartBrowser`). */
  userDataDir: string;
  /** Holds the live context so `restartBrowser` can swap it and teardown closes the last one. */
  browserHolder: { context?: BrowserContext; logs: string[] };
  /** The persistent Chromium context with the built extension loaded. */
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  /** The side panel page, open as a tab and in front, unconfigured (first run). */
  panel: SidePanel;
  /** The side panel with the mock configured as the model through Settings. */
  chatPanel: SidePanel;
  /** Opens another side panel tab in the current context (reusing a blank tab if any). */
  openPanel: () => Promise<SidePanel>;
  /** Closes the browser gracefully and relaunches it on the same profile. */
  restartBrowser: () => Promise<BrowserSession>;
}

export const test = base.extend<Fixtures>({
  browserLanguage: [undefined, { option: true }],

  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their deps.
  mockLlm: async ({}, use) => {
    const mock = await startMockLlm();
    await use(mock);
    await mock.close();
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their deps.
  fixtureSite: async ({}, use) => {
    const site = await startFixtureSite();
    await use(site);
    await site.close();
  },

  openTab: async ({ panel }, use) => {
    await use((url, options) => openTabInPanelWindow(panel, url, options));
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their deps.
  userDataDir: async ({}, use) => {
    const directory = await mkdtemp(path.join(tmpdir(), 'gleaner-e2e-'));
    await use(directory);
    await rm(directory, { recursive: true, force: true }).catch(() => undefined);
  },

  browserHolder: async ({ userDataDir }, use, testInfo) => {
    const holder: { context?: BrowserContext; logs: string[] } = { logs: [] };
    await use(holder);
    const context = holder.context;
    if (!context) return;
    const failed = testInfo.status !== testInfo.expectedStatus;
    if (failed) {
      const page = context.pages().find((candidate) => !candidate.isClosed());
      // What the user saw, by role and name: the quickest way to see which name was missing.
      const snapshot = await page
        ?.locator('body')
        .ariaSnapshot()
        .catch(() => undefined);
      if (page && snapshot !== undefined) {
        const file = testInfo.outputPath('panel-aria-snapshot.yml');
        const shown = snapshot || '# (nothing: the page rendered no accessible content)';
        await writeFile(file, `# ${page.url()}\n${shown}\n`);
        await testInfo.attach('panel-aria-snapshot.yml', { path: file, contentType: 'text/yaml' });
      }
      const screenshot = await page?.screenshot().catch(() => undefined);
      if (screenshot) {
        await testInfo.attach('panel.png', { body: screenshot, contentType: 'image/png' });
      }
      await context.tracing
        .stop({ path: testInfo.outputPath('trace.zip') })
        .then(() =>
          testInfo.attachments.push({
            name: 'trace',
            path: testInfo.outputPath('trace.zip'),
            contentType: 'application/zip',
          }),
        )
        .catch(() => undefined);
      await testInfo.attach('browser-console.txt', {
        body: holder.logs.join('\n') || '(nothing logged)',
        contentType: 'text/plain',
      });
    }
    await context.close().catch(() => undefined);
    // Depending on userDataDir makes its teardown (deleting the profile) run after this close.
    void userDataDir;
  },

  context: async ({ browserHolder, userDataDir, browserLanguage }, use) => {
    const context = await launchBrowser(userDataDir, browserLanguage);
    browserHolder.context = context;
    recordLogs(context, browserHolder.logs);
    await context.tracing.start({ screenshots: true, snapshots: true });
    await use(context);
  },

  serviceWorker: async ({ context }, use) => {
    await use(await findServiceWorker(context));
  },

  extensionId: async ({ serviceWorker }, use) => {
    // The id depends on the folder path (or a manifest key), so read it at runtime. It stays the
    // same across restartBrowser, which relaunches on the same profile and folder.
    await use(new URL(serviceWorker.url()).host);
  },

  panel: async ({ context, extensionId }, use) => {
    await use(await openPanelTab(context, extensionId));
  },

  chatPanel: async ({ panel, mockLlm }, use) => {
    await configureProvider(panel, mockLlm);
    await use(panel);
  },

  openPanel: async ({ browserHolder, extensionId }, use) => {
    await use(async () => {
      const context = browserHolder.context;
      if (!context) throw new Error('openPanel: no browser is running.');
      return openPanelTab(context, extensionId);
    });
  },

  restartBrowser: async (
    { browserHolder, userDataDir, extensionId, browserLanguage },
    use,
    testInfo,
  ) => {
    await use(async () => {
      const old = browserHolder.context;
      if (old) {
        // Kept in case the test fails later; test-results is emptied on every run.
        await old.tracing
          .stop({ path: testInfo.outputPath('trace-before-restart.zip') })
          .catch(() => undefined);
        await old.close();
      }
      const context = await launchBrowser(userDataDir, browserLanguage);
      browserHolder.context = context;
      recordLogs(context, browserHolder.logs);
      await context.tracing.start({ screenshots: true, snapshots: true });
      // The worker may not start by itself after a restart; opening the panel wakes it.
      const panel = await openPanelTab(context, extensionId);
      return { context, extensionId, panel };
    });
  },
});

function recordLogs(context: BrowserContext, logs: string[]): void {
  const started = Date.now();
  const stamp = () => `${String(Date.now() - started).padStart(6)}ms`;
  context.on('console', (message) => {
    logs.push(`${stamp()} [${message.type()}] ${message.location().url}: ${message.text()}`);
  });
  context.on('weberror', (error) => {
    logs.push(`${stamp()} [pageerror] ${error.error().message}`);
  });
}
