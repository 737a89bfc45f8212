/**
 * How each server says that a request is longer than the model's window. Matched on the error
 * code where there is one and on the message text otherwise, since only OpenAI sends a code.
 */
const OVERFLOW_CODES = new Set(['context_length_exceeded', 'exceed_context_size_error']);

const OVERFLOW_WORDINGS: readonly RegExp[] = [
  // OpenAI: "This model's maximum context length is 8192 tokens. However, your messages
  // resulted in 9013 tokens." vLLM says the same with "you requested". OpenRouter:
  // "This endpoint's maximum context length is 8192 tokens. However, you requested about …".
  /maximum context length is \d+/i,
  // vLLM 0.6 and later: "The decoder prompt (length 9013) is longer than the maximum model
  // length of 8192." and "… exceeds the maximum model length".
  /(longer than|exceeds) the maximum model length/i,
  // LM Studio: "Trying to keep the first 9013 tokens when context the overflows. However, the
  // model is loaded with context length of only 8192 tokens, which is not enough."
  /context (the )?overflows|loaded with context length of only/i,
  // llama.cpp server: "the request exceeds the available context size, try increasing it" and,
  // from older builds, "input is too large to process. increase the physical batch size".
  /exceeds the available context size|input is too large to process/i,
  // Other proxies and servers: "prompt is too long: 210000 tokens > 200000 maximum",
  // "context length exceeded", "context window exceeded", "too many tokens in the prompt".
  /prompt is too long|context[ _](length|window)[ _](exceeded|is exceeded)|too many (input )?tokens/i,
];

/** Whether a provider's error says the request did not fit the model's context window. */
export function isContextOverflow(message: string | undefined, code?: unknown): boolean {
  if (typeof code === 'string' && OVERFLOW_CODES.has(code)) return true;
  if (!message) return false;
  return OVERFLOW_WORDINGS.some((wording) => wording.test(message));
}
