import type { ToolContext } from '../lib/tools/tool';
import { fakeServices } from './fake-services';

/** A tool context for unit tests; consent is refused loudly unless a test provides it. */
export function toolContext(overrides: Partial<ToolContext> = {}): ToolContext {
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
    spendFetchBudget: async () => ({ ok: true }),
    askConsent: async () => {
      throw new Error('this tool call must not ask for consent');
    },
    ...overrides,
  };
}
