import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from '../../settings/search-settings';
import {
  clampMaxResults,
  createSearchService,
  MIN_SEARCH_INTERVAL_MS,
  normalizeSearchQuery,
} from './search-service';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../testing/fixtures/search/${name}`, import.meta.url), 'utf8');

const SEARXNG: SearchSettings = {
  ...DEFAULT_SEARCH_SETTINGS,
  provider: 'searxng',
  searxngUrl: 'http://searx.lan:8888',
};
const BRAVE: SearchSettings = {
  ...DEFAULT_SEARCH_SETTINGS,
  provider: 'brave',
  braveKey: 'BSA-key',
};

/** A SearXNG answer with `count` results. */
function searxngAnswer(count: number) {
  const results = Array.from({ length: count }, (_, index) => ({
    url: `https://example.org/${index + 1}`,
    title: `Result ${index + 1}`,
    content: '',
  }));
  return new Response(JSON.stringify({ results, unresponsive_engines: [] }), {
    headers: { 'content-type': 'application/json' },
  });
}

/** A clock that only moves when the service sleeps (or the test says so). */
function fakeClock() {
  const clock = {
    time: 1_000_000,
    sleeps: [] as number[],
    now: () => clock.time,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.time += ms;
    },
  };
  return clock;
}

describe('createSearchService: spacing', () => {
  it('waits out the rest of half a second between searches to one provider', async () => {
    const clock = fakeClock();
    const service = createSearchService({
      settings: SEARXNG,
      fetchImpl: async () => searxngAnswer(3),
      now: clock.now,
      sleep: clock.sleep,
    });
    await service.search('one');
    clock.time += 120;
    await service.search('two');
    clock.time += MIN_SEARCH_INTERVAL_MS + 1;
    await service.search('three');
    expect(clock.sleeps).toEqual([MIN_SEARCH_INTERVAL_MS - 120]);
  });

  it('spaces searches that start together', async () => {
    const clock = fakeClock();
    const service = createSearchService({
      settings: SEARXNG,
      fetchImpl: async () => searxngAnswer(1),
      now: clock.now,
      sleep: clock.sleep,
    });
    await Promise.all([service.search('a'), service.search('b'), service.search('c')]);
    // The sleeps run on one fake clock: the second waits 500, the third what is left of 1000.
    expect(clock.sleeps).toEqual([500, 500]);
  });

  it('does not make one provider wait for another', async () => {
    const clock = fakeClock();
    let settings = SEARXNG;
    const service = createSearchService({
      settings: () => settings,
      fetchImpl: async (url) =>
        String(url).startsWith('http://searx.lan')
          ? searxngAnswer(1)
          : new Response(JSON.stringify({ type: 'search' })),
      now: clock.now,
      sleep: clock.sleep,
    });
    await service.search('a');
    settings = BRAVE;
    await service.search('b');
    expect(clock.sleeps).toEqual([]);
  });

  it('rejects while waiting when the caller stops', async () => {
    const service = createSearchService({
      settings: SEARXNG,
      fetchImpl: async () => searxngAnswer(1),
    });
    await service.search('a');
    const controller = new AbortController();
    const pending = service.search('b', { signal: controller.signal });
    const stop = new Error('stopped');
    controller.abort(stop);
    await expect(pending).rejects.toBe(stop);
  });
});

describe('createSearchService: results and refusals', () => {
  it.each([
    [undefined, 10],
    [3, 3],
    [0, 1],
    [-5, 1],
    [50, 20],
    [2.7, 2],
    [Number.NaN, 10],
  ])('caps the results for max_results %s at %i', async (maxResults, expected) => {
    const service = createSearchService({
      settings: SEARXNG,
      fetchImpl: async () => searxngAnswer(30),
      sleep: async () => {},
    });
    const outcome = await service.search('q', maxResults === undefined ? {} : { maxResults });
    expect(outcome.ok && outcome.results).toHaveLength(expected);
    expect(clampMaxResults(maxResults)).toBe(expected);
  });

  it('asks Brave for the clamped count', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ type: 'search' })),
    );
    await createSearchService({ settings: BRAVE, fetchImpl }).search('q', { maxResults: 99 });
    expect(new URL(String(fetchImpl.mock.calls[0]![0])).searchParams.get('count')).toBe('20');
  });

  it('sends the query trimmed, with runs of whitespace made single spaces', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => searxngAnswer(1));
    await createSearchService({ settings: SEARXNG, fetchImpl }).search(
      '  rust\n\n borrow\tchecker ',
    );
    expect(new URL(String(fetchImpl.mock.calls[0]![0])).searchParams.get('q')).toBe(
      'rust borrow checker',
    );
  });

  it('refuses an empty query with a sentence, sending nothing', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const outcome = await createSearchService({ settings: SEARXNG, fetchImpl }).search(' \n ');
    expect(outcome).toEqual({
      ok: false,
      kind: 'invalid-query',
      provider: 'searxng',
      message: 'The search query is empty; say what to search for.',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('refuses a query too long for the providers', () => {
    expect(normalizeSearchQuery('x'.repeat(499))).toEqual({ ok: true, query: 'x'.repeat(499) });
    expect(normalizeSearchQuery('x'.repeat(500))).toEqual({
      ok: false,
      message:
        'The search query is 500 characters long; search providers take at most 499. Search ' +
        'for one focused question at a time.',
    });
  });

  it('answers with the settings problem when SearXNG has no address', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const outcome = await createSearchService({
      settings: { ...SEARXNG, searxngUrl: '' },
      fetchImpl,
    }).search('q');
    expect(outcome).toMatchObject({ ok: false, kind: 'config', provider: 'searxng' });
    expect(!outcome.ok && outcome.message).toMatch(/^SearXNG needs the address of an instance/);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('gives up on a provider that does not answer in time', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const outcome = await createSearchService({
      settings: SEARXNG,
      fetchImpl,
      timeoutMs: 30,
    }).search('q');
    expect(outcome).toMatchObject({
      ok: false,
      kind: 'timeout',
      provider: 'searxng',
      message: 'SearXNG did not answer within 0.03 s. Try the search again later.',
    });
  });
});

describe('createSearchService: what crosses the wire', () => {
  type Route = (response: ServerResponse, origin: string) => void;
  const servers: ReturnType<typeof createServer>[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  async function startServer(route: Route) {
    const requests: { method: string; path: string; headers: IncomingHttpHeaders }[] = [];
    const server = createServer((request, response) => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
      });
      request.resume();
      request.on('end', () => route(response, origin));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    servers.push(server);
    return { requests, origin };
  }

  const duckduckgoPage: Route = (response) =>
    response
      .writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'set-cookie': 'kl=wt-wt' })
      .end(fixture('duckduckgo-results.html'));
  const braveAnswer: Route = (response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        type: 'search',
        web: {
          results: [{ title: 'A', url: 'https://a.example/', description: '<strong>a</strong>' }],
        },
      }),
    );

  it('sends no Cookie or Referer, and the Brave key only to Brave', async () => {
    const duckduckgo = await startServer(duckduckgoPage);
    const brave = await startServer(braveAnswer);
    let settings: SearchSettings = { ...BRAVE, duckduckgoUrl: `${duckduckgo.origin}/html/` };
    settings = { ...settings, provider: 'duckduckgo' };
    const service = createSearchService({
      settings: () => settings,
      braveEndpoint: `${brave.origin}/res/v1/web/search`,
    });

    const first = await service.search('rust borrow checker');
    await service.search('again, after the page set a cookie');
    settings = { ...settings, provider: 'brave' };
    const second = await service.search('rust borrow checker', { maxResults: 5 });

    expect(first.ok && first.results).toHaveLength(3);
    expect(second.ok && second.results).toEqual([
      { title: 'A', url: 'https://a.example/', snippet: 'a' },
    ]);
    expect(duckduckgo.requests).toHaveLength(2);
    expect(brave.requests).toHaveLength(1);
    for (const request of [...duckduckgo.requests, ...brave.requests]) {
      expect(request.headers.cookie).toBeUndefined();
      expect(request.headers.referer).toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
    }
    for (const request of duckduckgo.requests) {
      expect(request.method).toBe('POST');
      expect(request.headers['x-subscription-token']).toBeUndefined();
    }
    expect(brave.requests[0]!.headers['x-subscription-token']).toBe('BSA-key');
    expect(brave.requests[0]!.path).toBe('/res/v1/web/search?q=rust+borrow+checker&count=5');
  });

  it('does not follow a redirect from the Brave endpoint, so the key goes nowhere else', async () => {
    const elsewhere = await startServer(braveAnswer);
    const brave = await startServer((response) =>
      response.writeHead(307, { location: `${elsewhere.origin}/steal` }).end(),
    );
    const outcome = await createSearchService({
      settings: BRAVE,
      braveEndpoint: `${brave.origin}/res/v1/web/search`,
    }).search('q');
    expect(outcome).toMatchObject({ ok: false, kind: 'bad-response', provider: 'brave' });
    expect(brave.requests).toHaveLength(1);
    expect(elsewhere.requests).toHaveLength(0);
  });
});
