/** Dollars per million tokens, in and out. */
export interface Price {
  input: number;
  output: number;
}

/**
 * List prices of common hosted models (USD per million tokens, as their providers publish them).
 * Matched on the model name without its vendor prefix; the longest prefix wins, so
 * `gpt-4.1-mini` is not priced as `gpt-4.1`. Local models are free and not listed.
 */
const KNOWN_PRICES: Array<[prefix: string, price: Price]> = [
  ['gpt-4.1-nano', { input: 0.1, output: 0.4 }],
  ['gpt-4.1-mini', { input: 0.4, output: 1.6 }],
  ['gpt-4.1', { input: 2, output: 8 }],
  ['gpt-4o-mini', { input: 0.15, output: 0.6 }],
  ['gpt-4o', { input: 2.5, output: 10 }],
  ['gpt-5-nano', { input: 0.05, output: 0.4 }],
  ['gpt-5-mini', { input: 0.25, output: 2 }],
  ['gpt-5', { input: 1.25, output: 10 }],
  ['o4-mini', { input: 1.1, output: 4.4 }],
  ['o3-mini', { input: 1.1, output: 4.4 }],
  ['o3', { input: 2, output: 8 }],
  ['claude-3.5-haiku', { input: 0.8, output: 4 }],
  ['claude-3-5-haiku', { input: 0.8, output: 4 }],
  ['claude-sonnet-4', { input: 3, output: 15 }],
  ['claude-3.7-sonnet', { input: 3, output: 15 }],
  ['gemini-2.5-flash', { input: 0.3, output: 2.5 }],
  ['gemini-2.5-pro', { input: 1.25, output: 10 }],
  ['deepseek-chat', { input: 0.27, output: 1.1 }],
];

/**
 * The price of a model: the one the user entered in Settings (both parts), else the table's,
 * else unknown.
 */
export function priceOf(
  model: string,
  entered: { input: number | null; output: number | null } = { input: null, output: null },
): Price | undefined {
  if (entered.input !== null && entered.output !== null) {
    return { input: entered.input, output: entered.output };
  }
  const name = model.trim().toLowerCase().split('/').pop() ?? '';
  let best: [string, Price] | undefined;
  for (const entry of KNOWN_PRICES) {
    if (name.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1];
}

/** What a request cost in dollars. */
export function costOf(tokensIn: number, tokensOut: number, price: Price): number {
  return (tokensIn * price.input + tokensOut * price.output) / 1_000_000;
}
