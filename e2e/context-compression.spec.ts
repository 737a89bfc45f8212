import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import type { SidePanel } from './pages/side-panel';
import type { FixtureSite, SiteRequest } from './servers/fixture-site';
import { type ChatCompletionBody, type MockLlm, messageText } from './servers/mock-llm';

/**
 * Long conversations on a small window: every request fits the Context window (8,192 tokens,
 * the default for an unknown model), older answers and pages are compressed by the small model
 * with their facts kept, a provider that still says "too long" gets one more compression and one
 * retry, and a resumed or regenerated answer reuses what it already fetched.
 */

const WINDOW = 8192;
const FACT = 'The late-payment penalty is 0.5% per day under contract HT-2024-0113.';
const SUMMARY = 'Earlier the assistant discussed the attached pages and answered follow-ups.';

const isCompression = (body: ChatCompletionBody) =>
  messageText(body.messages[0]?.content).startsWith('You compress');

/** A rough count independent of the extension's: four characters per token, tools included. */
function roughTokens(body: ChatCompletionBody): number {
  const text = body.messages.map((message) => messageText(message.content)).join('');
  const calls = JSON.stringify(body.messages.map((message) => message.tool_calls ?? []));
  return Math.ceil((text.length + calls.length + JSON.stringify(body.tools ?? []).length) / 4);
}

/** Answers turn n with a long paragraph (turn 1 states the fact); compressions get SUMMARY. */
function scriptedModel(body: ChatCompletionBody) {
  if (isCompression(body)) return { text: SUMMARY, chunkSize: 200, delayMs: 0 };
  const turn = body.messages.filter((message) => message.role === 'user').length;
  const filler = ` Turn ${turn} goes into the detail of the pages once more.`.repeat(30);
  const fact = turn === 1 ? ` ${FACT}` : '';
  return { text: `Answer ${turn}.${fact}${filler}`, chunkSize: 400, delayMs: 0 };
}

function pageRequests(requests: SiteRequest[]): SiteRequest[] {
  return requests.filter((request) => request.path !== '/favicon.ico');
}

const HARVEST_QUESTION = 'What does the Courier say about the harvest?';

/** The tool call both reuse tests script: a fetch of the fixture site's article. */
function articleFetch(url: string, id: string) {
  return { toolCalls: [{ id, name: 'fetch', arguments: { url } }] };
}

/**
 * After a reused call: the site was asked once in all, no card came, the model got the stored
 * page as the result of its repeated call `callId`, and Activity (opened by `openActivity`)
 * says the result was reused.
 */
async function expectFetchReused(
  panel: SidePanel,
  site: FixtureSite,
  model: MockLlm,
  callId: string,
  activity: Locator,
) {
  await expect(panel.consentCard).toHaveCount(0);
  expect(pageRequests(site.requests), 'the site was asked once').toHaveLength(1);
  const last = model.chatRequests().at(-1)!.body;
  const reused = last.messages.find((message) => message.tool_call_id === callId);
  expect(messageText(reused?.content)).toContain('apple');
  await activity.click();
  await expect(panel.page.getByText(/reused/).first()).toBeVisible();
  return last;
}

test.describe('long conversations', () => {
  test('a 12-turn chat with two long attached pages fits an 8,192 window and keeps a turn-1 fact', async ({
    chatPanel: panel,
    fixtureSite,
    openTab,
    mockLlm,
  }) => {
    test.setTimeout(120_000);
    const { bigPage } = fixtureSite;
    const { article } = fixtureSite.pages;
    await Promise.all([openTab(bigPage.url), openTab(article.url)]);
    for (let index = 0; index < 40; index++) mockLlm.enqueue(scriptedModel);

    const questions = Array.from({ length: 12 }, (_, index) =>
      index === 0
        ? 'Question 1: what do these two pages say?'
        : `Question ${index + 1}: tell me more about part ${index + 1}.`,
    );
    await panel.attachTabsWithPicker([bigPage.title, article.title]);
    for (const [index, question] of questions.entries()) {
      await panel.ask(question);
      await panel.expectAnswer(`Answer ${index + 1}.`);
      await panel.expectIdle();
    }

    const answers = mockLlm.chatRequests().filter((request) => !isCompression(request.body));
    expect(answers).toHaveLength(12);
    for (const request of mockLlm.chatRequests()) {
      expect(roughTokens(request.body), 'every request fits the window').toBeLessThanOrEqual(
        WINDOW,
      );
    }
    const last = answers.at(-1)!.body;
    expect(
      last.messages.filter((message) => message.role === 'user').map((m) => messageText(m.content)),
    ).toEqual(questions);
    expect(JSON.stringify(last.messages), 'the turn-1 fact is still sent at turn 12').toContain(
      '0.5% per day under contract HT-2024-0113',
    );
    expect(mockLlm.chatRequests().some((request) => isCompression(request.body))).toBe(true);

    const line = panel.page.getByText(
      /^Earlier messages were compressed to fit the model's window \([\d,]+ → [\d,]+ tokens\)$/,
    );
    await expect(line.first()).toBeVisible();
    await line.first().click();
    await expect(panel.page.getByText(SUMMARY).first()).toBeVisible();
    // The transcript itself is untouched: turn 1's answer is still on screen.
    await expect(panel.answers.getByText(FACT)).toBeVisible();
    // The mock reports usage for every call, compressions included, so nothing is estimated.
    await expect(panel.page.getByText(/^This chat: [\d,]+ in · [\d,]+ out$/)).toBeVisible();
  });

  test('a provider answering context_length_exceeded once gets one retry and a complete answer', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    mockLlm.enqueue({ text: 'First answer.' });
    mockLlm.enqueue({
      status: 400,
      body: {
        error: {
          message:
            "This model's maximum context length is 8192 tokens. However, your messages resulted in 9013 tokens. Please reduce the length of the messages.",
          type: 'invalid_request_error',
          code: 'context_length_exceeded',
        },
      },
    });
    mockLlm.enqueue((body) =>
      isCompression(body) ? { text: SUMMARY } : { text: 'Not a compression.' },
    );
    mockLlm.enqueue({ text: 'The complete second answer.' });

    await panel.ask('Hello there');
    await panel.expectAnswer('First answer.');
    await panel.expectIdle();
    await panel.ask('And a follow-up');
    await panel.expectAnswer('The complete second answer.');
    await panel.expectIdle();

    const requests = mockLlm.chatRequests();
    expect(
      requests.map((request) => (isCompression(request.body) ? 'compression' : 'answer')),
    ).toEqual(['answer', 'answer', 'compression', 'answer']);
    await expect(panel.alert).toHaveCount(0);
    await expect(panel.page.getByText(/400|context_length_exceeded/)).toHaveCount(0);
    await panel.activityButton.last().click();
    await expect(panel.page.getByText('after the provider said it was too long')).toBeVisible();
  });

  test('Resume after a fetch answers the repeated call from the stored result: no second request to the site, no card', async ({
    chatPanel: panel,
    fixtureSite,
    mockLlm,
  }) => {
    const { article } = fixtureSite.pages;
    mockLlm.enqueue(articleFetch(article.url, 'call_fetch_1'));
    mockLlm.enqueue({ status: 400, body: { error: { message: 'Invalid request: temperature.' } } });
    mockLlm.enqueue(articleFetch(article.url, 'call_fetch_2'));
    mockLlm.enqueue({ text: 'The Lune valley had a record apple harvest.' });

    await panel.ask(HARVEST_QUESTION);
    await expect(panel.allowOnceButton).toBeEnabled();
    await panel.allowOnceButton.click();
    await expect(panel.resumeButton).toBeVisible();
    expect(pageRequests(fixtureSite.requests)).toHaveLength(1);

    await panel.resumeButton.click();
    await panel.expectAnswer('The Lune valley had a record apple harvest.');
    await panel.expectIdle();
    await expectFetchReused(
      panel,
      fixtureSite,
      mockLlm,
      'call_fetch_2',
      panel.activityButton.last(),
    );
  });

  test('Regenerate after a fetch makes no second request to the site and shows no card', async ({
    chatPanel: panel,
    fixtureSite,
    mockLlm,
  }) => {
    const { article } = fixtureSite.pages;
    mockLlm.enqueue(articleFetch(article.url, 'call_fetch_first'));
    mockLlm.enqueue({ text: 'The Courier reports a record apple harvest.' });
    mockLlm.enqueue(articleFetch(article.url, 'call_fetch_again'));
    mockLlm.enqueue({ text: 'Once more: the Lune valley harvested a record crop of apples.' });

    await panel.ask(HARVEST_QUESTION);
    await expect(panel.allowOnceButton).toBeEnabled();
    await panel.allowOnceButton.click();
    await panel.expectAnswer('The Courier reports a record apple harvest.');
    await panel.expectIdle();
    expect(pageRequests(fixtureSite.requests)).toHaveLength(1);

    await panel.answers.last().getByRole('button', { name: 'Regenerate', exact: true }).click();
    await panel.expectAnswer('Once more: the Lune valley harvested a record crop of apples.');
    await panel.expectIdle();
    const last = await expectFetchReused(
      panel,
      fixtureSite,
      mockLlm,
      'call_fetch_again',
      panel.activityOf(panel.answers.last()),
    );
    // The question was asked afresh, once, and the earlier answer stays in the chat.
    expect(last.messages.filter((message) => message.role === 'user')).toHaveLength(1);
    await expect(
      panel.answers.getByText('The Courier reports a record apple harvest.'),
    ).toBeVisible();
  });
});
