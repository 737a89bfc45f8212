import type { SearchServices } from '../lib/tools/tool';

/** Search services over canned results; records each query run. */
export function fakeSearch(
  results: Record<string, Array<{ title: string; url: string; snippet?: string }>> = {},
): SearchServices & { queries: string[] } {
  const queries: string[] = [];
  return {
    queries,
    provider: async () => ({ id: 'duckduckgo', label: 'DuckDuckGo' }),
    search: async (query) => {
      queries.push(query);
      const found = results[query] ?? [];
      return {
        ok: true,
        results: found,
        text: found.length
          ? found
              .map(
                (result, index) =>
                  `${index + 1}. ${result.title}\n   ${result.url}\n   ${result.snippet ?? ''}`,
              )
              .join('\n')
          : `No results for "${query}".`,
      };
    },
  };
}
