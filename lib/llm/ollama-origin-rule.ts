import type { Settings } from '../settings/schema';
import { isOllamaEndpoint } from './classify-error';

export const OLLAMA_ORIGIN_RULE_ID = 1;

/** The subset of a declarativeNetRequest rule this file builds. */
export interface OriginRule {
  id: number;
  priority: number;
  action: {
    type: 'modifyHeaders';
    requestHeaders: Array<{ header: string; operation: 'remove' }>;
  };
  condition: { urlFilter: string; initiatorDomains: string[]; resourceTypes: string[] };
}

/**
 * Ollama answers 403 to requests whose Origin is a browser extension unless OLLAMA_ORIGINS
 * allows it. For the configured Ollama endpoint only, and only for requests this extension
 * makes, a session rule removes the Origin header so it works out of the box (as other
 * extensions do). Other hosts and other initiators are untouched.
 * https://developer.chrome.com/docs/extensions/reference/api/declarativeNetRequest
 */
export function ollamaOriginRule(
  settings: Pick<Settings, 'baseUrl' | 'provider'>,
  extensionId: string,
): OriginRule | null {
  if (!settings.baseUrl || !isOllamaEndpoint(settings.baseUrl, settings.provider)) return null;
  let origin: string;
  try {
    origin = new URL(settings.baseUrl).origin;
  } catch {
    return null;
  }
  return {
    id: OLLAMA_ORIGIN_RULE_ID,
    priority: 1,
    action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
    condition: {
      urlFilter: `|${origin}/`,
      initiatorDomains: [extensionId],
      resourceTypes: ['xmlhttprequest', 'other'],
    },
  };
}
