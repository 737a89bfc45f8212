import { describe, expect, it, vi } from 'vitest';
import { FetchTimeoutError } from '../fetch-timeout-error';
import { MAX_SEARCH_RESPONSE_BYTES, sendSearchRequest } from './send-search-request';

const REQUEST = {
  url: 'https://search.example/find?q=secret+words',
  method: 'GET' as const,
  headers: { Accept: 'application/json' },
};

describe('sendSearchRequest', () => {
  it('sends no cookies, no Referer, nothing from the HTTP cache, and follows no redirect', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('{}'));
    await sendSearchRequest(REQUEST, { provider: 'searxng', fetchImpl });
    expect(fetchImpl.mock.calls[0]![1]).toMatchObject({
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      referrer: '',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      redirect: 'manual',
    });
  });

  it('hands back status, headers and the decoded body of any status', async () => {
    const body = new Uint8Array([0x63, 0x61, 0x66, 0xe9]); // "café" in windows-1252
    const fetchImpl = vi.fn<typeof fetch>(
      async () =>
        new Response(body, {
          status: 202,
          headers: { 'content-type': 'text/html; charset=windows-1252' },
        }),
    );
    const answer = await sendSearchRequest(REQUEST, { provider: 'duckduckgo', fetchImpl });
    expect(answer).toMatchObject({ ok: true, status: 202, text: 'café' });
  });

  it('reports a network failure naming the provider and endpoint, not the query', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    });
    const answer = await sendSearchRequest(REQUEST, { provider: 'searxng', fetchImpl });
    expect(answer).toMatchObject({
      ok: false,
      kind: 'network',
      provider: 'searxng',
      message:
        'Gleaner could not reach SearXNG at https://search.example/find: connect ECONNREFUSED (ECONNREFUSED).',
    });
  });

  it('reports the deadline as a timeout', async () => {
    const controller = new AbortController();
    const fetchImpl = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = sendSearchRequest(REQUEST, {
      provider: 'brave',
      fetchImpl,
      signal: controller.signal,
    });
    controller.abort(new FetchTimeoutError('total', 15_000, 'Brave Search'));
    expect(await pending).toMatchObject({
      ok: false,
      kind: 'timeout',
      provider: 'brave',
      message: 'Brave Search did not answer within 15 s. Try the search again later.',
    });
  });

  it("rejects with the caller's reason when the caller stops", async () => {
    const controller = new AbortController();
    const stop = new Error('user pressed Stop');
    const fetchImpl = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = sendSearchRequest(REQUEST, {
      provider: 'brave',
      fetchImpl,
      signal: controller.signal,
    });
    controller.abort(stop);
    await expect(pending).rejects.toBe(stop);
  });

  it('does not follow a redirect and says where it pointed', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response(null, { status: 302, headers: { location: '/elsewhere?q=1' } }),
    );
    const answer = await sendSearchRequest(REQUEST, {
      provider: 'searxng',
      fetchImpl,
      redirectHint: 'Check the address.',
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(answer).toEqual({
      ok: false,
      kind: 'bad-response',
      provider: 'searxng',
      message:
        'SearXNG answered the search with a redirect (to https://search.example/elsewhere) instead ' +
        'of results. Gleaner sends searches only to the address in Settings and does not follow ' +
        'redirects. Check the address.',
    });
  });

  it('treats the opaque redirect a browser extension sees as a redirect', async () => {
    const opaque = {
      type: 'opaqueredirect',
      status: 0,
      headers: new Headers(),
      body: null,
    } as Response;
    const fetchImpl = vi.fn<typeof fetch>(async () => opaque);
    const answer = await sendSearchRequest(REQUEST, { provider: 'duckduckgo', fetchImpl });
    expect(answer).toMatchObject({ ok: false, kind: 'bad-response' });
    expect(!answer.ok && answer.message).toMatch(
      /^DuckDuckGo answered the search with a redirect instead/,
    );
  });

  it('refuses an answer too large to be a results page', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response(new Uint8Array(MAX_SEARCH_RESPONSE_BYTES + 1)),
    );
    const answer = await sendSearchRequest(REQUEST, { provider: 'duckduckgo', fetchImpl });
    expect(answer).toMatchObject({ ok: false, kind: 'bad-response' });
  });
});
