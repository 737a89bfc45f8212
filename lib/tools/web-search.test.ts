import { describe, expect, it } from 'vitest';
import { fakeSearch } from '../../testing/fake-search';
import { fakeServices } from '../../testing/fake-services';
import { toolContext } from '../../testing/tool-context';
import { callTool } from '../agent/call-tool';
import type { ConsentPrompt } from './tool';
import { webSearchTool } from './web-search';

describe('web_search', () => {
  it('asks before sending the query, naming the provider, then returns results as untrusted data', async () => {
    const search = fakeSearch({
      'rust ownership': [
        { title: 'Ownership', url: 'https://doc.example/own', snippet: 'Each value…' },
      ],
    });
    const asked: ConsentPrompt[] = [];
    const outcome = await callTool(
      webSearchTool,
      { query: 'rust ownership' },
      toolContext({
        services: fakeServices([], undefined, { search }),
        ask: async (prompt) => {
          asked.push(prompt);
          return 'allowed';
        },
      }),
    );
    expect(asked).toEqual([
      { kind: 'search', target: 'rust ownership', host: 'duckduckgo', detail: 'DuckDuckGo' },
    ]);
    expect(search.queries).toEqual(['rust ownership']);
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(outcome.content).toContain('1. Ownership\n   https://doc.example/own');
    expect(outcome.content).toContain('<untrusted-content-nonce1');
  });

  it('sends nothing when the user denies', async () => {
    const search = fakeSearch();
    const outcome = await callTool(
      webSearchTool,
      { query: 'anything' },
      toolContext({
        services: fakeServices([], undefined, { search }),
        ask: async () => 'denied',
      }),
    );
    expect(outcome).toEqual({
      kind: 'denied',
      message: 'You did not allow the search "anything".',
    });
    expect(search.queries).toEqual([]);
  });

  it('allows at most 20 results', () => {
    expect(webSearchTool.parameters.safeParse({ query: 'q', max_results: 21 }).success).toBe(false);
    expect(webSearchTool.parameters.safeParse({ query: '  ' }).success).toBe(false);
  });
});
