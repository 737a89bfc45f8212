import { z } from 'zod';
import { LANGUAGE_CHOICES } from '../i18n/language-choice';
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

/** A Keep verbatim pattern as the user typed it; compiled with the `u` flag, matched globally. */
export function compileKeepVerbatim(pattern: string): RegExp {
  return new RegExp(pattern, 'gu');
}

const keepVerbatimSchema = z.array(z.string().trim()).superRefine((patterns, context) => {
  for (const pattern of patterns) {
    let compiled: RegExp;
    try {
      compiled = compileKeepVerbatim(pattern);
    } catch (error) {
      const reason =
        error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : '';
      context.addIssue({
        code: 'custom',
        message: `Keep verbatim: "${pattern}" is not a valid pattern (${reason}).`,
      });
      return;
    }
    if (compiled.test('')) {
      context.addIssue({
        code: 'custom',
        message: `Keep verbatim: "${pattern}" matches empty text; it must match at least one character.`,
      });
      return;
    }
  }
});

function pricePart(name: string) {
  const message = `${name} must be a number of dollars per million tokens, 0 or more.`;
  return z.number({ error: message }).min(0, message).max(10_000, message).nullable();
}

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
  /**
   * Tools the user switched off in Settings → Tools (Crush's AllowedTools, stored the other way
   * round): a tool added in a later version is not in this list, so it is on from the start.
   */
  disabledTools: z.array(z.string()),
  limits: limitsSchema,
  /** The web search provider of the Fetch Analysis sub-agent. */
  search: searchSettingsSchema,
  /**
   * Patterns of text that compression must keep verbatim (contract numbers, article codes), on
   * top of the numbers, dates, names, URLs and identifiers it always keeps.
   */
  keepVerbatim: keepVerbatimSchema.default([]),
  /** The main model's price in dollars per million tokens; null uses the table of known models. */
  pricePerMillion: z
    .object({ input: pricePart('Input price'), output: pricePart('Output price') })
    .default({ input: null, output: null }),
  /** The composer: Enter makes a new line and Ctrl+Enter sends (Enter sends when false). */
  sendWithCtrlEnter: z.boolean().default(false),
  /** The language of the panel, Settings and the worker's texts; `browser` follows the browser. */
  language: z.enum(LANGUAGE_CHOICES).default('browser'),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  provider: 'ollama',
  baseUrl: '',
  apiKey: '',
  model: '',
  smallModel: '',
  contextWindow: DEFAULT_CONTEXT_WINDOW,
  disabledTools: [],
  limits: { maxSteps: 20, maxFetches: 10, maxIdenticalCalls: 3 },
  search: DEFAULT_SEARCH_SETTINGS,
  keepVerbatim: [],
  pricePerMillion: { input: null, output: null },
  sendWithCtrlEnter: false,
  language: 'browser',
};

/** A model is usable once it has an endpoint and a model name. */
export function isConfigured(settings: Settings): boolean {
  return settings.baseUrl !== '' && settings.model !== '';
}

/** The model the Fetch Analysis sub-agent runs on: Small model, or the main model when blank. */
export function smallModelOf(settings: Settings): string {
  return settings.smallModel || settings.model;
}
