import { z } from 'zod';
import { localCount, summaryOf } from '../i18n/local-text';
import { wrapUntrusted } from './support/untrusted';
import { defineTool } from './tool';

export const listTabsTool = defineTool({
  name: 'list_tabs',
  description:
    'List the open tabs of the current browser window: id, title and URL (no page content). ' +
    'Use it to find which tab the user means before reading one.',
  parameters: z.object({}).strict(),
  consent: 'none',
  async execute(_args, context) {
    const tabs = await context.services.tabs.list();
    if (tabs.length === 0) return { kind: 'result', content: 'No tabs are open in this window.' };
    // Titles and URLs are the pages' own words: they reach the model inside the envelope.
    const lines = tabs.map(
      (tab) =>
        `- [${tab.id}]${tab.active ? ' (current)' : ''} ${tab.title || '(untitled)'} — ${tab.url}`,
    );
    return {
      kind: 'result',
      content: `${tabs.length} open tab${tabs.length === 1 ? '' : 's'} (id, title, URL):\n${wrapUntrusted(lines.join('\n'), context.nonce, { source: 'open tabs' })}`,
      ...summaryOf(localCount('summaryTabs', tabs.length)),
    };
  },
});
