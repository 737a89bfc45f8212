import { describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-services';
import { memoryPageFiles } from '../../testing/memory-page-files';
import { toolContext } from '../../testing/tool-context';
import { callTool } from '../agent/call-tool';
import { viewTool } from './view';

async function contextWithPage(markdown: string, runId = 'run-1') {
  const pages = memoryPageFiles();
  const name = await pages.save(runId, 'https://docs.example/guide', markdown);
  return {
    name,
    context: toolContext({ runId, services: fakeServices([], undefined, { pages }) }),
  };
}

describe('view', () => {
  it('shows 200 numbered lines by default and says how to go on', async () => {
    const lines = Array.from({ length: 450 }, (_, index) => `line ${index + 1}`);
    const { name, context } = await contextWithPage(lines.join('\n'));
    const outcome = await callTool(viewTool, { file: name }, context);
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    const body = outcome.content.split('\n');
    expect(body[0]).toBe('docs.example-guide.md (https://docs.example/guide)');
    expect(body[1]).toBe('  1\tline 1');
    expect(body[200]).toBe('200\tline 200');
    expect(outcome.content).toContain('(Lines 1-200 of 450. Continue with offset 200.)');
  });

  it('pages with offset and limit', async () => {
    const lines = Array.from({ length: 10 }, (_, index) => `line ${index + 1}`);
    const { name, context } = await contextWithPage(lines.join('\n'));
    const outcome = await callTool(viewTool, { file: name, offset: 8, limit: 5 }, context);
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(outcome.content.split('\n').slice(1)).toEqual([
      ' 9\tline 9',
      '10\tline 10',
      '(Lines 9-10 of 10: end of file.)',
    ]);
  });

  it('cuts lines longer than 2,000 characters', async () => {
    const { name, context } = await contextWithPage(`${'x'.repeat(2_500)}\nshort`);
    const outcome = await callTool(viewTool, { file: name }, context);
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    const first = outcome.content.split('\n')[1]!;
    expect(first).toBe(`1\t${'x'.repeat(2_000)}… [line cut]`);
  });

  it('sees only the files of its own run', async () => {
    const { name, context } = await contextWithPage('secret', 'other-run');
    const outcome = await callTool(viewTool, { file: name }, { ...context, runId: 'run-1' });
    expect(outcome).toEqual({
      kind: 'error',
      message: `There is no page file "${name}" in this run. Files: none.`,
    });
  });

  it('treats path tricks as unknown names', async () => {
    const { context } = await contextWithPage('text');
    const outcome = await callTool(
      viewTool,
      { file: '../other-run/docs.example-guide.md' },
      context,
    );
    expect(outcome.kind).toBe('error');
  });
});
