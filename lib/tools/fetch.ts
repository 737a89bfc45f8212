import { z } from 'zod';
import { local, localCount, localList, summaryOf } from '../i18n/local-text';
import { FETCH_FORMATS } from '../web/accept-headers';
import type { FetchPageSuccess } from '../web/fetch-result';
import { capUtf8, FETCH_OUTPUT_MAX_BYTES } from '../web/truncate-output';
import { fetchApproved, planFetch } from './support/fetch-with-consent';
import { pageNotes } from './support/page-notes';
import { thinPageNotes } from './support/thin-page';
import { wrapUntrusted } from './support/untrusted';
import { defineTool, type ToolOutcome } from './tool';

/** Gleaner's own facts about the fetch: the URL the user allowed, numbers, our notes. */
function ownFacts(requested: string, result: FetchPageSuccess, cached: boolean): string[] {
  return [
    `Fetched: ${requested}`,
    `Status: ${result.status}`,
    result.contentSource === 'html' ? 'The page was HTML, converted to markdown.' : '',
    result.markdownTokens !== undefined ? `x-markdown-tokens: ${result.markdownTokens}` : '',
    result.truncatedAtBytes !== undefined
      ? `Note: the body was larger than 10 MiB and was cut at ${result.truncatedAtBytes} bytes.`
      : '',
    cached ? 'Served from the 15-minute page cache.' : '',
  ].filter(Boolean);
}

/** What the server decided: it goes inside the envelope. */
function pageFacts(requested: string, result: FetchPageSuccess): string[] {
  return [
    result.finalUrl !== requested ? `Final URL: ${result.finalUrl}` : '',
    result.title ? `Title: ${result.title}` : '',
    `Content-Type: ${result.contentType || '(none)'}`,
  ].filter(Boolean);
}

function cardDetail(format = 'auto') {
  return (redirectedFrom?: string) =>
    [`Format: ${format}`, redirectedFrom ? `Redirected from ${redirectedFrom}` : '']
      .filter(Boolean)
      .join(' · ');
}

export const fetchTool = defineTool({
  name: 'fetch',
  description:
    'Fetch one URL and return its content raw, with no AI in between: markdown, text and JSON as ' +
    'the server sent them, HTML converted to markdown. Output is capped at 100 KB with a note. Use ' +
    'it for API responses, raw files and short pages. To answer a question from a page or from the ' +
    'web, prefer agentic_fetch, which reads and summarises with sources. Every fetch asks the user first.',
  parameters: z
    .object({
      url: z.string().min(1).describe('The http(s) URL to fetch'),
      format: z
        .enum(FETCH_FORMATS)
        .optional()
        .describe('Preferred content type (Accept header); auto prefers markdown, then HTML'),
    })
    .strict(),
  consent: 'fetch',
  consentFor: (args, context) => planFetch(args.url, context, cardDetail(args.format)),
  async execute(args, context): Promise<ToolOutcome> {
    const format = args.format ?? 'auto';
    const attempt = await fetchApproved(format, context, cardDetail(args.format));
    if (!attempt.ok) return attempt.outcome;
    const { fetched: result, cached } = attempt;
    const requested = context.approved?.target ?? result.url;
    const capped = capUtf8(result.content, FETCH_OUTPUT_MAX_BYTES);
    const thin = thinPageNotes(result.content, result.appShell);
    const note = capped.truncated
      ? `Note: the content was ${capped.originalBytes} bytes and was cut to the first ${FETCH_OUTPUT_MAX_BYTES} bytes (100 KB). Use agentic_fetch to search the whole page.`
      : '';
    return {
      kind: 'result',
      content: [
        ...ownFacts(requested, result, cached),
        wrapUntrusted(
          capped.text,
          context.nonce,
          { source: requested },
          pageFacts(requested, result),
        ),
        note,
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
            String(result.status),
            localCount('byteCount', result.bytes),
            cached && local('summaryCached'),
            capped.truncated && local('summaryCut'),
            result.markdownTokens !== undefined &&
              local('summaryMarkdownTokens', result.markdownTokens),
          ),
        ),
      ),
      sources: [
        {
          title: result.title || result.finalUrl,
          url: result.finalUrl,
          ...thin?.source,
        },
      ],
    };
  },
});
