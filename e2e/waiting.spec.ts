import { recordConsentCards } from './consent-cards';
import { configureProvider, expect, test } from './fixtures';

const call = (id: string, name: string, args: Record<string, unknown>) => ({
  id,
  name,
  arguments: args,
});

test.describe('waiting for an answer', () => {
  test('a free search names each phase live in the answer’s place and costs one decision', async ({
    panel,
    fixtureSite,
    mockLlm,
  }) => {
    await panel.page.setViewportSize({ width: 400, height: 800 });
    await configureProvider(panel, mockLlm, {
      smallModel: 'mock-small',
      duckduckgoUrl: fixtureSite.search.url,
    });
    const { article, market } = fixtureSite.pages;
    const question = 'Who buys the surplus apples in the Lune valley?';
    const query = 'lune valley apple surplus';
    // Slow enough to be seen while the extension waits for them.
    fixtureSite.search.delayMs = 2_000;
    fixtureSite.pageDelayMs = 1_500;
    mockLlm.enqueue(
      { toolCalls: [call('c_agentic', 'agentic_fetch', { prompt: question })], delayMs: 300 },
      { toolCalls: [call('c_search', 'web_search', { query })] },
      {
        toolCalls: [
          call('c_article', 'web_fetch', { url: article.url }),
          call('c_market', 'web_fetch', { url: market.url }),
        ],
      },
      { text: `Cider makers buy the surplus (${market.url}).` },
      { text: 'Cider makers buy the surplus apples.', chunkSize: 4, delayMs: 60 },
    );
    const cardsSeen = await recordConsentCards(panel.page);
    await panel.ask(question);

    // Each phase is a live status in the answer's place (no text has arrived yet).
    const pending = panel.page.getByRole('region', { name: 'Answer on its way' });
    // The live line below the question: in the streaming answer or in its place.
    const phase = panel.page
      .getByRole('status')
      .filter({ hasText: /^(Waiting|Asking|Searching|Reading|Planning|Starting)/ });
    await expect(phase).toHaveText('Waiting for the model…');
    await expect(phase).toHaveText('Asking you first');
    // The card says in words what allowing does, and one button covers the whole answer.
    await expect(panel.consentCard).toContainText(
      'Gleaner will send this search to DuckDuckGo and give the results to your model provider',
    );
    await panel.consentCard.getByRole('button', { name: 'Allow all for this answer' }).click();
    await expect(phase).toHaveText(`Searching the web for “${query}”…`);
    await expect(phase).toHaveText(/^Reading [12] of 2 pages…$/);
    // Activity is under the answer from the first moment; opened while the sub-agent works, it
    // reads the sub-agent's steps then and follows them as they are written.
    await expect(pending.getByRole('button', { name: 'Activity', exact: true })).toBeVisible();
    await panel.openFetchAnalysisActivity(pending);
    await expect(panel.fetchAnalysisSteps(pending).first()).toBeVisible();
    const stepsWhileReading = await panel.fetchAnalysisSteps(pending).count();

    await panel.expectAnswer('Cider makers buy the surplus apples.');
    await panel.expectIdle();
    await expect(pending).toHaveCount(0);
    // One decision: the search card only; both fetches went through without one.
    expect(await cardsSeen()).toEqual([query]);
    const answer = panel.answers.last();
    await expect(answer.getByRole('button', { name: 'Activity', exact: true })).toBeVisible();
    // Still open under the finished answer, with the steps written after it was opened.
    await expect(panel.activityOf(answer)).toHaveAttribute('aria-expanded', 'true');
    // Model, search, model, two fetches, model.
    await expect(panel.fetchAnalysisSteps(answer)).toHaveCount(6);
    expect(stepsWhileReading).toBeLessThan(6);
  });

  test('a rate limit counts down in the answer’s place, then the answer arrives', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    mockLlm.enqueue(
      { status: 429, headers: { 'retry-after': '3' } },
      { text: 'The answer after the wait.' },
    );
    await panel.ask('A question that meets a rate limit');
    const phase = panel.answers.last().getByRole('status');
    await expect(phase).toHaveText('Rate limited by the provider, retrying in 3 s');
    // It counts down (a loaded machine may skip a tick, so any smaller number will do).
    await expect(phase).toHaveText(/^Rate limited by the provider, retrying in [12] s$/);
    await panel.expectAnswer('The answer after the wait.');
  });
});
