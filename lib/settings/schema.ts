import { z } from 'zod';
import { LANGUAGE_CHOICES } from '../i18n/language-choice';
import { t } from '../i18n/translate';
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

// Messages are functions: zod asks for them when a value fails, in the language of that moment.
function wholeNumber(name: () => string, min: number, max: number) {
  const error = () => t('wholeNumberRange', name(), min, max);
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

const limitsSchema = z.object({
  maxSteps: wholeNumber(() => t('maxSteps'), 1, 200),
  maxFetches: wholeNumber(() => t('maxFetches'), 0, 100),
  maxIdenticalCalls: wholeNumber(() => t('maxIdenticalCalls'), 1, 20),
});

const httpUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: () => t('baseUrlInvalid') },
  );

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
        message: t('keepVerbatimInvalid', pattern, reason),
      });
      return;
    }
    if (compiled.test('')) {
      context.addIssue({
        code: 'custom',
        message: t('keepVerbatimEmpty', pattern),
      });
      return;
    }
  }
});

function pricePart(name: () => string) {
  const error = () => t('priceInvalid', name());
  return z.number({ error }).min(0, { error }).max(10_000, { error }).nullable();
}

export const settingsSchema = z.object({
  provider: z.enum(PROVIDERS),
  baseUrl: z.union([z.literal(''), httpUrl]),
  apiKey: z.string(),
  model: z.string().trim(),
  smallModel: z.string().trim(),
  contextWindow: z
    .number({ error: () => t('contextWindowWhole') })
    .int({ error: () => t('contextWindowWhole') })
    .min(1024, { error: () => t('contextWindowMin', 1024) })
    .max(10_000_000, { error: () => t('contextWindowMax', 10_000_000) }),
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
    .object({ input: pricePart(() => t('inputPrice')), output: pricePart(() => t('outputPrice')) })
    .default({ input: null, output: null }),
  /** The composer: Enter makes a new line and Ctrl+Enter sends (Enter sends when false). */
  sendWithCtrlEnter: z.boolean().default(false),
  /**
   * While the panel is open, the active tab of its window is read in the page ahead of time, so
   * Summarize does not wait for it; what is read stays in the page until the user asks.
   */
  readAhead: z.boolean().default(true),
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
  readAhead: true,
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
