import { z } from 'zod';
import { local, sourceNoteOf, summaryOf } from '../i18n/local-text';
import { fitToBudget, pageBudgetChars } from './support/page-budget';
import { pageNotes } from './support/page-notes';
import { thinPageNotes } from './support/thin-page';
import { wrapUntrusted } from './support/untrusted';
import { defineTool, type TabInfo, type ToolContext } from './tool';

/** The tab a call names, or the active one; a sentence when it is not open. */
async function findTab(
  tabId: number | undefined,
  context: ToolContext,
): Promise<
  { ok: true; tab: TabInfo } | { ok: false; outcome: { kind: 'error'; message: string } }
> {
  const tabs = context.services.tabs;
  const tab = tabId === undefined ? await tabs.active() : await tabs.get(tabId);
  if (tab) return { ok: true, tab };
  const message =
    tabId === undefined
      ? 'No tab is active in the current window.'
      : `Tab ${tabId} is not open (it may have been closed). Call list_tabs to see the open tabs.`;
  return { ok: false, outcome: { kind: 'error', message } };
}

export const readTabTool = defineTool({
  name: 'read_tab',
  description:
    "Read an open tab's main content as markdown, with its title, URL, byline, language and " +
    'length. Without tabId it reads the tab the user is looking at. Long pages come in parts: the ' +
    'result says how much was included and the offset to pass for the next part. Reading a tab ' +
    'the user did not attach asks the user first.',
  parameters: z
    .object({
      tabId: z.number().int().nonnegative().optional().describe('Tab id from list_tabs'),
      offset: z
        .number()
        .int()
        .nonnegative()
        .optional()
        .describe('Character offset to continue a long page from'),
    })
    .strict(),
  consent: 'tab',
  async consentFor(args, context) {
    const found = await findTab(args.tabId, context);
    if (!found.ok) return { kind: 'refuse', outcome: found.outcome };
    const { tab } = found;
    if (context.attachedTabIds.includes(tab.id)) return { kind: 'given', why: 'attached-tab' };
    return { kind: 'ask', prompt: { kind: 'tab', target: tab.url, host: tab.title || tab.url } };
  },
  async execute(args, context) {
    const found = await findTab(args.tabId, context);
    if (!found.ok) return found.outcome;
    const { tab } = found;
    const label = tab.title || tab.url;
    const tabs = context.services.tabs;
    const read = await tabs.read(tab.id);
    if (!read.ok) {
      return { kind: 'error', message: read.reason, ...(read.i18n ? { i18n: read.i18n } : {}) };
    }

    const { article } = read;
    const pages = Math.max(1, context.attachedTabIds.length);
    const fitted = fitToBudget(
      article.markdown,
      pageBudgetChars(context.contextWindow, pages),
      args.offset,
    );
    // The page decides all of these, so they go inside the envelope.
    const pageFacts = [
      `Title: ${article.title || tab.title}`,
      `URL: ${tab.url}`,
      article.byline ? `Byline: ${article.byline}` : '',
      article.siteName ? `Site: ${article.siteName}` : '',
      article.lang ? `Language: ${article.lang}` : '',
      article.publishedTime ? `Published: ${article.publishedTime}` : '',
    ];
    const thin = thinPageNotes(article.markdown, article.fallback === 'app-shell');
    const partial = fitted.percent < 100 || (args.offset ?? 0) > 0;
    const start = args.offset ?? 0;
    const note = partial
      ? `Included characters ${start}-${start + fitted.included} of ${fitted.total} (${fitted.percent}% of the page).` +
        (fitted.nextOffset !== undefined
          ? ` The rest of the page exists but was left out to fit the context window; call read_tab with {"tabId": ${tab.id}, "offset": ${fitted.nextOffset}} to read on.`
          : '')
      : '';
    const content = [
      `Tab ${tab.id}: ${article.textLength} characters of text`,
      wrapUntrusted(fitted.text, context.nonce, { source: `tab ${tab.id}` }, pageFacts),
      note,
      ...pageNotes(article),
      thin?.note ?? '',
    ]
      .filter(Boolean)
      .join('\n');
    return {
      kind: 'result',
      content,
      bytes: new TextEncoder().encode(fitted.text).length,
      ...summaryOf(local('summaryReadTab', label, fitted.included, fitted.total, fitted.percent)),
      sources: [
        {
          title: article.title || tab.title || tab.url,
          url: tab.url,
          ...(thin
            ? thin.source
            : partial
              ? sourceNoteOf(local('sourceNoteUsedShare', fitted.percent))
              : {}),
        },
      ],
    };
  },
});
