import { describe, expect, it } from 'vitest';
import { formatResultsForModel } from './format-results-for-model';

describe('formatResultsForModel', () => {
  it('numbers the results: title, URL and snippet on their own lines', () => {
    const text = formatResultsForModel(
      {
        ok: true,
        provider: 'duckduckgo',
        results: [
          { title: 'First', url: 'https://a.example/', snippet: 'About the first.' },
          { title: 'Second', url: 'https://b.example/', snippet: '' },
        ],
      },
      'some query',
    );
    expect(text).toBe(
      [
        'DuckDuckGo results for "some query" (2 results):',
        '',
        '1. First',
        '   https://a.example/',
        '   About the first.',
        '',
        '2. Second',
        '   https://b.example/',
      ].join('\n'),
    );
  });

  it('says plainly when a search found nothing', () => {
    expect(formatResultsForModel({ ok: true, provider: 'brave', results: [] }, 'q')).toBe(
      'Brave Search found no results for "q". A shorter or differently worded query may find some.',
    );
  });

  it.each(['rate-limited', 'bot-check'] as const)(
    'tells the model not to retry rephrased queries when the provider is %s',
    (kind) => {
      const text = formatResultsForModel(
        {
          ok: false,
          kind,
          provider: 'duckduckgo',
          message: 'DuckDuckGo is rate-limiting these searches.',
        },
        'q',
      );
      expect(text).toBe(
        'The DuckDuckGo search for "q" failed. DuckDuckGo is rate-limiting these searches.\n' +
          'Do not call web_search again with rephrased queries: DuckDuckGo is refusing searches, ' +
          'not failing to find results, and will refuse those too. Work with the pages you ' +
          'already have, or tell the user that web search is blocked for now.',
      );
    },
  );

  it('passes other failures on without the retry instruction', () => {
    const text = formatResultsForModel(
      {
        ok: false,
        kind: 'timeout',
        provider: 'searxng',
        message: 'SearXNG did not answer within 15 s.',
      },
      'q',
    );
    expect(text).toBe('The SearXNG search for "q" failed. SearXNG did not answer within 15 s.');
  });
});
