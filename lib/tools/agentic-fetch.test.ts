import { describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-services';
import { toolContext } from '../../testing/tool-context';
import { callTool } from '../agent/call-tool';
import { agenticFetchTool } from './agentic-fetch';
import type { SubAgentRunner } from './tool';

function runnerRecording() {
  const calls: Array<Parameters<SubAgentRunner['run']>[0]> = [];
  const runner: SubAgentRunner = {
    run: async (input) => {
      calls.push(input);
      return { kind: 'result', content: 'answer', sources: [] };
    },
  };
  return { calls, runner };
}

describe('agentic_fetch', () => {
  it('requires a prompt and says so', () => {
    const missing = agenticFetchTool.parameters.safeParse({ url: 'https://a.example/' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe(
      'agentic_fetch needs a prompt: the question to answer.',
    );
    expect(agenticFetchTool.parameters.safeParse({ prompt: '   ' }).success).toBe(false);
  });

  it('starts the sub-agent in search mode without a url', async () => {
    const { calls, runner } = runnerRecording();
    await callTool(
      agenticFetchTool,
      { prompt: 'Who maintains Dexie?' },
      toolContext({ services: fakeServices([], undefined, { subAgent: runner }) }),
    );
    expect(calls).toEqual([
      expect.objectContaining({
        prompt: 'Who maintains Dexie?',
        parentRunId: 'run-1',
        toolCallId: 'call-1',
      }),
    ]);
    expect(calls[0]).not.toHaveProperty('url');
  });

  it('starts URL mode with the URL that will really be fetched', async () => {
    const { calls, runner } = runnerRecording();
    await callTool(
      agenticFetchTool,
      { prompt: 'Summarize', url: 'https://github.com/o/r/blob/main/README.md' },
      toolContext({ services: fakeServices([], undefined, { subAgent: runner }) }),
    );
    expect(calls[0]?.url).toBe('https://raw.githubusercontent.com/o/r/main/README.md');
  });

  it('refuses a private URL before starting anything', async () => {
    const { calls, runner } = runnerRecording();
    const outcome = await callTool(
      agenticFetchTool,
      { prompt: 'x', url: 'http://10.0.0.1/' },
      toolContext({ services: fakeServices([], undefined, { subAgent: runner }) }),
    );
    expect(outcome.kind).toBe('error');
    expect(calls).toEqual([]);
  });
});
