import { LocalisedError, local } from '../i18n/local-text';

/**
 * A fetch limit fired: 15 s without data between chunks (`idle`), or 30 s for the whole request,
 * redirects and body included (`total`). The message names the limit, so the user and the model
 * know which one it was.
 */
export class FetchTimeoutError extends LocalisedError {
  override readonly name = 'FetchTimeoutError';
  constructor(
    readonly limit: 'idle' | 'total',
    readonly ms: number,
    readonly url?: string,
  ) {
    const seconds = Number((ms / 1000).toFixed(3));
    super(
      limit === 'idle'
        ? url
          ? local('timeoutIdle', url, seconds)
          : local('timeoutIdleResponse', seconds)
        : url
          ? local('timeoutTotal', url, seconds)
          : local('timeoutTotalRequest', seconds),
    );
  }
}
