import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../lib/db/records';
import {
  activityTotals,
  describeToolArguments,
  describeTotals,
  stepFacts,
  toolLabel,
} from './activity';

let counter = 0;
function step(fields: Partial<StepRecord>): StepRecord {
  counter++;
  return {
    id: `s${counter}`,
    runId: 'r1',
    index: counter,
    kind: 'tool',
    status: 'done',
    startedAt: 1_000,
    endedAt: 1_500,
    ...fields,
  };
}

describe('activityTotals', () => {
  it('adds tokens, bytes and durations, and counts fetches and searches by what each tool declares', () => {
    const totals = activityTotals([
      step({ kind: 'model', model: 'small', tokensIn: 1200, tokensOut: 80 }),
      step({ toolName: 'web_search', consent: 'search', bytes: 2_000 }),
      step({ toolName: 'web_fetch', consent: 'fetch', bytes: 30_000 }),
      step({ toolName: 'fetch', consent: 'fetch', bytes: 1_000 }),
      step({ toolName: 'grep', consent: 'none', bytes: 500 }),
      // A tool of any name is counted by what it declares.
      step({ toolName: 'mcp__docs__lookup', consent: 'fetch', bytes: 0 }),
      step({ kind: 'model', tokensIn: 3000, tokensOut: 200, startedAt: 2_000, endedAt: 4_000 }),
    ]);
    expect(totals).toEqual({
      modelSteps: 2,
      toolSteps: 5,
      tokensIn: 4200,
      tokensOut: 280,
      fetches: 3,
      searches: 1,
      bytes: 33_500,
      durationMs: 6 * 500 + 2_000,
    });
  });

  it('counts a running step up to now', () => {
    const totals = activityTotals([step({ startedAt: 1_000, endedAt: undefined })], 4_000);
    expect(totals.durationMs).toBe(3_000);
  });
});

describe('describeTotals', () => {
  it('reads as one line', () => {
    const totals = activityTotals([
      step({ kind: 'model', tokensIn: 4200, tokensOut: 310 }),
      step({ toolName: 'web_fetch', consent: 'fetch', bytes: 18_432 }),
      step({ toolName: 'web_search', consent: 'search', bytes: 0 }),
    ]);
    expect(describeTotals(totals)).toBe(
      '1 model call · 4,200 tokens in, 310 out · 1 fetch · 1 search · 18.0 KB read',
    );
    expect(describeTotals(activityTotals([]))).toBe('0 model calls · 0 fetches');
  });
});

describe('stepFacts', () => {
  it('gives a model step its tokens, duration and attempts', () => {
    expect(
      stepFacts(step({ kind: 'model', tokensIn: 900, tokensOut: 45, attempts: 2, endedAt: 3_400 })),
    ).toEqual(['900 tokens in, 45 out', '2.4 s', '2 attempts']);
  });

  it('gives a tool step its bytes and duration, and says when it did not finish', () => {
    expect(stepFacts(step({ bytes: 2048 }))).toEqual(['2.0 KB', '500 ms']);
    expect(stepFacts(step({ status: 'running', endedAt: undefined }))).toEqual(['running…']);
    expect(stepFacts(step({ status: 'failed' }))).toEqual(['500 ms', 'failed']);
  });

  it('gives a compression its sizes and says how many facts were put back and left out', () => {
    const compression = {
      summary: 'Short.',
      replacedIds: ['m1'],
      factsRestored: ['0.5%', 'HT-0113'],
      reason: 'threshold' as const,
      factsLeftOut: 3,
    };
    expect(
      stepFacts(step({ kind: 'compression', tokensIn: 12_400, tokensOut: 1_900, compression })),
    ).toEqual(['12,400 → 1,900 tokens', '2 facts put back', '3 facts left out to fit', '500 ms']);
  });
});

describe('describeToolArguments', () => {
  it('shows a search by its query', () => {
    expect(describeToolArguments('web_search', '{"query":"dexie liveQuery"}')).toBe(
      '“dexie liveQuery”',
    );
    expect(describeToolArguments('web_search', '{"query":"x","max_results":5}')).toBe(
      '“x” (up to 5 results)',
    );
  });

  it('shows a fetch by its URL, with a format other than auto', () => {
    expect(describeToolArguments('web_fetch', '{"url":"https://a.example/p"}')).toBe(
      'https://a.example/p',
    );
    expect(describeToolArguments('fetch', '{"url":"https://a.example/api","format":"text"}')).toBe(
      'https://a.example/api (as text)',
    );
  });

  it('shows agentic_fetch in URL mode and in search mode', () => {
    expect(describeToolArguments('agentic_fetch', '{"prompt":"When was it released?"}')).toBe(
      'search: “When was it released?”',
    );
    expect(
      describeToolArguments('agentic_fetch', '{"url":"https://a.example","prompt":"Who?"}'),
    ).toBe('https://a.example: “Who?”');
  });

  it('shows the file tools by file, lines and pattern', () => {
    expect(describeToolArguments('view', '{"file":"a.md","offset":200,"limit":100}')).toBe(
      'a.md, lines 201–300',
    );
    expect(describeToolArguments('view', '{"file":"a.md"}')).toBe('a.md, lines 1 on');
    expect(describeToolArguments('grep', '{"pattern":"v\\\\d+","file":"a.md"}')).toBe(
      '/v\\d+/ in a.md',
    );
    expect(describeToolArguments('grep', '{"pattern":"a.b","literal":true}')).toBe('“a.b”');
    expect(describeToolArguments('glob', '{"pattern":"*docs*"}')).toBe('*docs*');
    // The tab's title is the step's name; its id is not shown.
    expect(describeToolArguments('read_tab', '{"tabId":12}')).toBe('from the start');
    expect(describeToolArguments('read_tab', '{"tabId":12,"offset":4000}')).toBe(
      'from character 4,000',
    );
  });

  it('falls back to the JSON for unknown tools, unexpected shapes and malformed text', () => {
    expect(describeToolArguments('list_tabs', '{ "a": 1 }')).toBe('{"a":1}');
    expect(describeToolArguments('web_search', '{"q":"typo"}')).toBe('{"q":"typo"}');
    expect(describeToolArguments('web_fetch', '{"url": ')).toBe('{"url": ');
  });

  it('cuts very long values', () => {
    const long = 'x'.repeat(400);
    expect(describeToolArguments('web_search', JSON.stringify({ query: long }))).toBe(
      `“${'x'.repeat(300)}…”`,
    );
  });
});

describe('toolLabel', () => {
  const step = (toolName: string, summary?: string) => ({
    id: 's',
    runId: 'r',
    index: 0,
    kind: 'tool' as const,
    status: 'done' as const,
    toolName,
    startedAt: 0,
    ...(summary ? { summary } : {}),
  });
  it('names tools in words, a read tab by its title', () => {
    expect(toolLabel(step('read_tab', 'The Tide Clocks: 1,200 of 1,200 characters (100%)'))).toBe(
      'Read tab: The Tide Clocks',
    );
    expect(toolLabel(step('read_tab'))).toBe('Read tab');
    expect(toolLabel(step('web_search'))).toBe('Searched the web');
    expect(toolLabel(step('my_custom_tool'))).toBe('my_custom_tool');
  });
});
