/**
 * Drives Debian's Firefox ESR with the built Firefox extension over WebDriver BiDi (Puppeteer's
 * Firefox mode; Playwright cannot drive a stock Firefox).
 *
 * - The extension is installed as a temporary add-on (`webExtension.install`), as from
 *   about:debugging's "Load Temporary Add-on".
 * - Firefox gives each install a random internal UUID, which is the host of its pages; the
 *   `extensions.webextensions.uuids` pref fixes it, so the panel is at a known
 *   `moz-extension://` address.
 * - WebDriver BiDi refuses to navigate to `moz-extension:` and `about:debugging` unless Firefox
 *   runs with `--remote-allow-system-access`.
 * - `network.dns.forceResolve` answers every host name with 127.0.0.1, so the fixture sites'
 *   public-looking `*.test` hosts reach the local servers and the private-address guard stays on
 *   (the Chromium suite does the same with `--host-resolver-rules`).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FirefoxPanel } from './panel';

export const GECKO_ID = 'gleaner@gleaner.invalid';
/** The internal UUID the tests give the add-on (any fixed v4 UUID would do). */
const EXTENSION_UUID = '6f1c2a4e-1111-4222-8333-944455556666';
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}`;

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The build under test: `npm run build:firefox` writes `.output/firefox-mv2`. */
const FIREFOX_EXTENSION_DIR = path.resolve(
  process.env.GLEANER_FIREFOX_EXTENSION_DIR ?? path.join(ROOT_DIR, '.output', 'firefox-mv2'),
);
const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export interface FirefoxSession {
  browser: Browser;
  /** The side panel page opened as a normal tab, in front. */
  panel: FirefoxPanel;
  /** Navigates a tab of this browser to any address, extension pages included. */
  goto(page: Page, url: string): Promise<void>;
  close(): Promise<void>;
}

const PREFS: Record<string, unknown> = {
  'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
  'network.dns.forceResolve': '127.0.0.1',
  // The browser never leaves loopback: no captive-portal, connectivity or telemetry calls.
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'extensions.getAddons.cache.enabled': false,
  'extensions.update.enabled': false,
  // The panel is a background tab whenever a fixture tab is the current one: its timers must
  // not be slowed to one a second, or every streamed answer shows late.
  'dom.min_background_timeout_value': 4,
  'dom.timeout.enable_budget_timer_throttling': false,
  // Firefox shows PDFs in its own viewer (pdf.js) rather than offering a download.
  'pdfjs.disabled': false,
};

/** Launches Firefox on a fresh profile with the extension installed and the panel open. */
export async function launchFirefox(): Promise<FirefoxSession> {
  if (!existsSync(path.join(FIREFOX_EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(
      `The Firefox build is missing: ${FIREFOX_EXTENSION_DIR}/manifest.json does not exist. ` +
        'Run `npm run build:firefox` first.',
    );
  }
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'gleaner-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir,
    args: ['--remote-allow-system-access', '--width=420', '--height=900'],
    extraPrefsFirefox: PREFS,
  });
  try {
    const id = await browser.installExtension(FIREFOX_EXTENSION_DIR);
    if (id !== GECKO_ID) throw new Error(`Firefox installed the add-on as ${id}, not ${GECKO_ID}.`);
    const [first] = await browser.pages();
    const page = first ?? (await browser.newPage());
    await goto(page, `${EXTENSION_ORIGIN}/sidepanel.html`);
    const panel = new FirefoxPanel(page);
    await panel.waitForText('New chat');
    return {
      browser,
      panel,
      goto,
      async close() {
        await browser.close().catch(() => undefined);
        await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined);
      },
    };
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Navigates and waits for the load. Puppeteer's own `goto` waits for a navigation event that
 * Firefox does not send for `moz-extension:` pages, so the BiDi command is sent directly.
 */
export async function goto(page: Page, url: string): Promise<void> {
  const frame = page.mainFrame() as unknown as {
    browsingContext: { navigate(url: string, wait: 'complete'): Promise<unknown> };
  };
  await frame.browsingContext.navigate(url, 'complete');
}

/**
 * Stops the add-on's background page and starts it again, the way an update or
 * about:debugging's Reload does: `runtime.reload()` called from the panel. The MV2 background
 * page is persistent (Firefox never idle-stops it; see docs/decisions/0010), so this is how its
 * work gets cut off mid-answer. The extension's own tabs are closed by it; `reopenPanel` opens
 * the panel again in a fresh tab.
 */
export async function reloadExtension(session: FirefoxSession): Promise<FirefoxPanel> {
  // The tab for the new panel is made first: creating one while the reload closes the old
  // panel tab can fail on the discarded tab ("no such frame").
  const page = await session.browser.newPage();
  // The page running the call goes away with the reload, so its answer may never come.
  const reloading = session.panel.page
    .evaluate(() => {
      (
        globalThis as unknown as { browser: { runtime: { reload(): void } } }
      ).browser.runtime.reload();
    })
    .catch(() => undefined);
  await Promise.race([reloading, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  // The add-on comes back under the same UUID once its background page has started again.
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      // A navigation started while the add-on is still coming back may never complete.
      await Promise.race([
        goto(page, `${EXTENSION_ORIGIN}/sidepanel.html`),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('the panel did not load in 3 s')), 3_000),
        ),
      ]);
      const panel = new FirefoxPanel(page);
      await panel.waitForText('New chat', 3_000);
      session.panel = panel;
      return panel;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}
