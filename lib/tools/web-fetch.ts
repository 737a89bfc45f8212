import { z } from 'zod';
import { local, localCount, localList, summaryOf } from '../i18n/local-text';
import { WEB_FETCH_INLINE_MAX_BYTES } from '../web/truncate-output';
import { fetchApproved, planFetch } from './support/fetch-with-consent';
import { pageNotes } from './support/page-notes';
import { thinPageNotes } from './support/thin-page';
import { wrapUntrusted } from './support/untrusted';
import { defineTool, type ToolOutcome } from './tool';

const cardDetail = (redirectedFrom?: string) =>
  redirectedFrom ? `Redirected from ${redirectedFrom}` : undefined;

export const webFetchTool = defineTool({
  name: 'web_fetch',
  description:
    'Fetch a web page and get it as markdown. Pages up to 50,000 bytes come back inline; larger ' +
    'ones are saved as a page file of this run and the result gives its name: then use grep to ' +
    'find the relevant lines and view to read them. Every fetch asks the user first.',
  parameters: z.object({ url: z.string().min(1).describe('The http(s) URL to fetch') }).strict(),
  consent: 'fetch',
  consentFor: (args, context) => planFetch(args.url, context, cardDetail),
  async execute(_args, context): Promise<ToolOutcome> {
    const attempt = await fetchApproved('auto', context, cardDetail);
    if (!attempt.ok) return attempt.outcome;
    const { fetched: result, cached } = attempt;
    const requested = context.approved?.target ?? result.url;
    const thin = thinPageNotes(result.content, result.appShell);
    const source = {
      title: result.title || result.finalUrl,
      url: result.finalUrl,
      ...thin?.source,
    };
    const fromCache = cached && local('summaryFromCache');
    if (result.bytes > WEB_FETCH_INLINE_MAX_BYTES) {
      const name = await context.services.pages.save(
        context.runId,
        result.finalUrl,
        result.content,
      );
      return {
        kind: 'result',
        content:
          `The page ${requested} is ${result.bytes} bytes of markdown, ` +
          `more than 50,000, so it was saved as the page file "${name}". It is not shown here: use grep ` +
          `with file "${name}" to find the relevant lines, then view to read them.`,
        bytes: result.bytes,
        ...summaryOf(
          local(
            'summaryOf',
            result.finalUrl,
            localList(
              localCount('byteCount', result.bytes),
              local('summarySavedAs', name),
              fromCache,
            ),
          ),
        ),
        sources: [source],
      };
    }
    return {
      kind: 'result',
      content: [
        `Fetched: ${requested}`,
        wrapUntrusted(result.content, context.nonce, { source: requested }, [
          result.finalUrl !== requested ? `Final URL: ${result.finalUrl}` : '',
          result.title ? `Title: ${result.title}` : '',
        ]),
        ...pageNotes({
          kind: result.pageKind,
          fallback: result.fallback,
          hiddenText: result.hiddenText,
        }),
        thin?.note ?? '',
      ]
        .filter(Boolean)
        .join('\n'),
      bytes: result.bytes,
      ...summaryOf(
        local(
          'summaryOf',
          result.finalUrl,
          localList(
            localCount('byteCount', result.bytes),
            local('summaryInline'),
            fromCache,
            result.markdownTokens !== undefined &&
              local('summaryMarkdownTokens', result.markdownTokens),
          ),
        ),
      ),
      sources: [source],
    };
  },
});
