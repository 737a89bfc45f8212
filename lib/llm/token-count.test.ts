import { describe, expect, it } from 'vitest';
import { calibrationOf, countRequestTokens } from './token-count';
import type { ToolSpec } from './types';

const tool: ToolSpec = {
  name: 'fetch',
  description: 'Fetches a web page and returns its text as Markdown.',
  parameters: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
};

describe('countRequestTokens', () => {
  it('counts the system prompt, every message, tool calls and the tool schemas', () => {
    const base = countRequestTokens({
      messages: [{ role: 'system', content: 'a'.repeat(400) }],
      tools: [],
    });
    expect(base).toBe(3 + 4 + 100);
    const withTool = countRequestTokens({
      messages: [{ role: 'system', content: 'a'.repeat(400) }],
      tools: [tool],
    });
    expect(withTool).toBeGreaterThan(base + 30);
    const withCall = countRequestTokens({
      messages: [
        { role: 'system', content: 'a'.repeat(400) },
        {
          role: 'assistant',
          content: '',
          toolCalls: [
            {
              id: 'c1',
              name: 'fetch',
              arguments: `{"url":"https://example.com/${'p'.repeat(200)}"}`,
            },
          ],
        },
        { role: 'tool', toolCallId: 'c1', content: 'b'.repeat(800) },
      ],
      tools: [],
    });
    expect(withCall).toBeGreaterThan(base + 200 + 50);
  });

  it('scales the estimate by the calibration the provider reported', () => {
    const request = { messages: [{ role: 'user' as const, content: 'a'.repeat(4000) }], tools: [] };
    expect(countRequestTokens(request, 1.5)).toBe(Math.ceil(countRequestTokens(request) * 1.5));
  });
});

describe('calibrationOf', () => {
  it('is the reported count over the estimate, kept between 0.5 and 3', () => {
    expect(calibrationOf(1200, 1000)).toBe(1.2);
    expect(calibrationOf(10, 1000)).toBe(0.5);
    expect(calibrationOf(9000, 1000)).toBe(3);
  });

  it('is 1 when the provider sent no usage', () => {
    expect(calibrationOf(undefined, 1000)).toBe(1);
    expect(calibrationOf(0, 1000)).toBe(1);
  });
});
