import { contextWindowFor } from '@/lib/settings/context-window';
import { PROVIDER_PRESETS, PROVIDERS, type Provider, type Settings } from '@/lib/settings/schema';

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
}

export type SaveOutcome =
  | { ok: true; settings: Settings }
  /** `field` names the setting the message is about, when there is one. */
  | { ok: false; message: string; field?: string };
export type ConnectionOutcome = { ok: true; models: string[] } | { ok: false; message: string };

export function draftFrom(settings: Settings): SettingsDraft {
  return {
    provider: settings.provider,
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    model: settings.model,
    smallModel: settings.smallModel,
    contextWindow: String(settings.contextWindow),
    contextEdited: settings.contextWindow !== contextWindowFor(settings.model),
  };
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
  };
}
