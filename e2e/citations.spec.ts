import { activateTab, configureProvider, expect, test } from './fixtures';
import { type ChatCompletionBody, messageText } from './servers/mock-llm';

/**
 * Citations (issue 10): the model cites by the numbers Gleaner gives each source in a run; the
 * answer shows its markers as links to those sources, a quoted passage links with a text
 * fragment built from the page's own words, and the Sources list the cited first and fold the
 * rest under "Also read". The mock model is scripted; the pages are the fixture site's.
 */

type Message = ChatCompletionBody['messages'][number];
const toolTexts = (body: ChatCompletionBody) =>
  body.messages
    .filter((message: Message) => message.role === 'tool')
    .map((message: Message) => messageText(message.content));

/** The words of a text directive `text=start[,end]`, decoded. */
function fragmentTerms(href: string): string[] {
  const directive = new URL(href).hash.split(':~:text=')[1] ?? '';
  return directive.split(',').map(decodeURIComponent);
}

test.describe('citations', () => {
  test('markers link to the numbered sources, a real quote links to its passage, and uncited pages fold under Also read', async ({
    context,
    panel,
    fixtureSite,
    mockLlm,
    openTab,
  }) => {
    await panel.page.setViewportSize({ width: 400, height: 800 });
    await configureProvider(panel, mockLlm);
    const { article, bees, rivers } = fixtureSite.pages;
    for (const page of [article, bees, rivers]) await openTab(page.url);
    await panel.attachTabsWithPicker([article.title, bees.title, rivers.title]);

    // The quote is the page's words in another case; the second quote is not in the page.
    const quote = 'CIDER MAKERS ARE BUYING the rest cheaply';
    const invented = 'the best harvest in a hundred years';
    mockLlm.enqueue({
      text: `The harvest was a record, "${quote}" [1]. Bees dance to show the way [2]. Some called it "${invented}" [1].`,
    });
    await panel.ask('Why was the harvest so big, and what do bees do?');
    await panel.expectAnswer(/Bees dance/);
    await panel.expectIdle();

    // The model was told each tab's number in its result, and how to cite, in the system prompt.
    const [request] = mockLlm.chatRequests();
    const results = toolTexts(request!.body);
    expect(results.map((text) => text.split('\n').at(-1))).toEqual([
      `Cite with: [1] ${article.url}`,
      `Cite with: [2] ${bees.url}`,
      `Cite with: [3] ${rivers.url}`,
    ]);
    const system = messageText(request!.body.messages[0]!.content);
    expect(system).toMatch(/source number in square brackets/);
    expect(system).toMatch(/exact words in double quotation marks right before the number/);

    const answer = panel.answers.last();
    const articleLinks = answer.getByRole('link', { name: `Source 1: ${article.title}` });
    await expect(articleLinks).toHaveCount(2);
    await expect(articleLinks.first()).toHaveText('1');
    // The quote found in the page: a text fragment made of the page's own words.
    const passageHref = await articleLinks.first().getAttribute('href');
    expect(passageHref!.startsWith(`${article.url}#:~:text=`)).toBe(true);
    const terms = fragmentTerms(passageHref!);
    expect(terms).toEqual(['cider makers are buying the rest cheaply']);
    for (const term of terms) expect(article.paragraphs.join(' ')).toContain(term);
    // Opened, the link takes the page to the passage (its last paragraph); the plain link does not.
    const opened = await context.newPage();
    await opened.setViewportSize({ width: 320, height: 240 });
    await opened.goto(passageHref!);
    await expect.poll(() => opened.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await opened.goto(article.url);
    expect(await opened.evaluate(() => window.scrollY)).toBe(0);
    await opened.close();
    // The invented quote: a plain link to the page, no fragment.
    await expect(articleLinks.nth(1)).toHaveAttribute('href', article.url);
    await expect(answer.getByRole('link', { name: `Source 2: ${bees.title}` })).toHaveAttribute(
      'href',
      bees.url,
    );
    await expect(answer.getByText('[1]', { exact: false })).toHaveCount(0);

    // Sources: the cited two, numbered as their markers; the uncited tab folded under Also read.
    const sources = panel.sourcesOf(answer);
    const cited = sources.getByRole('list').first().getByRole('listitem');
    await expect(cited).toHaveCount(2);
    await expect(cited.nth(0).getByRole('link')).toHaveText(article.title);
    await expect(cited.nth(0)).toHaveAttribute('value', '1');
    await expect(cited.nth(1).getByRole('link')).toHaveText(bees.title);
    await expect(cited.nth(1)).toHaveAttribute('value', '2');
    await expect(sources.getByRole('link', { name: rivers.title })).toBeHidden();
    const alsoRead = sources.getByText('Also read (1)', { exact: true });
    await expect(alsoRead).toBeVisible();
    await alsoRead.click();
    const folded = sources.getByRole('link', { name: rivers.title, exact: true });
    await expect(folded).toBeVisible();
    await expect(folded).toHaveAttribute('href', rivers.url);
  });

  test('a web-search answer does not take, read or list the tab the user was on, and cites what the search found', async ({
    panel,
    fixtureSite,
    mockLlm,
    openTab,
  }) => {
    await panel.page.setViewportSize({ width: 400, height: 800 });
    await configureProvider(panel, mockLlm, {
      smallModel: 'mock-small',
      duckduckgoUrl: fixtureSite.search.url,
    });
    const { article, bees } = fixtureSite.pages;
    const tab = await openTab(article.url);
    await activateTab(panel, tab.id);
    await panel.expectAttachedTabs([article.title]);
    await panel.searchWebToggle.click();
    await expect(panel.searchWebToggle).toHaveAttribute('aria-checked', 'true');
    // With Search the web on, the tab the user is on no longer goes along by default.
    await panel.expectAttachedTabs([]);

    // The sub-agent cites the bees result by its own number; the main answer by the main run's.
    const beesNumber =
      fixtureSite.search.results.findIndex((result) => result.url === bees.url) + 1;
    const query = 'why bees dance';
    mockLlm.enqueue(
      {
        toolCalls: [
          {
            id: 'call_agentic',
            name: 'agentic_fetch',
            arguments: { prompt: 'Why do bees dance?' },
          },
        ],
      },
      { toolCalls: [{ id: 'call_search', name: 'web_search', arguments: { query } }] },
      { text: `A round dance shows flowers close to the hive [${beesNumber}].` },
      (body: ChatCompletionBody) => {
        const found = toolTexts(body).at(-1) ?? '';
        return { text: found.includes('hive [1]') ? 'Bees dance to point at food [1].' : found };
      },
    );
    await panel.ask('Why do bees dance?');
    await expect(panel.consentCard).toBeVisible();
    await panel.allowOnceButton.click();
    await panel.expectAnswer('Bees dance to point at food');
    await panel.expectIdle();

    // No read_tab at all: the current tab was never read or sent.
    const sent = JSON.stringify(mockLlm.chatRequests().map((request) => request.body.messages));
    expect(sent).not.toContain('read_tab');
    expect(sent).not.toContain(article.paragraphs[0]);

    const answer = panel.answers.last();
    await expect(answer.getByRole('link', { name: `Source 1: ${bees.title}` })).toHaveAttribute(
      'href',
      bees.url,
    );
    // Only what was cited is listed: the search result; not the tab, not the uncited results.
    await panel.expectSources(answer, [{ title: bees.title, url: bees.url }]);
    await expect(panel.sourcesOf(answer).getByText(/Also read/)).toHaveCount(0);
  });
});
