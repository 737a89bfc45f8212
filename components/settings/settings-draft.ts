import type { LanguageChoice } from '../../lib/i18n/language-choice';
import { t } from '../../lib/i18n/translate';
import { contextWindowFor } from '../../lib/settings/context-window';
import {
  PROVIDER_PRESETS,
  PROVIDERS,
  type Provider,
  type Settings,
} from '../../lib/settings/schema';
import { DEFAULT_SEARCH_SETTINGS, type SearchProviderId } from '../../lib/settings/search-settings';
import { classifyHost } from '../../lib/web/private-host';
import { matchesExemptHost } from '../../lib/web/url-policy';

/** The settings form's fields as typed, before validation. */
export interface SettingsDraft {
  provider: Provider;
  baseUrl: string;
  apiKey: string;
  model: string;
  smallModel: string;
  contextWindow: string;
  /** The user typed a context window, so changing the model no longer overwrites it. */
  contextEdited: boolean;
  /** Web search: every provider's field is kept while another provider is chosen. */
  searchProvider: SearchProviderId;
  duckduckgoUrl: string;
  searxngUrl: string;
  braveKey: string;
  /** Limits per answer, as typed. */
  maxSteps: string;
  maxFetches: string;
  maxIdenticalCalls: string;
  /** Keep verbatim patterns, one a line; prices as typed (blank = the known price). */
  keepVerbatim: string;
  priceInput: string;
  priceOutput: string;
  sendWithCtrlEnter: boolean;
  readAhead: boolean;
  language: LanguageChoice;
}

export function draftFrom(settings: Settings): SettingsDraft {
  return {
    provider: settings.provider,
    // A preset's address is shown as a value to keep, not a placeholder that Save would drop.
    baseUrl: settings.baseUrl || PROVIDER_PRESETS[settings.provider].baseUrl,
    apiKey: settings.apiKey,
    model: settings.model,
    smallModel: settings.smallModel,
    contextWindow: String(settings.contextWindow),
    contextEdited: settings.contextWindow !== contextWindowFor(settings.model),
    searchProvider: settings.search.provider,
    duckduckgoUrl: settings.search.duckduckgoUrl,
    searxngUrl: settings.search.searxngUrl,
    braveKey: settings.search.braveKey,
    maxSteps: String(settings.limits.maxSteps),
    maxFetches: String(settings.limits.maxFetches),
    maxIdenticalCalls: String(settings.limits.maxIdenticalCalls),
    keepVerbatim: settings.keepVerbatim.join('\n'),
    priceInput:
      settings.pricePerMillion.input === null ? '' : String(settings.pricePerMillion.input),
    priceOutput:
      settings.pricePerMillion.output === null ? '' : String(settings.pricePerMillion.output),
    sendWithCtrlEnter: settings.sendWithCtrlEnter,
    readAhead: settings.readAhead,
    language: settings.language,
  };
}

/** A typed price: blank is "no price", anything else must be a number (validation names it). */
function typedPrice(value: string): number | null {
  const typed = value.trim().replace(/^\$/, '');
  return typed === '' ? null : Number(typed);
}

/** A typed whole number; NaN (which validation names) when empty or not a number. */
function typedNumber(value: string): number {
  const typed = value.replace(/[\s,_]/g, '');
  return typed === '' ? Number.NaN : Number(typed);
}

const PRESET_URLS = new Set(PROVIDERS.map((provider) => PROVIDER_PRESETS[provider].baseUrl));

/** A preset fills Base URL unless the user typed their own address there. */
export function withProvider(draft: SettingsDraft, provider: Provider): SettingsDraft {
  const typedByUser = draft.baseUrl.trim() !== '' && !PRESET_URLS.has(draft.baseUrl.trim());
  return {
    ...draft,
    provider,
    baseUrl: typedByUser ? draft.baseUrl : PROVIDER_PRESETS[provider].baseUrl,
  };
}

/** A known model prefills its context window, until the user sets one by hand. */
export function withModel(draft: SettingsDraft, model: string): SettingsDraft {
  if (draft.contextEdited) return { ...draft, model };
  return { ...draft, model, contextWindow: String(contextWindowFor(model)) };
}

export function withContextWindow(draft: SettingsDraft, contextWindow: string): SettingsDraft {
  return { ...draft, contextWindow, contextEdited: true };
}

/** Form fields back into settings; the fields the form does not show are kept as stored. */
export function settingsFrom(draft: SettingsDraft, stored: Settings): Settings {
  const typed = draft.contextWindow.replace(/[\s,_]/g, '');
  return {
    ...stored,
    provider: draft.provider,
    baseUrl: draft.baseUrl.trim(),
    apiKey: draft.apiKey.trim(),
    model: draft.model.trim(),
    smallModel: draft.smallModel.trim(),
    contextWindow: typed === '' ? Number.NaN : Number(typed),
    limits: {
      maxSteps: typedNumber(draft.maxSteps),
      maxFetches: typedNumber(draft.maxFetches),
      maxIdenticalCalls: typedNumber(draft.maxIdenticalCalls),
    },
    search: {
      ...stored.search,
      provider: draft.searchProvider,
      // A cleared DuckDuckGo address goes back to the default rather than failing validation.
      duckduckgoUrl: draft.duckduckgoUrl.trim() || DEFAULT_SEARCH_SETTINGS.duckduckgoUrl,
      searxngUrl: draft.searxngUrl.trim(),
      braveKey: draft.braveKey.trim(),
    },
    keepVerbatim: draft.keepVerbatim
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    pricePerMillion: { input: typedPrice(draft.priceInput), output: typedPrice(draft.priceOutput) },
    sendWithCtrlEnter: draft.sendWithCtrlEnter,
    readAhead: draft.readAhead,
    language: draft.language,
  };
}

/** The labels of the Search provider select. */
export const SEARCH_PROVIDER_OPTIONS: Record<SearchProviderId, () => string> = {
  duckduckgo: () => t('searchDuckDuckGo'),
  searxng: () => 'SearXNG',
  brave: () => 'Brave Search API',
};

/** The search fields the form shows for a provider; the others stay as typed, hidden. */
export function visibleSearchFields(provider: SearchProviderId): string[] {
  if (provider === 'searxng') return ['search.provider', 'search.searxngUrl'];
  if (provider === 'brave') return ['search.provider', 'search.braveKey'];
  return ['search.provider', 'search.duckduckgoUrl'];
}

/**
 * A SearXNG address on this computer or the local network: fetches there are refused unless the
 * host is exempted in Permissions → Private host. `entry` is what to exempt (`host` or
 * `host:port`, as the guard matches it); `exempted` says whether that is done already.
 */
export function searxngPrivateHost(
  address: string,
  exemptHosts: readonly string[],
): { entry: string; description: string; exempted: boolean } | undefined {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const verdict = classifyHost(url.hostname);
  if (!verdict) return undefined;
  return {
    entry: url.host,
    description: verdict.description,
    exempted: matchesExemptHost(url, exemptHosts),
  };
}
