import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { messagesContaining } from '../e2e/servers/mock-llm';
import { reloadExtension } from './firefox';
import { freshChat, useJourney } from './journey';

describe('Firefox: the background page stopped mid-answer', () => {
  const journey = useJourney();
  beforeEach(() => freshChat(journey));

  test('a background page restarted mid-answer leaves an interrupted run that Resume finishes', async () => {
    const { firefox, mockLlm } = journey;
    const question = 'Explain how background pages end';
    const partial = 'Half of the answer, written before the background page stopped';
    const complete = 'The whole answer, streamed again after Resume.';
    mockLlm.enqueue({ hangAfterText: partial });
    await firefox.panel.ask(question);
    await firefox.panel.expectAnswer(partial);
    // The worker stores the partial answer at least every ~250 ms; give it time to.
    await new Promise((resolve) => setTimeout(resolve, 800));

    mockLlm.enqueue({ text: complete });
    const panel = await reloadExtension(firefox);
    await panel.openSession(question);
    await panel.expectAnswer(partial);
    await panel.click('Resume');
    await panel.expectAnswer(complete);
    await panel.expectIdle();
    assert.equal(await panel.has('button', 'Resume'), false, 'Resume is gone once it finished');
    const answers = await panel.answers();
    assert.equal(answers.length, 1, 'the new stream replaces the partial answer');
    assert.ok(!answers[0]!.includes(partial));

    const requests = mockLlm.chatRequests();
    assert.equal(requests.length, 2);
    assert.equal(requests[0]!.closedByClient, true, 'the stopped page dropped its request');
    const resumed = requests[1]!.body;
    assert.equal(messagesContaining(resumed, 'user', question).length, 1);
    assert.equal(messagesContaining(resumed, 'assistant', partial).length, 0);
  });
});
