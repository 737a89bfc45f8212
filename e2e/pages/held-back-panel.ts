import { type BrowserContext, expect } from '@playwright/test';
import { SidePanel } from './side-panel';

/**
 * Opens a second side panel whose code past its first chunk (the App chunk) is held back, so
 * what the test does next lands in the panel's first frame: its header and composer. `release`
 * waits until the chunk was asked for, then lets it through.
 */
export async function openPanelHeldBack(
  context: BrowserContext,
  extensionId: string,
): Promise<{ panel: SidePanel; release(): Promise<void> }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const held: string[] = [];
  cdp.on('Fetch.requestPaused', (event) => held.push(event.requestId));
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/chunks/App-*' }] });
  await page.goto(`chrome-extension://${extensionId}/sidepanel.html`, { waitUntil: 'commit' });
  return {
    panel: new SidePanel(page),
    async release() {
      await expect.poll(() => held.length, { message: 'the App chunk held back' }).toBe(1);
      await cdp.send('Fetch.continueRequest', { requestId: held[0]! });
      await cdp.send('Fetch.disable');
    },
  };
}
