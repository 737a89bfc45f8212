/**
 * Output caps are in bytes of UTF-8: "100 KB" is 102,400 bytes, the
 * `fetch` tool's cap; "50,000 bytes" is where `web_fetch` saves the page to a file instead.
 * Truncation happens only after conversion, and callers always say so in the output.
 */
export const FETCH_OUTPUT_MAX_BYTES = 102_400;
export const WEB_FETCH_INLINE_MAX_BYTES = 50_000;

export interface CappedText {
  text: string;
  truncated: boolean;
  /** Bytes of UTF-8 of the whole text, before the cut. */
  originalBytes: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Keeps at most `maxBytes` bytes of UTF-8 of `text`, cut on a character boundary: a multibyte
 * character or a surrogate pair (one 4-byte character in UTF-8) is dropped whole, never split.
 */
export function capUtf8(text: string, maxBytes: number): CappedText {
  const bytes = encoder.encode(text);
  if (bytes.length <= maxBytes) return { text, truncated: false, originalBytes: bytes.length };
  let cut = Math.max(0, Math.floor(maxBytes));
  // Step back over continuation bytes (10xxxxxx) to the start of the character that straddles
  // the limit.
  while (cut > 0 && (bytes[cut]! & 0xc0) === 0x80) cut -= 1;
  return {
    text: decoder.decode(bytes.subarray(0, cut)),
    truncated: true,
    originalBytes: bytes.length,
  };
}

/** Bytes of UTF-8 of a string, without encoding it twice where a caller only needs the size. */
export function utf8ByteLength(text: string): number {
  return encoder.encode(text).length;
}
