import { expect, stopServiceWorker, test } from './fixtures';
import { messagesContaining } from './servers/mock-llm';

test.describe('stop and resume', () => {
  test('Stop ends the answer mid-stream and keeps its partial text', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    const question = 'Tell me a long story';
    const partial = 'Once upon a time, in a quiet valley';
    mockLlm.enqueue({ hangAfterText: partial });

    await panel.ask(question);
    // The text streams in while the run is still going.
    await panel.expectAnswer(partial);
    await expect(panel.stopButton).toBeVisible();
    await expect(panel.sendButton).toBeHidden();

    await panel.stopButton.click();
    await panel.expectIdle();
    await panel.expectAnswer(partial);
    // Stopping aborted the model request instead of leaving it running.
    await expect.poll(() => mockLlm.chatRequests()[0]?.closedByClient).toBe(true);

    // What was stopped is stored, not just on screen.
    await panel.page.reload();
    await panel.openSession(question);
    await panel.expectAnswer(partial);
    await panel.expectIdle();
  });

  test('a worker stopped mid-answer leaves an interrupted run that Resume finishes', async ({
    chatPanel: panel,
    context,
    extensionId,
    mockLlm,
  }) => {
    const question = 'Explain how service workers end';
    const partial = 'Half of the answer, written before the worker stopped';
    const complete = 'The whole answer, streamed again after Resume.';
    mockLlm.enqueue({ hangAfterText: partial });

    await panel.ask(question);
    await panel.expectAnswer(partial);
    // The worker stores the partial answer at least every ~250 ms; give it time to.
    await panel.page.waitForTimeout(800);

    await stopServiceWorker(context, extensionId);
    await expect.poll(() => mockLlm.chatRequests()[0]?.closedByClient).toBe(true);

    // Reloading the panel wakes the worker, which marks the orphaned run interrupted on start.
    mockLlm.enqueue({ text: complete });
    await panel.page.reload();
    await panel.openSession(question);
    await panel.expectAnswer(partial);
    await expect(panel.resumeButton).toBeVisible();

    await panel.resumeButton.click();
    await panel.expectAnswer(complete);
    await panel.expectIdle();
    await expect(panel.resumeButton).toBeHidden();
    // The new stream replaces the partial text.
    await expect(panel.answers.getByText(partial)).toHaveCount(0);
    await expect(panel.answers).toHaveCount(1);

    const requests = mockLlm.chatRequests();
    expect(requests).toHaveLength(2);
    const resumed = requests[1]!.body;
    expect(messagesContaining(resumed, 'user', question)).toHaveLength(1);
    // Resume re-issues the interrupted step: the partial answer is not fed back to the model.
    expect(messagesContaining(resumed, 'assistant', partial)).toHaveLength(0);
  });
});
