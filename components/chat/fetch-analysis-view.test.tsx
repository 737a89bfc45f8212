import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MessageRecord, RunRecord, StepRecord } from '../../lib/db/records';
import { preloadMarkdown } from '../shared/markdown';
import { FetchAnalysisView } from './fetch-analysis-view';
import { buildTranscript } from './transcript';

const base = { sessionId: 'child', runId: 'cr', status: 'done' as const, createdAt: 0 };
const messages: MessageRecord[] = [
  { ...base, id: 'u', seq: 1, role: 'user', content: 'Question: Latest Dexie version?' },
  {
    ...base,
    id: 'a1',
    seq: 2,
    role: 'assistant',
    content: '',
    toolCalls: [{ id: 'c1', name: 'web_search', arguments: '{"query":"dexie latest version"}' }],
  },
  {
    ...base,
    id: 't1',
    seq: 3,
    role: 'tool',
    toolCallId: 'c1',
    toolName: 'web_search',
    content: '<untrusted-content-x>\n1. Dexie 4.4 — https://dexie.org\n</untrusted-content-x>',
  },
  {
    ...base,
    id: 'a2',
    seq: 4,
    role: 'assistant',
    content: 'Dexie **4.4**.',
    sources: [{ title: 'Dexie', url: 'https://dexie.org/' }],
  },
];
const steps: StepRecord[] = [
  {
    id: 's1',
    runId: 'cr',
    index: 1,
    kind: 'tool',
    status: 'done',
    toolName: 'web_search',
    toolCallId: 'c1',
    summary: '"dexie latest version": 10 results from DuckDuckGo',
    bytes: 1500,
    startedAt: 0,
    endedAt: 700,
  },
];

describe('FetchAnalysisView', () => {
  it('shows the task, the calls with their results summarised, and the answer, read-only', async () => {
    // The Markdown parser is loaded on demand; loaded first, the answer renders formatted.
    await preloadMarkdown();
    const html = renderToStaticMarkup(
      <FetchAnalysisView
        entries={buildTranscript(messages, steps)}
        run={{ id: 'cr', model: 'small-model', status: 'done' } as RunRecord}
        steps={steps}
        onBack={() => {}}
      />,
    );
    expect(html).toMatch(/<button[^>]*>.*Back to the conversation<\/button>/);
    expect(html).toContain('<h2 id="fetch-analysis-title" tabindex="-1">Fetch Analysis</h2>');
    expect(html).toContain('on small-model');
    expect(html).toContain('aria-label="Task"');
    expect(html).toContain('Question: Latest Dexie version?');
    expect(html).toContain('<strong class="step-name">web_search</strong>');
    expect(html).toContain('“dexie latest version”');
    expect(html).toContain('10 results from DuckDuckGo');
    expect(html).toContain('<pre>1. Dexie 4.4 — https://dexie.org</pre>');
    expect(html).toContain('aria-label="Answer"');
    expect(html).toContain('<strong>4.4</strong>');
    expect(html).toContain('aria-label="Sources"');
    expect(html).not.toContain('<textarea');
    expect(html).not.toContain('>Send<');
  });

  it('says why a run did not finish', () => {
    const html = renderToStaticMarkup(
      <FetchAnalysisView
        entries={[]}
        run={
          {
            id: 'cr',
            model: 'small-model',
            status: 'stopped',
            error: { kind: 'denied', message: 'You did not allow the search "x".' },
          } as RunRecord
        }
        steps={[]}
        onBack={() => {}}
      />,
    );
    expect(html).toContain('You did not allow the search &quot;x&quot;.');
  });
});
