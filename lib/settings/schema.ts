import { z } from 'zod';
import { DEFAULT_SEARCH_SETTINGS, searchSettingsSchema } from './search-settings';

/** Providers the settings form offers presets for. `custom` is any OpenAI-compatible base URL. */
export const PROVIDERS = ['ollama', 'openai', 'lmstudio', 'openrouter', 'custom'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const PROVIDER_PRESETS: Record<
  Provider,
  { label: string; baseUrl: string; needsKey: boolean; exampleModel: string }
> = {
  ollama: {
    label: 'Ollama (local)',
    baseUrl: 'http://localhost:11434/v1',
    needsKey: false,
    exampleModel: 'llama3.1:8b',
  },
  openai: {
    label: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    needsKey: true,
    exampleModel: 'gpt-4.1-mini',
  },
  lmstudio: {
    label: 'LM Studio (local)',
    baseUrl: 'http://localhost:1234/v1',
    needsKey: false,
    exampleModel: 'qwen2.5-7b-instruct',
  },
  openrouter: {
    label: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    needsKey: true,
    exampleModel: 'openai/gpt-4.1-mini',
  },
  custom: { label: 'Custom (OpenAI-compatible)', baseUrl: '', needsKey: false, exampleModel: '' },
};

export const DEFAULT_CONTEXT_WINDOW = 8192;

function wholeNumber(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}.`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

const limitsSchema = z.object({
  maxSteps: wholeNumber('Model steps per answer', 1, 200),
  maxFetches: wholeNumber('Fetches per answer', 0, 100),
  maxIdenticalCalls: wholeNumber('Identical tool calls per answer', 1, 20),
});

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Base URL must be an http:// or https:// address, like http://localhost:11434/v1');

export const settingsSchema = z.object({
  provider: z.enum(PROVIDERS),
  baseUrl: z.union([z.literal(''), httpUrl]),
  apiKey: z.string(),
  model: z.string().trim(),
  smallModel: z.string().trim(),
  contextWindow: z
    .number({ error: 'Context window must be a whole number of tokens' })
    .int('Context window must be a whole number of tokens')
    .min(1024, 'Context window must be at least 1,024 tokens')
    .max(10_000_000, 'Context window must be at most 10,000,000 tokens'),
  /** Tool names the main agent may be offered (like Crush's AllowedTools). */
  allowedTools: z.array(z.string()),
  limits: limitsSchema,
  /** The web search provider of the Fetch Analysis sub-agent. */
  search: searchSettingsSchema,
  /** The composer: Enter makes a new line and Ctrl+Enter sends (Enter sends when false). */
  sendWithCtrlEnter: z.boolean().default(false),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  provider: 'ollama',
  baseUrl: '',
  apiKey: '',
  model: '',
  smallModel: '',
  contextWindow: DEFAULT_CONTEXT_WINDOW,
  allowedTools: ['list_tabs', 'read_tab', 'fetch', 'agentic_fetch'],
  limits: { maxSteps: 20, maxFetches: 10, maxIdenticalCalls: 3 },
  search: DEFAULT_SEARCH_SETTINGS,
  sendWithCtrlEnter: false,
};

/** A model is usable once it has an endpoint and a model name. */
export function isConfigured(settings: Settings): boolean {
  return settings.baseUrl !== '' && settings.model !== '';
}

/** The model the Fetch Analysis sub-agent runs on: Small model, or the main model when blank. */
export function smallModelOf(settings: Settings): string {
  return settings.smallModel || settings.model;
}
