import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createDuckDuckGoProvider, DEFAULT_DUCKDUCKGO_URL } from './duckduckgo';
import type { SearchOutcome } from './types';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../testing/fixtures/search/${name}`, import.meta.url), 'utf8');
const html = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=UTF-8' } });

function answering(response: () => Response) {
  return vi.fn<typeof fetch>(async () => response());
}

async function search(response: () => Response, maxResults = 10): Promise<SearchOutcome> {
  return createDuckDuckGoProvider().search('rust borrow checker', {
    maxResults,
    fetchImpl: answering(response),
  });
}

function failure(outcome: SearchOutcome) {
  if (outcome.ok) throw new Error(`expected a failure, got ${outcome.results.length} results`);
  return outcome;
}

describe('DuckDuckGo provider', () => {
  it('posts the query as a form to the configured address', async () => {
    const fetchImpl = answering(() => html(fixture('duckduckgo-results.html')));
    await createDuckDuckGoProvider({ url: 'http://127.0.0.1:9/html/' }).search('a & b', {
      maxResults: 10,
      fetchImpl,
    });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:9/html/');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('q=a+%26+b');
    expect(init?.headers).toEqual({
      Accept: 'text/html',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
  });

  it('uses html.duckduckgo.com by default', async () => {
    const fetchImpl = answering(() => html(fixture('duckduckgo-no-results.html')));
    await createDuckDuckGoProvider().search('x', { maxResults: 10, fetchImpl });
    expect(fetchImpl.mock.calls[0]![0]).toBe(DEFAULT_DUCKDUCKGO_URL);
  });

  it('returns the results of a results page, at most maxResults', async () => {
    const outcome = await search(() => html(fixture('duckduckgo-results.html')), 2);
    expect(outcome.ok && outcome.results.map((result) => result.url)).toEqual([
      'https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html?highlight=borrow&x=1',
      'https://blog.example.org/2024/understanding-the-borrow-checker',
    ]);
  });

  it('returns no results for the "No results." page', async () => {
    expect(await search(() => html(fixture('duckduckgo-no-results.html')))).toEqual({
      ok: true,
      results: [],
      provider: 'duckduckgo',
    });
  });

  it.each([200, 202, 403])(
    'reports the anomaly page served with HTTP %i as a bot check',
    async (status) => {
      const outcome = failure(await search(() => html(fixture('duckduckgo-anomaly.html'), status)));
      expect(outcome.kind).toBe('bot-check');
      expect(outcome.message).toBe(
        'DuckDuckGo is rate-limiting these searches (it asked for a CAPTCHA). Do not retry with ' +
          'rephrased queries; try again in a few minutes or choose another search provider in Settings.',
      );
    },
  );

  it('reports HTTP 202 as rate limiting, even when the page looks empty', async () => {
    const outcome = failure(await search(() => html(fixture('duckduckgo-no-results.html'), 202)));
    expect(outcome.kind).toBe('rate-limited');
    expect(outcome.message).toMatch(
      /^DuckDuckGo is rate-limiting these searches \(it answered HTTP 202/,
    );
    expect(outcome.message).toMatch(/Do not retry with rephrased queries/);
  });

  it('reports 429 as rate limiting and 403 as a bot check', async () => {
    expect(failure(await search(() => html('', 429))).kind).toBe('rate-limited');
    expect(failure(await search(() => html('<p>Forbidden</p>', 403))).kind).toBe('bot-check');
  });

  it('names the status of another error, without the error page', async () => {
    const outcome = failure(await search(() => html('<h1>Oops, internal details</h1>', 500)));
    expect(outcome).toMatchObject({
      ok: false,
      kind: 'http-status',
      message:
        'The server answered 500 Internal Server Error for https://html.duckduckgo.com/html/.',
      provider: 'duckduckgo',
    });
  });

  it('says a page it cannot read is not the same as no results', async () => {
    const outcome = failure(
      await search(() => html('<html><body><main>Welcome!</main></body></html>')),
    );
    expect(outcome.kind).toBe('bad-response');
    expect(outcome.message).toMatch(/does not mean there are no results/);
  });

  it('explains a redirect (a !bang query) instead of following it', async () => {
    const outcome = failure(
      await search(
        () =>
          new Response(null, {
            status: 303,
            headers: { location: 'https://en.wikipedia.org/wiki/X' },
          }),
      ),
    );
    expect(outcome.kind).toBe('bad-response');
    expect(outcome.message).toMatch(/redirect \(to https:\/\/en\.wikipedia\.org\/wiki\/X\)/);
    expect(outcome.message).toMatch(/"bang"/);
  });
});
