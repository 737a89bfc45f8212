/**
 * Characters that render as nothing but still reach the model: Unicode tag characters
 * (U+E0000–U+E007F, used to smuggle hidden instructions into text, see
 * https://embracethered.com/blog/posts/2024/hiding-and-finding-text-with-unicode-tags/),
 * zero-width space/joiners (U+200B–U+200D), word joiner (U+2060), a byte-order mark inside text
 * (U+FEFF) and the soft hyphen (U+00AD), which also splits words for a tokenizer.
 */
const INVISIBLE = /[\u{E0000}-\u{E007F}\u200B-\u200D\u2060\uFEFF\u00AD]/gu;

export function stripInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE, '');
}
