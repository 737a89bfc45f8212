/**
 * Base64 for PDF bytes crossing `runtime.sendMessage`, which serialises messages as JSON in
 * Chrome (a Uint8Array would arrive as an object of numbered keys).
 * https://developer.chrome.com/docs/extensions/develop/concepts/messaging
 */

// String.fromCharCode takes its bytes as arguments; stay well below engines' argument limits.
const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

/** Throws a DOMException (InvalidCharacterError) when `text` is not base64. */
export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
