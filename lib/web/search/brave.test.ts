import { describe, expect, it, vi } from 'vitest';
import { BRAVE_SEARCH_ENDPOINT, createBraveProvider } from './brave';
import type { SearchOutcome } from './types';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function search(response: () => Response, maxResults = 10, apiKey = 'BSA-test-key') {
  const fetchImpl = vi.fn<typeof fetch>(async () => response());
  const outcome = await createBraveProvider({ apiKey }).search('rust borrow checker', {
    maxResults,
    fetchImpl,
  });
  return { outcome, fetchImpl };
}

function failure(outcome: SearchOutcome) {
  if (outcome.ok) throw new Error(`expected a failure, got ${outcome.results.length} results`);
  return outcome;
}

/** In the shape of the Brave Search API's web search answer; made by hand, trimmed to what is used. */
const ANSWER = {
  type: 'search',
  query: { original: 'rust borrow checker' },
  mixed: { type: 'mixed', main: [{ type: 'web', index: 0, all: false }] },
  web: {
    type: 'search',
    results: [
      {
        title: 'References and <strong>Borrowing</strong> - The Rust Programming Language',
        url: 'https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html',
        description:
          'We call the action of creating a reference <strong>borrowing</strong>. It&#x27;s &quot;like&quot; real life.',
        family_friendly: true,
      },
      { title: 'No description', url: 'https://example.org/a' },
      { title: 'Second copy', url: 'https://example.org/a', description: 'dropped' },
      { title: 'Not a page', url: 'data:text/html,hi', description: 'dropped' },
      { title: 'Third', url: 'https://example.org/c', description: 'Plain text < and > stay' },
    ],
  },
};

describe('Brave Search provider', () => {
  it('sends the query and count to the API with the key in its header', async () => {
    const { fetchImpl } = await search(() => json(ANSWER), 7);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(`${BRAVE_SEARCH_ENDPOINT}?q=rust+borrow+checker&count=7`);
    expect(init?.headers).toEqual({
      Accept: 'application/json',
      'X-Subscription-Token': 'BSA-test-key',
    });
  });

  it('reads web.results, stripping <strong> and entities from titles and descriptions', async () => {
    const { outcome } = await search(() => json(ANSWER));
    expect(outcome).toEqual({
      ok: true,
      provider: 'brave',
      results: [
        {
          title: 'References and Borrowing - The Rust Programming Language',
          url: 'https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html',
          snippet: 'We call the action of creating a reference borrowing. It\'s "like" real life.',
        },
        { title: 'No description', url: 'https://example.org/a', snippet: '' },
        { title: 'Third', url: 'https://example.org/c', snippet: 'Plain text < and > stay' },
      ],
    });
  });

  it('returns a search without a web section as no results', async () => {
    const { web: _web, ...withoutWeb } = ANSWER;
    const { outcome } = await search(() => json(withoutWeb));
    expect(outcome).toEqual({ ok: true, results: [], provider: 'brave' });
  });

  it.each([
    [401, json({ type: 'ErrorResponse', error: { code: 'UNAUTHORIZED' } }, 401)],
    [403, new Response('', { status: 403 })],
    [
      422,
      json(
        {
          type: 'ErrorResponse',
          error: {
            status: 422,
            code: 'SUBSCRIPTION_TOKEN_INVALID',
            detail: 'The provided subscription token is invalid.',
          },
        },
        422,
      ),
    ],
  ])('reports a refused key (%i) as a settings problem', async (status, response) => {
    const { outcome } = await search(() => response);
    expect(failure(outcome).kind).toBe('config');
    expect(failure(outcome).message).toMatch(
      new RegExp(
        `^Brave Search refused the API key \\(${status} .+\\)\\. Check the Brave Search key in Settings`,
      ),
    );
    expect(failure(outcome).message).not.toContain('BSA-test-key');
  });

  it('reports 429 as rate limiting', async () => {
    const { outcome } = await search(() => json({ type: 'ErrorResponse' }, 429));
    expect(failure(outcome).kind).toBe('rate-limited');
    expect(failure(outcome).message).toMatch(/Do not retry with rephrased queries/);
  });

  it('reports a body that is not its JSON as a bad response', async () => {
    const { outcome } = await search(() => new Response('<html>maintenance</html>'));
    expect(failure(outcome).kind).toBe('bad-response');
  });

  it('sends nothing without a key', async () => {
    const { outcome, fetchImpl } = await search(() => json(ANSWER), 10, '  ');
    expect(failure(outcome).kind).toBe('config');
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
