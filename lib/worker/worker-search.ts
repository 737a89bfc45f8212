import { local } from '../i18n/local-text';
import type { Settings } from '../settings/schema';
import { SEARCH_PROVIDER_LABELS } from '../settings/search-settings';
import type { SearchServices } from '../tools/tool';
import { formatResultsForModel } from '../web/search/format-results-for-model';
import { createSearchService } from '../web/search/search-service';

/** The sub-agent's web search, with the provider from the settings read for every query. */
export function createWorkerSearch(readSettings: () => Promise<Settings>): SearchServices {
  const service = createSearchService({ settings: async () => (await readSettings()).search });
  return {
    async provider() {
      const { provider } = (await readSettings()).search;
      return { id: provider, label: SEARCH_PROVIDER_LABELS[provider] };
    },
    async search(query, maxResults, signal) {
      const outcome = await service.search(query, { maxResults, signal });
      return {
        ok: outcome.ok,
        text: formatResultsForModel(outcome, query),
        results: outcome.ok ? outcome.results.map(({ title, url }) => ({ title, url })) : [],
        ...(outcome.ok
          ? {}
          : {
              i18n: local(
                'searchFailed',
                SEARCH_PROVIDER_LABELS[outcome.provider],
                query,
                outcome.i18n ?? outcome.message,
              ),
            }),
      };
    },
  };
}
