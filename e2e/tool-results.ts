import { type MockLlm, messageText } from './servers/mock-llm';

/** The text of the tool message answering `callId`, from the first chat request that has it. */
export function toolResult(mock: MockLlm, callId: string): string | undefined {
  for (const request of mock.chatRequests()) {
    const message = request.body.messages.find(
      (candidate) => candidate.role === 'tool' && candidate.tool_call_id === callId,
    );
    if (message) return messageText(message.content);
  }
  return undefined;
}
