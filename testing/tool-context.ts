import type { ToolCallEnvironment } from '../lib/agent/call-tool';
import { fakeServices } from './fake-services';

/**
 * What a tool call gets from its run, for unit tests that call tools through the loop's
 * consent gate (callTool). Consent is refused loudly unless a test answers it.
 */
export function toolContext(overrides: Partial<ToolCallEnvironment> = {}): ToolCallEnvironment {
  return {
    runId: 'run-1',
    sessionId: 'session-1',
    toolCallId: 'call-1',
    question: 'the question',
    signal: new AbortController().signal,
    services: fakeServices(),
    attachedTabIds: [],
    contextWindow: 8192,
    nonce: 'nonce1',
    spendFetch: async () => ({ ok: true }),
    ask: async () => {
      throw new Error('this tool call must not ask for consent');
    },
    ...overrides,
  };
}
