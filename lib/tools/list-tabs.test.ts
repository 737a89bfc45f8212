import { describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-services';
import { toolContext } from '../../testing/tool-context';
import type { ToolCallEnvironment } from '../agent/call-tool';
import { callTool } from '../agent/call-tool';
import { listTabsTool } from './list-tabs';
import type { TabInfo } from './tool';

function contextWith(tabs: TabInfo[]): ToolCallEnvironment {
  return toolContext({ services: fakeServices(tabs) });
}

describe('list_tabs', () => {
  it('lists ids, titles and URLs and marks the current tab', async () => {
    const outcome = await callTool(
      listTabsTool,
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
    const outcome = await callTool(listTabsTool, {}, contextWith([]));
    expect(outcome).toEqual({ kind: 'result', content: 'No tabs are open in this window.' });
  });

  it('takes no parameters', () => {
    expect(listTabsTool.parameters.safeParse({ approved: true }).success).toBe(false);
  });
});
