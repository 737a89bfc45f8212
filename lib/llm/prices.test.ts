import { describe, expect, it } from 'vitest';
import { costOf, priceOf } from './prices';

describe('priceOf', () => {
  it('knows common hosted models, vendor prefix or not, longest prefix first', () => {
    expect(priceOf('gpt-4.1-mini')).toEqual({ input: 0.4, output: 1.6 });
    expect(priceOf('openai/gpt-4.1-mini')).toEqual({ input: 0.4, output: 1.6 });
    expect(priceOf('gpt-4.1-2025-04-14')).toEqual({ input: 2, output: 8 });
  });

  it('does not price a local model it does not know', () => {
    expect(priceOf('llama3.1:8b')).toBeUndefined();
  });

  it('takes the price the user entered over the table', () => {
    expect(priceOf('gpt-4.1-mini', { input: 1, output: 2 })).toEqual({ input: 1, output: 2 });
    expect(priceOf('llama3.1:8b', { input: 0.2, output: null })).toBeUndefined();
  });
});

describe('costOf', () => {
  it('is tokens times the price per million', () => {
    expect(costOf(1_000_000, 500_000, { input: 0.4, output: 1.6 })).toBeCloseTo(1.2);
  });
});
