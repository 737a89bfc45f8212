/**
 * Thrown when the model endpoint answers with a redirect. Following it would make the browser
 * send the whole request again, the user's prompt, page text and API key included, to wherever
 * the endpoint points; so model requests never follow one.
 */
export class EndpointRedirectError extends Error {
  override readonly name = 'EndpointRedirectError';
  constructor(
    /** The URL that answered with the redirect. */
    readonly url: string,
    /**
     * Where it pointed, absolute; undefined when the browser hides it: a `redirect: 'manual'`
     * fetch in a browser gets an opaque response with neither status nor Location.
     */
    readonly target: string | undefined,
  ) {
    super(`${url} redirected ${target === undefined ? 'elsewhere' : `to ${target}`}.`);
  }
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

function targetOf(response: Response, url: string): string | undefined {
  const location = response.headers.get('location');
  if (location === null || location.trim() === '') return undefined;
  try {
    return new URL(location, url).href;
  } catch {
    return location;
  }
}

/**
 * Wraps a fetch so it never follows a redirect: it asks with `redirect: 'manual'` (overriding any
 * caller's choice) and turns a redirect answer into an EndpointRedirectError. In a browser the
 * redirect arrives as an `opaqueredirect` response; in Node (tests, the CLI) as the 3xx itself.
 * 304 Not Modified is no redirect and passes through. Without `fetchImpl`, the global fetch is
 * looked up at call time, so it is never called with a foreign `this`.
 */
export function fetchWithoutRedirects(fetchImpl?: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = urlOf(input);
    const impl = fetchImpl ?? globalThis.fetch;
    const response = await impl(input, { ...init, redirect: 'manual' });
    const redirected =
      response.type === 'opaqueredirect' ||
      (response.status >= 300 && response.status < 400 && response.status !== 304);
    if (!redirected) return response;
    // Nothing in the body is wanted; free the connection.
    await response.body?.cancel().catch(() => undefined);
    throw new EndpointRedirectError(url, targetOf(response, url));
  };
}
