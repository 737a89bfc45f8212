/**
 * Characters that most tokenizers turn into about one token each: Chinese, Japanese and Korean
 * script. Counting them at the Latin rate of ~4 characters per token would underestimate a Chinese
 * page about fourfold, and the page budgets and the 60% compression threshold would be wrong.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/**
 * A rough token count without a tokenizer: ~4 characters per token, CJK characters ~1 token each.
 * Good enough for budgets and thresholds; never used where an exact count matters.
 */
export function estimateTokens(text: string): number {
  if (text === '') return 0;
  const cjkCount = text.match(CJK)?.length ?? 0;
  // Count the rest in code points so an emoji (two UTF-16 units) is one character.
  const otherCount = [...text.replace(CJK, '')].length;
  return cjkCount + Math.ceil(otherCount / 4);
}
