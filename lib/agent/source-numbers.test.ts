import { describe, expect, it } from 'vitest';
import type { MessageRecord } from '../db/records';
import { numberedSources, numberResult } from './source-numbers';

let seq = 0;
const toolMessage = (sources: MessageRecord['sources'], content = 'text'): MessageRecord => ({
  id: `m${++seq}`,
  sessionId: 's',
  runId: 'r',
  role: 'tool',
  content,
  status: 'done',
  sources,
  createdAt: 0,
  seq,
});

describe('source numbers', () => {
  it('numbers each URL once, in the order it was first read; a snippet read later is a page', () => {
    const sources = numberedSources([
      toolMessage([
        { title: 'Moon result', url: 'https://moon.test/', snippet: true },
        { title: 'Sea result', url: 'https://sea.test/', snippet: true },
      ]),
      toolMessage([{ title: 'The Moon', url: 'https://moon.test/', note: 'used 50% of the page' }]),
    ]);
    expect(sources).toEqual([
      { title: 'The Moon', url: 'https://moon.test/', number: 1, note: 'used 50% of the page' },
      { title: 'Sea result', url: 'https://sea.test/', number: 2, snippet: true },
    ]);
  });

  it('replaces a reused result’s old number line and leaves results without sources alone', () => {
    const earlier = [toolMessage([{ title: 'A', url: 'https://a.test/' }])];
    const reused = 'page text\nCite with: [7] https://b.test/';
    expect(
      numberResult({ content: reused, sources: [{ title: 'B', url: 'https://b.test/' }] }, earlier),
    ).toBe('page text\nCite with: [2] https://b.test/');
    const view = 'lines of a page file\nCite with: [1] https://x.test/';
    expect(numberResult({ content: view }, earlier)).toBe(view);
  });

  it('rewrites a Fetch Analysis answer’s own numbers to the run’s', () => {
    const earlier = [toolMessage([{ title: 'Tab', url: 'https://tab.test/' }])];
    const content = numberResult(
      {
        content: '"bees dance" [2], see also [1].',
        citesSources: true,
        sources: [
          { title: 'Hive', url: 'https://hive.test/', number: 1 },
          { title: 'Bees', url: 'https://bees.test/', number: 2 },
        ],
      },
      earlier,
    );
    expect(content).toBe(
      '"bees dance" [3], see also [2].\nCite with: [2] https://hive.test/; [3] https://bees.test/',
    );
  });
});
