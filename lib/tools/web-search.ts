import { z } from 'zod';
import { localCount, summaryOf } from '../i18n/local-text';
import { normalizeSearchQuery } from '../web/search/search-service';
import { wrapUntrusted } from './support/untrusted';
import { defineTool } from './tool';

export const webSearchTool = defineTool({
  name: 'web_search',
  description:
    'Search the web. Returns titles, URLs and snippets (default 10, at most 20). Use short, ' +
    'focused queries of 3-6 words; split a question with several parts into several searches. ' +
    'Each query asks the user first.',
  parameters: z
    .object({
      query: z.string().trim().min(1, 'The query is empty.').max(400),
      max_results: z.number().int().min(1).max(20).optional(),
    })
    .strict(),
  consent: 'search',
  async consentFor(args, context) {
    // The card shows exactly the query that will be sent.
    const checked = normalizeSearchQuery(args.query);
    if (!checked.ok) {
      return { kind: 'refuse', outcome: { kind: 'error', message: checked.message } };
    }
    const provider = await context.services.search.provider();
    return {
      kind: 'ask',
      prompt: { kind: 'search', target: checked.query, host: provider.id, detail: provider.label },
    };
  },
  async execute(args, context) {
    const query = context.approved?.target ?? '';
    const provider = await context.services.search.provider();
    const found = await context.services.search.search(
      query,
      args.max_results ?? 10,
      context.signal,
    );
    if (!found.ok) {
      return { kind: 'error', message: found.text, ...(found.i18n ? { i18n: found.i18n } : {}) };
    }
    return {
      kind: 'result',
      content: wrapUntrusted(found.text, context.nonce, { source: `${provider.label} search` }),
      // Each result can be cited; only its title and snippet were read, not its page.
      sources: found.results.map((result) => ({
        title: result.title || result.url,
        url: result.url,
        snippet: true,
      })),
      ...summaryOf(localCount('summarySearch', found.results.length, query, provider.label)),
    };
  },
});
