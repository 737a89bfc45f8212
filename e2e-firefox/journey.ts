import { after, before } from 'node:test';
import { type FixtureSite, startFixtureSite } from '../e2e/servers/fixture-site';
import {
  type ChatCompletionBody,
  type MockLlm,
  messageText,
  startMockLlm,
} from '../e2e/servers/mock-llm';
import { type FirefoxSession, launchFirefox } from './firefox';

export const TEST_API_KEY = 'sk-test-e2e-0123456789';

export interface Journey {
  firefox: FirefoxSession;
  mockLlm: MockLlm;
  fixtureSite: FixtureSite;
}

/**
 * One Firefox (about 8 s to start on two cores), the mock model and the fixture site for all
 * tests of a spec file, with the mock configured as Model (and Small model) through Settings.
 * Each test starts with New chat and a fresh mock queue. Returns a holder filled in `before`.
 */
export function useJourney(): Journey {
  const journey = {} as Journey;
  before(async () => {
    journey.mockLlm = await startMockLlm();
    journey.fixtureSite = await startFixtureSite();
    journey.firefox = await launchFirefox();
    await journey.firefox.panel.configure({
      baseUrl: journey.mockLlm.url,
      apiKey: TEST_API_KEY,
      smallModel: 'mock-small',
      duckduckgoUrl: journey.fixtureSite.search.url,
    });
  });
  after(async () => {
    await journey.firefox?.close();
    await journey.mockLlm?.close();
    await journey.fixtureSite?.close();
  });
  return journey;
}

/** Brings the panel to the front, starts a new chat and forgets what the mock and the site saw so far. */
export async function freshChat(journey: Journey): Promise<void> {
  // The panel tab in front: an extension page is no "current tab", so nothing is attached.
  await journey.firefox.panel.page.bringToFront();
  await journey.firefox.panel.click('New chat');
  await journey.firefox.panel.field('Message');
  journey.mockLlm.requests.length = 0;
  journey.fixtureSite.requests.length = 0;
}

/** The text of the tool message answering `callId` in any request the mock got. */
export function toolResult(mockLlm: MockLlm, callId: string): string | undefined {
  for (const request of mockLlm.chatRequests()) {
    const message = (request.body as ChatCompletionBody).messages.find(
      (candidate) => candidate.role === 'tool' && candidate.tool_call_id === callId,
    );
    if (message) return messageText(message.content);
  }
  return undefined;
}

/** Every tool message of the requests the mock got, joined. */
export function allToolResults(mockLlm: MockLlm): string {
  return mockLlm
    .chatRequests()
    .flatMap((request) => request.body.messages)
    .filter((message) => message.role === 'tool')
    .map((message) => messageText(message.content))
    .join('\n');
}
