import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { freshChat, TEST_API_KEY, toolResult, useJourney } from './journey';

const siteLine = (request: { method: string; host: string; path: string }) =>
  `${request.method} ${request.host}${request.path}`;

describe('Firefox: the web behind the consent card', () => {
  const journey = useJourney();
  beforeEach(() => freshChat(journey));

  test('Allow once fetches the exact URL without cookies or referrer, and cites it', async () => {
    const { firefox, fixtureSite, mockLlm } = journey;
    const { panel } = firefox;
    const { article } = fixtureSite.pages;
    const question = 'What happened to the apple harvest this year?';
    const answer = 'The harvest broke the record.';
    mockLlm.enqueue(
      { toolCalls: [{ id: 'call_fetch', name: 'fetch', arguments: { url: article.url } }] },
      { text: answer },
    );
    await panel.ask(question);
    await panel.answerConsent('Allow once');
    await panel.expectAnswer(answer);
    await panel.expectIdle();

    const fetched = fixtureSite.requests.filter((request) => request.path !== '/favicon.ico');
    assert.deepEqual(fetched.map(siteLine), [`GET news.test${article.path}`]);
    assert.equal(fetched[0]!.headers.cookie, undefined);
    assert.equal(fetched[0]!.headers.referer, undefined);
    assert.ok(!JSON.stringify(fetched[0]!.headers).includes(TEST_API_KEY));
    const page = toolResult(mockLlm, 'call_fetch') ?? '';
    for (const paragraph of article.paragraphs) assert.ok(page.includes(paragraph), paragraph);
    await panel.waitForText(article.url);
  });

  test('Deny sends no request and ends the turn with a line saying so', async () => {
    const { firefox, fixtureSite, mockLlm } = journey;
    const { panel } = firefox;
    const { article } = fixtureSite.pages;
    // One entry only: a model call after Deny would get the mock's default text, and be counted.
    mockLlm.enqueue({
      toolCalls: [{ id: 'call_fetch', name: 'fetch', arguments: { url: article.url } }],
    });
    await panel.ask('What happened to the apple harvest this year?');
    await panel.answerConsent('Deny');
    await panel.expectIdle();
    const answers = await panel.answers();
    assert.match(answers.at(-1) ?? '', /did not allow fetching/i);
    assert.ok((answers.at(-1) ?? '').includes(article.url), 'the line names the denied URL');
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(fixtureSite.requests, [], 'the site was never contacted');
    assert.equal(mockLlm.chatRequests().length, 1, 'the model is not called again after Deny');
  });

  test('free search: the Fetch Analysis on the small model searches and fetches behind cards', async () => {
    const { firefox, fixtureSite, mockLlm } = journey;
    const { panel } = firefox;
    // The market article: the first test's page is in the 15-minute page cache by now.
    const { market: article } = fixtureSite.pages;
    const query = 'lune valley apple harvest';
    const finalAnswer = 'The valley had a record apple harvest, and cider makers buy the surplus.';
    const queriesBefore = fixtureSite.search.queries.length;
    mockLlm.enqueue(
      {
        toolCalls: [
          {
            id: 'call_agentic',
            name: 'agentic_fetch',
            arguments: { prompt: 'How big was the Lune valley apple harvest?' },
          },
        ],
      },
      { toolCalls: [{ id: 'call_search', name: 'web_search', arguments: { query } }] },
      { toolCalls: [{ id: 'call_page', name: 'web_fetch', arguments: { url: article.url } }] },
      { text: `A record harvest (${article.url}).\n\nSources\n\n- ${article.url}` },
      { text: finalAnswer },
    );
    await panel.ask('How big was the apple harvest in the Lune valley?');
    await panel.waitForText(query);
    await panel.answerConsent('Allow once');
    await panel.waitForText(article.url);
    await panel.answerConsent('Allow once');
    await panel.expectAnswer(finalAnswer);
    await panel.expectIdle();

    assert.deepEqual(
      mockLlm.chatRequests().map((request) => request.body.model),
      ['mock-large', 'mock-small', 'mock-small', 'mock-small', 'mock-large'],
    );
    assert.deepEqual(fixtureSite.search.queries.slice(queriesBefore), [query]);
    assert.deepEqual(
      fixtureSite.requests.filter((request) => request.path !== '/favicon.ico').map(siteLine),
      ['POST search.test/html/', `GET news.test${article.path}`],
    );
    const found = toolResult(mockLlm, 'call_search') ?? '';
    for (const result of fixtureSite.search.results) assert.ok(found.includes(result.url));

    // The answer's Activity folds out the sub-agent's own steps.
    await panel.click('Activity');
    await panel.element('::-p-aria([name="Fetch Analysis"][role="region"])');
    const steps = await panel.page.$$eval(
      '[aria-label="Fetch Analysis steps"] > li',
      (items) => items.length,
    );
    assert.ok(steps >= 3, `the Fetch Analysis lists its steps (${steps})`);
  });
});
