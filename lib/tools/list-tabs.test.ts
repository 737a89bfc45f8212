import { describe, expect, it } from 'vitest';
import { listTabsTool } from './list-tabs';
import type { ToolContext } from './tool';

function contextWith(
  tabs: Awaited<ReturnType<ToolContext['services']['tabs']['list']>>,
): ToolContext {
  return {
    runId: 'r',
    sessionId: 's',
    toolCallId: 'c',
    question: 'q',
    signal: new AbortController().signal,
    services: { tabs: { list: async () => tabs } },
    askConsent: async () => {
      throw new Error('list_tabs must not ask for consent');
    },
  };
}

describe('list_tabs', () => {
  it('lists ids, titles and URLs and marks the current tab', async () => {
    const outcome = await listTabsTool.execute(
      {},
      contextWith([
        { id: 4, title: 'Rust book', url: 'https://doc.rust-lang.org/book/', active: true },
        { id: 9, title: '', url: 'https://example.org/', active: false },
      ]),
    );
    expect(outcome).toMatchObject({ kind: 'result' });
    const content = outcome.kind === 'result' ? outcome.content : '';
    expect(content).toContain('2 open tabs');
    expect(content).toContain('[4] (current) Rust book — https://doc.rust-lang.org/book/');
    expect(content).toContain('[9] (untitled) — https://example.org/');
  });

  it('says so when no tab is open', async () => {
    const outcome = await listTabsTool.execute({}, contextWith([]));
    expect(outcome).toEqual({ kind: 'result', content: 'No tabs are open in this window.' });
  });

  it('takes no parameters', () => {
    expect(listTabsTool.parameters.safeParse({ approved: true }).success).toBe(false);
  });
});
