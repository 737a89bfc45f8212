import { describe, expect, it } from 'vitest';
import { type FakeTab, fakeServices } from '../../testing/fake-services';
import { toolContext } from '../../testing/tool-context';
import { callTool } from '../agent/call-tool';
import { readTabTool } from './read-tab';
import type { ConsentPrompt } from './tool';

const OWNERSHIP =
  'Each value has an owner. There can only be one owner at a time. When the owner goes out ' +
  'of scope, the value will be dropped. References borrow a value without taking ownership.';
const article: FakeTab = {
  id: 7,
  title: 'Rust ownership',
  url: 'https://doc.example.org/ownership',
  active: true,
  article: { markdown: `# Ownership\n\n${OWNERSHIP}`, byline: 'Ferris', lang: 'en' },
};
const bank: FakeTab = {
  id: 9,
  title: 'My bank',
  url: 'https://bank.example/accounts',
  active: false,
  article: { markdown: 'Balance: 1,000,000' },
};

describe('read_tab', () => {
  it('reads an attached tab without asking, wrapped as untrusted data, and cites it', async () => {
    const services = fakeServices([article, bank]);
    const outcome = await callTool(
      readTabTool,
      { tabId: 7 },
      toolContext({ services, attachedTabIds: [7] }),
    );
    expect(outcome.kind).toBe('result');
    if (outcome.kind !== 'result') return;
    // What the page decides (title, byline, URL) is inside the envelope, never before it.
    const [before, inside] = outcome.content.split('<untrusted-content-nonce1 source="tab 7">\n');
    expect(before).not.toMatch(/Title|Byline|Ferris|doc\.example/);
    expect(inside).toContain('Title: Rust ownership\nURL: https://doc.example.org/ownership\n');
    expect(inside).toContain('Byline: Ferris');
    expect(inside).toContain(`# Ownership\n\n${OWNERSHIP}\n</untrusted-content-nonce1>`);
    expect(outcome.content).not.toContain('almost no text');
    expect(outcome.sources).toEqual([
      { title: 'Rust ownership', url: 'https://doc.example.org/ownership' },
    ]);
  });

  it('asks before reading a tab the user did not attach, naming its title and URL', async () => {
    const services = fakeServices([article, bank]);
    const asked: ConsentPrompt[] = [];
    const outcome = await callTool(
      readTabTool,
      { tabId: 9 },
      toolContext({
        services,
        attachedTabIds: [7],
        ask: async (prompt) => {
          asked.push(prompt);
          return 'denied';
        },
      }),
    );
    expect(asked).toEqual([
      { kind: 'tab', target: 'https://bank.example/accounts', host: 'My bank' },
    ]);
    expect(outcome).toEqual({
      kind: 'denied',
      message: 'You did not allow reading the tab "My bank" (https://bank.example/accounts).',
    });
    expect(services.readTabIds).toEqual([]);
  });

  it('reads the current tab when no id is given (after consent)', async () => {
    const services = fakeServices([article, bank]);
    const outcome = await callTool(
      readTabTool,
      {},
      toolContext({ services, ask: async () => 'allowed' }),
    );
    expect(services.readTabIds).toEqual([7]);
    expect(outcome.kind).toBe('result');
  });

  it('says which tab is gone or unreadable instead of failing', async () => {
    const unreadable: FakeTab = {
      id: 3,
      title: 'Settings',
      url: 'chrome://settings',
      active: false,
      unreadable: '"Settings" is a browser page.',
    };
    const services = fakeServices([unreadable]);
    const context = toolContext({ services, attachedTabIds: [3, 4] });
    expect(await callTool(readTabTool, { tabId: 4 }, context)).toEqual({
      kind: 'error',
      message: 'Tab 4 is not open (it may have been closed). Call list_tabs to see the open tabs.',
    });
    expect(await callTool(readTabTool, { tabId: 3 }, context)).toEqual({
      kind: 'error',
      message: '"Settings" is a browser page.',
    });
  });

  it('gives a long page in parts, saying how much was used and how to read on', async () => {
    const paragraphs = Array.from(
      { length: 400 },
      (_, index) => `Paragraph ${index} ${'x'.repeat(90)}`,
    );
    const long: FakeTab = { ...article, article: { markdown: paragraphs.join('\n\n') } };
    const services = fakeServices([long]);
    const context = toolContext({ services, attachedTabIds: [7], contextWindow: 8192 });
    const first = await callTool(readTabTool, { tabId: 7 }, context);
    if (first.kind !== 'result') throw new Error('expected a result');
    const percent = Number(first.summary?.match(/\((\d+)%\)/)?.[1]);
    expect(percent).toBeGreaterThan(30);
    expect(percent).toBeLessThan(50);
    expect(first.sources?.[0]?.note).toBe(`used ${percent}% of the page`);
    expect(first.content).toContain('The rest of the page exists');
    const offset = Number(first.content.match(/"offset": (\d+)/)?.[1]);
    expect(first.content).not.toContain('Paragraph 399');

    const next = await callTool(readTabTool, { tabId: 7, offset }, context);
    if (next.kind !== 'result') throw new Error('expected a result');
    const shown = [...first.content.matchAll(/Paragraph (\d+) /g)].map((match) => Number(match[1]));
    expect(next.content).toContain(`Paragraph ${Math.max(...shown) + 1} `);
    expect(next.content).not.toContain('Paragraph 0 ');
  });

  it('says when a page has almost no readable text, to the model and beside the source', async () => {
    const empty: FakeTab = { ...article, id: 3, article: { markdown: 'Loading…' } };
    const outcome = await callTool(
      readTabTool,
      { tabId: 3 },
      toolContext({ services: fakeServices([empty]), attachedTabIds: [3] }),
    );
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(outcome.content).toContain(
      'This page has almost no text Gleaner can read: it may still be loading, or be an app.',
    );
    expect(outcome.sources?.[0]?.note).toBe(
      'almost no readable text: it may still be loading, or be an app',
    );
  });

  it('tells the model what kind of page it read, and when hidden text was kept', async () => {
    const shop: FakeTab = {
      ...article,
      id: 4,
      article: { markdown: `# Kettle\n\n${OWNERSHIP}`, kind: 'product', hiddenText: true },
    };
    const outcome = await callTool(
      readTabTool,
      { tabId: 4 },
      toolContext({ services: fakeServices([shop]), attachedTabIds: [4] }),
    );
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    const [, after] = outcome.content.split('</untrusted-content-nonce1>');
    expect(after).toContain('Page kind: Product page');
    expect(after).toContain('do not present it as what the user sees');
  });
});
