import { describe, expect, it } from 'vitest';
import { parseUsage } from './usage';

describe('parseUsage', () => {
  it('reads the OpenAI usage of the last stream chunk', () => {
    expect(parseUsage({ prompt_tokens: 812, completion_tokens: 64, total_tokens: 876 })).toEqual({
      promptTokens: 812,
      completionTokens: 64,
    });
  });

  it('reads the input/output names some proxies use', () => {
    expect(parseUsage({ input_tokens: 10, output_tokens: 2 })).toEqual({
      promptTokens: 10,
      completionTokens: 2,
    });
  });

  it('is no usage when a count is missing or not a number', () => {
    expect(parseUsage(null)).toBeUndefined();
    expect(parseUsage({ prompt_tokens: 10 })).toBeUndefined();
    expect(parseUsage({ prompt_tokens: '10', completion_tokens: 2 })).toBeUndefined();
    expect(parseUsage({ prompt_tokens: -1, completion_tokens: 2 })).toBeUndefined();
  });
});
