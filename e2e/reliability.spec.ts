import { expect, setStoredLimits, stopServiceWorker, test } from './fixtures';
import type { SiteRequest } from './servers/fixture-site';
import { type MockLlm, messagesContaining, messageText } from './servers/mock-llm';

/**
 * Reliability journeys: an answer survives the worker stopping while a consent card waits (the
 * card's request expires, nothing is fetched, Resume asks again), and an answer that reaches a
 * limit stops with its reason and goes on with Continue.
 */

/** A `fetch` call the mock model makes. */
function fetchCall(id: string, url: string) {
  return { id, name: 'fetch', arguments: { url } };
}

/** A cheap tool call that needs no permission: the list of open tabs. */
function listTabsCall(id: string) {
  return { id, name: 'list_tabs', arguments: {} };
}

/** The text of the tool message answering `callId`, from the first chat request that has it. */
function toolResult(mock: MockLlm, callId: string): string | undefined {
  for (const request of mock.chatRequests()) {
    const message = request.body.messages.find(
      (candidate) => candidate.role === 'tool' && candidate.tool_call_id === callId,
    );
    if (message) return messageText(message.content);
  }
  return undefined;
}

/** Requests the fixture site got, less favicons. */
function pageRequests(requests: SiteRequest[]): SiteRequest[] {
  return requests.filter((request) => request.path !== '/favicon.ico');
}

/** Every message text of a chat request, to say that a notice line never reached the model. */
function allTexts(mock: MockLlm, index: number): string[] {
  return (mock.chatRequests()[index]?.body.messages ?? []).map((message) =>
    messageText(message.content),
  );
}

test.describe('reliability', () => {
  test('a worker stopped while a fetch card waits expires the card without fetching; Resume asks again and finishes', async ({
    chatPanel: panel,
    context,
    extensionId,
    fixtureSite,
    mockLlm,
  }) => {
    const { article } = fixtureSite.pages;
    const question = 'What happened to the apple harvest, according to the Courier?';
    const answer = 'The Lune valley had a record apple harvest this autumn.';
    mockLlm.enqueue({ toolCalls: [fetchCall('call_fetch_article', article.url)] });

    await panel.ask(question);
    await expect(panel.consentCard).toBeVisible();
    await expect(panel.consentUrl).toHaveText(article.url);
    await expect(panel.allowOnceButton).toBeEnabled();
    expect(pageRequests(fixtureSite.requests), 'nothing is fetched before an answer').toEqual([]);

    await stopServiceWorker(context, extensionId);

    // The panel notices the lost Port at once and wakes a new worker, which expires every pending
    // request: the card goes and Resume is offered, with nothing fetched and no model call. The
    // wait is shorter than the default so a card that only goes on a reload still fails, and long
    // enough for a new worker to start on a loaded machine.
    await expect(panel.consentCard).toHaveCount(0, { timeout: 4_000 });
    await expect(panel.resumeButton).toBeVisible();
    await panel.page.waitForTimeout(800);
    expect(pageRequests(fixtureSite.requests), 'nothing is fetched after the stop').toEqual([]);
    expect(mockLlm.chatRequests()).toHaveLength(1);

    // Reloading the panel wakes the worker: the run is interrupted, the old request expired.
    mockLlm.enqueue({ text: answer });
    await panel.page.reload();
    await panel.openSession(question);
    await expect(panel.resumeButton).toBeVisible();
    await expect(panel.resumeButton).toBeEnabled();
    await expect(panel.alert).toHaveText(/interrupted/i);
    await expect(panel.consentCard).toHaveCount(0);
    await expect(panel.page.getByRole('button', { name: /allow/i })).toHaveCount(0);
    // Give a stray fetch or model call a moment to show.
    await panel.page.waitForTimeout(800);
    await expect(panel.consentCard).toHaveCount(0);
    expect(pageRequests(fixtureSite.requests), 'the site saw no request').toEqual([]);
    expect(mockLlm.chatRequests(), 'the model was not asked again').toHaveLength(1);

    // Resume runs the pending fetch call again, and it asks again, for the same address.
    await panel.resumeButton.click();
    await expect(panel.consentCard).toBeVisible();
    await expect(panel.consentUrl).toHaveText(article.url);
    await expect(panel.consentCard).toContainText(question);
    expect(pageRequests(fixtureSite.requests)).toEqual([]);
    await panel.allowOnceButton.click();

    await panel.expectAnswer(answer);
    await panel.expectIdle();
    await expect(panel.resumeButton).toBeHidden();
    await expect(panel.consentCard).toHaveCount(0);
    expect(
      pageRequests(fixtureSite.requests).map(({ host, path }) => `${host}${path}`),
      'fetched once, after the Allow that followed Resume',
    ).toEqual([`news.test${article.path}`]);

    const requests = mockLlm.chatRequests();
    expect(requests).toHaveLength(2);
    const resumed = requests[1]!.body;
    expect(messagesContaining(resumed, 'user', question), 'the user message once').toHaveLength(1);
    expect(resumed.messages.filter((message) => message.role === 'user')).toHaveLength(1);
    // The one fetch call, answered once with the page.
    const calls = resumed.messages.flatMap(
      (message) => (message.tool_calls ?? []) as Array<{ id?: string }>,
    );
    expect(calls.map((call) => call.id)).toEqual(['call_fetch_article']);
    const toolMessages = resumed.messages.filter((message) => message.role === 'tool');
    expect(toolMessages).toHaveLength(1);
    const page = toolResult(mockLlm, 'call_fetch_article');
    for (const paragraph of article.paragraphs) expect(page).toContain(paragraph);
    await expect(panel.userMessages).toHaveCount(1);
  });

  test('a step limit stops the answer with its reason and Continue lets it finish', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    const limits = await setStoredLimits(panel, { maxSteps: 2 });
    expect(limits.maxSteps).toBe(2);
    const question = 'Which tabs do I have open, and which should I close?';
    const answer = 'You have the side panel open and nothing else to close.';
    mockLlm.enqueue(
      { toolCalls: [listTabsCall('call_tabs_1')] },
      { toolCalls: [listTabsCall('call_tabs_2')] },
      { toolCalls: [listTabsCall('call_tabs_3')] },
      { text: answer },
    );

    await panel.ask(question);
    const notice = panel.noticeLine(/^Stopped after 2 model steps/);
    await expect(notice).toBeVisible();
    // The way on is offered by the banner only, so nothing asks for Continue once it is taken.
    await expect(panel.page.getByText('Press Continue')).toHaveCount(0);
    await expect(panel.limitStatus).toBeVisible();
    await expect(panel.continueButton).toBeEnabled();
    await panel.expectIdle();
    await expect(panel.resumeButton).toHaveCount(0);
    expect(mockLlm.chatRequests(), 'two model steps, then the limit').toHaveLength(2);
    expect(toolResult(mockLlm, 'call_tabs_1')).toBeDefined();
    expect(mockLlm.pending()).toBe(2);

    await panel.continueButton.click();
    await panel.expectAnswer(answer);
    await panel.expectIdle();
    await expect(panel.continueButton).toHaveCount(0);
    await expect(panel.limitStatus).toHaveCount(0);
    await expect(panel.page.getByText('Continue gives it a new budget')).toHaveCount(0);
    // The reason stays in the history.
    await expect(notice).toBeVisible();

    const requests = mockLlm.chatRequests();
    expect(requests).toHaveLength(4);
    const continued = requests[2]!.body;
    expect(messagesContaining(continued, 'user', question)).toHaveLength(1);
    expect(continued.messages.filter((message) => message.role === 'user')).toHaveLength(1);
    // Both earlier tool results go along, once each; the notice is the extension's, not the model's.
    const toolIds = continued.messages
      .filter((message) => message.role === 'tool')
      .map((message) => message.tool_call_id);
    expect(toolIds).toEqual(['call_tabs_1', 'call_tabs_2']);
    for (const text of allTexts(mockLlm, 2)) expect(text).not.toContain('Stopped after');
    expect(toolResult(mockLlm, 'call_tabs_3')).toBeDefined();
    expect(mockLlm.pending()).toBe(0);
  });

  test('the same tool call asked for a fourth time stops with the reason; Continue runs it and finishes', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    const limits = await setStoredLimits(panel, {});
    expect(limits.maxIdenticalCalls).toBe(3);
    const question = 'Keep checking my tabs until something changes.';
    const answer = 'Nothing changed in your tabs.';
    mockLlm.enqueue(
      { toolCalls: [listTabsCall('call_same_1')] },
      { toolCalls: [listTabsCall('call_same_2')] },
      { toolCalls: [listTabsCall('call_same_3')] },
      { toolCalls: [listTabsCall('call_same_4')] },
      { text: answer },
    );

    await panel.ask(question);
    const notice = panel.noticeLine(
      'Stopped: the model asked for the same list_tabs call 4 times (at most 3 per answer).',
    );
    await expect(notice).toBeVisible();
    await expect(panel.continueButton).toBeEnabled();
    await panel.expectIdle();
    expect(mockLlm.chatRequests()).toHaveLength(4);
    // The fourth call was not run.
    expect(toolResult(mockLlm, 'call_same_3')).toBeDefined();
    expect(mockLlm.pending()).toBe(1);

    await panel.continueButton.click();
    await panel.expectAnswer(answer);
    await panel.expectIdle();
    await expect(panel.continueButton).toHaveCount(0);

    const requests = mockLlm.chatRequests();
    expect(requests).toHaveLength(5);
    const continued = requests[4]!.body;
    expect(messagesContaining(continued, 'user', question)).toHaveLength(1);
    const toolIds = continued.messages
      .filter((message) => message.role === 'tool')
      .map((message) => message.tool_call_id);
    expect(toolIds).toEqual(['call_same_1', 'call_same_2', 'call_same_3', 'call_same_4']);
    for (const text of allTexts(mockLlm, 4)) expect(text).not.toContain('Stopped:');
  });
});
