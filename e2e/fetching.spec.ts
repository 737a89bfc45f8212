import { expect } from '@playwright/test';
import { recordConsentCards } from './consent-cards';
import { TEST_API_KEY, test } from './fixtures';
import type { SidePanel } from './pages/side-panel';
import { ARTICLE_BOILERPLATE, type SiteRequest } from './servers/fixture-site';
import { toolResult } from './tool-results';

/**
 * Fetching the web behind the consent card (issue 4). The mock model calls the `fetch` tool on
 * pages of the local fixture site (public-looking `*.test` hosts mapped to 127.0.0.1, so the
 * private-address guard stays on); the fixture site records every request it gets, which is how
 * these tests see what the extension really sent, and when. Fixture URLs carry a port
 * (`http://news.test:PORT/…`), which the URL policy leaves on http (no https upgrade off the
 * default port), so the card shows the fixture URL exactly.
 */

const ACCEPT = {
  auto: 'text/markdown, text/html;q=0.9, text/plain;q=0.8, */*;q=0.1',
  html: 'text/html, */*;q=0.1',
} as const;

/** A `fetch` call the mock model makes. */
function fetchCall(id: string, url: string, format?: 'auto' | 'markdown' | 'html' | 'text') {
  return { id, name: 'fetch', arguments: format ? { url, format } : { url } };
}

/** Requests the fixture site got for `host` (and `path`, if given). */
function siteRequests(requests: SiteRequest[], host: string, path?: string): SiteRequest[] {
  return requests.filter(
    (request) => request.host === host && (path === undefined || request.path === path),
  );
}

/** The fetch card for `url`: the exact address, its origin highlighted, all three answers. */
async function expectFetchCard(panel: SidePanel, url: string): Promise<void> {
  await expect(panel.consentCard).toBeVisible();
  await expect(panel.consentUrl).toHaveText(url);
  await expect(panel.consentHighlightedOrigin).toHaveText(new URL(url).origin);
  await expect(panel.consentCard).toContainText(/fetch/i);
  await expect(panel.allowOnceButton).toBeEnabled();
  await expect(panel.alwaysAllowSiteButton).toBeEnabled();
  await expect(panel.denyButton).toBeEnabled();
  await expect(panel.allowAllFetchesCheckbox).not.toBeChecked();
}

/** The line the extension writes into the answer when a fetch was denied, naming the URL. */
async function expectDeniedNotice(panel: SidePanel, url: string): Promise<void> {
  const notice = panel.answers.getByText(/did not allow|not allowed|denied/i).last();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(url);
}

test.describe('fetching the web', () => {
  test('Allow once fetches the exact URL with the Accept header for its format, no cookies, no referrer, and cites it', async ({
    chatPanel: panel,
    context,
    fixtureSite,
    mockLlm,
    openTab,
    serviceWorker,
  }) => {
    const { article, market } = fixtureSite.pages;
    // The browser holds a cookie for news.test, and an ordinary tab to the site sends it: so a
    // fetch without it leaves it out on purpose.
    await context.addCookies([
      { name: 'reader_session', value: 'cookie-4711', url: fixtureSite.origin('news.test') },
    ]);
    await openTab(article.url);
    const tabRequest = siteRequests(fixtureSite.requests, 'news.test', article.path)[0];
    expect(tabRequest?.headers.cookie).toContain('reader_session=cookie-4711');
    // So would a fetch from the extension's worker that did not leave credentials out.
    const controlUrl = `${fixtureSite.origin('news.test')}/control-with-credentials`;
    await serviceWorker.evaluate(async (url) => {
      await fetch(url, { credentials: 'include' });
    }, controlUrl);
    const control = siteRequests(fixtureSite.requests, 'news.test', '/control-with-credentials');
    expect(control[0]?.headers.cookie).toContain('reader_session=cookie-4711');
    const afterTab = fixtureSite.requests.length;
    // What reached the site after that, less the tab's own favicon request (it may come late).
    const fetchedSinceTab = () =>
      fixtureSite.requests.slice(afterTab).filter((request) => request.path !== '/favicon.ico');

    const answer = 'The harvest broke the record and cider makers are buying the surplus.';
    mockLlm.enqueue(
      { toolCalls: [fetchCall('call_fetch_article', article.url)] },
      { toolCalls: [fetchCall('call_fetch_market', market.url, 'html')] },
      { text: answer },
    );
    await panel.ask('What happened to the apple harvest this year?');

    await expectFetchCard(panel, article.url);
    await expect(panel.consentCard).toContainText('What happened to the apple harvest this year?');
    expect(fetchedSinceTab(), 'nothing is fetched before the user answers').toEqual([]);
    await panel.allowOnceButton.click();

    // The second fetch (another page) asks again: Allow once is for that one URL.
    await expectFetchCard(panel, market.url);
    await panel.allowOnceButton.click();
    await expect(panel.consentCard).toBeHidden();
    await panel.expectAnswer(answer);
    await panel.expectIdle();

    // What the site saw: one request per fetch, the Accept header of the format, no credentials.
    const fetched = fetchedSinceTab();
    expect(fetched.map(({ method, host, path }) => `${method} ${host}${path}`)).toEqual([
      `GET news.test${article.path}`,
      `GET news.test${market.path}`,
    ]);
    expect(fetched[0]!.headers.accept).toBe(ACCEPT.auto);
    expect(fetched[1]!.headers.accept).toBe(ACCEPT.html);
    for (const request of fetched) {
      expect(request.headers.cookie, 'a fetch never carries the site’s cookies').toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers.referer, 'a fetch never says where it comes from').toBeUndefined();
      expect(JSON.stringify(request.headers)).not.toContain(TEST_API_KEY);
    }

    // The page reached the model as markdown in the tool message.
    const page = toolResult(mockLlm, 'call_fetch_article');
    expect(page, 'the article should reach the model as a fetch tool result').toBeDefined();
    for (const paragraph of article.paragraphs) expect(page).toContain(paragraph);
    expect(page).toMatch(/\| *2022 *\| *1,310 *\|/);
    expect(page).toContain(
      `[our 2019 orchard survey](${fixtureSite.origin('news.test')}/archive/orchards-2019.html)`,
    );
    expect(page).not.toContain(ARTICLE_BOILERPLATE.cookie);
    expect(page).not.toContain(ARTICLE_BOILERPLATE.script);
    const second = toolResult(mockLlm, 'call_fetch_market');
    for (const paragraph of market.paragraphs) expect(second).toContain(paragraph);
    expect(mockLlm.chatRequests()).toHaveLength(3);

    await panel.expectSources(panel.answers.last(), [
      { title: article.title, url: article.url },
      { title: market.title, url: market.url },
    ]);
  });

  test('Deny sends no request and ends the turn with a line saying so', async ({
    chatPanel: panel,
    fixtureSite,
    mockLlm,
  }) => {
    const { article } = fixtureSite.pages;
    mockLlm.enqueue(
      { toolCalls: [fetchCall('call_fetch_article', article.url)] },
      { text: 'This answer must never be asked for.' },
    );
    await panel.ask('What happened to the apple harvest this year?');
    await expectFetchCard(panel, article.url);

    await panel.denyButton.click();
    await expect(panel.consentCard).toBeHidden();
    await expectDeniedNotice(panel, article.url);
    await panel.expectIdle();

    // Give a stray request or model call a moment to show.
    await panel.page.waitForTimeout(500);
    expect(fixtureSite.requests, 'the site was never contacted').toEqual([]);
    expect(mockLlm.chatRequests(), 'the model is not called again after Deny').toHaveLength(1);
    expect(mockLlm.pending()).toBe(1);
    await expect(panel.page.getByRole('region', { name: 'Sources' })).toHaveCount(0);
  });

  test('Always allow this site lets later fetches to that site through, not other hosts; Revoke in Settings asks again', async ({
    chatPanel: panel,
    fixtureSite,
    mockLlm,
  }) => {
    const { article, market, bees } = fixtureSite.pages;
    const newsOrigin = fixtureSite.origin('news.test');
    const firstAnswer = 'The valley had a record apple harvest.';
    mockLlm.enqueue(
      { toolCalls: [fetchCall('call_fetch_article', article.url)] },
      { text: firstAnswer },
    );
    await panel.ask('What happened to the apple harvest this year?');
    await expectFetchCard(panel, article.url);
    await panel.alwaysAllowSiteButton.click();
    await panel.expectAnswer(firstAnswer);
    await panel.expectIdle();
    expect(siteRequests(fixtureSite.requests, 'news.test', article.path)).toHaveLength(1);

    // The next answer: news.test goes through without a card, garden.test still asks.
    const cardsSeen = await recordConsentCards(panel.page);
    const secondAnswer = 'Cider makers buy the surplus, and bees dance in circles.';
    mockLlm.enqueue(
      { toolCalls: [fetchCall('call_fetch_market', market.url)] },
      { toolCalls: [fetchCall('call_fetch_bees', bees.url)] },
      { text: secondAnswer },
    );
    await panel.ask('Who buys the surplus, and what do bees do?');
    await expectFetchCard(panel, bees.url);
    expect(siteRequests(fixtureSite.requests, 'news.test', market.path)).toHaveLength(1);
    expect(siteRequests(fixtureSite.requests, 'garden.test')).toHaveLength(0);
    expect(await cardsSeen(), 'only the other host asked').toEqual([bees.url]);
    await panel.allowOnceButton.click();
    await panel.expectAnswer(secondAnswer);
    await panel.expectIdle();
    for (const paragraph of market.paragraphs) {
      expect(toolResult(mockLlm, 'call_fetch_market')).toContain(paragraph);
    }
    expect(siteRequests(fixtureSite.requests, 'garden.test', bees.path)).toHaveLength(1);

    // Settings → Permissions lists the site; Revoke removes it.
    await panel.openSettings();
    await expect(panel.permissionsSection).toBeVisible();
    await expect(panel.grantRows).toHaveCount(1);
    await expect(panel.grantRow(newsOrigin)).toContainText('Always allowed site');
    await panel.revokeGrant(newsOrigin);
    await expect(panel.permissionsSection).toContainText(/no standing permissions/i);
    await panel.backToChat();

    // The next fetch to news.test asks again.
    mockLlm.enqueue(
      { toolCalls: [fetchCall('call_fetch_again', article.url)] },
      { text: 'This answer must never be asked for.' },
    );
    await panel.ask('Tell me about the harvest again.');
    await expectFetchCard(panel, article.url);
    expect(await cardsSeen()).toEqual([bees.url, article.url]);
    // Escape on the focused card is Deny.
    await expect(panel.consentCard).toBeFocused();
    await panel.page.keyboard.press('Escape');
    await expect(panel.consentCard).toBeHidden();
    await expectDeniedNotice(panel, article.url);
    await panel.expectIdle();
  });

  test('Allow all fetches for this answer lets the answer’s later fetches through; the next answer asks again', async ({
    chatPanel: panel,
    fixtureSite,
    mockLlm,
  }) => {
    const { article, bees, rivers } = fixtureSite.pages;
    const cardsSeen = await recordConsentCards(panel.page);
    const firstAnswer = 'Apples and bees, both read.';
    mockLlm.enqueue(
      { toolCalls: [fetchCall('call_fetch_article', article.url)] },
      { toolCalls: [fetchCall('call_fetch_bees', bees.url)] },
      { text: firstAnswer },
    );
    await panel.ask('Compare the harvest article with the bees article.');
    await expectFetchCard(panel, article.url);
    await panel.allowAllFetchesCheckbox.check();
    await panel.allowOnceButton.click();
    await panel.expectAnswer(firstAnswer);
    await panel.expectIdle();
    expect(await cardsSeen(), 'the fetch to another host in the same answer asked nothing').toEqual(
      [article.url],
    );
    expect(siteRequests(fixtureSite.requests, 'garden.test', bees.path)).toHaveLength(1);
    for (const paragraph of bees.paragraphs) {
      expect(toolResult(mockLlm, 'call_fetch_bees')).toContain(paragraph);
    }

    // A new answer starts without it.
    mockLlm.enqueue(
      { toolCalls: [fetchCall('call_fetch_rivers', rivers.url)] },
      { text: 'This answer must never be asked for.' },
    );
    await panel.ask('And how do rivers choose their path?');
    await expectFetchCard(panel, rivers.url);
    expect(await cardsSeen()).toEqual([article.url, rivers.url]);
    await panel.denyButton.click();
    await expectDeniedNotice(panel, rivers.url);
    await panel.expectIdle();
    expect(siteRequests(fixtureSite.requests, 'atlas.test')).toHaveLength(0);
  });

  test('a redirect to another host asks again before that host is contacted', async ({
    chatPanel: panel,
    fixtureSite,
    mockLlm,
  }) => {
    const redirect = fixtureSite.redirects.toOtherHost;
    const { bees } = fixtureSite.pages;
    expect(redirect.target).toBe(bees.url);
    mockLlm.enqueue(
      { toolCalls: [fetchCall('call_fetch_go', redirect.url)] },
      { text: 'This answer must never be asked for.' },
    );
    await panel.ask('Where does this link lead?');
    await expectFetchCard(panel, redirect.url);
    await panel.allowOnceButton.click();

    // A second card, for the new host, while garden.test has not been contacted.
    await expect(panel.consentUrl).toHaveText(bees.url);
    await expectFetchCard(panel, bees.url);
    await expect(panel.consentCard).toContainText(redirect.url);
    expect(siteRequests(fixtureSite.requests, 'news.test', redirect.path)).toHaveLength(1);
    expect(siteRequests(fixtureSite.requests, 'garden.test')).toEqual([]);

    await panel.denyButton.click();
    await expect(panel.consentCard).toBeHidden();
    await expectDeniedNotice(panel, bees.url);
    await panel.expectIdle();
    await panel.page.waitForTimeout(500);
    expect(siteRequests(fixtureSite.requests, 'garden.test'), 'never contacted').toEqual([]);
    expect(mockLlm.chatRequests()).toHaveLength(1);
  });

  test('a private address is refused without a card or a request, until the host is allowed in Settings', async ({
    chatPanel: panel,
    fixtureSite,
    mockLlm,
  }) => {
    const local = fixtureSite.pages.local;
    const port = fixtureSite.port;
    expect(local.url).toBe(`http://127.0.0.1:${port}/status.html`);
    const cardsSeen = await recordConsentCards(panel.page);
    const refusedAnswer = 'I cannot read addresses on your own machine.';
    mockLlm.enqueue(
      {
        toolCalls: [
          fetchCall('call_fetch_loopback', local.url),
          fetchCall('call_fetch_localhost', `http://localhost:${port}/status.html`),
          // A numeric disguise of 127.0.0.1.
          fetchCall('call_fetch_decimal', `http://2130706433:${port}/status.html`),
        ],
      },
      { text: refusedAnswer },
    );
    await panel.ask('What does my home server say?');
    await panel.expectAnswer(refusedAnswer);
    await panel.expectIdle();

    expect(await cardsSeen(), 'a refused address never reaches the card').toEqual([]);
    expect(fixtureSite.requests, 'nothing was requested').toEqual([]);
    expect(mockLlm.chatRequests()).toHaveLength(2);
    const loopback = toolResult(mockLlm, 'call_fetch_loopback');
    expect(loopback).toMatch(/^Error: /);
    expect(loopback).toContain('127.0.0.1');
    expect(loopback).toMatch(/loopback/i);
    expect(loopback).toMatch(/exempted in Settings/i);
    const localhost = toolResult(mockLlm, 'call_fetch_localhost');
    expect(localhost).toMatch(/^Error: /);
    expect(localhost).toContain('localhost');
    const decimal = toolResult(mockLlm, 'call_fetch_decimal');
    expect(decimal).toMatch(/^Error: /);
    expect(decimal).toContain('127.0.0.1');
    expect(decimal).toMatch(/loopback/i);

    // The user exempts that host and port in Settings → Permissions.
    await panel.openSettings();
    await panel.allowPrivateHost(`127.0.0.1:${port}`);
    await expect(panel.grantRow(`127.0.0.1:${port}`)).toContainText('Private address allowed');
    await panel.backToChat();

    const answer = 'The backup disk is 71 percent full.';
    mockLlm.enqueue({ toolCalls: [fetchCall('call_fetch_allowed', local.url)] }, { text: answer });
    await panel.ask('What does my home server say now?');
    await expect(panel.consentCard).toBeVisible();
    await expect(panel.consentUrl).toHaveText(local.url);
    expect(fixtureSite.requests).toEqual([]);
    await panel.allowOnceButton.click();
    await panel.expectAnswer(answer);
    await panel.expectIdle();
    expect(siteRequests(fixtureSite.requests, '127.0.0.1', local.path)).toHaveLength(1);
    for (const paragraph of local.paragraphs) {
      expect(toolResult(mockLlm, 'call_fetch_allowed')).toContain(paragraph);
    }
    await panel.expectSources(panel.answers.last(), [{ title: local.title, url: local.url }]);
  });

  test('a same-host redirect is followed without another card, and a page over 100 KB reaches the model cut with a note', async ({
    chatPanel: panel,
    fixtureSite,
    mockLlm,
  }) => {
    const redirect = fixtureSite.redirects.sameHost;
    const { article } = fixtureSite.pages;
    const long = fixtureSite.longMarkdown;
    expect(redirect.target).toBe(article.url);
    // A window large enough for the whole 100 KB: on a small one, fitting the request to the
    // window would cut the page further (the long-conversations policy), which is not this test.
    await panel.openSettings();
    await panel.fillProviderForm({ contextWindow: 262_144 });
    await panel.saveSettings();
    await panel.backToChat();
    const cardsSeen = await recordConsentCards(panel.page);
    const answer = 'The article moved, and the almanac is long.';
    mockLlm.enqueue(
      { toolCalls: [fetchCall('call_fetch_moved', redirect.url)] },
      { toolCalls: [fetchCall('call_fetch_long', long.url)] },
      { text: answer },
    );
    await panel.ask('Read the harvest story and the almanac.');
    await expectFetchCard(panel, redirect.url);
    await panel.allowOnceButton.click();
    await expectFetchCard(panel, long.url);
    await panel.allowOnceButton.click();
    await panel.expectAnswer(answer);
    await panel.expectIdle();

    expect(await cardsSeen(), 'one card per fetch, none for the redirect hop').toEqual([
      redirect.url,
      long.url,
    ]);
    expect(fixtureSite.requests.map(({ host, path }) => `${host}${path}`)).toEqual([
      `news.test${redirect.path}`,
      `news.test${article.path}`,
      `news.test${fixtureSite.longMarkdown.url.replace(fixtureSite.origin('news.test'), '')}`,
    ]);
    for (const request of fixtureSite.requests) {
      expect(request.headers.accept).toBe(ACCEPT.auto);
      expect(request.headers.referer).toBeUndefined();
    }

    const moved = toolResult(mockLlm, 'call_fetch_moved');
    for (const paragraph of article.paragraphs) expect(moved).toContain(paragraph);
    expect(moved).toContain(article.url);

    const cut = toolResult(mockLlm, 'call_fetch_long');
    expect(cut).toBeDefined();
    expect(long.bytes).toBeGreaterThan(102_400);
    expect(cut).toContain(long.headMarker);
    expect(cut).not.toContain(long.tailMarker);
    expect(cut).toMatch(/100 KB/);
    expect(cut).toContain(String(long.bytes));
    // The page is cut to 100 KB; the facts and the note around it add a little.
    expect(Buffer.byteLength(cut!, 'utf8')).toBeLessThan(102_400 + 2_000);
    expect(Buffer.byteLength(cut!, 'utf8')).toBeGreaterThan(100_000);

    await panel.expectSources(panel.answers.last(), [
      { title: article.title, url: article.url },
      { title: 'Almanac of the Lune valley', url: long.url },
    ]);
  });
});
