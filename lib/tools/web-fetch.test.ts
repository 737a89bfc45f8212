import { describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-services';
import { fakeWeb, page } from '../../testing/fake-web';
import { memoryPageFiles } from '../../testing/memory-page-files';
import { toolContext } from '../../testing/tool-context';
import { callTool } from '../agent/call-tool';
import { webFetchTool } from './web-fetch';

function setup(content: string) {
  const url = 'https://docs.example/guide';
  const pages = memoryPageFiles();
  const web = fakeWeb({ [url]: page(url, content, { title: 'Guide' }) });
  const context = toolContext({
    services: fakeServices([], web, { pages }),
    ask: async () => 'allowed',
  });
  return { url, pages, context };
}

describe('web_fetch', () => {
  it('returns a page of exactly 50,000 bytes inline', async () => {
    const { url, pages, context } = setup('a'.repeat(50_000));
    const outcome = await callTool(webFetchTool, { url }, context);
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(outcome.content).toContain('a'.repeat(50_000));
    expect(await pages.list('run-1')).toEqual([]);
    expect(outcome.sources).toEqual([{ title: 'Guide', url }]);
  });

  it('saves a page of 50,001 bytes as a file of the run and tells the model to use view and grep', async () => {
    const { url, pages, context } = setup('a'.repeat(50_001));
    const outcome = await callTool(webFetchTool, { url }, context);
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(outcome.content).not.toContain('aaaa');
    expect(outcome.content).toContain('saved as the page file "docs.example-guide.md"');
    expect(outcome.content).toMatch(/use grep .* then view/);
    expect(await pages.list('run-1')).toEqual([
      { name: 'docs.example-guide.md', url, bytes: 50_001 },
    ]);
  });

  it('counts bytes of UTF-8, not characters', async () => {
    const { url, pages, context } = setup('я'.repeat(25_001)); // 50,002 bytes
    await callTool(webFetchTool, { url }, context);
    expect((await pages.list('run-1')).map((file) => file.bytes)).toEqual([50_002]);
  });

  it('tells the model and the user that an app shell needs its scripts, not that it is thin', async () => {
    const url = 'https://shop.example/item/7';
    const web = fakeWeb({
      [url]: page(url, '', { title: 'Almond thins', contentSource: 'html', appShell: true }),
    });
    const context = toolContext({
      services: fakeServices([], web, { pages: memoryPageFiles() }),
      ask: async () => 'allowed',
    });
    const outcome = await callTool(webFetchTool, { url }, context);
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(outcome.content).toContain(
      'Without running its scripts, this page shows only its site header, menus and footer',
    );
    expect(outcome.content).not.toContain('almost no text');
    expect(outcome.content).not.toContain('whole text, menus included');
    expect(outcome.sources).toEqual([
      {
        title: 'Almond thins',
        url,
        note: 'shows only its menus until its scripts run: open it in a tab to read it',
        noteI18n: { key: 'sourceNoteAppShell' },
      },
    ]);
  });
});
