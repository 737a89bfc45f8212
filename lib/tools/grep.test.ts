import { describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-services';
import { memoryPageFiles } from '../../testing/memory-page-files';
import { toolContext } from '../../testing/tool-context';
import { callTool } from '../agent/call-tool';
import { grepTool } from './grep';

async function setup() {
  const pages = memoryPageFiles();
  const first = await pages.save(
    'run-1',
    'https://a.example/one',
    'alpha\nPrice: $10 (a+b)\ngamma',
  );
  const second = await pages.save('run-1', 'https://b.example/two', 'price list\nnothing');
  await pages.save('run-2', 'https://c.example/three', 'price elsewhere');
  return {
    first,
    second,
    context: toolContext({ services: fakeServices([], undefined, { pages }) }),
  };
}

describe('grep', () => {
  it('finds lines by regular expression, case-insensitive, with file and line number', async () => {
    const { context } = await setup();
    const outcome = await callTool(grepTool, { pattern: 'price' }, context);
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(outcome.content).toBe(
      'a.example-one.md:2: Price: $10 (a+b)\nb.example-two.md:1: price list',
    );
  });

  it('searches literal text and one file', async () => {
    const { context, first } = await setup();
    const outcome = await callTool(
      grepTool,
      { pattern: '(a+b)', literal: true, file: first },
      context,
    );
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    expect(outcome.content).toBe('a.example-one.md:2: Price: $10 (a+b)');
  });

  it('stops at 100 matches and says how many there were', async () => {
    const pages = memoryPageFiles();
    await pages.save(
      'run-1',
      'https://big.example/',
      Array.from({ length: 150 }, () => 'hit').join('\n'),
    );
    const outcome = await callTool(
      grepTool,
      { pattern: 'hit' },
      toolContext({ services: fakeServices([], undefined, { pages }) }),
    );
    if (outcome.kind !== 'result') throw new Error(outcome.kind);
    const lines = outcome.content.split('\n');
    expect(lines).toHaveLength(101);
    expect(lines.at(-1)).toBe('(150 matches; showing the first 100.)');
  });

  it('explains an invalid regular expression', async () => {
    const { context } = await setup();
    const outcome = await callTool(grepTool, { pattern: '(' }, context);
    expect(outcome).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('literal: true'),
    });
  });
});
