import type { ChatResponse } from './types';

type Usage = NonNullable<ChatResponse['usage']>;

function count(record: Record<string, unknown>, ...names: string[]): number | undefined {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  }
  return undefined;
}

/**
 * The `usage` object of a completion or of the last stream chunk (sent when the request asked
 * for `stream_options.include_usage`). OpenAI, vLLM, LM Studio, llama.cpp and OpenRouter name the
 * counts `prompt_tokens` and `completion_tokens`; a few proxies use the `input_tokens` /
 * `output_tokens` names of other APIs. A usage without both counts is no usage.
 */
export function parseUsage(value: unknown): Usage | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  const promptTokens = count(record, 'prompt_tokens', 'input_tokens');
  const completionTokens = count(record, 'completion_tokens', 'output_tokens');
  if (promptTokens === undefined || completionTokens === undefined) return undefined;
  return { promptTokens, completionTokens };
}
