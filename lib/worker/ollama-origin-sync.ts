import { type Browser, browser } from 'wxt/browser';
import { OLLAMA_ORIGIN_RULE_ID, ollamaOriginRule } from '../llm/ollama-origin-rule';
import type { Settings } from '../settings/schema';
import { loadSettings, watchSettings } from '../settings/store';

/**
 * Lets the configured Ollama endpoint accept our requests without OLLAMA_ORIGINS: a session
 * rule removes the Origin header for that endpoint only, kept in step with the settings.
 */
export function syncOllamaOriginRule(): void {
  const sync = (settings: Settings) => {
    const rule = ollamaOriginRule(settings, browser.runtime.id);
    void browser.declarativeNetRequest
      ?.updateSessionRules({
        removeRuleIds: [OLLAMA_ORIGIN_RULE_ID],
        addRules: rule ? [rule as Browser.declarativeNetRequest.Rule] : [],
      })
      .catch((error: unknown) => console.error('Gleaner could not set the Ollama rule', error));
  };
  void loadSettings().then(sync);
  watchSettings(sync);
}
