import type { Locator, Page } from '@playwright/test';
import { recordConsentCards } from './consent-cards';
import { configureProvider, expect, TEST_API_KEY, test } from './fixtures';
import type { SidePanel } from './pages/side-panel';
import { SEARCH_AD, type SiteRequest } from './servers/fixture-site';
import {
  type ChatCompletionBody,
  type MockLlm,
  messageText,
  type RecordedRequest,
} from './servers/mock-llm';

/**
 * agentic_fetch and the Fetch Analysis sub-agent (issue 5). One mock model is scripted for both
 * agents, in the order their requests arrive: the main agent runs on `mock-large` (Model), the
 * sub-agent on `mock-small` (Small model), which is how the tests tell their requests apart.
 * Web search goes to the fixture site's DuckDuckGo-shaped endpoint on search.test (set as
 * Settings → Web search → DuckDuckGo URL); result pages are on public-looking `*.test` hosts, so
 * the private-address guard stays on.
 */

const MAIN_MODEL = 'mock-large';
const SMALL_MODEL = 'mock-small';
/** The sub-agent's tools: the web and its own page files, nothing else. */
const SUB_AGENT_TOOLS = ['glob', 'grep', 'view', 'web_fetch', 'web_search'];

type ChatRequest = RecordedRequest & { body: ChatCompletionBody };
type Message = ChatCompletionBody['messages'][number];

/** Settings through the UI: the mock as Model and Small model, the search fixture as DuckDuckGo. */
async function configureForSearch(
  panel: SidePanel,
  mockLlm: MockLlm,
  searchUrl: string,
): Promise<void> {
  await configureProvider(panel, mockLlm, { smallModel: SMALL_MODEL, duckduckgoUrl: searchUrl });
}

const mainRequests = (mock: MockLlm) =>
  mock.chatRequests().filter((request) => request.body.model === MAIN_MODEL);
const subRequests = (mock: MockLlm) =>
  mock.chatRequests().filter((request) => request.body.model === SMALL_MODEL);

const toolNames = (request: ChatRequest) =>
  (request.body.tools ?? []).map((tool) => tool.function.name).sort();

const systemText = (request: ChatRequest) =>
  request.body.messages
    .filter((message) => message.role === 'system')
    .map((message) => messageText(message.content))
    .join('\n');

const toolMessages = (body: ChatCompletionBody): Message[] =>
  body.messages.filter((message) => message.role === 'tool');

/** The text of the tool message answering `callId` in `body`. */
function toolText(body: ChatCompletionBody, callId: string): string | undefined {
  const message = body.messages.find(
    (candidate) => candidate.role === 'tool' && candidate.tool_call_id === callId,
  );
  return message ? messageText(message.content) : undefined;
}

const call = (id: string, name: string, args: Record<string, unknown>) => ({
  id,
  name,
  arguments: args,
});

const siteLine = ({ method, host, path }: SiteRequest) => `${method} ${host}${path}`;

async function expectFetchCard(panel: SidePanel, url: string, question: string): Promise<void> {
  await expect(panel.consentCard).toBeVisible();
  await expect(panel.consentUrl).toHaveText(url);
  await expect(panel.consentHighlightedOrigin).toHaveText(new URL(url).origin);
  await expect(panel.consentCard).toContainText(/fetch/i);
  await expect(panel.consentCard).toContainText(question);
  await expect(panel.allowOnceButton).toBeEnabled();
  await expect(panel.alwaysAllowSiteButton).toBeEnabled();
  await expect(panel.denyButton).toBeEnabled();
}

/** The search card: the exact query, the provider, the question, and its standing grant. */
async function expectSearchCard(panel: SidePanel, query: string, question: string) {
  await expect(panel.consentCard).toBeVisible();
  await expect(panel.consentCard).toContainText(/search/i);
  await expect(panel.consentCard.getByText(query, { exact: true })).toBeVisible();
  await expect(panel.consentCard).toContainText('DuckDuckGo');
  await expect(panel.consentCard).toContainText(question);
  await expect(panel.allowOnceButton).toBeEnabled();
  await expect(panel.alwaysAllowSearchesButton).toBeEnabled();
  await expect(panel.denyButton).toBeEnabled();
}

/** Page files of every run, counted in the extension's database from the panel (same origin). */
function countPageFiles(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('gleaner');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const counting = db.transaction('pages').objectStore('pages').count();
          counting.onsuccess = () => {
            resolve(counting.result);
            db.close();
          };
          counting.onerror = () => reject(counting.error);
        };
      }),
  );
}

/** The sub-agent's `count` steps in an answer's Activity, as text, one entry per step. */
async function subAgentSteps(panel: SidePanel, answer: Locator, count: number): Promise<string[]> {
  await panel.openFetchAnalysisActivity(answer);
  await expect(panel.fetchAnalysisSteps(answer)).toHaveCount(count);
  return panel.fetchAnalysisSteps(answer).allInnerTexts();
}

test.describe('agentic_fetch: the Fetch Analysis sub-agent', () => {
  test('free search: the sub-agent on the small model searches and fetches two results behind cards; the answer cites both and its Activity shows the nested steps', async ({
    panel,
    fixtureSite,
    mockLlm,
  }) => {
    await configureForSearch(panel, mockLlm, fixtureSite.search.url);
    const { article, market, bees } = fixtureSite.pages;
    const results = fixtureSite.search.results;
    const question = 'How big was the apple harvest in the Lune valley, and who buys the surplus?';
    const prompt =
      'How big was this year’s apple harvest in the Lune valley, and who buys the apples the cooperative cannot store?';
    const query = 'lune valley apple harvest';
    const quote = 'Apple growers in the Lune valley picked a record harvest this autumn';
    const subAnswer = [
      `A record harvest: "${quote}" (${article.url}). Cider makers buy the surplus: "Cider makers from across the county queued at the cooperative gates" (${market.url}).`,
      '',
      'Sources',
      '',
      `- ${article.url}`,
      `- ${market.url}`,
    ].join('\n');
    const finalAnswer = 'The valley had a record apple harvest, and cider makers buy the surplus.';
    mockLlm.enqueue(
      // Main agent: search mode (no url).
      { toolCalls: [call('call_agentic', 'agentic_fetch', { prompt })] },
      // Sub-agent: search, fetch two results, answer with Sources.
      { toolCalls: [call('call_search', 'web_search', { query })] },
      {
        toolCalls: [
          call('call_fetch_article', 'web_fetch', { url: article.url }),
          call('call_fetch_market', 'web_fetch', { url: market.url }),
        ],
      },
      { text: subAnswer },
      // Main agent again, with the sub-agent's answer as the tool result.
      { text: finalAnswer },
    );
    await panel.ask(question);

    // The search asks first, naming the exact query; nothing is sent before the answer.
    await expectSearchCard(panel, query, question);
    expect(fixtureSite.requests, 'nothing is searched before the user answers').toEqual([]);
    await panel.allowOnceButton.click();

    // Each fetch of a result asks again (Allow once is for one request).
    await expectFetchCard(panel, article.url, question);
    expect(fixtureSite.search.queries, 'the search fixture got the query').toEqual([query]);
    await panel.allowOnceButton.click();
    await expectFetchCard(panel, market.url, question);
    await panel.allowOnceButton.click();
    await expect(panel.consentCard).toBeHidden();

    await panel.expectAnswer(finalAnswer);
    await panel.expectIdle();

    // Who was asked what: the main agent on Model, the sub-agent on Small model, in turn.
    expect(mockLlm.chatRequests().map((request) => request.body.model)).toEqual([
      MAIN_MODEL,
      SMALL_MODEL,
      SMALL_MODEL,
      SMALL_MODEL,
      MAIN_MODEL,
    ]);
    expect(mockLlm.pending()).toBe(0);
    const [mainFirst, mainLast] = mainRequests(mockLlm);
    const subs = subRequests(mockLlm);
    expect(toolNames(mainFirst!)).toContain('agentic_fetch');
    for (const request of subs) {
      expect(toolNames(request), 'the sub-agent gets the web tools only').toEqual(SUB_AGENT_TOOLS);
      expect(request.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    }
    // Its own system prompt and task: the question, and that it is to search.
    expect(systemText(subs[0]!)).toContain('Fetch Analysis');
    expect(systemText(subs[0]!)).toMatch(/Sources/);
    const task = subs[0]!.body.messages.filter((message) => message.role === 'user');
    expect(task).toHaveLength(1);
    expect(messageText(task[0]!.content)).toContain(prompt);
    expect(messageText(task[0]!.content)).toMatch(/search the web/i);
    expect(JSON.stringify(subs[0]!.body.messages), 'not the main conversation').not.toContain(
      question,
    );

    // What the site saw: the search as a form POST, then the two result pages, no credentials.
    expect(fixtureSite.requests.map(siteLine)).toEqual([
      'POST search.test/html/',
      `GET news.test${article.path}`,
      `GET news.test${market.path}`,
    ]);
    const [searchRequest] = fixtureSite.requests;
    expect(searchRequest!.body).toBe(new URLSearchParams({ q: query }).toString());
    expect(searchRequest!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    for (const request of fixtureSite.requests) {
      expect(request.headers.cookie).toBeUndefined();
      expect(request.headers.referer).toBeUndefined();
      expect(JSON.stringify(request.headers)).not.toContain(TEST_API_KEY);
    }

    // The search results reached the sub-agent: titles, real addresses (DuckDuckGo's redirect
    // link unwrapped), snippets; the ad left out.
    const found = toolText(subs[1]!.body, 'call_search');
    expect(found, 'the web_search result should be in the next sub-agent request').toBeDefined();
    expect(found).toContain(query);
    for (const result of results) {
      expect(found).toContain(result.title);
      expect(found).toContain(result.url);
      expect(found).toContain(result.snippet);
    }
    expect(results[0]!.viaRedirect).toBe(true);
    expect(found).not.toContain('duckduckgo.com/l/');
    expect(found).not.toContain(SEARCH_AD.title);
    expect(found).not.toContain('y.js');

    // Both pages reached it as markdown in tool messages.
    const articleText = toolText(subs[2]!.body, 'call_fetch_article');
    const marketText = toolText(subs[2]!.body, 'call_fetch_market');
    for (const paragraph of article.paragraphs) expect(articleText).toContain(paragraph);
    expect(articleText).toMatch(/\| *2022 *\| *1,310 *\|/);
    for (const paragraph of market.paragraphs) expect(marketText).toContain(paragraph);
    expect(JSON.stringify(subs.map((request) => request.body))).not.toContain(bees.paragraphs[0]);

    // The main agent got the sub-agent's answer as the result of its call, and never the pages.
    expect(toolText(mainLast!.body, 'call_agentic')).toContain(quote);
    expect(toolMessages(mainLast!.body)).toHaveLength(1);
    expect(JSON.stringify(mainLast!.body.messages)).not.toContain(market.paragraphs[1]);

    // The answer lists both fetched pages as Sources, and only the main answer is in the chat.
    const answer = panel.answers.last();
    await panel.expectSources(answer, [
      { title: article.title, url: article.url },
      { title: market.title, url: market.url },
    ]);
    await expect(panel.answers).toHaveCount(1);
    await expect(panel.page.getByText(quote, { exact: false })).toHaveCount(0);

    // Its Activity shows the agentic_fetch call and, folded under it, the sub-agent's steps.
    const steps = await subAgentSteps(panel, answer, 6);
    await expect(answer.getByText(`search: “${prompt}”`, { exact: true })).toBeVisible();
    const fetchAnalysis = panel.fetchAnalysisOf(answer);
    await expect(fetchAnalysis).toContainText(`on ${SMALL_MODEL}`);
    await expect(fetchAnalysis).toContainText('2 fetches');
    await expect(fetchAnalysis).toContainText('1 search');
    // Step heads read "<kind> <tool in words or model>", then the arguments and a summary.
    const heads = steps.map((step) => /^(model|tool)\s+(\S+)/i.exec(step)?.slice(1, 3).join(' '));
    expect(heads.map((head) => head?.toLowerCase())).toEqual([
      `model ${SMALL_MODEL}`,
      'tool searched',
      `model ${SMALL_MODEL}`,
      'tool fetched',
      'tool fetched',
      `model ${SMALL_MODEL}`,
    ]);
    expect(steps[1]).toMatch(/^tool\s+Searched the web/i);
    expect(steps[3]).toMatch(/^tool\s+Fetched page/i);
    expect(steps[1]).toContain(`“${query}”`);
    expect(steps[1]).toMatch(/3 results from DuckDuckGo/);
    expect(steps[3]).toContain(article.url);
    expect(steps[4]).toContain(market.url);
    // Each fetch with its size and duration.
    for (const step of [steps[3], steps[4]]) expect(step).toMatch(/\d[\d.,]* K?B · [\d.]+ m?s/);

    // Its session opens read-only from there.
    await fetchAnalysis.getByRole('button', { name: 'Open Fetch Analysis', exact: true }).click();
    const view = panel.page.getByRole('region', { name: 'Fetch Analysis', exact: true });
    await expect(view.getByRole('heading', { name: 'Fetch Analysis' })).toBeVisible();
    await expect(view).toContainText(`on ${SMALL_MODEL}`);
    await expect(view.getByRole('article', { name: 'Task', exact: true })).toContainText(prompt);
    const subAnswerView = view.getByRole('article', { name: 'Answer', exact: true });
    await expect(subAnswerView).toContainText(quote);
    await panel.expectSources(subAnswerView, [
      { title: article.title, url: article.url },
      { title: market.title, url: market.url },
    ]);
    await expect(panel.messageField, 'a Fetch Analysis has no composer').toHaveCount(0);
    await panel.page.getByRole('button', { name: /back to the conversation/i }).click();
    await panel.expectAnswer(finalAnswer);
  });

  test('the Search the web toggle asks the main agent to use agentic_fetch in search mode, and stays on for the session until turned off', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    await expect(panel.searchWebToggle).toHaveAttribute('aria-checked', 'false');
    await panel.searchWebToggle.click();
    await expect(panel.searchWebToggle).toHaveAttribute('aria-checked', 'true');
    mockLlm.enqueue({ text: 'First answer.' }, { text: 'Second answer.' });
    await panel.ask('Who buys the surplus apples this year?');
    await panel.expectAnswer('First answer.');
    await panel.expectIdle();
    await expect(panel.searchWebToggle, 'it stays on for the session').toHaveAttribute(
      'aria-checked',
      'true',
    );
    await panel.searchWebToggle.click();

    const [withToggle] = mockLlm.chatRequests();
    expect(withToggle!.body.model).toBe(MAIN_MODEL);
    expect(toolNames(withToggle!)).toContain('agentic_fetch');
    const instruction = systemText(withToggle!);
    expect(instruction).toContain('Search the web');
    expect(instruction).toMatch(/agentic_fetch/);
    expect(instruction).toMatch(/search mode|without a url/i);

    await panel.ask('And what about pears?');
    await panel.expectAnswer('Second answer.');
    await panel.expectIdle();
    const [, without] = mockLlm.chatRequests();
    expect(systemText(without!)).not.toContain('Search the web');
  });

  test('URL mode on a page over 50 KB: one card, the sub-agent is told the page file and reads it with grep and view', async ({
    panel,
    fixtureSite,
    mockLlm,
  }) => {
    await configureForSearch(panel, mockLlm, fixtureSite.search.url);
    const big = fixtureSite.bigPage;
    const question = `Which orchard keeps the quince tree? ${big.url}`;
    const prompt = 'Which orchard keeps the valley’s only quince tree, and when was it planted?';
    const cardsSeen = await recordConsentCards(panel.page);
    const savedFile = (body: ChatCompletionBody) => {
      const saved = toolMessages(body).map((message) => messageText(message.content));
      const name = saved.map((text) => /page file "([^"]+)"/.exec(text)?.[1]).find(Boolean);
      if (!name) throw new Error(`no page file named in the tool messages: ${saved.join(' | ')}`);
      return name;
    };
    const grepLine = (body: ChatCompletionBody) => {
      const name = savedFile(body);
      const text = toolText(body, 'call_grep') ?? '';
      const line = new RegExp(`${name.replace(/\./g, '\\.')}:(\\d+): `).exec(text)?.[1];
      if (!line) throw new Error(`grep found no line: ${text}`);
      return { name, line: Number(line) };
    };
    const subAnswer = `The Holt orchard at Brackenfold: "listed in the cooperative books as ${big.marker}, planted in 1911".\n\nSources\n\n- ${big.url}`;
    const finalAnswer = 'The Holt orchard at Brackenfold keeps it; it was planted in 1911.';
    mockLlm.enqueue(
      { toolCalls: [call('call_agentic_url', 'agentic_fetch', { url: big.url, prompt })] },
      (body) => ({
        toolCalls: [
          call('call_grep', 'grep', { pattern: big.marker, file: savedFile(body), literal: true }),
        ],
      }),
      (body) => {
        const { name, line } = grepLine(body);
        return {
          toolCalls: [call('call_view', 'view', { file: name, offset: line - 4, limit: 7 })],
        };
      },
      { text: subAnswer },
      { text: finalAnswer },
    );
    await panel.ask(question);

    await expectFetchCard(panel, big.url, question);
    await panel.allowOnceButton.click();
    await panel.expectAnswer(finalAnswer);
    await panel.expectIdle();
    expect(await cardsSeen(), 'one card: the page; view and grep ask nothing').toEqual([big.url]);
    expect(fixtureSite.requests.map(siteLine)).toEqual([`GET news.test${big.path}`]);

    expect(mockLlm.chatRequests().map((request) => request.body.model)).toEqual([
      MAIN_MODEL,
      SMALL_MODEL,
      SMALL_MODEL,
      SMALL_MODEL,
      MAIN_MODEL,
    ]);
    const subs = subRequests(mockLlm);

    // The first sub-agent request: the page was fetched by the extension (a web_fetch call it
    // made) and saved as a page file, named, with the instruction to use grep and view; its body
    // is not there.
    const first = subs[0]!.body;
    const prelude = first.messages.find((message) => message.role === 'assistant');
    const preludeCalls = (prelude?.tool_calls ?? []) as Array<{
      function: { name: string; arguments: string };
    }>;
    expect(
      preludeCalls.map((made) => [made.function.name, JSON.parse(made.function.arguments)]),
    ).toEqual([['web_fetch', { url: big.url }]]);
    expect(toolMessages(first)).toHaveLength(1);
    const savedNote = messageText(toolMessages(first)[0]!.content);
    const name = savedFile(first);
    expect(name).toMatch(/^news\.test.*\.md$/);
    expect(savedNote).toContain(big.url);
    expect(savedNote).toMatch(/saved as the page file/);
    expect(savedNote).toMatch(/more than 50,000/);
    expect(savedNote).toMatch(/\bgrep\b/);
    expect(savedNote).toMatch(/\bview\b/);
    const bytes = Number(/is (\d+) bytes/.exec(savedNote)?.[1]);
    expect(bytes).toBeGreaterThan(50_000);
    const firstText = JSON.stringify(first.messages);
    expect(firstText, 'the page body is not in the request').not.toContain(big.marker);
    for (const paragraph of [big.paragraphs[0]!, big.paragraphs.at(-1)!]) {
      expect(firstText).not.toContain(paragraph);
    }
    expect(messageText(first.messages.find((m) => m.role === 'user')?.content)).toContain(prompt);

    // grep found the marked line by number; view showed it, numbered, with its neighbours.
    const grep = toolText(subs[1]!.body, 'call_grep');
    const { line } = grepLine(subs[1]!.body);
    expect(line).toBeGreaterThan(300);
    expect(grep).toContain(`${name}:${line}: `);
    expect(grep).toContain('the Holt orchard at Brackenfold');
    expect(grep?.split('\n').filter((row) => row.startsWith(`${name}:`))).toHaveLength(1);
    const view = toolText(subs[2]!.body, 'call_view');
    expect(view).toContain(`${name} (${big.url})`);
    expect(view).toContain(`${line}\t`);
    expect(view).toMatch(new RegExp(`\\b${line}\\t[^\\n]*${big.marker}`));
    expect(view).toContain(`Lines ${line - 3}-${line + 3} of`);
    expect(view).toMatch(new RegExp(`\\b${line - 2}\\tRegister entry 306:`));
    expect(view).toMatch(new RegExp(`\\b${line + 2}\\tRegister entry 308:`));
    expect(view).not.toContain('Register entry 305:');
    expect(view).not.toContain('Register entry 309:');

    // The main agent got the answer; the page files of the run are gone once it ended.
    expect(toolText(mainRequests(mockLlm)[1]!.body, 'call_agentic_url')).toContain(big.marker);
    await panel.expectSources(panel.answers.last(), [{ title: big.title, url: big.url }]);
    await expect.poll(() => countPageFiles(panel.page)).toBe(0);
  });

  test('Deny inside the sub-agent ends the whole turn: no further model call, nothing fetched after it', async ({
    panel,
    fixtureSite,
    mockLlm,
  }) => {
    await configureForSearch(panel, mockLlm, fixtureSite.search.url);
    const { bees } = fixtureSite.pages;
    const question = 'Why do bees dance in circles?';
    const query = 'bee round dance';
    mockLlm.enqueue(
      { toolCalls: [call('call_agentic', 'agentic_fetch', { prompt: question })] },
      { toolCalls: [call('call_search', 'web_search', { query })] },
      { toolCalls: [call('call_fetch_bees', 'web_fetch', { url: bees.url })] },
      { text: 'The sub-agent must never be asked again.' },
      { text: 'The main agent must never be asked again.' },
    );
    await panel.ask(question);
    await expectSearchCard(panel, query, question);
    await panel.allowOnceButton.click();
    await expectFetchCard(panel, bees.url, question);
    expect(fixtureSite.requests.map(siteLine)).toEqual(['POST search.test/html/']);

    const deniedAt = Date.now();
    await panel.denyButton.click();
    await expect(panel.consentCard).toBeHidden();
    const notice = panel.answers.getByText(/did not allow|not allowed|denied/i).last();
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(bees.url);
    await panel.expectIdle();

    // Give a stray request or model call a moment to show.
    await panel.page.waitForTimeout(700);
    expect(mockLlm.chatRequests().map((request) => request.body.model)).toEqual([
      MAIN_MODEL,
      SMALL_MODEL,
      SMALL_MODEL,
    ]);
    expect(mockLlm.pending(), 'neither agent was asked again').toBe(2);
    expect(fixtureSite.requests.map(siteLine), 'the page was never requested').toEqual([
      'POST search.test/html/',
    ]);
    expect(fixtureSite.requests.filter((request) => request.at >= deniedAt)).toEqual([]);
    expect(fixtureSite.search.queries).toEqual([query]);
    await expect(panel.page.getByRole('region', { name: 'Sources' })).toHaveCount(0);
    await expect(panel.consentCard).toHaveCount(0);
  });
});
