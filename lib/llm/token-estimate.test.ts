import { describe, expect, it } from 'vitest';
import { estimateTokens } from './token-estimate';

describe('estimateTokens', () => {
  it('counts nothing for empty text', () => {
    expect(estimateTokens('')).toBe(0);
  });

  it('counts about four Latin characters per token, rounding up', () => {
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    expect(estimateTokens('a'.repeat(4000))).toBe(1000);
  });

  it('counts each Chinese, Japanese or Korean character as one token', () => {
    expect(estimateTokens('你好世界')).toBe(4);
    expect(estimateTokens('ひらがなカタカナ')).toBe(8);
    expect(estimateTokens('안녕하세요')).toBe(5);
  });

  it('adds up mixed text: CJK one each, the rest by four', () => {
    // 2 Han characters + "GPT-4 " (6 characters, 2 tokens).
    expect(estimateTokens('GPT-4 模型')).toBe(4);
  });

  it('counts an emoji as one character, not two', () => {
    expect(estimateTokens('🙂🙂🙂🙂')).toBe(1);
  });
});
