import { describe, expect, it, vi } from 'vitest';
import { createSearxngProvider, searxngSearchUrl } from './searxng';
import type { SearchOutcome } from './types';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function search(response: () => Response, maxResults = 10) {
  const fetchImpl = vi.fn<typeof fetch>(async () => response());
  const outcome = await createSearxngProvider({ url: 'http://searx.lan:8888/' }).search(
    'linkedom service worker',
    { maxResults, fetchImpl },
  );
  return { outcome, fetchImpl };
}

function failure(outcome: SearchOutcome) {
  if (outcome.ok) throw new Error(`expected a failure, got ${outcome.results.length} results`);
  return outcome;
}

/** In the shape of SearXNG's `format=json` answer; made by hand, with only the fields used. */
const ANSWER = {
  query: 'linkedom service worker',
  number_of_results: 0,
  results: [
    {
      url: 'https://github.com/WebReflection/linkedom',
      title: 'WebReflection/linkedom: A triple-linked lists based DOM',
      content: 'A triple-linked lists based DOM\nwith SSR in mind.',
      engine: 'duckduckgo',
      engines: ['duckduckgo', 'brave'],
      score: 4,
    },
    { url: 'https://example.org/no-content', title: 'No content here', engine: 'brave' },
    { url: 'https://github.com/WebReflection/linkedom', title: 'Duplicate', content: '' },
    { url: 'javascript:alert(1)', title: 'Not a page', content: '' },
    { title: 'No URL at all', content: 'skipped' },
    { url: 'https://example.org/untitled', title: '', content: 'Untitled result' },
  ],
  answers: [],
  corrections: [],
  infoboxes: [],
  suggestions: [],
  unresponsive_engines: [],
};

describe('SearXNG provider', () => {
  it('asks <instance>/search for JSON', async () => {
    const { fetchImpl } = await search(() => json(ANSWER));
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://searx.lan:8888/search?q=linkedom+service+worker&format=json');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toEqual({ Accept: 'application/json' });
  });

  it.each([
    ['https://searx.example', 'https://searx.example/search?q=x&format=json'],
    ['https://example.org/searx/', 'https://example.org/searx/search?q=x&format=json'],
    ['https://searx.example/search?q=old#top', 'https://searx.example/search?q=x&format=json'],
    ['  http://127.0.0.1:8080  ', 'http://127.0.0.1:8080/search?q=x&format=json'],
  ])('builds the search URL from the instance address %s', (base, expected) => {
    expect(searxngSearchUrl(base, 'x')).toBe(expected);
  });

  it('reads title, URL and content from results[], skipping what is not a page', async () => {
    const { outcome } = await search(() => json(ANSWER));
    expect(outcome).toEqual({
      ok: true,
      provider: 'searxng',
      results: [
        {
          title: 'WebReflection/linkedom: A triple-linked lists based DOM',
          url: 'https://github.com/WebReflection/linkedom',
          snippet: 'A triple-linked lists based DOM with SSR in mind.',
        },
        { title: 'No content here', url: 'https://example.org/no-content', snippet: '' },
        {
          title: 'https://example.org/untitled',
          url: 'https://example.org/untitled',
          snippet: 'Untitled result',
        },
      ],
    });
  });

  it('returns at most maxResults', async () => {
    const { outcome } = await search(() => json(ANSWER), 1);
    expect(outcome.ok && outcome.results).toHaveLength(1);
  });

  it('returns an honest empty search as no results', async () => {
    const { outcome } = await search(() => json({ ...ANSWER, results: [] }));
    expect(outcome).toEqual({ ok: true, results: [], provider: 'searxng' });
  });

  it('explains an HTML page instead of JSON', async () => {
    const page = '<!DOCTYPE html><html><body><form id="search">SearXNG</form></body></html>';
    const { outcome } = await search(
      () => new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
    );
    expect(failure(outcome)).toEqual({
      ok: false,
      kind: 'bad-response',
      provider: 'searxng',
      message:
        'The SearXNG address in Settings (http://searx.lan:8888) answered with an HTML page ' +
        'instead of JSON. This SearXNG instance does not allow the JSON format; enable `json` ' +
        "under `search.formats` in its settings.yml. If it does, check that the address is the instance's.",
    });
  });

  it('explains the 403 an instance gives for a format it does not serve', async () => {
    const { outcome } = await search(() => new Response('Forbidden', { status: 403 }));
    expect(failure(outcome).message).toBe(
      'The SearXNG instance at http://searx.lan:8888 refused the search (403 Forbidden). This ' +
        'SearXNG instance does not allow the JSON format; enable `json` under `search.formats` ' +
        'in its settings.yml.',
    );
  });

  it('reports 429 from the instance limiter as rate limiting', async () => {
    const { outcome } = await search(() => new Response('Too Many Requests', { status: 429 }));
    expect(failure(outcome).kind).toBe('rate-limited');
    expect(failure(outcome).message).toMatch(/server\.limiter/);
  });

  it('does not call it "no results" when the engines were blocked', async () => {
    const { outcome } = await search(() =>
      json({
        ...ANSWER,
        results: [],
        unresponsive_engines: [
          ['duckduckgo', 'CAPTCHA'],
          ['brave', 'timeout'],
        ],
      }),
    );
    expect(failure(outcome)).toMatchObject({
      kind: 'rate-limited',
      message: expect.stringContaining('duckduckgo (CAPTCHA), brave (timeout)'),
    });
  });

  it('does not call it "no results" when the engines timed out', async () => {
    const { outcome } = await search(() =>
      json({ ...ANSWER, results: [], unresponsive_engines: [['google', 'timeout']] }),
    );
    expect(failure(outcome)).toMatchObject({
      kind: 'bad-response',
      message: expect.stringContaining('does not mean there are no results'),
    });
  });

  it('reports JSON of another shape as a bad response', async () => {
    const { outcome } = await search(() => json({ error: 'nope' }));
    expect(failure(outcome).kind).toBe('bad-response');
  });

  it('refuses an instance address that is not http(s) without sending anything', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const outcome = await createSearxngProvider({ url: 'ftp://searx.lan/' }).search('x', {
      maxResults: 10,
      fetchImpl,
    });
    expect(failure(outcome).kind).toBe('config');
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
