import { activateTab, expect, test } from './fixtures';
import type { SidePanel } from './pages/side-panel';
import { ARTICLE_BOILERPLATE, SECRET_TEXT } from './servers/fixture-site';
import { type ChatCompletionBody, messageText, type RecordedRequest } from './servers/mock-llm';

/**
 * Reading pages (issue 3): tabs of a local fixture site (hand-written pages under `*.test` hosts,
 * see servers/fixture-site.ts) are read by the extension and reach the mock model as `read_tab`
 * tool results; the answer cites them under Sources; reading a tab the user did not attach asks
 * first. The panel is a tab of the same window as the fixture tabs: being an extension page it is
 * never the "current tab" itself, so tabs are attached with the picker or an @-mention, or made
 * the window's active tab for Summarize this page.
 */

interface ToolCall {
  id: string;
  function: { name: string; arguments: string };
}

/** The text of the `tool` message answering a `read_tab` call for `tabId`, if the request has one. */
function readTabResult(body: ChatCompletionBody, tabId: number): string | undefined {
  const callIds = body.messages
    .filter((message) => message.role === 'assistant')
    .flatMap((message) => (message.tool_calls ?? []) as ToolCall[])
    .filter((call) => {
      if (call.function.name !== 'read_tab') return false;
      try {
        return (JSON.parse(call.function.arguments) as { tabId?: number }).tabId === tabId;
      } catch {
        return false;
      }
    })
    .map((call) => call.id);
  const result = body.messages.find(
    (message) =>
      message.role === 'tool' &&
      message.tool_call_id !== undefined &&
      callIds.includes(message.tool_call_id),
  );
  return result ? messageText(result.content) : undefined;
}

/** Everything the user said in a request (page text must never be pasted there). */
function userText(body: ChatCompletionBody): string {
  return body.messages
    .filter((message) => message.role === 'user')
    .map((message) => messageText(message.content))
    .join('\n');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every byte the mock received, for "this text never left the browser" checks. */
function everythingSent(requests: RecordedRequest[]): string {
  return requests.map((request) => request.rawBody).join('\n');
}

test.describe('reading pages', () => {
  test('Summarize this page sends the article as markdown in a read_tab result and cites it', async ({
    chatPanel: panel,
    fixtureSite,
    openTab,
    mockLlm,
  }) => {
    const article = fixtureSite.pages.article;
    const tab = await openTab(article.url);
    expect(tab.title).toBe(article.title);
    // The article becomes the window's current tab: the button names it and takes it along.
    await activateTab(panel, tab.id);
    await expect(panel.summarizeButton).toBeEnabled();
    await expect(panel.summarizeButton).toHaveAccessibleDescription(article.title);

    const summary = 'The Lune valley picked a record apple harvest, and storage is short.';
    mockLlm.enqueue({ text: summary });
    await panel.summarizeButton.click();
    await panel.expectAnswer(summary);
    await panel.expectIdle();

    const requests = mockLlm.chatRequests();
    expect(requests, 'one model call: the page is read before it').toHaveLength(1);
    const body = requests[0]!.body;
    const page = readTabResult(body, tab.id);
    expect(page, 'the article should reach the model as a read_tab tool result').toBeDefined();
    for (const paragraph of article.paragraphs) expect(page).toContain(paragraph);
    // The table as a GFM table, and the relative link made absolute.
    expect(page).toMatch(/\| *Year *\| *Harvest \(tonnes\) *\|/);
    expect(page).toMatch(/\| *2022 *\| *1,310 *\|/);
    expect(page).toContain(
      `[our 2019 orchard survey](${fixtureSite.origin('news.test')}/archive/orchards-2019.html)`,
    );
    expect(userText(body)).toMatch(/summari[sz]e/i);
    // Never pasted into the user's message.
    expect(userText(body)).not.toContain(article.paragraphs[0]!);
    expect(userText(body)).not.toContain('1,310');

    // Navigation, the inline script, the cookie banner and the newsletter box stay behind.
    const sent = everythingSent(mockLlm.requests);
    for (const item of ARTICLE_BOILERPLATE.nav) expect(sent).not.toContain(item);
    expect(sent).not.toContain(ARTICLE_BOILERPLATE.script);
    expect(sent).not.toContain(ARTICLE_BOILERPLATE.cookie);
    expect(sent).not.toContain(ARTICLE_BOILERPLATE.newsletter);

    await panel.expectSources(panel.answers.last(), [{ title: article.title, url: article.url }]);
  });

  test('three attached tabs answer one question, each read as a tool result and cited', async ({
    chatPanel: panel,
    fixtureSite,
    openTab,
    mockLlm,
  }) => {
    const { article, bees, rivers } = fixtureSite.pages;
    const [articleTab, beesTab, riversTab] = await Promise.all([
      openTab(article.url),
      openTab(bees.url),
      openTab(rivers.url),
    ]);
    // The panel itself is the window's current tab: nothing is attached by default.
    await panel.expectAttachedTabs([]);

    await panel.attachTabsWithPicker([article.title, rivers.title]);
    await panel.attachTabByMention('bees', bees.title);
    await panel.expectAttachedTabs([article.title, rivers.title, bees.title]);

    const answer = 'All three pages describe patterns that repeat in nature and farming.';
    mockLlm.enqueue({ text: answer });
    const question = 'What do these three pages have in common?';
    await panel.ask(question);
    await panel.expectAnswer(answer);
    await panel.expectIdle();
    // Sent chips go back to the default (here: none, the panel being in front).
    await panel.expectAttachedTabs([]);

    const requests = mockLlm.chatRequests();
    expect(requests).toHaveLength(1);
    const body = requests[0]!.body;
    expect(userText(body)).toContain(question);
    for (const [page, tab] of [
      [article, articleTab],
      [bees, beesTab],
      [rivers, riversTab],
    ] as const) {
      const result = readTabResult(body, tab.id);
      expect(result, `${page.title} should reach the model as a read_tab result`).toBeDefined();
      for (const paragraph of page.paragraphs) expect(result).toContain(paragraph);
      expect(userText(body)).not.toContain(page.paragraphs[0]!);
    }

    await panel.expectSources(panel.answers.last(), [
      { title: article.title, url: article.url },
      { title: rivers.title, url: rivers.url },
      { title: bees.title, url: bees.url },
    ]);
  });

  test.describe('the model reading a tab the user did not attach', () => {
    test('asks first, and Deny ends the turn without the page reaching the model', async ({
      chatPanel: panel,
      fixtureSite,
      openTab,
      mockLlm,
    }) => {
      const secret = fixtureSite.pages.secret;
      const secretTab = await openTab(secret.url);
      await panel.expectAttachedTabs([]);
      mockLlm.enqueue(
        {
          toolCalls: [
            { id: 'call_read_secret', name: 'read_tab', arguments: { tabId: secretTab.id } },
          ],
        },
        { text: 'This answer must never be asked for.' },
      );

      await panel.ask('What does my household ledger say?');
      await expectTabConsentCard(panel, secret);

      await panel.denyButton.click();
      await expect(panel.consentCard).toBeHidden();
      // One line in the answer says what was not allowed, naming the tab.
      const notice = panel.answers.getByText(/did not allow|not allowed|denied/i).first();
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(
        new RegExp(`${escapeRegExp(secret.title)}|${escapeRegExp(secret.url)}`),
      );
      await panel.expectIdle();

      // The turn ended: the model was not called again (give a stray call a moment to show).
      await panel.page.waitForTimeout(500);
      expect(mockLlm.chatRequests()).toHaveLength(1);
      expect(mockLlm.pending()).toBe(1);
      expect(everythingSent(mockLlm.requests)).not.toContain(SECRET_TEXT);
      expect(everythingSent(mockLlm.requests)).not.toContain('saffron-otter');
      await expect(panel.page.getByRole('region', { name: 'Sources' })).toHaveCount(0);
      // The page was loaded once, by its own tab; nothing fetched it behind the user's back.
      expect(fixtureSite.requests.filter((request) => request.path === secret.path)).toHaveLength(
        1,
      );
    });

    test('Allow once reads it and the model gets its text as a tool result', async ({
      chatPanel: panel,
      fixtureSite,
      openTab,
      mockLlm,
    }) => {
      const secret = fixtureSite.pages.secret;
      const secretTab = await openTab(secret.url);
      await panel.expectAttachedTabs([]);
      const answer = 'Your ledger keeps the vault combination and the savings plan.';
      mockLlm.enqueue(
        {
          toolCalls: [
            { id: 'call_read_secret', name: 'read_tab', arguments: { tabId: secretTab.id } },
          ],
        },
        { text: answer },
      );

      await panel.ask('What does my household ledger say?');
      await expectTabConsentCard(panel, secret);
      expect(everythingSent(mockLlm.requests), 'nothing is read before the answer').not.toContain(
        SECRET_TEXT,
      );

      await panel.allowOnceButton.click();
      await expect(panel.consentCard).toBeHidden();
      await panel.expectAnswer(answer);
      await panel.expectIdle();

      const requests = mockLlm.chatRequests();
      expect(requests).toHaveLength(2);
      const body = requests[1]!.body;
      const result = readTabResult(body, secretTab.id);
      expect(result, 'the allowed tab should reach the model as a read_tab result').toBeDefined();
      expect(result).toContain(SECRET_TEXT);
      expect(
        body.messages.find((message) => message.tool_call_id === 'call_read_secret')?.role,
      ).toBe('tool');
      expect(userText(body)).not.toContain(SECRET_TEXT);

      await panel.expectSources(panel.answers.last(), [{ title: secret.title, url: secret.url }]);
    });
  });
});

/** The card for reading an unattached tab: its title and URL, Allow once and Deny, nothing more. */
async function expectTabConsentCard(
  panel: SidePanel,
  page: { title: string; url: string },
): Promise<void> {
  await expect(panel.consentCard).toBeVisible();
  await expect(panel.consentCard).toContainText(page.title);
  await expect(panel.consentCard).toContainText(page.url);
  await expect(panel.allowOnceButton).toBeEnabled();
  await expect(panel.denyButton).toBeEnabled();
  // Tabs are private: no standing grant, and no "all fetches" checkbox.
  await expect(panel.consentCard.getByRole('button')).toHaveCount(2);
  await expect(panel.consentCard.getByRole('button', { name: /always/i })).toHaveCount(0);
  await expect(panel.consentCard.getByRole('checkbox')).toHaveCount(0);
}
