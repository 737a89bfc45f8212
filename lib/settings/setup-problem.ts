import { t } from '../i18n/translate';
import { PROVIDER_PRESETS, type Provider, type Settings } from './schema';

/** Why a setup cannot answer a question, naming the field to fill; undefined when it can. */
export function setupProblem(
  settings: Pick<Settings, 'provider' | 'baseUrl' | 'apiKey' | 'model'>,
): { field: 'baseUrl' | 'apiKey' | 'model'; message: string } | undefined {
  const preset = PROVIDER_PRESETS[settings.provider];
  if (settings.baseUrl.trim() === '') {
    return {
      field: 'baseUrl',
      message: t('setupNeedsBaseUrl'),
    };
  }
  // A hosted preset at its own address cannot answer without a key; a custom address may.
  if (
    preset.needsKey &&
    settings.apiKey.trim() === '' &&
    settings.baseUrl.trim() === preset.baseUrl
  ) {
    return { field: 'apiKey', message: t('setupNeedsKey', providerLabel(settings.provider)) };
  }
  if (settings.model.trim() === '') {
    return {
      field: 'model',
      message: t('setupNeedsModel'),
    };
  }
  return undefined;
}

/** "gpt-4o-mini on OpenAI": what a successful Save says is ready. */
export function describeSetup(settings: Pick<Settings, 'provider' | 'model' | 'baseUrl'>): string {
  return t('modelOnProvider', settings.model, providerName(settings));
}

/** Who answers: "OpenAI", "Ollama", or the host of a custom address. */
export function providerName(settings: Pick<Settings, 'provider' | 'baseUrl'>): string {
  return settings.provider === 'custom'
    ? safeHost(settings.baseUrl)
    : PROVIDER_PRESETS[settings.provider].label.replace(/ \(local\)$/, '');
}

function safeHost(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
}

/** A provider as the Provider select names it, in the active language. */
export function providerLabel(provider: Provider): string {
  if (provider === 'ollama') return t('providerOllama');
  if (provider === 'lmstudio') return t('providerLmStudio');
  if (provider === 'custom') return t('providerCustom');
  return PROVIDER_PRESETS[provider].label;
}
