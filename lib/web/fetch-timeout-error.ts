/**
 * A fetch limit fired: 15 s without data between chunks (`idle`), or 30 s for the whole request,
 * redirects and body included (`total`). The message names the limit, so the user and the model
 * know which one it was.
 */
export class FetchTimeoutError extends Error {
  override readonly name = 'FetchTimeoutError';
  constructor(
    readonly limit: 'idle' | 'total',
    readonly ms: number,
    readonly url?: string,
  ) {
    super(
      limit === 'idle'
        ? `Gave up reading ${url ?? 'the response'}: ${formatSeconds(ms)} without data from the server.`
        : `Gave up on ${url ?? 'the request'}: it took longer than ${formatSeconds(ms)} in all.`,
    );
  }
}

/** 15000 → "15 s", 50 → "0.05 s". */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}
