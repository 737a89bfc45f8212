import { SEARCH_PROVIDER_LABELS } from '../../settings/search-settings';
import type { SearchOutcome } from './types';

/**
 * What the model reads for one `web_search` call: the results as a numbered list,
 *
 *     1. Title
 *        https://example.org/page
 *        The snippet.
 *
 * or, for a failure, what went wrong. A throttled provider (rate limit, bot check) also gets an
 * instruction not to try again with reworded queries: the provider is refusing searches, not
 * failing to find things.
 *
 * The text comes from the web: the tool wraps it in the run's untrusted-content delimiters.
 */
export function formatResultsForModel(outcome: SearchOutcome, query: string): string {
  const provider = SEARCH_PROVIDER_LABELS[outcome.provider];
  if (!outcome.ok) {
    const lines = [`The ${provider} search for "${query}" failed. ${outcome.message}`];
    if (outcome.kind === 'rate-limited' || outcome.kind === 'bot-check') {
      lines.push(
        `Do not call web_search again with rephrased queries: ${provider} is refusing ` +
          'searches, not failing to find results, and will refuse those too. Work with the ' +
          'pages you already have, or tell the user that web search is blocked for now.',
      );
    }
    return lines.join('\n');
  }
  if (outcome.results.length === 0) {
    return `${provider} found no results for "${query}". A shorter or differently worded query may find some.`;
  }
  const count = outcome.results.length === 1 ? '1 result' : `${outcome.results.length} results`;
  const items = outcome.results.map((result, index) => {
    const lines = [`${index + 1}. ${result.title}`, `   ${result.url}`];
    if (result.snippet !== '') lines.push(`   ${result.snippet}`);
    return lines.join('\n');
  });
  return [`${provider} results for "${query}" (${count}):`, '', items.join('\n\n')].join('\n');
}
