// Must come first: see lib/zod-setup.ts.
import '../../lib/zod-setup';
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createWorker } from '../../lib/worker/create-worker';
import { syncOllamaOriginRule } from '../../lib/worker/ollama-origin-sync';
import { openPanelFromToolbar } from '../../lib/worker/side-panel';
import {
  retitleSummarizeItem,
  summarizeFromMenuAndShortcut,
} from '../../lib/worker/summarize-entry';
import { followLanguageSetting } from '../../lib/worker/worker-language';

// Wiring only: lib/worker builds everything; this connects it to the browser's events.
export default defineBackground(() => {
  void followLanguageSetting(browser.i18n, retitleSummarizeItem);
  const worker = createWorker();
  browser.runtime.onConnect.addListener((port) => worker.acceptPort(port));
  syncOllamaOriginRule();
  summarizeFromMenuAndShortcut(worker.handlers, worker.ready);
  openPanelFromToolbar();
});
