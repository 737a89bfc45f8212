import { describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-services';
import { fakeWeb, page } from '../../testing/fake-web';
import { toolContext } from '../../testing/tool-context';
import type { ToolCallEnvironment } from '../agent/call-tool';
import { callTool } from '../agent/call-tool';
import { fetchTool } from './fetch';
import type { ConsentPrompt } from './tool';

function setup(
  pages: Parameters<typeof fakeWeb>[0],
  answers: Array<'allowed' | 'denied'> = ['allowed'],
  overrides: Partial<ToolCallEnvironment> = {},
) {
  const web = fakeWeb(pages);
  const asked: ConsentPrompt[] = [];
  const context = toolContext({
    services: fakeServices([], web),
    ask: async (prompt) => {
      asked.push(prompt);
      return answers.shift() ?? 'denied';
    },
    ...overrides,
  });
  return { web, asked, context };
}

describe('fetch', () => {
  it('asks for the exact URL that will be fetched, then returns the content as untrusted data', async () => {
    const raw = 'https://raw.githubusercontent.com/o/r/main/README.md';
    const { web, asked, context } = setup({ [raw]: page(raw, '# Readme', { title: 'README' }) });
    const outcome = await callTool(
      fetchTool,
      { url: 'https://github.com/o/r/blob/main/README.md', format: 'markdown' },
      context,
    );
    expect(asked).toEqual([
      {
        kind: 'fetch',
        target: raw,
        host: 'https://raw.githubusercontent.com',
        detail: 'Format: markdown',
      },
    ]);
    expect(web.fetched).toEqual([raw]);
    expect(outcome).toMatchObject({
      kind: 'result',
      sources: [{ title: 'README', url: raw }],
    });
    if (outcome.kind === 'result') {
      // The page's title and Content-Type are the server's words: inside the envelope only.
      const [before] = outcome.content.split('<untrusted-content-nonce1');
      expect(before).not.toContain('Title');
      expect(before).not.toContain('text/markdown');
      expect(outcome.content).toContain(
        `<untrusted-content-nonce1 source="${raw}">\nTitle: README\nContent-Type: text/markdown\n# Readme\n`,
      );
    }
  });

  it('asks with the address as written when it is upgraded to https, and fetches only the https one', async () => {
    const https = 'https://news.example/story';
    const { web, asked, context } = setup({ [https]: page(https, '# Story') });
    await callTool(fetchTool, { url: 'http://news.example/story#top' }, context);
    expect(asked).toEqual([
      {
        kind: 'fetch',
        target: https,
        host: 'https://news.example',
        detail: 'Format: auto',
        asked: 'http://news.example/story',
      },
    ]);
    expect(web.fetched).toEqual([https]);
  });

  it('says nothing of an upgrade for an http address it fetches as written (another port)', async () => {
    const url = 'http://news.example:8080/story';
    const { asked, context } = setup({ [url]: page(url, '# Story') });
    await callTool(fetchTool, { url }, context);
    expect(asked).toEqual([
      { kind: 'fetch', target: url, host: 'http://news.example:8080', detail: 'Format: auto' },
    ]);
  });

  it('refuses a private address without asking and without any request', async () => {
    const { web, asked, context } = setup({});
    const outcome = await callTool(fetchTool, { url: 'http://192.168.1.1/admin' }, context);
    expect(outcome.kind).toBe('error');
    expect(asked).toEqual([]);
    expect(web.fetched).toEqual([]);
  });

  it('ends the turn on Deny and fetches nothing', async () => {
    const { web, context } = setup({}, ['denied']);
    const outcome = await callTool(fetchTool, { url: 'https://example.com/' }, context);
    expect(outcome).toEqual({
      kind: 'denied',
      message: 'You did not allow fetching https://example.com/.',
    });
    expect(web.fetched).toEqual([]);
  });

  it('asks again before following a redirect to another host', async () => {
    const { web, asked, context } = setup(
      {
        'https://a.example/go': {
          ok: false,
          kind: 'cross-host-redirect',
          message: 'Redirected to https://b.example/there',
          url: 'https://a.example/go',
          redirectTo: 'https://b.example/there',
          redirects: [],
        },
        'https://b.example/there': page('https://b.example/there', 'There'),
      },
      ['allowed', 'denied'],
    );
    const outcome = await callTool(fetchTool, { url: 'https://a.example/go' }, context);
    expect(asked.map((prompt) => [prompt.target, prompt.detail])).toEqual([
      ['https://a.example/go', 'Format: auto'],
      ['https://b.example/there', 'Format: auto · Redirected from https://a.example/go'],
    ]);
    expect(outcome.kind).toBe('denied');
    expect(web.fetched).toEqual(['https://a.example/go']);
  });

  it('caps output at 102,400 bytes of UTF-8 and says so', async () => {
    const big = 'я'.repeat(60_000); // 120,000 bytes
    const { context } = setup({ 'https://big.example/': page('https://big.example/', big) });
    const outcome = await callTool(fetchTool, { url: 'https://big.example/' }, context);
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(outcome.content).toContain('was 120000 bytes and was cut to the first 102400 bytes');
    const body = outcome.content.split('\n').find((line) => line.startsWith('я')) ?? '';
    expect(new TextEncoder().encode(body).length).toBe(102_400);
  });

  it('stops at the fetch budget before asking', async () => {
    const { asked, context } = setup({}, ['allowed'], {
      spendFetch: async () => ({ ok: false, message: 'Stopped: 10 fetches.' }),
    });
    expect(await callTool(fetchTool, { url: 'https://example.com/' }, context)).toEqual({
      kind: 'limit',
      message: 'Stopped: 10 fetches.',
    });
    expect(asked).toEqual([]);
  });

  it('cannot be told it was approved', () => {
    expect(
      fetchTool.parameters.safeParse({ url: 'https://example.com/', approved: true }).success,
    ).toBe(false);
  });
});
