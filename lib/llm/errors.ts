/**
 * What can go wrong talking to the model, each with a sentence a user can act on.
 * Messages never contain the API key: they are written by us, not copied from the server.
 */
export type LlmErrorKind =
  /** 401/403: the key was rejected. */
  | 'auth'
  /** 404: the model (or the endpoint path) does not exist. */
  | 'not-found'
  /** 429 after retries, or a Retry-After longer than we wait. */
  | 'rate-limited'
  /** 5xx after retries. */
  | 'server'
  /** No answer at all: DNS, refused connection, CORS/host permission, offline. */
  | 'unreachable'
  /** The answer started streaming and then broke off. What arrived stays until Resume replaces it. */
  | 'stream-cut'
  /** The endpoint answered with a redirect, which model requests never follow. */
  | 'redirected'
  /** Something answered, but not like an OpenAI-compatible API. */
  | 'bad-response'
  /** The request was longer than the model's context window (each server words it its own way). */
  | 'context-overflow'
  /** Another 4xx the server explained. */
  | 'rejected'
  /** The user pressed Stop. */
  | 'aborted';

export class LlmError extends Error {
  override readonly name = 'LlmError';
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly details: { status?: number; partialText?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
  }
}
