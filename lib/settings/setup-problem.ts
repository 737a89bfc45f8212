import { PROVIDER_PRESETS, type Settings } from './schema';

/** Why a setup cannot answer a question, naming the field to fill; undefined when it can. */
export function setupProblem(
  settings: Pick<Settings, 'provider' | 'baseUrl' | 'apiKey' | 'model'>,
): { field: 'baseUrl' | 'apiKey' | 'model'; message: string } | undefined {
  const preset = PROVIDER_PRESETS[settings.provider];
  if (settings.baseUrl.trim() === '') {
    return {
      field: 'baseUrl',
      message:
        'Enter a Base URL: the address of your model server, like http://localhost:11434/v1.',
    };
  }
  // A hosted preset at its own address cannot answer without a key; a custom address may.
  if (
    preset.needsKey &&
    settings.apiKey.trim() === '' &&
    settings.baseUrl.trim() === preset.baseUrl
  ) {
    return { field: 'apiKey', message: `Enter an API key: ${preset.label} needs one.` };
  }
  if (settings.model.trim() === '') {
    return {
      field: 'model',
      message: 'Choose a Model: Test connection lists the models this server offers.',
    };
  }
  return undefined;
}

/** "gpt-4o-mini on OpenAI": what a successful Save says is ready. */
export function describeSetup(settings: Pick<Settings, 'provider' | 'model' | 'baseUrl'>): string {
  return `${settings.model} on ${providerName(settings)}`;
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
