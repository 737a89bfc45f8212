import { DEFAULT_CONTEXT_WINDOW } from './schema';

/**
 * Context windows of well-known models, matched on the model name without its vendor prefix.
 * Longest prefix wins, so `gpt-4o-mini` matches before `gpt-4`.
 */
const KNOWN_CONTEXT_WINDOWS: Array<[prefix: string, tokens: number]> = [
  ['gpt-4.1', 1_047_576],
  ['gpt-4o', 128_000],
  ['gpt-4-turbo', 128_000],
  ['gpt-4', 8_192],
  ['gpt-3.5-turbo', 16_385],
  ['gpt-5', 400_000],
  ['o1', 200_000],
  ['o3', 200_000],
  ['o4-mini', 200_000],
  ['claude', 200_000],
  ['gemini-1.5', 1_000_000],
  ['gemini-2', 1_048_576],
  ['llama3.1', 131_072],
  ['llama3.2', 131_072],
  ['llama3.3', 131_072],
  ['llama-3.1', 131_072],
  ['llama-3.3', 131_072],
  ['llama3', 8_192],
  ['qwen2.5', 32_768],
  ['qwen3', 40_960],
  ['mistral-nemo', 128_000],
  ['mistral', 32_768],
  ['gemma3', 131_072],
  ['gemma2', 8_192],
  ['phi4', 16_384],
  ['deepseek-r1', 131_072],
  ['deepseek-chat', 65_536],
];

function knownContextWindow(model: string): number | undefined {
  const name = model.trim().toLowerCase().split('/').pop() ?? '';
  let best: [string, number] | undefined;
  for (const entry of KNOWN_CONTEXT_WINDOWS) {
    if (name.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1];
}

export function contextWindowFor(model: string): number {
  return knownContextWindow(model) ?? DEFAULT_CONTEXT_WINDOW;
}
