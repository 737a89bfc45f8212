import { describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-services';
import { memoryPageFiles } from '../../testing/memory-page-files';
import { toolContext } from '../../testing/tool-context';
import { callTool } from '../agent/call-tool';
import { globTool, globToRegExp } from './glob';

describe('glob', () => {
  it('matches * and ? and nothing else', () => {
    expect(globToRegExp('*docs*').test('example.com-docs-intro.md')).toBe(true);
    expect(globToRegExp('a?c.md').test('abc.md')).toBe(true);
    expect(globToRegExp('a.c').test('abc')).toBe(false);
  });

  it('lists only this run’s page files', async () => {
    const pages = memoryPageFiles();
    await pages.save('run-1', 'https://a.example/docs', 'x');
    await pages.save('run-2', 'https://b.example/docs', 'y');
    const outcome = await callTool(
      globTool,
      { pattern: '**/*' },
      toolContext({ services: fakeServices([], undefined, { pages }) }),
    );
    expect(outcome).toMatchObject({
      kind: 'result',
      content: 'a.example-docs.md\t1 bytes\thttps://a.example/docs',
      summary: '1 file',
    });
  });
});
